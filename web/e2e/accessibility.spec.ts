import { ADMIN_TABS } from '../src/components/admin/dashboard/admin-tab-ids';
import { dashboardTab, loginAsAdmin } from './admin-dashboard-helpers';
import { expect, test } from './fixtures';
import { axeViolations } from './support/axe';
import { checkoutPath, futureDate } from './support/booking';
import { consoleSection, loginToSecurityConsole } from './security-helpers';

/**
 * axe-core's WCAG 2.2 AA rules find no violation on the pages a guest and the owner use
 * ([a11y.wcag], issue 25 §5): the home page with its booking section open, the checkout, the
 * 404 page, the admin sign-in, each admin tab and the security console. The guest's stay and
 * review pages are checked in guest-page.spec.ts.
 */

test('the home page, with the booking section and a chosen stay, and the 404 page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.locator('#booking').scrollIntoViewIfNeeded();
  await expect(page.locator('#booking').getByRole('button', { name: 'Next month' })).toBeVisible({ timeout: 15_000 });
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('the checkout of a chosen stay', async ({ page }) => {
  const checkin = futureDate(4, 3);
  const bookingData = { checkin, checkout: futureDate(4, 6), guests: 2, firstName: 'Ada', lastName: 'Axe', email: 'ada@example.com', phone: '', message: '', specialRequests: '' };
  await page.goto(checkoutPath(bookingData, '1506.89'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Booking summary' }).or(page.getByRole('alert')).first()).toBeVisible({ timeout: 15_000 });
  expect(await axeViolations(page)).toEqual([]);
});

test('the admin sign-in', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByLabel('Password')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

// One test per tab, so the two workers share them (axe reads the whole page each time).
for (const tab of ADMIN_TABS) {
  test(`the admin tab ${tab.label}`, async ({ page }) => {
    // axe over a long tab (Reports: a year of tables and charts) takes a good share of 30 s on a
    // busy machine.
    test.setTimeout(60_000);
    await loginAsAdmin(page);
    await dashboardTab(page, tab.label).click();
    await expect(page.getByRole('tabpanel').getByRole('heading', { level: 2 }).first()).toBeVisible();
    // The tab's own data has loaded: no loading placeholder left.
    await expect(page.getByRole('tabpanel').locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('the security console sign-in and the console', async ({ page }) => {
  await page.goto('/security-console');
  await expect(page.getByLabel('Security Password', { exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await loginToSecurityConsole(page);
  await expect(consoleSection(page, 'Background Jobs')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
