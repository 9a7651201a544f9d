import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { DEFAULT_SETTINGS, addDays, addMonths, priceStay, quoteWithOfflinePayment, startOfMonth } from '@ridgeline/core';
import { startStripeStandIn, type StripeStandIn } from '../server/test-support/stripe-stand-in';
import { dashboardTab, loginAsAdmin } from './admin-dashboard-helpers';
import { expect, ownServerTest } from './fixtures';
import { CHECKOUT_WAIT, payLabel, toast, today } from './support/booking';
import { E2E_PUBLISHABLE_KEY, E2E_WEBHOOK_SECRET } from './support/payments';
import { routeStripe } from './support/stripe-js-stand-in';

/**
 * Bookings made by the owner ([bookings.owner-create], [bookings.kinds], [bookings.payment-link])
 * in the browser: the owner adds a phone booking and an owner stay from the Bookings tab, sees
 * them in the list and in the Availability grid, and a phone booking's payment link is paid on
 * /checkout with the Stripe.js stand-in. Each test has its own server with card payments on,
 * against its own Stripe API stand-in (which also delivers the webhooks).
 */
const test = ownServerTest.extend<{ stripe: StripeStandIn }>({
  stripe: async ({}, use) => {
    const stripe = await startStripeStandIn();
    await use(stripe);
    await stripe.close();
  },
  serverEnv: async ({ stripe }, use) => {
    await use({ STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_PUBLISHABLE_KEY: E2E_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url });
  },
  page: async ({ page, stripe, ownServer }, use) => {
    stripe.setWebhook({ url: `${ownServer.url}/api/stripe/webhook`, secret: E2E_WEBHOOK_SECRET });
    await routeStripe(page, stripe);
    await use(page);
  },
});

// Each test starts its own server and Stripe stand-in, then walks a whole flow: more than the
// default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

/** What the browser logs for an answer 409 (a refusal the test asks for). */
const CONFLICT_LOGGED = 'Failed to load resource: the server responded with a status of 409 (Conflict)';
const bookingItem = (page: Page, name: string): Locator => page.getByRole('article', { name });
const band = (page: Page, date: string) => page.locator(`td:has(button[data-date="${date}"]) button[data-stay-id]`);

async function openBookings(page: Page) {
  await dashboardTab(page, 'Bookings').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Booking Inquiries' })).toBeVisible();
}

/** Fills and sends the "Add booking" dialog. */
async function addBooking(
  page: Page,
  b: { type: 'Phone or e-mail booking' | 'Owner stay'; checkin: string; checkout: string; guests: number; firstName: string; lastName: string; email?: string; phone?: string; amountPaid?: string; notes?: string },
) {
  await page.getByRole('button', { name: 'Add booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add booking' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: b.type }).check();
  await dialog.getByLabel('Check-in').fill(b.checkin);
  await dialog.getByLabel('Check-out').fill(b.checkout);
  await dialog.getByLabel('Guests').fill(String(b.guests));
  // A phone booking's price shows before its amount paid is typed ([bookings.owner-quote]).
  if (b.type !== 'Owner stay') await expect(dialog.getByRole('status', { name: 'Price of the stay' })).toContainText(/: total \$[\d,]+\.\d\d/);
  else await expect(dialog.getByRole('status', { name: 'Price of the stay' })).toHaveCount(0);
  await dialog.getByLabel('First name').fill(b.firstName);
  await dialog.getByLabel(/^Last name/).fill(b.lastName);
  if (b.email) await dialog.getByLabel('Email').fill(b.email);
  if (b.phone) await dialog.getByLabel('Phone', { exact: true }).fill(b.phone);
  if (b.amountPaid) await dialog.getByLabel('Amount paid ($)').fill(b.amountPaid);
  if (b.notes) await dialog.getByLabel('Notes').fill(b.notes);
  await dialog.getByRole('button', { name: 'Add booking' }).click();
  return dialog;
}

