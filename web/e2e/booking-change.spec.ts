import type { Page } from '@playwright/test';
import { addDays, addMonths, formatCents, startOfMonth } from '@ridgeline/core';
import { dashboardTab, loginAsAdmin } from './admin-dashboard-helpers';
import { expect, ownServerTest as test } from './fixtures';
import { toast, today } from './support/booking';

/**
 * Changing a booking's dates ([booking.change], [booking.change-money]) in the browser, against the
 * real server and its own database: the owner adds a phone booking paid in full by check, changes
 * it to one more night with "Change dates or guests", reviews the new quote and the difference,
 * picks "Collect it later or outside Stripe", saves, and sees the Money section's balance due and
 * the history's "Changed" line. Taken nights are refused on Check-in first.
 */

test.describe.configure({ timeout: 60_000 });

/** What the browser logs for the 409 this test asks for. */
const CONFLICT_LOGGED = 'Failed to load resource: the server responded with a status of 409 (Conflict)';

async function addBooking(page: Page, kind: 'Phone or e-mail booking' | 'Owner stay', stay: { checkin: string; checkout: string }, name: [string, string], paid?: string) {
  await page.getByRole('button', { name: 'Add booking' }).click();
  const add = page.getByRole('dialog', { name: 'Add booking' });
  await add.getByRole('radio', { name: kind }).check();
  await add.getByLabel('Check-in').fill(stay.checkin);
  await add.getByLabel('Check-out').fill(stay.checkout);
  await add.getByLabel('Guests').fill('2');
  await add.getByLabel('First name').fill(name[0]);
  await add.getByLabel(/^Last name/).fill(name[1]);
  if (paid) await add.getByLabel('Amount paid ($)').fill(paid);
  await add.getByRole('button', { name: 'Add booking' }).click();
  await expect(toast(page).filter({ hasText: 'Booking added' })).toBeVisible();
  await expect(add).toHaveCount(0);
}

test('the owner changes a booking to one more night, sees the new quote and the difference, saves, and sees the Money section and history follow', async ({ page, consoleErrors }) => {
  const first = addMonths(startOfMonth(today()), 1);
  const stay = { checkin: addDays(first, 2), checkout: addDays(first, 5) };
  await loginAsAdmin(page);
  await dashboardTab(page, 'Bookings').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Booking Inquiries' })).toBeVisible();

  // A phone booking with $500 paid by the guest, and an owner stay two nights after it.
  await addBooking(page, 'Phone or e-mail booking', stay, ['Mary', 'Jones'], '500');
  await addBooking(page, 'Owner stay', { checkin: addDays(first, 7), checkout: addDays(first, 9) }, ['Own', 'Family']);

  const mary = page.getByRole('article', { name: 'Mary Jones' });
  await mary.getByRole('button', { name: 'Change dates or guests' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change dates or guests' });
  await expect(dialog.getByLabel('Check-in')).toHaveValue(stay.checkin);

  // Nights the owner stay holds: refused on Check-in, nothing saved.
  await dialog.getByLabel('Check-out').fill(addDays(first, 8));
  await dialog.getByRole('button', { name: 'Review change' }).click();
  await expect(dialog.getByText(/Check-in cannot be these dates: .* already taken/)).toBeVisible();
  await expect(dialog.getByLabel('Check-in')).toHaveAttribute('aria-invalid', 'true');

  // One more night: the new quote and the difference first.
  await dialog.getByLabel('Check-out').fill(addDays(first, 6));
  await dialog.getByRole('button', { name: 'Review change' }).click();
  const review = dialog.getByRole('region', { name: 'Review change' });
  await expect(review).toContainText('Paid so far$500.00');
  const cents = async (label: string) => Math.round(Number((await review.locator(`dt:text-is("${label}") + dd`).textContent())!.replace(/[$,]/g, '')) * 100);
  const newTotal = await cents('New total');
  expect(newTotal).toBeGreaterThan(await cents('Old total'));
  const difference = formatCents(newTotal - 50_000);
  await expect(review).toContainText(`The guest owes ${difference}`);
  await review.getByRole('radio', { name: 'Collect it later or outside Stripe' }).check();
  await dialog.getByRole('button', { name: 'Save change' }).click();
  await expect(toast(page).filter({ hasText: 'Booking changed' })).toContainText(`${difference} to be collected later or outside Stripe`);
  await expect(dialog).toHaveCount(0);

  const money = mary.getByRole('region', { name: "Money of Mary Jones's booking" });
  await money.getByRole('button', { name: 'Money', exact: true }).click();
  await expect(money.locator('dt:text-is("Balance due") + dd')).toHaveText(difference);
  await expect(money.getByRole('listitem').filter({ hasText: `→ ${stay.checkin} to ${addDays(first, 6)}` })).toContainText(`owed ${difference}. Settled: ${difference} to be collected later or outside Stripe`);
  const history = mary.getByRole('region', { name: "History of Mary Jones's booking" });
  await history.getByRole('button', { name: 'History', exact: true }).click();
  await expect(history.getByRole('listitem').filter({ hasText: 'Changed' })).toContainText(`${stay.checkin} to ${stay.checkout}, 2 guests → ${stay.checkin} to ${addDays(first, 6)}, 2 guests`);
  await expect(history.getByRole('listitem').filter({ hasText: 'Changed' })).toContainText(`difference ${difference}`);
  expect(consoleErrors).toEqual([CONFLICT_LOGGED]);
});
