import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The server-rendered public pages ([pages.server-rendered]): the HTML holds the page without
 * JavaScript, the browser hydrates it without a mismatch, and the data the page shows comes
 * embedded, not fetched.
 */

/** Calls of the endpoints whose answers the page embeds. */
function watchDataRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (req: Request) => {
    const { pathname } = new URL(req.url());
    if (pathname === '/api/images/config' || pathname === '/api/reviews/published') seen.push(pathname);
  });
  return seen;
}

/** True once React has hydrated `#root` (it marks hydrated DOM nodes with its internal keys). */
const hydrated = (page: Page) =>
  page.evaluate(() => {
    const el = document.querySelector('#home-title');
    return !!el && Object.keys(el).some((key) => key.startsWith('__reactFiber$'));
  });

test('the home page hydrates without console errors and fetches none of the data it embeds', async ({ page, consoleErrors }) => {
  const dataRequests = watchDataRequests(page);
  await page.goto('/');
  await expect.poll(() => hydrated(page)).toBe(true);
  // Interactive: the lightbox opens from the server-rendered grid.
  await page.getByRole('button', { name: 'Open photo: Kitchen' }).click();
  await expect(page.getByRole('dialog', { name: 'Kitchen' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.locator('#testimonials').getByTestId('review').first()).toBeVisible();
  expect(dataRequests).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('a link to #booking hydrates without errors and loads the booking calendar', async ({ page, consoleErrors }) => {
  await page.goto('/#booking');
  await expect.poll(() => hydrated(page)).toBe(true);
  await expect(page.locator('#booking').getByRole('status').filter({ hasText: 'Loading the booking calendar' })).toHaveCount(0, { timeout: 10_000 });
  expect(consoleErrors).toEqual([]);
});

test('the 404 page is rendered by the server with status 404 and hydrates without errors', async ({ page, consoleErrors }) => {
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  expect(await res?.text()).toContain('404 Page Not Found');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.querySelector('h1') ?? {}).some((k) => k.startsWith('__reactFiber$'))))
    .toBe(true);
  // The browser reports the document's own 404; nothing else may be logged.
  expect(consoleErrors.filter((e) => !e.startsWith('Failed to load resource: the server responded with a status of 404'))).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows every section, the published reviews and the hero picture', async ({ page, request }) => {
    const { reviews } = (await (await request.get('/api/reviews/published')).json()) as { reviews: { guestName: string }[] };
    expect(reviews.length).toBeGreaterThan(0);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ridgeline');
    await expect(page.locator('#home picture source[type="image/avif"]')).toHaveCount(1);
    await expect(page.locator('#gallery').getByRole('button', { name: /^Open photo: / })).toHaveCount(6);
    await expect(page.locator('#amenities h3')).toHaveCount(6);
    await expect(page.locator('#location').getByTestId('attraction')).toHaveCount(4);
    await expect(page.locator('#testimonials').getByTestId('review')).toHaveCount(reviews.length);
    for (const review of reviews) await expect(page.locator('#testimonials')).toContainText(review.guestName);
    await expect(page.getByRole('contentinfo')).toContainText('All rights reserved.');
  });
});
