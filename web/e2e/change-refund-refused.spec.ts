import { formatCents } from '@ridgeline/core';
import { dashboardTab, loginAsAdmin, uniqueName } from './admin-dashboard-helpers';
import { futureDate, toast } from './support/booking';
import { expect, payStayByCard, test } from './support/payments';

/**
 * A change's refund that Stripe refuses ([booking.change-refund-refused]), tried as the owner
 * would, against the real built server and the Stripe stand-in: a guest's paid booking is made one
 * night shorter with "Refund it" while Stripe refuses refunds; the Money section says it is not
 * settled and offers Retry refund (refused again, then made once Stripe takes refunds) and Record
 * as refunded offline.
 */

test.describe.configure({ timeout: 90_000 });

test('a refused change refund is shown in the Money section, retried by card once Stripe takes it, and nothing is left to settle', async ({ page, payments }) => {
  const checkin = futureDate(6, 20);
  const checkout = futureDate(6, 24);
  const shorter = futureDate(6, 23);
  const first = uniqueName('Rhea');
  const name = `${first} Refused`;

  const { paymentIntentId } = await payStayByCard(page, payments.stripe, { checkin, checkout, guests: 2 }, { firstName: first, lastName: 'Refused', email: 'rhea@example.com' });

  await loginAsAdmin(page);
  await dashboardTab(page, 'Bookings').click();
  const item = page.getByRole('article', { name });
  await expect(item.locator('header').getByText('Paid', { exact: true })).toBeVisible();

  // One night fewer, refunded to the card: Stripe refuses.
  payments.stripe.refuseRefunds('balance_insufficient');
  await item.getByRole('button', { name: 'Change dates or guests' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change dates or guests' });
  await dialog.getByLabel('Check-out').fill(shorter);
  await dialog.getByRole('button', { name: 'Review change' }).click();
  const review = dialog.getByRole('region', { name: 'Review change' });
  const owedText = (await review.getByText(/The guest is owed \$[\d,.]+/).textContent())!;
  const owed = /\$[\d,.]+/.exec(owedText)![0];
  await review.getByRole('radio', { name: 'Refund it' }).check();
  await dialog.getByRole('button', { name: 'Save change' }).click();
  await expect(toast(page).filter({ hasText: 'Booking changed' })).toContainText('was refused by Stripe');
  await expect(dialog).toHaveCount(0);

  const money = item.getByRole('region', { name: `Money of ${name}'s booking` });
  await money.getByRole('button', { name: 'Money', exact: true }).click();
  const change = money.getByRole('listitem').filter({ hasText: `→ ${checkin} to ${shorter}` });
  await expect(change).toContainText('Not settled');
  await expect(change).toContainText('retry the refund by card, or record it as given back outside Stripe');

  // Retried while Stripe still refuses: still not settled, said in a toast.
  await change.getByRole('button', { name: `Retry refund of ${owed}` }).click();
  await expect(toast(page).filter({ hasText: 'Refund not settled' })).toBeVisible();

  // Stripe takes refunds again: the retry refunds it, once.
  payments.stripe.refuseRefunds(null);
  await change.getByRole('button', { name: `Retry refund of ${owed}` }).click();
  await expect(toast(page).filter({ hasText: 'Refund settled' })).toContainText(`${owed} refunded to the card`);
  await expect(change).toContainText('Settled');
  await expect(change.getByRole('button', { name: /Retry refund/ })).toHaveCount(0);
  await expect(money.getByRole('row').filter({ hasText: 'Refund' }).filter({ hasText: `−${owed}` })).toHaveCount(1);
  expect(payments.stripe.refunds.filter((r) => r.payment_intent === paymentIntentId).map((r) => formatCents(r.amount))).toEqual([owed]);
});
