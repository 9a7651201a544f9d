import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_STAY_NIGHTS, addDays, priceStay } from '@ridgeline/core';
import { createStripeGateway, getBookingInquiry, type MailMessage, type Mailer } from '@ridgeline/core/node';
import { startStripeStandIn, type StripeStandIn } from '../test-support/stripe-stand-in.js';
import { createTestApp, setTestPasswords, signedInAgent } from '../test-support/test-app.js';

const WEBHOOK_SECRET = 'whsec_test_secret';
const NOW = new Date('2026-11-21T15:00:00Z');
const stay = { checkin: '2026-12-10', checkout: '2026-12-12', guests: 4 };
const guest = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '555-0100', message: 'Hi!', specialRequests: '' };
const TOTAL = priceStay(stay.checkin, stay.checkout)!.totalCents; // 116699

let stripe: StripeStandIn;
let t: ReturnType<typeof createTestApp>;
let mail: MailMessage[];

/**
 * The app with payments on. TRUST_PROXY=1 so a test can speak as several guests' addresses
 * (X-Forwarded-For); requests without it come from 127.0.0.1.
 */
function build(options: { payments?: boolean; guideAppUrl?: string; fetch?: typeof fetch; env?: Record<string, string> } = {}) {
  mail = [];
  const mailer: Mailer = { enabled: true, send: async (m) => (mail.push(m), { sent: true }) };
  const payments = options.payments === false ? undefined : createStripeGateway({ secretKey: stripe.secretKey, webhookSecret: WEBHOOK_SECRET, apiBase: stripe.url });
  return createTestApp({ TRUST_PROXY: '1', ...(options.guideAppUrl ? { GUIDE_APP_URL: options.guideAppUrl } : {}), ...options.env }, {}, () => NOW, {
    mailer,
    ...(payments ? { payments } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

beforeEach(async () => {
  stripe = await startStripeStandIn();
  t = build();
});
afterEach(async () => {
  t.cleanup();
  await stripe.close();
});

const createIntent = (body: object = { amount: TOTAL / 100, bookingData: { ...stay, ...guest } }, ip = '127.0.0.1') =>
  request(t.app).post('/api/create-payment-intent').set('X-Forwarded-For', ip).send(body);
/** The body for another stay (dates) of `who`, at the server's price. */
const intentBody = (dates: { checkin: string; checkout: string }, who: object = guest) => ({
  amount: priceStay(dates.checkin, dates.checkout)!.totalCents / 100,
  bookingData: { ...dates, guests: 2, ...guest, ...who },
});
/** The guest's browser paying at Stripe (as Stripe.js would). */
const confirmAtStripe = (paymentIntentId: string) =>
  fetch(`${stripe.url}/v1/payment_intents/${paymentIntentId}/confirm`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${stripe.secretKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'payment_method=pm_card_visa',
  });
const holdStatus = (paymentIntentId: string) =>
  (t.db.prepare('SELECT status FROM holds WHERE payment_intent_id = ?').get(paymentIntentId) as { status: string } | undefined)?.status;
const liveHolds = () => (t.db.prepare("SELECT payment_intent_id AS pi FROM holds WHERE status = 'held'").all() as { pi: string | null }[]).map((r) => r.pi);
const signed = (event: object) => {
  const payload = JSON.stringify(event);
  return { payload, header: new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
};
const paymentEvent = (id: string, type: string, pi: object) => signed({ id, object: 'event', type, data: { object: { object: 'payment_intent', ...pi } } });

describe('GET /api/quote', () => {
  it("answers the server's quote in cents with every line", async () => {
    const res = await request(t.app).get('/api/quote').query(stay).expect(200);
    expect(res.body).toMatchObject({ ...stay, nights: 2, accommodationCents: 60000, cleaningFeeCents: 40000, serviceFeeCents: 3000, subtotalCents: 103000, stateTaxCents: 4120, countyTaxCents: 6180, subtotalWithTaxesCents: 113300, cardFeeCents: 3399, totalCents: 116699 });
    expect(res.body.nightly).toEqual([
      { date: '2026-12-10', price: 300, priceCents: 30000 },
      { date: '2026-12-11', price: 300, priceCents: 30000 },
    ]);
  });

  it("uses the owner's nightly price where one is set", async () => {
    t.db.prepare("INSERT INTO availability VALUES ('2026-12-11', 45000, 1, 0, 'x')").run();
    const res = await request(t.app).get('/api/quote').query(stay).expect(200);
    expect(res.body.accommodationCents).toBe(75000);
  });

  it.each([
    [{ ...stay, guests: 0 }, 'guests'],
    [{ ...stay, guests: 13 }, 'guests'],
    [{ ...stay, guests: 'many' }, 'guests'],
    [{ ...stay, checkout: '2026-12-10' }, 'checkout'],
    [{ ...stay, checkout: '2026-12-01' }, 'checkout'],
    [{ ...stay, checkin: '2026-11-01' }, 'checkin'],
    [{ ...stay, checkin: '2026-02-30' }, 'checkin'],
    [{ checkin: stay.checkin, guests: 2 }, 'checkout'],
  ])('rejects %j with 400 naming %s', async (query, field) => {
    const res = await request(t.app).get('/api/quote').query(query).expect(400);
    expect(res.body.field).toBe(field);
  });

  it('answers 409 naming blocked or unavailable nights', async () => {
    t.db.prepare("INSERT INTO availability VALUES ('2026-12-11', 30000, 1, 1, 'x')").run();
    const res = await request(t.app).get('/api/quote').query(stay).expect(409);
    expect(res.body).toMatchObject({ reason: 'closed', closedDates: ['2026-12-11'] });
    // The check-out day itself is not a night of the stay.
    await request(t.app).get('/api/quote').query({ checkin: '2026-12-09', checkout: '2026-12-11', guests: 2 }).expect(200);
  });
});

describe('GET /api/availability/public', () => {
  it('says which nights are bookable and their price, and nothing else', async () => {
    t.db.prepare("INSERT INTO availability VALUES ('2026-11-23', 0, 0, 1, 'x'), ('2026-11-24', 41000, 1, 0, 'x')").run();
    const res = await request(t.app).get('/api/availability/public').query({ startDate: '2026-11-20', endDate: '2026-11-25' }).expect(200);
    expect(res.body.days).toEqual([
      { date: '2026-11-20', bookable: false, price: 300 },
      { date: '2026-11-21', bookable: true, price: 300 },
      { date: '2026-11-22', bookable: true, price: 300 },
      { date: '2026-11-23', bookable: false, price: 0 },
      { date: '2026-11-24', bookable: true, price: 410 },
      { date: '2026-11-25', bookable: true, price: 300 },
    ]);
    await request(t.app).get('/api/availability/public').query({ startDate: '2026-11-20' }).expect(400);
    await request(t.app).get('/api/availability/public').query({ startDate: '2026-01-01', endDate: '2028-01-01' }).expect(400);
  });
});

describe('POST /api/create-payment-intent', () => {
  it("creates a PaymentIntent for the server's quote and holds the nights", async () => {
    const res = await createIntent().expect(200);
    expect(res.body).toMatchObject({ success: true, amount: TOTAL, paymentIntentId: expect.stringMatching(/^pi_/), clientSecret: expect.stringMatching(/_secret_/) });
    const created = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(created?.body).toMatchObject({ amount: String(TOTAL), currency: 'usd', metadata: { checkin: stay.checkin, checkout: stay.checkout, guests: '4' } });
    // The hold's random key ([checkout.idempotency]), not its row id.
    const { key } = t.db.prepare('SELECT idempotency_key AS key FROM holds').get() as { key: string };
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(created?.idempotencyKey).toBe(`ridgeline-hold-${key}`);
    const again = await request(t.app).get('/api/quote').query(stay).expect(409);
    expect(again.body.closedDates).toEqual(['2026-12-10', '2026-12-11']);
  });

  it('never charges a tampered amount: 409 with the real quote, no PaymentIntent', async () => {
    const res = await createIntent({ amount: 1, bookingData: { ...stay, ...guest } }).expect(409);
    expect(res.body).toMatchObject({ success: false, reason: 'amount-mismatch' });
    expect(res.body.quote.totalCents).toBe(TOTAL);
    expect(res.body.error).toMatch(/\$1,166\.99/);
    expect(stripe.intents.size).toBe(0);
  });

  it('refuses a closed night', async () => {
    t.db.prepare("INSERT INTO availability VALUES ('2026-12-10', 30000, 0, 0, 'x')").run();
    expect((await createIntent().expect(409)).body).toMatchObject({ success: false, reason: 'closed', closedDates: ['2026-12-10'] });
    expect(stripe.intents.size).toBe(0);
  });

  it('gives exactly one of 20 simultaneous requests of 20 guests for the same nights a client secret', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => createIntent({ amount: TOTAL / 100, bookingData: { ...stay, ...guest, email: `guest${i}@example.com` } }, `198.51.100.${i + 1}`)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(stripe.intents.size).toBe(1);
  });

  it('releases the hold when Stripe fails, so the guest can try again', async () => {
    stripe.failNext(10);
    const res = await createIntent();
    expect(res.status).toBe(502);
    stripe.failNext(0);
    await createIntent().expect(200);
  });

  it('validates the body and answers 503 when payments are off', async () => {
    expect((await createIntent({ amount: 'x', bookingData: { ...stay, ...guest } }).expect(400)).body.field).toBe('amount');
    expect((await createIntent({ amount: 10, bookingData: { ...stay, ...guest, guests: 20 } }).expect(400)).body.field).toBe('bookingData.guests');
    expect((await createIntent({ amount: 10 }).expect(400)).body.field).toBe('bookingData');
    const off = build({ payments: false });
    try {
      const res = await request(off.app).post('/api/create-payment-intent').send({ amount: TOTAL / 100, bookingData: { ...stay, ...guest } }).expect(503);
      expect(res.body).toMatchObject({ success: false, reason: 'payments-unavailable', error: expect.stringMatching(/not available/) });
      expect((await request(off.app).get('/api/payments/config')).body).toEqual({ available: false, publishableKey: null, testMode: false });
    } finally {
      off.cleanup();
    }
  });
});

describe('GET /api/payments/config: test mode ([bookings.test-payment])', () => {
  it.each([
    ['sk_test_abc', true],
    ['rk_test_abc', true],
    ['sk_live_abc', false],
    ['rk_live_abc', false],
  ])('with the secret key %s, testMode is %s', async (key, testMode) => {
    const app = build({ env: { STRIPE_SECRET_KEY: key, STRIPE_PUBLISHABLE_KEY: 'pk_x' } });
    try {
      expect((await request(app.app).get('/api/payments/config').expect(200)).body).toEqual({ available: true, publishableKey: 'pk_x', testMode });
    } finally {
      app.cleanup();
    }
  });

  it('is never test mode without Stripe, whatever the key', async () => {
    const off = build({ payments: false, env: { STRIPE_SECRET_KEY: 'sk_test_abc' } });
    try {
      expect((await request(off.app).get('/api/payments/config').expect(200)).body.testMode).toBe(false);
    } finally {
      off.cleanup();
    }
  });
});

describe('POST /api/create-payment-intent: holds that are hard to abuse ([checkout.hold-abuse])', () => {
  const december = { checkin: '2026-12-20', checkout: '2026-12-23' };
  const january = { checkin: '2027-01-05', checkout: '2027-01-07' };

  it.each([
    [{ firstName: undefined }, 'bookingData.firstName', 'is required'],
    [{ firstName: '  ' }, 'bookingData.firstName', 'is required'],
    [{ firstName: 7 }, 'bookingData.firstName', 'must be text'],
    [{ lastName: '' }, 'bookingData.lastName', 'is required'],
    [{ email: undefined }, 'bookingData.email', 'is required'],
    [{ email: 'ann@' }, 'bookingData.email', 'must be an e-mail address'],
  ])('needs the guest: %j is refused with 400 naming %s, holding nothing', async (change, field, message) => {
    const res = await createIntent({ amount: TOTAL / 100, bookingData: { ...stay, ...guest, ...change } }).expect(400);
    expect(res.body.field).toBe(field);
    expect(res.body.error).toBe(`${field}: ${message}`);
    expect(stripe.intents.size).toBe(0);
    expect(t.db.prepare('SELECT COUNT(*) AS n FROM holds').get()).toEqual({ n: 0 });
  });

  it('holds at most the longest stay sold online (MAX_STAY_NIGHTS)', async () => {
    const checkin = '2027-01-01';
    const tooLong = await createIntent(intentBody({ checkin, checkout: addDays(checkin, MAX_STAY_NIGHTS + 1) })).expect(400);
    expect(tooLong.body.field).toBe('bookingData.checkout');
    expect(stripe.intents.size).toBe(0);
    await createIntent(intentBody({ checkin, checkout: addDays(checkin, MAX_STAY_NIGHTS) })).expect(200);
  });

  it('a new checkout of the same guest (e-mail, any case, any address) replaces the old one: cancelled at Stripe, nights released', async () => {
    const first = await createIntent(intentBody(december), '198.51.100.1').expect(200);
    const second = await createIntent(intentBody(january, { email: 'ANN@example.com ' }), '203.0.113.2').expect(200);
    expect(stripe.intents.get(first.body.paymentIntentId)?.status).toBe('canceled');
    expect(holdStatus(first.body.paymentIntentId)).toBe('released');
    expect(liveHolds()).toEqual([second.body.paymentIntentId]);
    await request(t.app).get('/api/quote').query({ ...december, guests: 2 }).expect(200);
    // Stripe itself now refuses to take the first payment.
    expect((await confirmAtStripe(first.body.paymentIntentId)).status).toBe(400);
  });

  it('a new checkout from the same IP replaces the old one, even for another guest; other guests elsewhere keep theirs', async () => {
    const ann = await createIntent(intentBody(december), '198.51.100.1').expect(200);
    const bo = await createIntent(intentBody({ checkin: '2027-02-01', checkout: '2027-02-03' }, { email: 'bo@example.com' }), '203.0.113.7').expect(200);
    const cy = await createIntent(intentBody(january, { email: 'cy@example.com' }), '198.51.100.1').expect(200);
    expect(stripe.intents.get(ann.body.paymentIntentId)?.status).toBe('canceled');
    expect(liveHolds().sort()).toEqual([bo.body.paymentIntentId, cy.body.paymentIntentId].sort());
  });

  it('the same guest may pick the same nights again (a changed guest count), replacing the hold', async () => {
    const first = await createIntent().expect(200);
    const again = await createIntent({ amount: TOTAL / 100, bookingData: { ...stay, ...guest, guests: 6 } }).expect(200);
    expect(stripe.intents.get(first.body.paymentIntentId)?.status).toBe('canceled');
    expect(liveHolds()).toEqual([again.body.paymentIntentId]);
  });

  it('replaces an earlier hold whose PaymentIntent was already cancelled at Stripe (its webhook missed)', async () => {
    const first = await createIntent(intentBody(december)).expect(200);
    await fetch(`${stripe.url}/v1/payment_intents/${first.body.paymentIntentId}/cancel`, { method: 'POST', headers: { Authorization: `Bearer ${stripe.secretKey}` } });
    const second = await createIntent(intentBody(january)).expect(200);
    expect(holdStatus(first.body.paymentIntentId)).toBe('released');
    expect(liveHolds()).toEqual([second.body.paymentIntentId]);
  });

  it('keeps the old hold when the new stay cannot be had', async () => {
    const first = await createIntent(intentBody(december)).expect(200);
    t.db.prepare("INSERT INTO availability VALUES ('2027-01-06', 30000, 0, 0, 'x')").run();
    expect((await createIntent(intentBody(january)).expect(409)).body.closedDates).toEqual(['2027-01-06']);
    expect(stripe.intents.get(first.body.paymentIntentId)?.status).toBe('requires_payment_method');
    expect(liveHolds()).toEqual([first.body.paymentIntentId]);
  });

  it('never replaces a hold the guest already paid: it stays, its nights stay closed', async () => {
    const paid = await createIntent(intentBody(december)).expect(200);
    await stripe.confirm(paid.body.paymentIntentId);
    // The same nights again: taken by the guest's own payment.
    await createIntent(intentBody(december)).expect(409);
    const next = await createIntent(intentBody(january)).expect(200);
    expect(stripe.intents.get(paid.body.paymentIntentId)?.status).toBe('succeeded');
    expect(liveHolds().sort()).toEqual([paid.body.paymentIntentId, next.body.paymentIntentId].sort());
    await request(t.app).get('/api/quote').query({ ...december, guests: 2 }).expect(409);
  });

  it('keeps the old hold when Stripe cannot be reached to cancel it (502)', async () => {
    const first = await createIntent(intentBody(december)).expect(200);
    stripe.failNext(10);
    await createIntent(intentBody(january)).expect(502);
    stripe.failNext(0);
    expect(stripe.intents.get(first.body.paymentIntentId)?.status).toBe('requires_payment_method');
    expect(liveHolds()).toEqual([first.body.paymentIntentId]);
    expect(stripe.intents.size).toBe(1);
  });

  it('tabs of one guest at once: at most one live hold in the end, every other PaymentIntent cancelled', async () => {
    const stays = Array.from({ length: 5 }, (_, i) => ({ checkin: `2027-03-${String(2 + 3 * i).padStart(2, '0')}`, checkout: `2027-03-${String(4 + 3 * i).padStart(2, '0')}` }));
    const answers = await Promise.all(stays.map((dates) => createIntent(intentBody(dates))));
    for (const a of answers) expect([200, 409]).toContain(a.status);
    // (None at all only if a request gave up after three rounds of its siblings attaching.)
    const live = liveHolds();
    expect(live.length).toBeLessThanOrEqual(1);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(live.length);
    for (const pi of stripe.intents.values()) expect({ id: pi.id, status: pi.status }).toEqual({ id: pi.id, status: live.includes(pi.id) ? 'requires_payment_method' : 'canceled' });
    // Only the live hold's nights are closed.
    const quotes = await Promise.all(stays.map((dates) => request(t.app).get('/api/quote').query({ ...dates, guests: 2 })));
    expect(quotes.filter((r) => r.status === 409)).toHaveLength(live.length);
  });

  it('limits PaymentIntents per client IP (PAYMENT_INTENT_LIMIT per hour): 429 with a JSON message, logged', async () => {
    t.cleanup();
    t = build({ env: { PAYMENT_INTENT_LIMIT: '2' } });
    await createIntent(intentBody(december)).expect(200);
    await createIntent(intentBody(january)).expect(200);
    const refused = await createIntent(intentBody({ checkin: '2027-02-01', checkout: '2027-02-03' })).expect(429);
    expect(refused.body).toEqual({ success: false, error: expect.stringMatching(/limit is 2 per hour/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(stripe.intents.size).toBe(2);
    expect(t.db.prepare("SELECT ip, route, outcome FROM security_events WHERE event = 'payment_intent_limited'").all()).toEqual([
      { ip: '127.0.0.1', route: '/api/create-payment-intent', outcome: 'refused 429' },
    ]);
    // Other addresses, and the rest of the API, are not affected.
    await createIntent(intentBody({ checkin: '2027-02-01', checkout: '2027-02-03' }, { email: 'bo@example.com' }), '203.0.113.7').expect(200);
    await request(t.app).get('/api/quote').query({ ...january, guests: 2 }).expect(409);
  });
});

describe('Stripe idempotency keys across databases ([checkout.idempotency])', () => {
  it('two fresh databases on one Stripe account both complete checkouts and test payments', async () => {
    const other = build();
    try {
      const here = await createIntent().expect(200);
      const there = await request(other.app).post('/api/create-payment-intent').send(intentBody({ checkin: '2027-01-05', checkout: '2027-01-07' }, { email: 'bo@example.com' })).expect(200);
      expect(there.body.paymentIntentId).not.toBe(here.body.paymentIntentId);
      expect(stripe.intents.get(there.body.paymentIntentId)?.metadata.checkin).toBe('2027-01-05');

      await setTestPasswords(t.db);
      await setTestPasswords(other.db);
      const payments = [];
      for (const app of [t, other]) {
        const booking = (await request(app.app).post('/api/booking-inquiry').send({ ...guest, ...stay, guests: app === t ? 4 : 2 })).body.booking;
        expect(booking.id).toBe(1);
        const admin = await signedInAgent(app.app);
        payments.push((await admin.post('/api/test-payment').send({ bookingId: booking.id }).expect(200)).body.paymentIntentId);
      }
      expect(new Set(payments).size).toBe(2);
    } finally {
      other.cleanup();
    }
  });

  it('the stand-in answers a reused key as Stripe does: same request replayed, other parameters refused', async () => {
    const payments = createStripeGateway({ secretKey: stripe.secretKey, apiBase: stripe.url });
    const input = { amountCents: 5000, description: 'x', metadata: { a: '1' }, idempotencyKey: 'ridgeline-hold-same' };
    const first = await payments.createPaymentIntent(input);
    expect((await payments.createPaymentIntent(input)).id).toBe(first.id);
    await expect(payments.createPaymentIntent({ ...input, amountCents: 6000 })).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/same parameters/) });
    expect(stripe.intents.size).toBe(1);
  });
});

describe('POST /api/booking-inquiry after payment', () => {
  it('stores a paid booking once, closes its nights and e-mails the guest once', async () => {
    const { body } = await createIntent();
    await stripe.confirm(body.paymentIntentId, 'pm_card_visa');
    const inquiry = { ...guest, ...stay, location: 'Atlanta, GA', stripePaymentIntentId: body.paymentIntentId };
    const first = await request(t.app).post('/api/booking-inquiry').set('X-Forwarded-For', '198.51.100.7').send(inquiry).expect(201);
    expect(first.body.booking).toMatchObject({ paymentStatus: 'paid', firstName: 'Ann', checkin: stay.checkin, stripePaymentIntentId: body.paymentIntentId, quote: { totalCents: TOTAL } });
    // The guest's own confirmation: never the IP address or the card ([checkout.confirm])…
    expect(first.body.booking).not.toHaveProperty('ipAddress');
    expect(first.body.booking).not.toHaveProperty('stripePaymentDetails');
    // …which the owner's copy keeps.
    const stored = getBookingInquiry(t.db, first.body.booking.id);
    expect(stored?.ipAddress).toBe('198.51.100.7');
    expect(stored?.stripePaymentDetails).toMatchObject({ status: 'succeeded', amount: TOTAL, paymentMethod: { card: { brand: 'visa', last4: '4242' } } });
    const second = await request(t.app).post('/api/booking-inquiry').send(inquiry).expect(200);
    expect(second.body.booking.id).toBe(first.body.booking.id);
    expect((t.db.prepare('SELECT COUNT(*) AS n FROM booking_inquiries').get() as { n: number }).n).toBe(1);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: 'ann@example.com', subject: expect.stringContaining('confirmed') });
    expect(mail[0]?.text).toContain('$1,166.99');
    // The nights stay closed by the paid booking, even after the hold would have expired.
    t.db.prepare("UPDATE holds SET expires_at = '2000-01-01T00:00:00.000Z'").run();
    await request(t.app).get('/api/quote').query(stay).expect(409);
  });

  it('answers the paying guest the stay token its confirmation panel reads, and only that guest ([checkout.confirmation-panel])', async () => {
    const { body } = await createIntent();
    await stripe.confirm(body.paymentIntentId, 'pm_card_visa');
    const inquiry = { ...guest, ...stay, stripePaymentIntentId: body.paymentIntentId };
    const first = await request(t.app).post('/api/booking-inquiry').send(inquiry).expect(201);
    const token = first.body.stayToken as string;
    expect(token).toBe(getBookingInquiry(t.db, first.body.booking.id)?.guestToken);
    // The panel's read: the booking it names, with the receipt, never cached nor indexed.
    const panel = await request(t.app).get(`/api/stay/${token}`).expect(200);
    expect(panel.body.booking).toMatchObject({ reference: first.body.booking.id, checkin: stay.checkin, guests: stay.guests, amountPaidCents: TOTAL, status: 'confirmed' });
    expect(panel.body.booking.receipt.at(-1)).toEqual({ label: 'Total', cents: TOTAL, kind: 'total' });
    expect(panel.headers['x-robots-tag']).toContain('noindex');
    // The same on a repeat; another e-mail gets no token (nor any booking).
    expect((await request(t.app).post('/api/booking-inquiry').send(inquiry).expect(200)).body.stayToken).toBe(token);
    const other = await request(t.app).post('/api/booking-inquiry').send({ ...inquiry, email: 'eve@example.com' }).expect(400);
    expect(other.body).not.toHaveProperty('stayToken');
    expect(other.body).not.toHaveProperty('booking');
    // A request to book without a payment gets no token.
    const asked = await request(t.app).post('/api/booking-inquiry').send({ ...guest, checkin: '2026-12-20', checkout: '2026-12-22', guests: 2 }).expect(201);
    expect(asked.body).not.toHaveProperty('stayToken');
  });

  it('does not mark an unpaid intent paid', async () => {
    const { body } = await createIntent();
    const res = await request(t.app).post('/api/booking-inquiry').send({ ...guest, ...stay, stripePaymentIntentId: body.paymentIntentId }).expect(201);
    expect(res.body.booking.paymentStatus).toBe('pending');
    expect(mail).toHaveLength(0);
  });

  it('refuses an unknown PaymentIntent and mismatched dates', async () => {
    const unknown = await request(t.app).post('/api/booking-inquiry').send({ ...guest, ...stay, stripePaymentIntentId: 'pi_doesnotexist' }).expect(400);
    expect(unknown.body.field).toBe('stripePaymentIntentId');
    const { body } = await createIntent();
    await request(t.app).post('/api/booking-inquiry').send({ ...guest, ...stay, checkout: '2026-12-13', stripePaymentIntentId: body.paymentIntentId }).expect(400);
  });

  it("answers a paid PaymentIntent id only with the guest's own dates and e-mail, and never with the IP address", async () => {
    const { body } = await createIntent();
    await stripe.confirm(body.paymentIntentId);
    const inquiry = { ...guest, ...stay, stripePaymentIntentId: body.paymentIntentId };
    await request(t.app).post('/api/booking-inquiry').send(inquiry).expect(201);
    // Someone who learnt the id (a log, a shared screen) but not the stay gets no booking data.
    for (const wrong of [
      { ...inquiry, firstName: 'Eve', email: 'eve@example.com' },
      { ...inquiry, checkin: '2026-12-09' },
      { ...inquiry, checkout: '2026-12-13' },
      { ...inquiry, checkin: '2027-01-10', checkout: '2027-01-12', email: 'eve@example.com' },
    ]) {
      const res = await request(t.app).post('/api/booking-inquiry').send(wrong).expect(400);
      expect(res.body).toEqual({ error: expect.stringMatching(/^stripePaymentIntentId: /), field: 'stripePaymentIntentId', reason: 'mismatch' });
      expect(res.text).not.toContain('555-0100');
    }
    // The guest themself (an e-mail typed in another case) gets their confirmation.
    const again = await request(t.app).post('/api/booking-inquiry').send({ ...inquiry, email: 'Ann@Example.com' }).expect(200);
    expect(again.body.booking).toMatchObject({ firstName: 'Ann', paymentStatus: 'paid', checkin: stay.checkin });
    expect(again.body.booking).not.toHaveProperty('ipAddress');
    expect(again.body.booking).not.toHaveProperty('stripePaymentDetails');
  });

  it("refuses to book a payment under another e-mail than its checkout's, storing nothing", async () => {
    const { body } = await createIntent();
    await stripe.confirm(body.paymentIntentId);
    await request(t.app).post('/api/booking-inquiry').send({ ...guest, ...stay, email: 'eve@example.com', stripePaymentIntentId: body.paymentIntentId }).expect(400);
    expect(t.db.prepare('SELECT COUNT(*) AS n FROM booking_inquiries').get()).toEqual({ n: 0 });
  });

  it('answers a plain inquiry without the IP address', async () => {
    const res = await request(t.app).post('/api/booking-inquiry').set('X-Forwarded-For', '198.51.100.7').send({ ...guest, ...stay }).expect(201);
    expect(res.body.booking).toMatchObject({ firstName: 'Ann', email: 'ann@example.com' });
    expect(res.body.booking).not.toHaveProperty('ipAddress');
    expect(getBookingInquiry(t.db, res.body.booking.id)?.ipAddress).toBe('198.51.100.7');
  });

  it('stores a plain inquiry without payment as pending, not closing nights', async () => {
    const res = await request(t.app).post('/api/booking-inquiry').send({ ...guest, ...stay }).expect(201);
    expect(res.body.booking).toMatchObject({ paymentStatus: 'pending', stripePaymentIntentId: null });
    await request(t.app).get('/api/quote').query(stay).expect(200);
  });

  it.each([
    [{ ...guest, ...stay, firstName: '' }, 'firstName'],
    [{ ...guest, ...stay, email: 'nope' }, 'email'],
    [{ ...guest, ...stay, guests: 13 }, 'guests'],
    [{ ...guest, ...stay, stripePaymentIntentId: "pi_1' OR 1=1 --" }, 'stripePaymentIntentId'],
  ])('rejects %j naming %s, storing nothing', async (body, field) => {
    expect((await request(t.app).post('/api/booking-inquiry').send(body).expect(400)).body.field).toBe(field);
    expect((t.db.prepare('SELECT COUNT(*) AS n FROM booking_inquiries').get() as { n: number }).n).toBe(0);
  });
});

describe('POST /api/stripe/webhook', () => {
  const post = (payload: string, header: string) =>
    request(t.app).post('/api/stripe/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', header).send(payload);

  it('confirms the booking when the guest closed the tab right after paying', async () => {
    const { body } = await createIntent();
    const pi = await stripe.confirm(body.paymentIntentId);
    const { payload, header } = paymentEvent('evt_1', 'payment_intent.succeeded', pi);
    await post(payload, header).expect(200);
    const bookings = t.db.prepare('SELECT first_name, payment_status FROM booking_inquiries').all();
    expect(bookings).toEqual([{ first_name: 'Ann', payment_status: 'paid' }]);
    expect(mail).toHaveLength(1);
    // The page's call arriving later finds the same booking.
    const page = await request(t.app).post('/api/booking-inquiry').send({ ...guest, ...stay, stripePaymentIntentId: body.paymentIntentId }).expect(200);
    expect(page.body.booking.paymentStatus).toBe('paid');
    expect(mail).toHaveLength(1);
  });

  it('handles a replayed event once', async () => {
    const { body } = await createIntent();
    const pi = await stripe.confirm(body.paymentIntentId);
    const { payload, header } = paymentEvent('evt_2', 'payment_intent.succeeded', pi);
    await post(payload, header).expect(200);
    const replay = await post(payload, header).expect(200);
    expect(replay.body.duplicate).toBe(true);
    expect((t.db.prepare('SELECT COUNT(*) AS n FROM booking_inquiries').get() as { n: number }).n).toBe(1);
  });

  it('refuses a bad signature and changes nothing', async () => {
    const { body } = await createIntent();
    const pi = await stripe.confirm(body.paymentIntentId);
    const { payload } = paymentEvent('evt_3', 'payment_intent.succeeded', pi);
    const forged = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    await post(payload, forged).expect(400);
    await post(payload, 't=1,v1=deadbeef').expect(400);
    await request(t.app).post('/api/stripe/webhook').send(payload).expect(400);
    expect((t.db.prepare('SELECT COUNT(*) AS n FROM booking_inquiries').get() as { n: number }).n).toBe(0);
  });

  it('keeps the hold when an attempt fails (the guest may retry), and releases it when cancelled', async () => {
    const { body } = await createIntent();
    await expect(stripe.confirm(body.paymentIntentId, 'pm_card_chargeDeclined')).rejects.toThrow(/declined/);
    const failed = stripe.intents.get(body.paymentIntentId)!;
    const { payload, header } = paymentEvent('evt_4', 'payment_intent.payment_failed', failed);
    await post(payload, header).expect(200);
    // Another guest cannot take the nights while the first one is still paying…
    expect((await request(t.app).get('/api/quote').query(stay).expect(409)).body.closedDates).toEqual(['2026-12-10', '2026-12-11']);
    await createIntent({ amount: TOTAL / 100, bookingData: { ...stay, ...guest, email: 'bo@example.com' } }, '203.0.113.9').expect(409);
    // …and the first guest's retry with another card books them.
    await stripe.confirm(body.paymentIntentId, 'pm_card_visa');
    const paid = await request(t.app).post('/api/booking-inquiry').send({ ...guest, ...stay, stripePaymentIntentId: body.paymentIntentId }).expect(201);
    expect(paid.body.booking.paymentStatus).toBe('paid');

    const other = { checkin: '2027-01-10', checkout: '2027-01-12', guests: 2 };
    const second = await createIntent({ amount: priceStay(other.checkin, other.checkout)!.totalCents / 100, bookingData: { ...other, ...guest } }).expect(200);
    const canceled = { ...stripe.intents.get(second.body.paymentIntentId)!, status: 'canceled' };
    const cancelEvent = paymentEvent('evt_5', 'payment_intent.canceled', canceled);
    await post(cancelEvent.payload, cancelEvent.header).expect(200);
    await request(t.app).get('/api/quote').query(other).expect(200);
  });
});

describe('admin payment actions', () => {
  beforeEach(() => setTestPasswords(t.db));

  it('looks up a PaymentIntent with card details ([bookings.payment-details])', async () => {
    const admin = await signedInAgent(t.app);
    const { body } = await createIntent();
    await stripe.confirm(body.paymentIntentId, 'pm_card_mastercard');
    const res = await admin.get(`/api/stripe-payment/${body.paymentIntentId}`).expect(200);
    expect(res.body).toMatchObject({ success: true, cardDetails: { brand: 'mastercard', last4: '4444' }, paymentIntent: { status: 'succeeded', amount: TOTAL } });
    expect((await admin.get('/api/stripe-payment/pi_missing').expect(404)).body.success).toBe(false);
    expect((await admin.get('/api/stripe-payment/not-an-id').expect(400)).body.field).toBe('paymentIntentId');
  });

  it('creates a test payment for a booking once', async () => {
    const admin = await signedInAgent(t.app);
    const { body } = await request(t.app).post('/api/booking-inquiry').send({ ...guest, ...stay });
    const res = await admin.post('/api/test-payment').send({ bookingId: body.booking.id }).expect(200);
    expect(res.body).toMatchObject({ success: true, paymentIntentId: expect.stringMatching(/^pi_/) });
    expect(stripe.intents.get(res.body.paymentIntentId)?.amount).toBe(TOTAL);
    const list = await admin.get('/api/booking-inquiries');
    expect(list.body[0].stripePaymentIntentId).toBe(res.body.paymentIntentId);
    await admin.post('/api/test-payment').send({ bookingId: body.booking.id }).expect(409);
    await admin.post('/api/test-payment').send({ bookingId: 9999 }).expect(404);
  });

  it('sends the booking to the guide app and reports its answer', async () => {
    const received: unknown[] = [];
    const guideApp = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        received.push(JSON.parse(raw));
        res.writeHead(received.length === 1 ? 200 : 500).end();
      });
    });
    await new Promise<void>((r) => guideApp.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(guideApp.address() as AddressInfo).port}/bookings`;
    const withGuide = build({ guideAppUrl: url });
    try {
      await setTestPasswords(withGuide.db);
      const admin = await signedInAgent(withGuide.app);
      const { body } = await request(withGuide.app).post('/api/booking-inquiry').send({ ...guest, ...stay });
      const ok = await admin.post('/api/test-guide-app').send({ bookingId: body.booking.id }).expect(200);
      expect(ok.body).toMatchObject({ success: true });
      expect(received[0]).toMatchObject({ source: 'ridgeline', booking: { id: body.booking.id, email: 'ann@example.com' } });
      const failed = await admin.post('/api/test-guide-app').send({ bookingId: body.booking.id }).expect(200);
      expect(failed.body).toMatchObject({ success: false, message: expect.stringContaining('500') });
    } finally {
      withGuide.cleanup();
      guideApp.close();
    }
    const admin = await signedInAgent(t.app);
    expect((await admin.post('/api/test-guide-app').send({ bookingId: 1 }).expect(503)).body.error).toMatch(/GUIDE_APP_URL/);
  });
});

describe('holds past 15 minutes (hold sweeper)', () => {
  it('keep their nights until the PaymentIntent is cancelled, so a lingering guest cannot pay for nights sold since', async () => {
    let clock = NOW;
    const payments = createStripeGateway({ secretKey: stripe.secretKey, webhookSecret: WEBHOOK_SECRET, apiBase: stripe.url });
    const app = createTestApp({}, {}, () => clock, { payments, mailer: { enabled: true, send: async () => ({ sent: true }) } });
    try {
      const first = await request(app.app).post('/api/create-payment-intent').send({ amount: TOTAL / 100, bookingData: { ...stay, ...guest } }).expect(200);
      clock = new Date(NOW.getTime() + 16 * 60_000);
      // Expired but not yet settled at Stripe: still closed.
      await request(app.app).get('/api/quote').query(stay).expect(409);
      expect(await app.services.checkout.sweepExpiredHolds()).toEqual({ released: 1, confirmed: 0, failed: 0 });
      expect(stripe.intents.get(first.body.paymentIntentId)?.status).toBe('canceled');
      await request(app.app).get('/api/quote').query(stay).expect(200);
      // The first guest's late attempt to pay is refused by Stripe.
      const confirmAfter = await fetch(`${stripe.url}/v1/payment_intents/${first.body.paymentIntentId}/confirm`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${stripe.secretKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'payment_method=pm_card_visa',
      });
      expect(confirmAfter.status).toBe(400);
      // A second guest can now buy the nights.
      await request(app.app).post('/api/create-payment-intent').send({ amount: TOTAL / 100, bookingData: { ...stay, ...guest, email: 'second@example.com' } }).expect(200);
    } finally {
      app.cleanup();
    }
  });

  it('confirms an expired hold whose payment succeeded but whose webhook never came', async () => {
    let clock = NOW;
    const payments = createStripeGateway({ secretKey: stripe.secretKey, apiBase: stripe.url });
    const app = createTestApp({}, {}, () => clock, { payments });
    try {
      const res = await request(app.app).post('/api/create-payment-intent').send({ amount: TOTAL / 100, bookingData: { ...stay, ...guest } }).expect(200);
      await stripe.confirm(res.body.paymentIntentId);
      clock = new Date(NOW.getTime() + 20 * 60_000);
      expect(await app.services.checkout.sweepExpiredHolds()).toEqual({ released: 0, confirmed: 1, failed: 0 });
      expect(app.db.prepare('SELECT payment_status FROM booking_inquiries').all()).toEqual([{ payment_status: 'paid' }]);
      await request(app.app).get('/api/quote').query(stay).expect(409);
    } finally {
      app.cleanup();
    }
  });
});