test('the owner adds a phone booking and an owner stay; both show in the list and in the Availability grid', async ({ page, consoleErrors }) => {
  const first = addMonths(startOfMonth(today()), 1);
  const at = (n: number) => addDays(first, n);

  await loginAsAdmin(page);
  await openBookings(page);

  // A phone booking, part paid.
  let dialog = await addBooking(page, { type: 'Phone or e-mail booking', checkin: at(2), checkout: at(5), guests: 3, firstName: 'Mary', lastName: 'Jones', email: 'mary@example.com', phone: '706-555-0199', amountPaid: '100', notes: 'Paid $100 by check' });
  await expect(toast(page).filter({ hasText: 'Booking added' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const mary = bookingItem(page, 'Mary Jones');
  await expect(mary.getByText('Phone booking', { exact: true })).toBeVisible();
  await expect(mary.locator('header').getByText('Partially paid', { exact: true })).toBeVisible();
  // The notes typed are shown on the item ([bookings.find]).
  await expect(mary.getByText('Paid $100 by check', { exact: true })).toBeVisible();

  // An owner stay.
  dialog = await addBooking(page, { type: 'Owner stay', checkin: at(8), checkout: at(10), guests: 4, firstName: 'Sam', lastName: 'Owner' });
  await expect(toast(page).filter({ hasText: 'Booking added' }).first()).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const sam = bookingItem(page, 'Sam Owner');
  // One "Owner stay" badge: its kind, not its payment status again ([bookings.find]).
  await expect(sam.locator('header').getByText('Owner stay', { exact: true })).toHaveCount(1);
  await expect(sam.getByRole('button', { name: 'Send payment link' })).toHaveCount(0);

  // A night already taken: the dialog stays and says which.
  dialog = await addBooking(page, { type: 'Owner stay', checkin: at(4), checkout: at(6), guests: 2, firstName: 'Kim', lastName: 'Late' });
  await expect(dialog.getByRole('alert')).toContainText('These nights are already taken:');
  // The dialog, its form and the refusal meet WCAG 2.2 AA.
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }))).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(bookingItem(page, 'Kim Late')).toHaveCount(0);

  // Both in the Availability grid, with their channel words.
  await dashboardTab(page, 'Availability').click();
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.locator(`button[data-date="${first}"]`)).toBeVisible();
  await expect(band(page, at(3)).locator('span.truncate')).toHaveText('Manual');
  await expect(band(page, at(3))).toHaveAccessibleName(/^Manual\b.*, Mary Jones,/);
  await expect(band(page, at(8)).locator('span.truncate')).toHaveText('Owner stay');
  await expect(band(page, at(9))).toHaveAccessibleName(/^Owner stay\b.*, Sam Owner,/);

  // The browser logs the refusal this test asked for (the taken nights), nothing else.
  expect(consoleErrors).toEqual([CONFLICT_LOGGED]);
});

test("a phone booking's payment link is paid by card and the booking shows Paid", async ({ page, stripe, consoleErrors }) => {
  const first = addMonths(startOfMonth(today()), 2);
  const at = (n: number) => addDays(first, n);
  // $100 paid offline pays no card fee ([money.offline]): the total the link settles.
  const total = quoteWithOfflinePayment(priceStay(at(2), at(5))!, 10000, DEFAULT_SETTINGS.cardFeeBps).totalCents;
  await loginAsAdmin(page);
  await openBookings(page);
  await addBooking(page, { type: 'Phone or e-mail booking', checkin: at(2), checkout: at(5), guests: 3, firstName: 'Mary', lastName: 'Jones', email: 'mary@example.com', amountPaid: '100' });
  await expect(toast(page).filter({ hasText: 'Booking added' })).toBeVisible();
  const mary = bookingItem(page, 'Mary Jones');
  await expect(mary).toContainText('Paid so far: $100.00');

  // The payment link of the phone booking.
  await mary.getByRole('button', { name: 'Send payment link' }).click();
  // This server has no SMTP: nothing says e-mailed, and the link is there to copy ([notices.honest]).
  await expect(toast(page).filter({ hasText: 'Payment link ready' })).toContainText('Not sent: e-mail is not set up: copy the link and send it to the guest yourself');
  await expect(toast(page).filter({ hasText: 'Payment link sent' })).toHaveCount(0);
  const url = await mary.getByLabel('Payment link').inputValue();
  expect(url).toMatch(/\/checkout\?link=[A-Za-z0-9_-]+$/);

  // The guest opens it and pays what is left by card.
  await page.goto(new URL(url).pathname + new URL(url).search);
  const summary = page.getByRole('region', { name: 'Booking summary' });
  await expect(summary).toContainText(`Amount due$${((total - 10000) / 100).toFixed(2)}`, CHECKOUT_WAIT);
  await expect(summary).toContainText('For Mary Jones');
  await expect(summary).toContainText('Guests3 guests');
  const pay = page.getByRole('button', { name: payLabel(total - 10000) });
  await expect(pay).toBeEnabled();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.click();
  await expect(toast(page)).toContainText('Payment Successful', CHECKOUT_WAIT);
  const intent = [...stripe.intents.values()].find((pi) => pi.metadata.paymentLink === 'true');
  expect(intent).toMatchObject({ amount: total - 10000, status: 'succeeded' });

  // The link is spent, and the owner sees the booking paid.
  await page.goto(new URL(url).pathname + new URL(url).search);
  await expect(page.getByRole('alert')).toContainText('This booking is already paid');
  await page.goto('/admin');
  await openBookings(page);
  await expect(mary.locator('header').getByText('Paid', { exact: true })).toBeVisible();
  await expect(mary).toContainText(intent?.id ?? 'pi_');
  await expect(mary.getByRole('button', { name: 'Send payment link' })).toHaveCount(0);
  // The browser logs the refusal this test asked for (the spent link), nothing else.
  expect(consoleErrors).toEqual([CONFLICT_LOGGED]);
});

