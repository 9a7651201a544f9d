import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { CAROUSEL_KEYS, type ImageConfig } from '@ridgeline/core';
import { openDashboardTab, toasts } from './admin-dashboard-helpers';
import { expect, ownServerTest as test } from './fixtures';

/**
 * Admin Images tab ([images.tab], [images.upload], [images.carousel-slots]). Each test gets its
 * own server: uploads change the home page that other tests look at.
 */
test.describe.configure({ timeout: 90_000 });

const openImages = (page: Page) => openDashboardTab(page, 'Images');

/** The card of a slot, by its key (hero, slide11, …). */
function slotCard(page: Page, key: string) {
  return page.locator(`#image-slot-${key}`);
}

async function imageConfig(page: Page): Promise<ImageConfig> {
  const res = await page.request.get('/api/images/config');
  expect(res.ok()).toBe(true);
  return (await res.json()) as ImageConfig;
}

/** A real PNG, small unless told. */
function png(color: string, width = 96, height = 64): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** Errors the browser reports, minus failed requests the test provoked on purpose. */
function unexpected(errors: string[]): string[] {
  return errors.filter((e) => !/status of (400|413)/.test(e));
}

test('uploads a new hero image that the home page then shows', async ({ page, consoleErrors }) => {
  await openImages(page);
  const hero = slotCard(page, 'hero');
  await expect(hero.getByText('ID-001', { exact: true })).toBeVisible();
  await expect(hero.getByRole('heading', { name: 'ID-001: Hero' })).toBeVisible();
  const chooser = page.getByLabel('Choose image for ID-001', { exact: true });
  await expect(chooser).toHaveAttribute('accept', 'image/*');

  // Update without a file.
  await hero.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(toasts(page).getByText('No File Selected', { exact: true })).toBeVisible();
  await expect(toasts(page).getByText('Please select an image file first', { exact: true })).toBeVisible();

  // A file that is not an image is refused at once.
  await chooser.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(toasts(page).getByText('Invalid File Type', { exact: true })).toBeVisible();
  await expect(chooser).toHaveValue('');

  // A file that claims to be an image but is not: the server's message.
  await chooser.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
  await expect(toasts(page).getByText('File Selected', { exact: true })).toBeVisible();
  await hero.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(toasts(page).getByText('Upload Failed', { exact: true })).toBeVisible();
  await expect(toasts(page).getByText(/not an image/)).toBeVisible();
  await expect(hero.getByRole('status')).toContainText('not an image');

  // A real image; the response is held back so the progress bar can be seen.
  // Wide enough for every responsive width ([images.variants]).
  await chooser.setInputFiles({ name: 'hero.png', mimeType: 'image/png', buffer: await png('#c0392b', 1800, 1200) });
  await expect(toasts(page).getByText('File Selected', { exact: true })).toBeVisible();
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/upload-image', async (route) => {
    await held;
    await route.continue();
  });
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/upload-image'));
  await hero.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(hero.getByRole('progressbar', { name: 'Upload progress for ID-001' })).toBeVisible();
  await expect(hero.getByRole('button', { name: 'Update', exact: true })).toBeDisabled();
  release();
  const response = await uploaded;
  const { newPath } = (await response.json()) as { newPath: string };
  expect(newPath).toMatch(/^\/uploads\/.+\.jpg$/);
  const multipart = response.request().postData() ?? '';
  expect(multipart).toContain('name="imageId"');
  expect(multipart).toContain('hero');
  expect(multipart).toContain('name="image"; filename="hero.png"');

  await expect(toasts(page).getByText('Image Updated Successfully', { exact: true })).toBeVisible();
  await expect(hero.getByText(newPath, { exact: true })).toBeVisible();
  await expect(hero.getByRole('progressbar')).toHaveCount(0);
  // The preview is the new file, cache-busted.
  const preview = hero.getByRole('img', { name: /Current image of ID-001/ });
  await expect(preview).toHaveAttribute('src', new RegExp(`^${newPath.replace(/\./g, '\\.')}\\?v=\\d+$`));
  // It loads (a broken preview has no natural size).
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect((await imageConfig(page)).property.hero).toBe(newPath);

  // The home page's hero shows it.
  await page.goto('/');
  const heroImage = page.locator('#home img');
  await expect(heroImage).toHaveAttribute('src', newPath);
  // The same sources as a built-in photo ([images.variants]): AVIF, WebP and JPEG, each at the
  // default photos' widths; the browser loads the AVIF.
  const sources = page.locator('#home picture source');
  const base = newPath.replace(/\.jpg$/, '');
  const set = (ext: string) => [480, 960, 1600].map((w) => `${base}-${w}.${ext} ${w}w`).join(', ');
  await expect(sources).toHaveCount(3);
  expect(await sources.evaluateAll((els) => els.map((el) => [el.getAttribute('type'), el.getAttribute('srcset'), el.getAttribute('sizes')]))).toEqual([
    ['image/avif', set('avif'), '100vw'],
    ['image/webp', set('webp'), '100vw'],
    ['image/jpeg', set('jpg'), '100vw'],
  ]);
  await expect
    .poll(() => heroImage.evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? img.currentSrc : '')))
    .toMatch(new RegExp(`${base.replace(/\./g, '\\.')}-(480|960|1600)\\.avif$`));
  expect(unexpected(consoleErrors)).toEqual([]);
});

