import type { Page } from '@playwright/test';
import { expect, startServer, test, type RunningServer } from './fixtures';
import { dashboardTab, loginAsAdmin } from './admin-dashboard-helpers';
import { toasts } from './security-helpers';

/**
 * Stored HTML is inert (docs/decisions/0006-typed-text-and-strict-numbers.md: React never renders raw HTML): markup a guest or the owner
 * typed into a review or a booking inquiry is shown as the very characters typed, on the home
 * page and in the admin dashboard, and never runs. The page's CSP is bypassed here, so the
 * escaping alone is under test (the CSP is tested in the server suite).
 */

const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=1</script>';
test.use({ bypassCSP: true });

let server: RunningServer & { stop: () => Promise<void> };
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server.stop();
});

/** `days` after today as YYYY-MM-DD (UTC; far enough ahead for any time zone). */
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Nothing injected ran or was parsed into the page. */
async function expectInert(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('script', { hasText: '__xss' })).toHaveCount(0);
}

test('markup in a review and a booking inquiry is shown as text and never runs', async ({ page, consoleErrors }) => {
  // A guest's inquiry through the public endpoint, markup in every text field.
  const inquiry = await page.request.post(`${server.url}/api/booking-inquiry`, {
    data: {
      firstName: IMG,
      lastName: SCRIPT,
      email: 'guest@example.com',
      phone: '555-0100',
      location: IMG,
      checkin: daysAhead(40),
      checkout: daysAhead(42),
      guests: 2,
      message: `${SCRIPT} ${IMG}`,
      specialRequests: IMG,
    },
  });
  expect(inquiry.status(), await inquiry.text()).toBe(201);

  // The owner's review through the dashboard form, approved and published.
  await loginAsAdmin(page, server.url);
  await dashboardTab(page, 'Reviews').click();
  await page.getByRole('button', { name: 'Create New Review' }).click();
  const form = page.getByRole('form', { name: 'Create New Review' });
  await form.getByLabel('Guest Name', { exact: true }).fill(IMG);
  await form.getByLabel('Email', { exact: true }).fill('reviewer@example.com');
  await form.getByLabel('Stay Date', { exact: true }).fill('2026-09-12');
  await form.getByLabel('Review Title', { exact: true }).fill(SCRIPT);
  await form.getByLabel('Review Content', { exact: true }).fill(`Great stay ${IMG} ${SCRIPT}`);
  await form.getByRole('switch', { name: 'Approved', exact: true }).click();
  await form.getByRole('switch', { name: 'Published', exact: true }).click();
  await form.getByRole('button', { name: 'Create Review' }).click();
  await expect(toasts(page)).toContainText('Review created successfully');
  const adminReview = page.getByRole('article').filter({ hasText: 'Great stay' });
  await expect(adminReview.getByRole('heading', { level: 3 })).toHaveText(IMG);
  await expect(adminReview.getByRole('heading', { level: 4 })).toHaveText(SCRIPT);
  await expectInert(page);

  // The home page's published reviews.
  await page.goto(`${server.url}/`);
  const reviews = page.locator('#testimonials');
  await reviews.scrollIntoViewIfNeeded();
  await expect(reviews.getByText(`Great stay ${IMG} ${SCRIPT}`, { exact: true })).toBeVisible();
  await expect(reviews.getByText(SCRIPT, { exact: true })).toBeVisible();
  await expect(reviews.getByText(IMG, { exact: true }).first()).toBeVisible();
  await expectInert(page);

  // The admin Bookings tab.
  await page.goto(`${server.url}/admin?tab=bookings`);
  const booking = page.getByRole('article').filter({ hasText: 'guest@example.com' });
  await expect(booking).toBeVisible();
  await expect(booking).toContainText(`${IMG} ${SCRIPT}`);
  await expect(booking.getByText(`"${SCRIPT} ${IMG}"`, { exact: true })).toBeVisible();
  await expect(booking).toContainText(IMG);
  await expectInert(page);
  expect(consoleErrors).toEqual([]);
});
