import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { addDays, addMonths, startOfMonth } from '@ridgeline/core';
import { dashboardTab, loginAsAdmin } from './admin-dashboard-helpers';
import { expect, ownServerTest as test } from './fixtures';
import { toast, today } from './support/booking';

/**
 * A booking's Money section ([bookings.money], [money.ledger], [money.offline]) in the browser,
 * against the real server and its own database: the owner adds a phone booking, records a $500
 * check with "Record offline money", sees it in the ledger with the net paid after it, and a
 * payment above what is left to pay is refused on the amount field.
 */

test.describe.configure({ timeout: 60_000 });

/** What the browser logs for the 400 this test asks for. */
const BAD_REQUEST_LOGGED = 'Failed to load resource: the server responded with a status of 400 (Bad Request)';

async function axeViolations(page: Page, selector: string) {
  const axe = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return axe.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

test('the owner records $500 paid by check on a phone booking and sees it in the Money section; too much is refused on the amount', async ({ page, consoleErrors }) => {
  const first = addMonths(startOfMonth(today()), 1);
  await loginAsAdmin(page);
  await dashboardTab(page, 'Bookings').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Booking Inquiries' })).toBeVisible();

  // A phone booking, nothing paid yet.
  await page.getByRole('button', { name: 'Add booking' }).click();
  const add = page.getByRole('dialog', { name: 'Add booking' });
  await add.getByRole('radio', { name: 'Phone or e-mail booking' }).check();
  await add.getByLabel('Check-in').fill(addDays(first, 2));
  await add.getByLabel('Check-out').fill(addDays(first, 5));
  await add.getByLabel('Guests').fill('3');
  await add.getByLabel('First name').fill('Mary');
  await add.getByLabel(/^Last name/).fill('Jones');
  await add.getByRole('button', { name: 'Add booking' }).click();
  await expect(toast(page).filter({ hasText: 'Booking added' })).toBeVisible();
  await expect(add).toHaveCount(0);

  const mary = page.getByRole('article', { name: 'Mary Jones' });
  const money = mary.getByRole('region', { name: "Money of Mary Jones's booking" });
  const moneyToggle = money.getByRole('button', { name: 'Money', exact: true });
  await expect(moneyToggle).toHaveAttribute('aria-expanded', 'false');
  // Opened from the keyboard.
  await moneyToggle.focus();
  await page.keyboard.press('Enter');
  await expect(moneyToggle).toHaveAttribute('aria-expanded', 'true');
  await expect(money.getByText('No money has moved on this booking yet.')).toBeVisible();

  // $500 by check.
  await money.getByRole('button', { name: 'Record offline money for Mary Jones' }).click();
  let dialog = page.getByRole('dialog', { name: 'Record offline money' });
  await expect(dialog.getByRole('radio', { name: 'Payment received' })).toBeChecked();
  await dialog.getByLabel('Method').selectOption({ label: 'Check' });
  await dialog.getByLabel('Amount ($)').fill('500');
  await dialog.getByLabel('Note').fill('Check no. 1042');
  await dialog.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(toast(page).filter({ hasText: 'Offline payment recorded' })).toContainText('$500.00 paid by check.');
  await expect(dialog).toHaveCount(0);

  const table = money.getByRole('table', { name: 'Money', exact: true });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  const cells = (await rows.first().locator('th, td').allTextContents()).slice(1);
  expect(cells).toEqual(['Paid offline (Check)', '$500.00', '$500.00', 'You', '—', 'Check no. 1042']);
  await expect(table.getByRole('columnheader')).toHaveText(['Date', 'What', 'Amount', 'Net paid', 'Source', 'Stripe id', 'Note']);
  await expect(money).toContainText('Paid offline, can be given back offline: $500.00');
  // The list read again: the booking is part paid now.
  await expect(mary.locator('header').getByText('Partially paid', { exact: true })).toBeVisible();
  expect(await axeViolations(page, 'section[aria-label="Money of Mary Jones\'s booking"]')).toEqual([]);

  // More than is left to pay, without keeping it as credit: refused on the amount, nothing recorded.
  await money.getByRole('button', { name: 'Record offline money for Mary Jones' }).click();
  dialog = page.getByRole('dialog', { name: 'Record offline money' });
  await dialog.getByLabel('Method').selectOption({ label: 'Check' });
  await dialog.getByLabel('Amount ($)').fill('100000');
  await dialog.getByRole('button', { name: 'Record', exact: true }).click();
  const amount = dialog.getByLabel('Amount ($)');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription(/^Amount is more than the \$[\d,]+\.\d\d left to pay when paid this way \(no card fee on money paid outside Stripe\); record the rest as the guest's credit to keep it$/);
  await expect(amount).toBeFocused();
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rows).toHaveCount(1);

  // The browser logs the refusal this test asked for, nothing else.
  expect(consoleErrors).toEqual([BAD_REQUEST_LOGGED]);
});