test('adds carousel slots up to 32, counts uploads and removes slots from management', async ({
  page,
  consoleErrors,
}) => {
  await openImages(page);
  const before = await imageConfig(page);
  const managed = Object.keys(before.carousel).length;
  const uploaded = Object.values(before.carousel).filter((p) => p && p !== '/placeholder.svg').length;
  const heading = page.getByRole('heading', { level: 3, name: /^Carousel/ });
  await expect(heading).toContainText(`${uploaded}/32 uploaded`);
  const add = page.getByRole('button', { name: /^Add Carousel Image/ });
  await expect(add).toHaveText(`Add Carousel Image (${32 - managed} left)`);

  // Slides in order, ID-(N+8); only slides beyond the first 6 have an X.
  const ids = await page
    .locator('[id^="image-slot-slide"]')
    .evaluateAll((cards) => cards.map((c) => c.id.replace('image-slot-', '')));
  expect(ids).toEqual(CAROUSEL_KEYS.filter((k) => k in before.carousel));
  for (const n of [1, 2, 3, 4, 5, 6]) {
    await expect(
      page.getByRole('button', { name: `Remove ID-${String(n + 8).padStart(3, '0')} from the carousel` }),
    ).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: 'Remove ID-015 from the carousel' })).toBeVisible();

  // Add: the lowest free slot, empty.
  const free = CAROUSEL_KEYS.find((k) => !(k in before.carousel)) as string;
  const freeId = `ID-${String(Number(free.slice(5)) + 8).padStart(3, '0')}`;
  await add.click();
  await expect(toasts(page).getByText('Carousel Slot Added', { exact: true })).toBeVisible();
  const card = slotCard(page, free);
  await expect(card.getByText(freeId, { exact: true })).toBeVisible();
  await expect(card.getByText('No image yet', { exact: true })).toBeVisible();
  await expect(page.getByLabel(`Choose image for ${freeId}`, { exact: true })).toBeFocused();
  await expect(add).toHaveText(`Add Carousel Image (${32 - managed - 1} left)`);
  await expect(heading).toContainText(`${uploaded}/32 uploaded`);
  expect((await imageConfig(page)).carousel).toHaveProperty(free, '');

  // Upload into it: the count goes up.
  await page.getByLabel(`Choose image for ${freeId}`, { exact: true }).setInputFiles({
    name: 'slide.png',
    mimeType: 'image/png',
    buffer: await png('#2e86c1'),
  });
  await card.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(toasts(page).getByText('Image Updated Successfully', { exact: true })).toBeVisible();
  await expect(heading).toContainText(`${uploaded + 1}/32 uploaded`);
  await expect(card.getByText('No image yet')).toHaveCount(0);
  const slidePath = (await imageConfig(page)).carousel[free as `slide${number}`] as string;
  expect(slidePath).toMatch(/^\/uploads\//);

  // Remove it from management: the card goes, the file stays.
  await page.getByRole('button', { name: `Remove ${freeId} from the carousel` }).click();
  await expect(toasts(page).getByText('Slide Removed', { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(heading).toContainText(`${uploaded}/32 uploaded`);
  await expect(add).toHaveText(`Add Carousel Image (${32 - managed} left)`);
  expect((await imageConfig(page)).carousel).not.toHaveProperty(free);
  expect((await page.request.get(slidePath)).ok()).toBe(true);

  // Fill every slot: Max reached, and Add explains why nothing happens.
  for (const key of CAROUSEL_KEYS.filter((k) => !(k in before.carousel))) {
    expect((await page.request.put(`/api/images/slots/${key}`)).ok()).toBe(true);
  }
  await page.reload();
  await expect(add).toHaveText('Add Carousel Image (Max reached)');
  await expect(page.locator('[id^="image-slot-slide"]')).toHaveCount(32);
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/api/images/slots/')) puts.push(r.url());
  });
  await add.click();
  await expect(toasts(page).getByText('Maximum Limit Reached', { exact: true })).toBeVisible();
  await expect(toasts(page).getByText('You can upload a maximum of 32 carousel images', { exact: true })).toBeVisible();
  expect(puts).toEqual([]);
  await expect(page.getByRole('button', { name: 'Remove ID-040 from the carousel' })).toBeVisible();
  expect(unexpected(consoleErrors)).toEqual([]);
});