test("a payment link cancelled while the guest's tab is open: Pay is refused, money that arrives anyway is refunded, and the page says which ([money.late-payment])", async ({
  page,
  stripe,
  consoleErrors,
}) => {
  const first = addMonths(startOfMonth(today()), 2);
  const at = (n: number) => addDays(first, n);
  await loginAsAdmin(page);
  /** The owner's phone booking ($0 paid) and the path of its payment link. */
  const linkOf = async (checkin: string, checkout: string, firstName: string) => {
    const added = await page.request.post('/api/bookings', { data: { kind: 'manual', checkin, checkout, guests: 2, firstName, lastName: 'Jones', email: 'guest@example.com', amountPaidCents: 0 } });
    expect(added.status()).toBe(201);
    const id = ((await added.json()) as { booking: { id: number } }).booking.id;
    const url = new URL(((await (await page.request.post(`/api/bookings/${id}/payment-link`)).json()) as { url: string }).url);
    return { id, path: url.pathname + url.search, total: priceStay(checkin, checkout)!.totalCents };
  };
  const cancelled = page.getByRole('alert').filter({ hasText: 'This booking was cancelled' });

  // The owner cancels while the guest's tab is open: the cancel withdrew the payment, Stripe refuses the Pay.
  const ann = await linkOf(at(2), at(4), 'Ann');
  await page.goto(ann.path);
  const payAnn = page.getByRole('button', { name: payLabel(ann.total) });
  await expect(payAnn).toBeEnabled(CHECKOUT_WAIT);
  expect((await page.request.post(`/api/bookings/${ann.id}/cancel`, { data: {} })).status()).toBe(200);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payAnn.click();
  await expect(cancelled).toContainText('Nothing was charged: a cancelled booking cannot be paid.');
  await expect(page.getByRole('button', { name: 'Go to the home page' })).toBeVisible();
  expect([...stripe.intents.values()].find((pi) => pi.metadata.bookingId === String(ann.id))?.status).toBe('canceled');

  // Stripe cannot be reached when the owner cancels: the guest's payment goes through, and is refunded.
  const ben = await linkOf(at(6), at(8), 'Ben');
  await page.goto(ben.path);
  const payBen = page.getByRole('button', { name: payLabel(ben.total) });
  await expect(payBen).toBeEnabled(CHECKOUT_WAIT);
  stripe.failNext(100);
  expect((await page.request.post(`/api/bookings/${ben.id}/cancel`, { data: {} })).status()).toBe(200);
  stripe.failNext(0);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payBen.click();
  await expect(cancelled).toContainText('it is being refunded in full to your card');
  await expect(toast(page).filter({ hasText: 'Payment Successful' })).toHaveCount(0);
  await expect.poll(() => stripe.refunds.map((r) => r.amount)).toEqual([ben.total]);
  const axe = await new AxeBuilder({ page }).include('[role="alert"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations).toEqual([]);
  // The browser logs the refusals of this test (Stripe's refused Pay, the cancelled link), nothing else.
  expect(consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)', CONFLICT_LOGGED]);
});

test('an unknown payment link shows a clear message', async ({ page }) => {
  await page.goto('/checkout?link=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('alert')).toContainText('This payment link is not valid');
  await expect(page.getByRole('button', { name: 'Go to the home page' })).toBeVisible();
});
