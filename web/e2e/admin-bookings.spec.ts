import type { Locator, Page } from '@playwright/test';
import { formatCents, priceStay } from '@ridgeline/core';
import { expect, startServer, test } from './fixtures';
import { dashboardTab, insertBooking, loginAsAdmin, uniqueName } from './admin-dashboard-helpers';
import { paymentsServerOfSpec } from './support/payments';

/** [bookings.list] and [bookings.payment-details], the test calls and their toasts ([bookings.test-payment], [bookings.guide-app]). */

/** The booking inquiry whose heading is the guest's name. */
function bookingItem(page: Page, guestName: string): Locator {
  return page.getByRole('article', { name: guestName });
}

/** The pricing breakdown of an item as [label, amount] pairs. */
function breakdown(item: Locator): Promise<string[][]> {
  return item
    .getByRole('region', { name: /^Pricing for / })
    .locator('dl > div')
    .evaluateAll((rows) => rows.map((row) => [...row.children].map((c) => (c.textContent ?? '').trim())));
}

async function openBookings(page: Page, origin = '') {
  await loginAsAdmin(page, origin);
  await dashboardTab(page, 'Bookings').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Booking Inquiries' })).toBeVisible();
}

const toast = (page: Page) => page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');

test.describe('booking inquiry items', () => {
  test('show the guest, contact, stay, guests, message and submitted date', async ({ page, server }) => {
    const first = uniqueName('Ada');
    insertBooking(server.dataDir, {
      firstName: first,
      lastName: 'Lovelace',
      email: `${first.toLowerCase()}@example.com`,
      phone: '',
      location: '',
      ipAddress: '198.51.100.23',
      checkin: '2027-06-14',
      checkout: '2027-06-17',
      guests: 4,
      message: 'Looking forward to the hot tub',
      createdAt: '2026-03-02T15:04:00.000Z',
    });
    const withLocation = uniqueName('Grace');
    insertBooking(server.dataDir, {
      firstName: withLocation,
      lastName: 'Hopper',
      email: 'grace@example.com',
      phone: '+1 404 555 0199',
      location: 'Atlanta, GA',
      ipAddress: '203.0.113.77',
      checkin: '2027-03-01',
      checkout: '2027-03-05',
      guests: 1,
    });
    await openBookings(page);

    const item = bookingItem(page, `${first} Lovelace`);
    await expect(item).toContainText(`${first.toLowerCase()}@example.com`);
    await expect(item.getByText('Not provided')).toBeVisible();
    await expect(item).toContainText('IP address198.51.100.23');
    await expect(item).toContainText('Check-inMon, Jun 14, 2027');
    await expect(item).toContainText('Check-outThu, Jun 17, 2027');
    await expect(item).toContainText('Guests4 guests');
    await expect(item.getByText('"Looking forward to the hot tub"', { exact: true })).toBeVisible();
    await expect(item).toContainText('Submitted Mar 2, 2026, 10:04 AM EST');

    const other = bookingItem(page, `${withLocation} Hopper`);
    await expect(other).toContainText('Phone+1 404 555 0199');
    await expect(other).toContainText('LocationAtlanta, GA');
    await expect(other).not.toContainText('203.0.113.77');
    await expect(other).not.toContainText('Not provided');
    await expect(other).toContainText('Guests1 guest');
  });

  test('show the pricing breakdown of the stored quote, and the card total when Stripe has one', async ({
    page,
    server,
  }) => {
    const name = uniqueName('Quote');
    insertBooking(server.dataDir, {
      firstName: name,
      lastName: 'Guest',
      email: 'quote@example.com',
      checkin: '2027-06-14',
      checkout: '2027-06-17',
    });
    const charged = uniqueName('Charged');
    insertBooking(server.dataDir, {
      firstName: charged,
      lastName: 'Guest',
      email: 'charged@example.com',
      checkin: '2027-07-01',
      checkout: '2027-07-03',
      paymentStatus: 'paid',
      stripePaymentIntentId: `pi_${charged}`,
      stripePaymentDetails: { status: 'succeeded', amount: 123456 },
    });
    // A quote sold at other nightly prices: the stored quote wins over today's standard price.
    const custom = uniqueName('Custom');
    const base = priceStay('2027-08-02', '2027-08-04', () => 45_000);
    insertBooking(server.dataDir, {
      firstName: custom,
      lastName: 'Guest',
      email: 'custom@example.com',
      checkin: '2027-08-02',
      checkout: '2027-08-04',
      quote: base,
    });
    // No quote stored: priced with the standard model; a stay without nights shows no breakdown.
    const noQuote = uniqueName('NoQuote');
    insertBooking(server.dataDir, {
      firstName: noQuote,
      lastName: 'Guest',
      email: 'noquote@example.com',
      checkin: '2027-09-06',
      checkout: '2027-09-07',
      quote: null,
    });
    const zero = uniqueName('Zero');
    insertBooking(server.dataDir, {
      firstName: zero,
      lastName: 'Guest',
      email: 'zero@example.com',
      checkin: '2027-09-06',
      checkout: '2027-09-06',
      quote: null,
    });
    await openBookings(page);

    expect(await breakdown(bookingItem(page, `${name} Guest`))).toEqual([
      ['3 nights × $300.00', '$900.00'],
      ['Cleaning fee', '$400.00'],
      ['Service fee', '$30.00'],
      ['Subtotal', '$1,330.00'],
      ['State tax (4%)', '$53.20'],
      ['County tax (6%)', '$79.80'],
      ['Card processing fee (3%)', '$43.89'],
      ['Total', '$1,506.89'],
    ]);
    const chargedRows = await breakdown(bookingItem(page, `${charged} Guest`));
    expect(chargedRows[0]).toEqual(['2 nights × $300.00', '$600.00']);
    expect(chargedRows.at(-1)).toEqual(['Total', '$1,234.56']);

    const customRows = await breakdown(bookingItem(page, `${custom} Guest`));
    expect(customRows[0]).toEqual(['2 nights × $450.00', '$900.00']);
    expect(customRows.at(-1)).toEqual(['Total', formatCents(base?.totalCents ?? 0)]);

    const noQuoteRows = await breakdown(bookingItem(page, `${noQuote} Guest`));
    expect(noQuoteRows[0]).toEqual(['1 night × $300.00', '$300.00']);
    expect(noQuoteRows.at(-1)).toEqual(['Total', formatCents(priceStay('2027-09-06', '2027-09-07')?.totalCents ?? 0)]);

    expect(await breakdown(bookingItem(page, `${zero} Guest`))).toEqual([]);
    await expect(bookingItem(page, `${zero} Guest`)).toContainText('No nights to price for these dates.');
  });

  test('show the payment status badge: Paid default, Pending secondary, other destructive', async ({
    page,
    server,
  }) => {
    const names = { paid: uniqueName('Paid'), pending: uniqueName('Pending'), failed: uniqueName('Failed') };
    for (const [status, firstName] of Object.entries(names)) {
      insertBooking(server.dataDir, {
        firstName,
        lastName: 'Status',
        email: `${status}@example.com`,
        checkin: '2027-10-04',
        checkout: '2027-10-06',
        paymentStatus: status,
      });
    }
    await openBookings(page);
    const expected = [
      ['paid', 'Paid', /\bbg-primary\b/],
      ['pending', 'Pending', /\bbg-secondary\b/],
      ['failed', 'Failed', /\bbg-destructive\b/],
    ] as const;
    for (const [status, label, style] of expected) {
      const badge = bookingItem(page, `${names[status]} Status`).getByText(label, { exact: true });
      await expect(badge).toHaveCount(1);
      await expect(badge).toHaveClass(style);
    }
  });

  test('a payment intent shows its id and the details display; without Stripe in test mode, no test buttons', async ({
    page,
    server,
  }) => {
    const withIntent = uniqueName('Intent');
    const intentId = `pi_${withIntent}`;
    insertBooking(server.dataDir, {
      firstName: withIntent,
      lastName: 'Guest',
      email: 'intent@example.com',
      checkin: '2027-11-01',
      checkout: '2027-11-03',
      stripePaymentIntentId: intentId,
    });
    const without = uniqueName('NoIntent');
    insertBooking(server.dataDir, {
      firstName: without,
      lastName: 'Guest',
      email: 'nointent@example.com',
      checkin: '2027-11-08',
      checkout: '2027-11-10',
    });
    const lookups: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/stripe-payment/')) lookups.push(new URL(req.url()).pathname);
    });
    await openBookings(page);

    const item = bookingItem(page, `${withIntent} Guest`);
    await expect(item).toContainText(intentId);
    // This server has no card payments set up (503): the plain "created" display.
    await expect(item).toContainText('Payment intent createdCreated');
    // This server has no Stripe, so no test mode: the test buttons are left out ([bookings.test-payment]).
    await expect(item.getByRole('button', { name: 'Create Test Payment' })).toHaveCount(0);
    await expect(item.getByRole('button', { name: 'Test Guide App' })).toHaveCount(0);

    const other = bookingItem(page, `${without} Guest`);
    await expect(other.getByRole('button', { name: 'Create Test Payment' })).toHaveCount(0);
    await expect(other.getByRole('button', { name: 'Test Guide App' })).toHaveCount(0);
    await expect(other).not.toContainText('Payment intent');
    // Looked up only for bookings that have an id.
    expect(lookups).toContain(`/api/stripe-payment/${intentId}`);
    expect(lookups.every((path) => path.startsWith('/api/stripe-payment/pi_'))).toBe(true);
  });

  test('the list shows a message when it cannot be loaded', async ({ page }) => {
    await loginAsAdmin(page);
    await page.route('**/api/booking-inquiries', (route) =>
      route.fulfill({ status: 500, json: { error: 'Database is resting' } }),
    );
    await page.goto('/admin?tab=bookings');
    await expect(page.getByRole('alert')).toContainText('Could not load booking inquiries.');
    await expect(page.getByRole('alert')).toContainText('Database is resting');
  });
});

