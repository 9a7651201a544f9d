import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures';
import { WIDGET_WAIT, bookingSection } from './support/booking';

/**
 * The home page's first load stays small ([perf.first-load]): the JS that index.html loads up
 * front (entry module plus its modulepreloaded chunks), gzipped at level 9 as `npm run bench`
 * reports it. The target of README "Performance" is 90 KB; measured 89.9 KB once React Query
 * left the first load and wouter took React Router's place (112 KB before), of which React and
 * ReactDOM are 66 KB and wouter 2.6 KB.
 * This budget holds what was reached: it fails when a library (tailwind-merge, zod, a Radix
 * piece, a date library, a whole icon set) or an owner page slips into the first bundle.
 * 94 KB since the listing became the owner's data (issue 26, [listing.public]): its defaults,
 * amenity and bed lists and house rules are in the first load (93.3 KB measured), which is over
 * README's 90 KB target until issue 31's work on the first load wins it back.
 */
const FIRST_LOAD_BUDGET_BYTES = 94 * 1024;

/** Code the home page never loads, not even later: owner pages, checkout, Stripe, the charts. */
const NOT_ON_HOME =
  /\/assets\/(admin-page|security-console-page|calendar-auth-page|checkout-page|guest-page|review-page|password-gated-page|stripe-loader|insights-section)-/;

test('the first load of / stays within the JS budget and excludes the lazy pages', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const urls = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1] as string);
  expect(urls.length).toBeGreaterThan(0);

  let total = 0;
  for (const url of urls) {
    expect(url, 'owner pages and checkout load on demand').not.toMatch(NOT_ON_HOME);
    const res = await request.get(url);
    expect(res.ok()).toBe(true);
    expect(res.headers()['cache-control']).toMatch(/immutable/);
    const body = await res.body();
    // The first bundle joins classes without tailwind-merge and parses answers with zod loaded later.
    expect(body.includes('tailwind-merge') || body.includes('twMerge'), `${url} holds tailwind-merge`).toBe(false);
    // …and reads its embedded data without React Query, which loads with the parts that fetch.
    expect(body.includes('queryHash') || body.includes('No QueryClient set'), `${url} holds React Query`).toBe(false);
    total += gzipSync(body, { level: 9 }).length;
  }
  expect(total, `first-load JS is ${(total / 1024).toFixed(1)} KB gzip`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
});

test('/ never loads the owner pages, the checkout or Stripe, also after idle and the booking calendar', async ({
  page,
}) => {
  const scripts: string[] = [];
  const stripe: string[] = [];
  page.on('request', (req) => {
    const url = req.url();
    if (/stripe\.com/.test(url)) stripe.push(url);
    if (req.resourceType() === 'script' || url.endsWith('.js')) scripts.push(new URL(url).pathname);
  });

  // Idle-time chunks (the gallery's lightbox) prove the page went idle; no fixed wait.
  const idleChunk = page.waitForResponse((res) => /\/assets\/gallery-lightbox-/.test(res.url()));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await idleChunk;

  // The booking widget loads near the viewport; with it the calendar, price and form.
  await bookingSection(page).scrollIntoViewIfNeeded();
  await expect(bookingSection(page).getByRole('button', { name: 'Next month' })).toBeVisible(WIDGET_WAIT);
  await page.waitForLoadState('networkidle');

  expect(scripts.some((path) => /\/assets\/booking-widget-/.test(path))).toBe(true);
  expect(scripts.filter((path) => NOT_ON_HOME.test(path))).toEqual([]);
  expect(stripe).toEqual([]);
});
