import Database from 'better-sqlite3';
import path from 'node:path';
import { priceStay } from '@ridgeline/core';
import { CHECKOUT_WAIT, checkoutPath, closeNights, futureDate, payLabel, toast } from './support/booking';
import { expect, test } from './support/payments';

/**
 * /checkout against the real server and the Stripe stand-ins ([checkout.payment-intent],
 * [checkout.outcomes], [checkout.payment-failed]): a declined card, a refused amount, a closed
 * night, a reload, failures while paying, and a booking that cannot be saved. Each test has its
 * own nights (a started payment holds them).
 */

const guest = { firstName: 'Cleo', lastName: 'Checkout', email: 'cleo@example.com', phone: '', message: '', specialRequests: '' };

function stay(month: number, day: number, nights = 2) {
  const checkin = futureDate(month, day);
  const checkout = futureDate(month, day + nights);
  const totalCents = priceStay(checkin, checkout)!.totalCents;
  return { checkin, checkout, guests: 3, totalCents, amount: (totalCents / 100).toFixed(2) };
}

function bookingsFor(dataDir: string, checkin: string): { payment_status: string; first_name: string }[] {
  const db = new Database(path.join(dataDir, 'ridgeline.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT payment_status, first_name FROM booking_inquiries WHERE checkin = ?').all(checkin) as never;
  } finally {
    db.close();
  }
}

test("a declined card shows Payment Failed with Stripe's message, books nothing, and another card pays", async ({ page, payments }) => {
  const s = stay(8, 2);
  await page.goto(checkoutPath({ checkin: s.checkin, checkout: s.checkout, guests: s.guests, ...guest }, s.amount));
  const pay = page.getByRole('button', { name: payLabel(s.totalCents) });
  await expect(pay).toBeEnabled(CHECKOUT_WAIT);

  await pay.click();
  await expect(toast(page)).toContainText('Payment Failed');
  await expect(toast(page)).toContainText('Your card number is incomplete.');

  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await pay.click();
  await expect(toast(page)).toContainText('Payment Failed');
  await expect(toast(page)).toContainText('Your card was declined.');
  await expect(toast(page).first()).toHaveClass(/destructive/);
  await expect(pay).toBeEnabled();
  expect(bookingsFor(payments.server.dataDir, s.checkin)).toEqual([]);
  // The nights stay held for this guest while they try another card.
  expect((await page.request.get(`/api/quote?checkin=${s.checkin}&checkout=${s.checkout}&guests=3`)).status()).toBe(409);

  await page.getByLabel('Card number').fill('5555 5555 5555 4444');
  await pay.click();
  await expect(toast(page)).toContainText('Payment Successful', CHECKOUT_WAIT);
  // The booking is named for its confirmation panel ([checkout.confirmation-panel]).
  await expect(page).toHaveURL(new RegExp(`^${payments.server.url}/\\?booking=\\d+#stay=[A-Za-z0-9_-]{20,}$`));
  expect(bookingsFor(payments.server.dataDir, s.checkin)).toEqual([{ payment_status: 'paid', first_name: 'Cleo' }]);
});

test('a tampered amount is refused by the server: back on / with the explanation, nothing charged', async ({ page, payments }) => {
  const s = stay(8, 8);
  const answers: number[] = [];
  page.on('response', (res) => {
    if (res.url().endsWith('/api/create-payment-intent')) answers.push(res.status());
  });
  await page.goto(checkoutPath({ checkin: s.checkin, checkout: s.checkout, guests: s.guests, ...guest }, '1.00'));
  await expect(toast(page)).toContainText('Price Changed', CHECKOUT_WAIT);
  await expect(toast(page)).toContainText('The price of your stay has changed since it was shown.');
  await expect(page).toHaveURL(`${payments.server.url}/#booking`);
  expect(answers).toEqual([409]);
  expect([...payments.stripe.intents.values()].filter((pi) => pi.metadata.checkin === s.checkin)).toEqual([]);
});

test('a closed night cannot be bought: back on / saying the dates were taken', async ({ page, payments }) => {
  const s = stay(8, 12);
  closeNights(payments.server.dataDir, [futureDate(8, 13)], 'blocked');
  await page.goto(checkoutPath({ checkin: s.checkin, checkout: s.checkout, guests: s.guests, ...guest }, s.amount));
  await expect(toast(page)).toContainText('Dates No Longer Available', CHECKOUT_WAIT);
  await expect(page).toHaveURL(`${payments.server.url}/#booking`);
  expect([...payments.stripe.intents.values()].filter((pi) => pi.metadata.checkin === s.checkin)).toEqual([]);
  expect(bookingsFor(payments.server.dataDir, s.checkin)).toEqual([]);
});

test('a reload of the checkout pays with the same PaymentIntent', async ({ page, payments }) => {
  const s = stay(8, 16);
  const url = checkoutPath({ checkin: s.checkin, checkout: s.checkout, guests: s.guests, ...guest }, s.amount);
  const mine = () => [...payments.stripe.intents.values()].filter((pi) => pi.metadata.checkin === s.checkin);
  await page.goto(url);
  await expect(page.getByRole('button', { name: payLabel(s.totalCents) })).toBeEnabled(CHECKOUT_WAIT);
  await page.reload();
  await expect(page.getByRole('button', { name: payLabel(s.totalCents) })).toBeEnabled(CHECKOUT_WAIT);
  expect(mine()).toHaveLength(1);
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByRole('button', { name: payLabel(s.totalCents) }).click();
  await expect(toast(page)).toContainText('Payment Successful', CHECKOUT_WAIT);
  expect(mine().map((pi) => pi.status)).toEqual(['succeeded']);
});

