import { formatCents } from '@ridgeline/core';
import { dashboardTab, loginAsAdmin, uniqueName } from './admin-dashboard-helpers';
import { day, futureDate, openBooking, pickStay, showMonthOf, toast } from './support/booking';
import { expect, payStayByCard, test } from './support/payments';

/**
 * The owner cancels a paid booking from the Bookings tab with the policy's refund ([booking.cancel],
 * [booking.refund], [cancel.refund-due]) against the real server and the Stripe stand-in; and the
 * booking section shows the cancellation policy ([cancel.policy]).
 */

test('the owner cancels a paid booking with the policy refund: one Stripe refund, the booking shows it, the nights open again', async ({ page, payments }) => {
  // Eleven months ahead: a full refund under the default policy, and nights no other spec uses.
  const checkin = futureDate(11, 12);
  const checkout = futureDate(11, 14);
  const first = uniqueName('Cora');
  const name = `${first} Cancel`;
  // The whole life of a booking in one test: booking section, payment, dashboard, booking section.
  test.setTimeout(90_000);

  // The booking section shows the policy with the price.
  const section = await openBooking(page);
  await pickStay(section, checkin, checkout);
  const policy = section.getByRole('region', { name: 'Cancellation policy' });
  await expect(policy).toBeVisible();
  await expect(policy.getByRole('listitem').first()).toHaveText(/^Full refund if you cancel at least 14 days before check-in \(by /);
  await expect(policy).toContainText('No refund if you cancel later.');

  // A guest pays for the stay (the stand-in's webhook confirms it).
  const { quote, paymentIntentId } = await payStayByCard(page, payments.stripe, { checkin, checkout, guests: 2 }, { firstName: first, lastName: 'Cancel', email: 'cora@example.com' });

  await loginAsAdmin(page);
  await dashboardTab(page, 'Bookings').click();
  const item = page.getByRole('article', { name });
  // The item's header carries its badges (the payment details below say "Paid" too).
  const badges = item.locator('header');
  await expect(badges.getByText('Paid', { exact: true })).toBeVisible();

  await item.getByRole('button', { name: /^Cancel booking/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel booking' });
  await expect(dialog).toContainText(`Policy refund today: ${formatCents(quote.totalCents)}`);
  const amount = dialog.getByLabel('Refund amount');
  await expect(amount).toHaveValue((quote.totalCents / 100).toFixed(2).replace(/\.00$/, ''));
  await dialog.getByLabel('Reason').fill('Owner needs the house');
  await dialog.getByRole('button', { name: 'Cancel and refund' }).click();

  await expect(toast(page).filter({ hasText: 'Booking cancelled' })).toContainText(`Refunded ${formatCents(quote.totalCents)}`);
  await expect(dialog).toBeHidden();
  await expect(badges.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(badges.getByText(`Refunded ${formatCents(quote.totalCents)}`, { exact: true })).toBeVisible();
  await expect(badges.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(item.getByRole('button', { name: /^Cancel booking/ })).toHaveCount(0);

  // Stripe got exactly one refund, of this payment, for all of it.
  const refunds = payments.stripe.refunds.filter((r) => r.payment_intent === paymentIntentId);
  expect(refunds.map((r) => r.amount)).toEqual([quote.totalCents]);

  // The nights can be booked again.
  const again = await openBooking(page);
  await showMonthOf(again, checkin);
  await expect(day(again, checkin)).toBeEnabled();
  await expect(day(again, checkin)).not.toHaveAccessibleName(/unavailable$/);
});

test('the owner cancels a phone booking paid in cash and by card: the card refunded by card, the cash recorded as given back, and the guest page says so', async ({ page, payments }) => {
  // Eleven months ahead, nights no other spec uses: a full refund under the default policy.
  const checkin = futureDate(11, 20);
  const checkout = futureDate(11, 22);
  const first = uniqueName('Cash');
  test.setTimeout(90_000);
  await loginAsAdmin(page);

  // A phone booking: $500 in cash when it was made, the rest by its payment link.
  const created = await page.request.post('/api/bookings', {
    data: { kind: 'manual', checkin, checkout, guests: 2, firstName: first, lastName: 'Card', email: 'cash@example.com', amountPaidCents: 50_000 },
  });
  expect(created.status()).toBe(201);
  const { booking } = (await created.json()) as { booking: { id: number; guestToken: string; quote: { totalCents: number } } };
  const card = booking.quote.totalCents - 50_000;
  const link = (await (await page.request.post(`/api/bookings/${booking.id}/payment-link`)).json()) as { url: string };
  const token = new URL(link.url).searchParams.get('link');
  const intent = (await (await page.request.post(`/api/payment-link/${token}/payment-intent`)).json()) as { paymentIntentId: string };
  await payments.stripe.confirm(intent.paymentIntentId, 'pm_card_visa');

  // The dashboard read its lists at sign-in: read them again.
  await page.reload();
  await dashboardTab(page, 'Bookings').click();
  const item = page.getByRole('article', { name: `${first} Card` });
  await expect(item.locator('header').getByText('Paid', { exact: true })).toBeVisible();
  await item.getByRole('button', { name: /^Cancel booking/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel booking' });
  await expect(dialog).toContainText(`Paid by card: ${formatCents(card)} · Paid outside Stripe: $500.00`);
  await expect(dialog.getByLabel('Refund amount')).toHaveValue((card / 100).toFixed(2).replace(/\.00$/, ''));
  // More cash than was paid is refused before anything is sent.
  await dialog.getByLabel('Given back outside Stripe').fill('600');
  await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
  await expect(dialog.getByText('At most $500.00 can be given back outside Stripe')).toBeVisible();
  await dialog.getByLabel('Given back outside Stripe').fill('500');
  await dialog.getByLabel('How').selectOption('cash');
  await dialog.getByRole('button', { name: 'Cancel and refund' }).click();

  await expect(toast(page).filter({ hasText: 'Booking cancelled' })).toContainText(`Refunded ${formatCents(card)} to the guest's card. $500.00 given back by cash is recorded.`);
  await expect(item.locator('header').getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(item.locator('header').getByText(`Refunded ${formatCents(booking.quote.totalCents)}`, { exact: true })).toBeVisible();
  // The card got back what it paid, no more; the cash went back outside Stripe.
  expect(payments.stripe.refunds.filter((r) => r.payment_intent === intent.paymentIntentId).map((r) => r.amount)).toEqual([card]);

  // The guest's page: only the card's part went to the card, and how the cash came back.
  await page.goto(`/stay/${booking.guestToken}`);
  const policy = page.getByRole('region', { name: 'Cancellation policy' });
  await expect(policy).toContainText(`${formatCents(card)} was refunded to the card you paid with.`);
  await expect(policy).toContainText('You paid $500.00 by cash, check or bank transfer. $500.00 of it was given back to you the same way.');
});