test.describe('booking test actions without Stripe', () => {
  test('are not offered, and the server refuses a test payment with 503', async ({ page, server }) => {
    const name = uniqueName('Action');
    const bookingId = insertBooking(server.dataDir, {
      firstName: name,
      lastName: 'Guest',
      email: 'action@example.com',
      checkin: '2028-01-03',
      checkout: '2028-01-05',
    });
    await openBookings(page);
    const item = bookingItem(page, `${name} Guest`);
    await expect(item).toBeVisible();
    await expect(item.getByRole('button', { name: 'Create Test Payment' })).toHaveCount(0);
    await expect(item.getByRole('button', { name: 'Test Guide App' })).toHaveCount(0);
    const answer = await page.request.post('/api/test-payment', { data: { bookingId } });
    expect(answer.status()).toBe(503);
  });
});

test.describe('an empty booking list', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  test.beforeAll(async () => {
    server = await startServer();
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('says "No booking inquiries yet"', async ({ page }) => {
    await openBookings(page, server.url);
    await expect(page.getByText('No booking inquiries yet', { exact: true })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
  });
});

test.describe('with card payments on (the real server against the Stripe stand-in)', () => {
  const payments = paymentsServerOfSpec();

  /** A PaymentIntent made straight with the Stripe stand-in, confirmed with a test card. */
  async function paymentIntent(amountCents: number, paymentMethod: string): Promise<string> {
    const res = await fetch(`${payments.current.stripe.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${payments.current.stripe.secretKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `amount=${amountCents}&currency=usd`,
    });
    const { id } = (await res.json()) as { id: string };
    await payments.current.stripe.confirm(id, paymentMethod);
    return id;
  }

  async function seed(dataDir: string): Promise<string> {
    const name = uniqueName('Action');
    insertBooking(dataDir, {
      firstName: name,
      lastName: 'Guest',
      email: 'action@example.com',
      checkin: '2028-01-03',
      checkout: '2028-01-05',
    });
    return `${name} Guest`;
  }

  test('Test Guide App (Stripe in test mode): 503 error, success and failure toasts', async ({ page }) => {
    const guest = await seed(payments.current.server.dataDir);
    await openBookings(page, payments.current.server.url);
    const button = bookingItem(page, guest).getByRole('button', { name: 'Test Guide App' });

    const sent = page.waitForRequest((req) => req.url().endsWith('/api/test-guide-app'));
    await button.click();
    const bookingId = ((await sent).postDataJSON() as { bookingId: number }).bookingId;
    const answer = await page.request.post(`${payments.current.server.url}/api/test-guide-app`, { data: { bookingId } });
    expect(answer.status()).toBe(503);
    const { error } = (await answer.json()) as { error: string };
    await expect(toast(page)).toContainText('Error');
    await expect(toast(page)).toContainText(`Failed to test guide app integration: ${error}`);

    let reply: object = { success: true, message: 'Booking sent to the guide app' };
    await page.route('**/api/test-guide-app', (route) => route.fulfill({ json: reply }));
    await button.click();
    await expect(toast(page)).toContainText('Guide App Test Success');
    await expect(toast(page)).toContainText('Booking sent to the guide app');

    reply = { success: false, message: 'Guide app rejected the booking' };
    await button.click();
    await expect(toast(page)).toContainText('Guide App Test Failed');
    await expect(toast(page)).toContainText('Guide app rejected the booking');
  });

  test('the payment details show loading, then card brand, last 4, status and amount', async ({ page }) => {
    const waiting = uniqueName('Card');
    const waitingIntent = await paymentIntent(200000, 'pm_card_authenticationRequired');
    insertBooking(payments.current.server.dataDir, {
      firstName: waiting,
      lastName: 'Guest',
      email: 'card@example.com',
      checkin: '2027-12-06',
      checkout: '2027-12-09',
      stripePaymentIntentId: waitingIntent,
    });
    const paid = uniqueName('Paid');
    const paidIntent = await paymentIntent(116699, 'pm_card_mastercard');
    insertBooking(payments.current.server.dataDir, {
      firstName: paid,
      lastName: 'Guest',
      email: 'paid@example.com',
      checkin: '2027-12-13',
      checkout: '2027-12-15',
      paymentStatus: 'paid',
      stripePaymentIntentId: paidIntent,
    });
    // Hold the lookups until the loading text has been seen; the real server answers them.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/stripe-payment/*', async (route) => {
      await held;
      await route.fallback();
    });
    await openBookings(page, payments.current.server.url);
    const item = bookingItem(page, `${waiting} Guest`);
    await expect(item.getByText('Loading payment details...')).toBeVisible();
    release();
    await expect(item.getByText('Visa', { exact: true })).toBeVisible();
    await expect(item.getByText('•••• 3184')).toBeVisible();
    await expect(item.getByText('Action Required', { exact: true })).toHaveClass(/\bbg-destructive\b/);
    await expect(item.getByText('$2,000.00', { exact: true })).toBeVisible();
    await expect(item.getByText('Loading payment details...')).toHaveCount(0);

    const other = bookingItem(page, `${paid} Guest`);
    await expect(other.getByText('Mastercard', { exact: true })).toBeVisible();
    await expect(other.getByText('•••• 4444')).toBeVisible();
    // The booking's own status badge and the card row's intent status both read Paid.
    await expect(other.getByText('Paid', { exact: true })).toHaveCount(2);
    await expect(other.getByText('Paid', { exact: true }).last()).toHaveClass(/\bbg-primary\b/);
    await expect(other.getByText('$1,166.99', { exact: true }).last()).toBeVisible();
  });

  test('Create Test Payment: success toast and a refreshed list; a provider failure shows the reason', async ({ page }) => {
    const name = uniqueName('Action');
    insertBooking(payments.current.server.dataDir, {
      firstName: name,
      lastName: 'Guest',
      email: 'action@example.com',
      checkin: '2028-01-03',
      checkout: '2028-01-05',
    });
    const failing = uniqueName('Failing');
    insertBooking(payments.current.server.dataDir, {
      firstName: failing,
      lastName: 'Guest',
      email: 'failing@example.com',
      checkin: '2028-01-10',
      checkout: '2028-01-12',
    });
    await openBookings(page, payments.current.server.url);
    const item = bookingItem(page, `${name} Guest`);
    const refetch = page.waitForRequest((req) => req.url().endsWith('/api/booking-inquiries'));
    await item.getByRole('button', { name: 'Create Test Payment' }).click();
    await expect(toast(page)).toContainText('Test Payment Created');
    await expect(toast(page)).toContainText(`Test payment intent for ${formatCents(priceStay('2028-01-03', '2028-01-05')?.totalCents ?? 0)} created`);
    await refetch;
    // The refreshed item shows its new intent, and no longer offers the button.
    await expect(item.getByRole('button', { name: 'Create Test Payment' })).toHaveCount(0);
    const created = [...payments.current.stripe.intents.values()].find((pi) => pi.metadata.test === 'true');
    await expect(item).toContainText(created?.id ?? 'pi_');
    await expect(item).toContainText('Payment intent created');

    // Stripe failing (the SDK retries twice): the server's 502 reason in the Error toast.
    payments.current.stripe.failNext(3);
    await bookingItem(page, `${failing} Guest`).getByRole('button', { name: 'Create Test Payment' }).click();
    await expect(toast(page)).toContainText('Error');
    await expect(toast(page)).toContainText('Failed to create test payment: ');
    await expect(bookingItem(page, `${failing} Guest`).getByRole('button', { name: 'Create Test Payment' })).toBeVisible();
  });
});