test('an exception while confirming shows Payment Error, and the guest can pay again', async ({ page, payments }) => {
  const s = stay(8, 20);
  await page.goto(checkoutPath({ checkin: s.checkin, checkout: s.checkout, guests: s.guests, ...guest }, s.amount));
  const pay = page.getByRole('button', { name: payLabel(s.totalCents) });
  await expect(pay).toBeEnabled(CHECKOUT_WAIT);
  await page.route('https://api.stripe.com/**', (route) => route.abort('connectionfailed'), { times: 1 });
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.click();
  await expect(toast(page)).toContainText('Payment Error');
  await expect(toast(page)).toContainText('An unexpected error occurred during payment processing.');
  await expect(pay).toBeEnabled();
  await pay.click();
  await expect(toast(page)).toContainText('Payment Successful', CHECKOUT_WAIT);
  expect(bookingsFor(payments.server.dataDir, s.checkin)).toEqual([{ payment_status: 'paid', first_name: 'Cleo' }]);
});

test('when Stripe.js cannot load: "Payment system unavailable" with Return to Booking', async ({ page }) => {
  const s = stay(9, 2);
  await page.route(/^https:\/\/js\.stripe\.com\//, (route) => route.abort('blockedbyclient'));
  await page.goto(checkoutPath({ checkin: s.checkin, checkout: s.checkout, guests: s.guests, ...guest }, s.amount));
  await expect(page.getByText('Payment system unavailable. Please try again later.')).toBeVisible(CHECKOUT_WAIT);
  await expect(page.getByRole('button', { name: 'Return to Booking' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
});

test('a checkout URL without the guest\'s name and e-mail starts no payment: back on /, nothing held', async ({ page, payments }) => {
  const s = stay(9, 8);
  const answers: number[] = [];
  page.on('response', (res) => {
    if (res.url().endsWith('/api/create-payment-intent')) answers.push(res.status());
  });
  // [checkout.guest-required]: the server holds nights only for a named guest with an e-mail.
  await page.goto(checkoutPath({ checkin: s.checkin, checkout: s.checkout, guests: s.guests }, s.amount));
  await expect(toast(page)).toContainText('Payment Not Started', CHECKOUT_WAIT);
  await expect(page).toHaveURL(`${payments.server.url}/#booking`);
  expect(answers).toEqual([400]);
  expect([...payments.stripe.intents.values()].filter((pi) => pi.metadata.checkin === s.checkin)).toEqual([]);
  expect((await page.request.get(`/api/quote?checkin=${s.checkin}&checkout=${s.checkout}&guests=3`)).status()).toBe(200);
});

test('paid, but the booking cannot be saved: /?error=booking tells the guest what to do', async ({ page, payments }) => {
  const s = stay(9, 11);
  // The server refuses to save the booking: here the page's request is sent with another e-mail
  // than the payment's, which the server never books ([checkout.confirm]).
  await page.route('**/api/booking-inquiry', (route) =>
    route.continue({ postData: JSON.stringify({ ...(route.request().postDataJSON() as object), email: 'someone-else@example.com' }) }),
  );
  await page.goto(checkoutPath({ checkin: s.checkin, checkout: s.checkout, guests: s.guests, ...guest }, s.amount));
  const saved = page.waitForResponse((res) => res.url().endsWith('/api/booking-inquiry'));
  await expect(page.getByRole('button', { name: payLabel(s.totalCents) })).toBeEnabled(CHECKOUT_WAIT);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: payLabel(s.totalCents) }).click();
  expect((await saved).status()).toBe(400);
  await expect(toast(page)).toContainText('Booking Not Saved', CHECKOUT_WAIT);
  await expect(toast(page)).toContainText('Your payment went through');
  await expect(page).toHaveURL(`${payments.server.url}/`);
});

test('back from a payment method that left the page: the paid booking is saved', async ({ page, payments }) => {
  const s = stay(9, 14);
  const bookingData = { checkin: s.checkin, checkout: s.checkout, guests: s.guests, ...guest };
  // The checkout started the payment; the guest paid on the bank's page (Stripe confirms it)…
  const started = await page.request.post('/api/create-payment-intent', { data: { amount: Number(s.amount), bookingData } });
  const { paymentIntentId, clientSecret } = (await started.json()) as { paymentIntentId: string; clientSecret: string };
  await payments.stripe.confirm(paymentIntentId, 'pm_card_visa');
  // …and Stripe sends them back to the return_url with its parameters.
  const back = `${checkoutPath(bookingData, s.amount)}&payment_intent=${paymentIntentId}&payment_intent_client_secret=${clientSecret}&redirect_status=succeeded`;
  // The page saves the booking and moves on to / at once, before its own load event may fire
  // (the home page's images delay it): watch for the 5-second toast from the first moment.
  await page.goto(back, { waitUntil: 'commit' });
  await expect(toast(page)).toContainText('Payment Successful', CHECKOUT_WAIT);
  // The booking is named for its confirmation panel ([checkout.confirmation-panel]).
  await expect(page).toHaveURL(new RegExp(`^${payments.server.url}/\\?booking=\\d+#stay=[A-Za-z0-9_-]{20,}$`));
  expect(bookingsFor(payments.server.dataDir, s.checkin)).toEqual([{ payment_status: 'paid', first_name: 'Cleo' }]);
});
