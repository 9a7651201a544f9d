import { expect, test } from './fixtures';

/** The gallery grid and its lightbox ([home.gallery], [home.lightbox]). */

const TITLES = ['Ridgeline at dusk', 'Great room', 'Aerial view', 'Entrance', 'Kitchen', 'Blue Ridge Mountains'];

test('shows a grid of 6 photos as buttons', async ({ page }) => {
  await page.goto('/');
  const buttons = page.locator('#gallery').getByRole('button', { name: /^Open photo: / });
  await expect(buttons).toHaveCount(6);
  for (const [i, title] of TITLES.entries()) {
    await expect(buttons.nth(i)).toHaveAccessibleName(`Open photo: ${title}`);
    await expect(buttons.nth(i)).toContainText(title);
    await expect(buttons.nth(i).locator('img')).toHaveAttribute('alt', /\S/);
  }
});

test.describe('lightbox with the mouse', () => {
  test('opens full screen with the title, closes with the Close button', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open photo: Great room' }).click();
    const lightbox = page.getByRole('dialog', { name: 'Great room' });
    await expect(lightbox).toBeVisible();
    await expect(lightbox.getByRole('heading', { name: 'Great room' })).toBeVisible();
    await expect(lightbox.locator('img')).toHaveAttribute('alt', /great room/i);
    await expect.poll(() => lightbox.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
    // The backdrop covers the whole viewport.
    const backdrop = await page.getByTestId('lightbox-backdrop').boundingBox();
    expect(backdrop).toMatchObject({ x: 0, y: 0, width: 1280, height: 720 });

    await lightbox.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(lightbox).toBeHidden();
  });

  test('closes when the backdrop is clicked', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open photo: Kitchen' }).click();
    const lightbox = page.getByRole('dialog', { name: 'Kitchen' });
    await expect(lightbox).toBeVisible();
    // A point on the backdrop, left of the centred photo.
    await page.mouse.click(40, 360);
    await expect(lightbox).toBeHidden();
  });

  test('does not close when the photo itself is clicked', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open photo: Kitchen' }).click();
    const lightbox = page.getByRole('dialog', { name: 'Kitchen' });
    await lightbox.getByRole('heading', { name: 'Kitchen' }).click();
    await expect(lightbox).toBeVisible();
  });

  test('steps to the next and previous photo, wrapping around', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open photo: Blue Ridge Mountains' }).click();
    await page.getByRole('button', { name: 'Next photo' }).click();
    await expect(page.getByRole('dialog', { name: 'Ridgeline at dusk' })).toBeVisible();
    await page.getByRole('button', { name: 'Previous photo' }).click();
    await expect(page.getByRole('dialog', { name: 'Blue Ridge Mountains' })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('dialog', { name: 'Kitchen' })).toBeVisible();
  });
});

test.describe('lightbox with the keyboard', () => {
  test('Enter opens, focus stays inside, Escape closes and focus returns to the photo', async ({ page }) => {
    await page.goto('/');
    const thumbnail = page.getByRole('button', { name: 'Open photo: Entrance' });
    await thumbnail.focus();
    await page.keyboard.press('Enter');

    const lightbox = page.getByRole('dialog', { name: 'Entrance' });
    await expect(lightbox).toBeVisible();
    const focusInside = () => lightbox.evaluate((el) => el.contains(document.activeElement));
    await expect.poll(focusInside).toBe(true);
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInside()).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await focusInside()).toBe(true);

    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();
    await expect(thumbnail).toBeFocused();
  });

  test('focus returns to the thumbnail after closing with the Close button', async ({ page }) => {
    await page.goto('/');
    const thumbnail = page.getByRole('button', { name: 'Open photo: Aerial view' });
    await thumbnail.focus();
    await page.keyboard.press('Enter');
    const close = page.getByRole('dialog', { name: 'Aerial view' }).getByRole('button', { name: 'Close', exact: true });
    await close.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(thumbnail).toBeFocused();
  });
});
