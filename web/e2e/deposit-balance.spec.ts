import Database from 'better-sqlite3';
import path from 'node:path';
import { addDays, DEFAULT_SETTINGS, formatCents } from '@ridgeline/core';
import type { Locator } from '@playwright/test';
import { loginAsAdmin } from './admin-dashboard-helpers';
import { CHECKOUT_WAIT, fillGuest, futureDate, openBooking, payLabel, pickStay, toast, type Quote } from './support/booking';
import { expect, payStayByCard, test } from './support/payments';

/**
 * A deposit now and the balance later ([payments.schedule], [payments.saved-card]) in the
 * browser: with a 30% deposit set, the booking section and the checkout say what is due today
 * and when the balance is charged, and the guest pays the deposit only (the Stripe.js stand-in
 * against the Stripe API stand-in), saving the card on a Customer; on their stay page the guest
 * pays the balance by card ([payments.balance]).
 */

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const longDate = (date: string) => new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

test('with a 30% deposit the checkout shows Due today and the balance date, and pays the deposit', async ({ page, payments }) => {
  // The booking section, the checkout and a payment: three pages' work in one test.
  test.setTimeout(60_000);
  const checkin = futureDate(3, 10);
  const checkout = futureDate(3, 13);
  try {
    await loginAsAdmin(page);
    expect((await page.request.put('/api/settings', { data: { depositBps: 3_000, balanceDueDays: 30 } })).status()).toBe(200);
    const quote = (await (await page.request.get(`/api/quote?checkin=${checkin}&checkout=${checkout}&guests=2`)).json()) as Quote;
    const deposit = Math.floor((quote.totalCents * 3_000) / 10_000);
    const balance = quote.totalCents - deposit;
    const dueDate = addDays(checkin, -30);
    const later = `Balance of ${money(balance)} charged automatically on ${longDate(dueDate)} to the same card.`;

    // The booking section's price summary.
    const section = await openBooking(page);
    await pickStay(section, checkin, checkout);
    await expect(section.getByText(`Due today: ${money(deposit)}`)).toBeVisible();
    await expect(section.getByText(later)).toBeVisible();
    // [pricing.total-first]: the total stays the most prominent figure beside the deposit.
    await expect(section.getByTestId('stay-total')).toHaveText(formatCents(quote.totalCents));
    await expect(section.getByText(`Includes every fee and tax. ${formatCents(deposit)} today, the rest later.`)).toBeVisible();
    await fillGuest(section, { firstName: 'Dana', lastName: 'Deposit', email: 'dana@example.com' });
    await section.getByRole('button', { name: 'Continue to payment' }).click();

    // The checkout: the total, what is due today, and the balance's date; Pay charges the deposit.
    const summary = page.getByRole('region', { name: 'Booking summary' });
    await expect(summary).toContainText(`Total${money(quote.totalCents)}`, CHECKOUT_WAIT);
    await expect(summary.getByText(`Due today: ${money(deposit)}`)).toBeVisible();
    await expect(summary.getByText(later)).toBeVisible();
    const fontPx = (l: Locator) => l.evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
    expect(await fontPx(summary.getByTestId('checkout-total'))).toBeGreaterThan(await fontPx(summary.getByText(`Due today: ${money(deposit)}`)));
    const pay = page.getByRole('button', { name: payLabel(deposit) });
    await expect(pay).toBeEnabled();
    const intent = [...payments.stripe.intents.values()].find((pi) => pi.metadata.checkin === checkin);
    expect(intent).toMatchObject({ amount: deposit, setup_future_usage: 'off_session', customer: expect.stringMatching(/^cus_/) });

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.click();
    await expect(toast(page)).toContainText('Payment Successful', CHECKOUT_WAIT);
    expect(payments.stripe.intents.get(intent!.id)).toMatchObject({ status: 'succeeded', payment_method: expect.stringMatching(/^pm_(?!card_)/) });
    const saved = payments.stripe.paymentMethods.get(payments.stripe.intents.get(intent!.id)!.payment_method!);
    expect(saved?.customer).toBe(intent!.customer);
  } finally {
    // The payments server is shared by the worker's other tests: put the defaults back.
    await page.request.put('/api/settings', { data: { depositBps: DEFAULT_SETTINGS.depositBps, balanceDueDays: DEFAULT_SETTINGS.balanceDueDays } });
  }
});

test('on the stay page the guest pays the balance by card, once', async ({ page, payments }) => {
  const checkin = futureDate(4, 10);
  const checkout = futureDate(4, 12);
  try {
    await loginAsAdmin(page);
    expect((await page.request.put('/api/settings', { data: { depositBps: 3_000, balanceDueDays: 30 } })).status()).toBe(200);
    // A deposit paid through the API (the checkout's own path is the test above).
    const started = await payStayByCard(page, payments.stripe, { checkin, checkout, guests: 2 }, { firstName: 'Bo', lastName: 'Balance', email: 'bo@example.com' });
    const { paymentIntentId } = started;
    const balanceCents = started.balanceCents!;
    const db = new Database(path.join(payments.server.dataDir, 'ridgeline.sqlite'), { readonly: true });
    // The webhook confirms the booking; its guest page token is the confirmation e-mail's link.
    const tokenOf = () => (db.prepare("SELECT guest_token AS token FROM booking_inquiries WHERE stripe_payment_intent_id = ? AND payment_status = 'paid'").get(paymentIntentId) as { token: string } | undefined)?.token;
    await expect.poll(tokenOf).toBeTruthy();
    const token = tokenOf() as string;
    db.close();

    await page.goto(`/stay/${token}`);
    const section = page.getByRole('region', { name: 'Pay balance' });
    await expect(section).toContainText(`Balance of ${money(balanceCents)} charged automatically on`);
    await section.getByRole('button', { name: 'Pay balance' }).click();
    await section.getByLabel('Card number').fill('4242 4242 4242 4242');
    await section.getByRole('button', { name: payLabel(balanceCents) }).click();
    await expect(toast(page)).toContainText('Balance paid', CHECKOUT_WAIT);
    await expect(page.getByRole('region', { name: 'Balance paid' })).toBeVisible();
    const balanceIntents = [...payments.stripe.intents.values()].filter((pi) => pi.metadata.kind === 'balance' && pi.status === 'succeeded');
    expect(balanceIntents.map((pi) => pi.amount)).toEqual([balanceCents]);
  } finally {
    await page.request.put('/api/settings', { data: { depositBps: DEFAULT_SETTINGS.depositBps, balanceDueDays: DEFAULT_SETTINGS.balanceDueDays } });
  }
});
