import type { Route } from '@playwright/test';
import { addDays } from '@ridgeline/core';
import { dashboardTab, loginAsAdmin } from './admin-dashboard-helpers';
import {
  CHECKOUT_WAIT,
  closeNights,
  day,
  expectedBreakdown,
  fillGuest,
  futureDate,
  openBooking,
  payLabel,
  pickStay,
  showMonthOf,
  shownBreakdown,
  toast,
  type Quote,
} from './support/booking';
import { expect, test } from './support/payments';
import { STRIPE_JS_RELEASE } from './support/stripe-js-stand-in';

/**
 * The whole guest flow against the real server with card payments on ([booking.section],
 * [checkout.pay], [checkout.confirm]): the home page's booking section, /checkout with Stripe's
 * Payment Element (the Stripe.js stand-in, talking to the Stripe API stand-in the server uses),
 * the success toast, and the owner's view.
 */

/** Holds requests of a route until `release()`, then lets them through to the real handler. */
function gate() {
  let release: () => void = () => {};
  const opened = new Promise<void>((resolve) => (release = resolve));
  return { release, handler: async (route: Route) => (await opened, await route.fallback()) };
}

test('a guest picks dates around closed nights, pays by card and the owner sees the booking paid', async ({ page, payments, consoleErrors }) => {
  const checkin = futureDate(2, 10);
  const checkout = futureDate(2, 13);
  closeNights(payments.server.dataDir, [checkout, addDays(checkout, 1)]);
  closeNights(payments.server.dataDir, [addDays(checkin, -1)], 'blocked');

  // Home page → the booking section (Book Now in the footer).
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Book Now' }).click();
  const section = await openBooking(page);
  await showMonthOf(section, checkin);
  for (const closed of [addDays(checkin, -1), checkout, addDays(checkout, 1)]) {
    await expect(day(section, closed)).toBeDisabled();
    await expect(day(section, closed)).toHaveAccessibleName(/, unavailable$/);
  }
  await pickStay(section, checkin, checkout);
  await section.getByRole('combobox', { name: 'Guests' }).selectOption('5');

  const quote = (await (await page.request.get(`/api/quote?checkin=${checkin}&checkout=${checkout}&guests=5`)).json()) as Quote;
  await expect.poll(() => shownBreakdown(section)).toEqual(expectedBreakdown(quote));
  await fillGuest(section, { firstName: 'Paula', lastName: 'Payer', email: 'paula@example.com', phone: '706-555-0101', message: 'Can we bring a dog?', specialRequests: 'Late check-in' });

  // Continue → the checkout's loading card while the PaymentIntent is created.
  const intentGate = gate();
  await page.route('**/api/create-payment-intent', intentGate.handler);
  await section.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/checkout\?bookingData=/);
  await expect(page.getByText('Preparing your booking details...')).toBeVisible(CHECKOUT_WAIT);
  consoleErrors.length = 0;
  intentGate.release();

  // The summary and Stripe's Payment Element.
  const summary = page.getByRole('region', { name: 'Booking summary' });
  await expect(summary).toContainText('Check-in', CHECKOUT_WAIT);
  await expect(summary).toContainText('Guests5 guests');
  await expect(summary).toContainText(`Total$${(quote.totalCents / 100).toFixed(2)}`);
  const pay = page.getByRole('button', { name: payLabel(quote.totalCents) });
  await expect(pay).toBeEnabled();
  await expect(page.getByText('Preparing your booking details...')).toHaveCount(0);
  const intent = [...payments.stripe.intents.values()].find((pi) => pi.metadata.checkin === checkin);
  expect(intent?.amount).toBe(quote.totalCents);

  // Pay → "Processing..." while Stripe confirms.
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  const confirmGate = gate();
  await page.route('https://api.stripe.com/**', confirmGate.handler);
  await pay.click();
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  confirmGate.release();

  // → /?success=true, the success toast, and a clean URL.
  await expect(toast(page)).toContainText('Payment Successful', CHECKOUT_WAIT);
  await expect(toast(page)).toContainText("Thank you for your booking! You'll receive a confirmation email shortly.");
  // The booking is named for its confirmation panel ([checkout.confirmation-panel]).
  await expect(page).toHaveURL(new RegExp(`^${payments.server.url}/\\?booking=\\d+#stay=[A-Za-z0-9_-]{20,}$`));
  expect(consoleErrors).toEqual([]);
  const confirm = payments.stripe.requests.find((r) => r.path === `/v1/payment_intents/${intent?.id}/confirm`);
  expect(confirm?.body).toMatchObject({ payment_method: 'pm_card_visa', return_url: expect.stringMatching(/\/checkout\?bookingData=/) });

  // The nights are taken now.
  const again = await page.request.get(`/api/quote?checkin=${checkin}&checkout=${checkout}&guests=5`);
  expect(again.status()).toBe(409);

  // The owner's Bookings tab: Paid, with the card.
  await loginAsAdmin(page);
  await dashboardTab(page, 'Bookings').click();
  const booking = page.getByRole('article', { name: 'Paula Payer' });
  await expect(booking).toContainText('paula@example.com');
  await expect(booking.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(booking.getByText('Visa', { exact: true })).toBeVisible();
  await expect(booking.getByText('•••• 4242')).toBeVisible();
  await expect(booking).toContainText(intent?.id ?? 'pi_');
  await expect(booking).toContainText('"Can we bring a dog?"');
});

test('Stripe.js is the release @stripe/stripe-js expects, loaded only on the checkout', async ({ page, payments }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.url().startsWith('https://js.stripe.com/')) scripts.push(req.url());
  });
  const section = await openBooking(page);
  await pickStay(section, futureDate(3, 2), futureDate(3, 4));
  await fillGuest(section, { firstName: 'Sam', lastName: 'Script', email: 'sam@example.com' });
  expect(scripts).toEqual([]);
  await section.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('button', { name: /^Pay \$/ })).toBeEnabled(CHECKOUT_WAIT);
  expect(scripts).toEqual([`https://js.stripe.com/${STRIPE_JS_RELEASE}/stripe.js`]);
  expect(payments.stripe.intents.size).toBeGreaterThan(0);
});
