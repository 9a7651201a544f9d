import { expect, test } from './fixtures';
import { CHECKOUT_WAIT, bookingSection, checkoutPath, futureDate } from './support/booking';

/**
 * /checkout's entry rules ([checkout.entry]) and the card "Payment system unavailable"
 * ([checkout.unavailable]) on a server without Stripe keys (this worker's default server).
 */

const stay = { checkin: futureDate(9, 3), checkout: futureDate(9, 5), guests: 2 };
const encoded = (value: unknown) => encodeURIComponent(JSON.stringify(value));

test('an invalid entry goes back to / without starting a payment', async ({ page, server }) => {
  const intents: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/create-payment-intent')) intents.push(req.url());
  });
  const invalid = [
    '/checkout',
    '/checkout?amount=800',
    `/checkout?bookingData=${encoded(stay)}`,
    `/checkout?bookingData=${encoded(stay)}&amount=`,
    `/checkout?bookingData=${encoded(stay)}&amount=eight-hundred`,
    '/checkout?bookingData=%7Bnot-json&amount=800',
    `/checkout?bookingData=${encoded({ ...stay, checkin: undefined })}&amount=800`,
    `/checkout?bookingData=${encoded({ ...stay, checkout: undefined })}&amount=800`,
    `/checkout?bookingData=${encoded({ ...stay, guests: undefined })}&amount=800`,
  ];
  for (const path of invalid) {
    await page.goto(path);
    await expect(page, path).toHaveURL(`${server.url}/`, CHECKOUT_WAIT);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ridgeline');
  }
  expect(intents).toEqual([]);
});

test('without Stripe keys: "Payment system unavailable" and Return to Booking', async ({ page, server, consoleErrors }) => {
  const stripeJs: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('js.stripe.com')) stripeJs.push(req.url());
  });
  await page.goto(checkoutPath(stay, '1166.99'));
  await expect(page.getByText('Payment system unavailable. Please try again later.')).toBeVisible(CHECKOUT_WAIT);
  expect(stripeJs).toEqual([]);
  expect((await page.request.get('/api/payments/config')).status()).toBe(200);

  await page.getByRole('button', { name: 'Return to Booking' }).click();
  await expect(page).toHaveURL(`${server.url}/#booking`);
  await expect(bookingSection(page).getByRole('button', { name: 'Next month' })).toBeInViewport();
  expect(consoleErrors).toEqual([]);
});
