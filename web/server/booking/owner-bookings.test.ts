import Stripe from 'stripe';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, formatCents, priceStay, quoteWithOfflinePayment } from '@ridgeline/core';
import { createStripeGateway, ledgerSummary, listBookingEvents, type MailMessage, type Mailer } from '@ridgeline/core/node';
import { snapshotDatabase } from '../test-support/db-snapshot.js';
import { startStripeStandIn, type StripeStandIn } from '../test-support/stripe-stand-in.js';
import { type createTestApp, type signedInAgent, createSignedInTestApp } from '../test-support/test-app.js';

const WEBHOOK_SECRET = 'whsec_test_secret';
const NOW = new Date('2026-11-21T15:00:00Z');
const stay = { checkin: '2026-12-10', checkout: '2026-12-12', guests: 2 };
const QUOTE = priceStay(stay.checkin, stay.checkout)!;
const TOTAL = QUOTE.totalCents;
/** The total once $100 was paid offline: no card fee on it ([money.offline]). */
const TOTAL_AFTER_100 = quoteWithOfflinePayment(QUOTE, 10000, DEFAULT_SETTINGS.cardFeeBps).totalCents;
const phoneBooking = { kind: 'manual', ...stay, firstName: 'Mary', lastName: 'Jones', email: 'mary@example.com', phone: '555-0101', amountPaidCents: 10000, notes: 'Called Monday' };
const ownerStay = { kind: 'owner', checkin: '2026-12-20', checkout: '2026-12-23', guests: 5, firstName: 'Sam' };

let stripe: StripeStandIn;
let t: ReturnType<typeof createTestApp>;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
let mail: MailMessage[];

beforeEach(async () => {
  stripe = await startStripeStandIn();
  mail = [];
  const mailer: Mailer = { enabled: true, send: async (m) => (mail.push(m), { sent: true }) };
  const payments = createStripeGateway({ secretKey: stripe.secretKey, webhookSecret: WEBHOOK_SECRET, apiBase: stripe.url });
  ({ admin, ...t } = await createSignedInTestApp({}, {}, () => NOW, { payments, mailer }));
});
afterEach(async () => {
  t.cleanup();
  await stripe.close();
});

const bookableNights = async (startDate: string, endDate: string) =>
  ((await request(t.app).get('/api/availability/public').query({ startDate, endDate }).expect(200)).body.days as { date: string; bookable: boolean }[]).filter((d) => d.bookable).map((d) => d.date);
const feed = async (variant: 'platformFeedUrl' | 'ownerFeedUrl') => {
  const url = new URL((await admin.get('/api/calendar/feed').expect(200)).body[variant] as string);
  return (await request(t.app).get(url.pathname).query(Object.fromEntries(url.searchParams)).expect(200)).text;
};
const signedEvent = (id: string, pi: object) => {
  const payload = JSON.stringify({ id, object: 'event', type: 'payment_intent.succeeded', data: { object: { object: 'payment_intent', ...pi } } });
  return { payload, header: new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
};
/** The booking's row and what its ledger says was paid for the stay ([money.ledger]). */
const bookingRow = (id: number) => ({
  ...(t.db.prepare('SELECT payment_status, stripe_payment_intent_id FROM booking_inquiries WHERE id = ?').get(id) as object),
  amount_paid_cents: ledgerSummary(t.db, id).stayPaidCents,
});

describe('POST /api/bookings [bookings.owner-create]', () => {
  it('records a phone booking and an owner stay that close their nights and show as stays, in the list and in the feed', async () => {
    const trigger = vi.spyOn(t.deps.jobs!, 'trigger');
    const manual = await admin.post('/api/bookings').send(phoneBooking).expect(201);
    expect(manual.body.booking).toMatchObject({ kind: 'manual', status: 'confirmed', paymentStatus: 'partially_paid', amountPaidCents: 10000, quote: { totalCents: TOTAL_AFTER_100 }, notes: 'Called Monday' });
    expect(trigger).toHaveBeenCalledWith('cleaning-reconcile');
    const owner = await admin.post('/api/bookings').send(ownerStay).expect(201);
    expect(owner.body.booking).toMatchObject({ kind: 'owner', paymentStatus: 'not_applicable', quote: null, lastName: '' });

    expect(await bookableNights('2026-12-09', '2026-12-23')).toEqual(['2026-12-09', '2026-12-12', '2026-12-13', '2026-12-14', '2026-12-15', '2026-12-16', '2026-12-17', '2026-12-18', '2026-12-19', '2026-12-23']);
    const stays = (await admin.get('/api/stays').query({ from: '2026-12-01', to: '2026-12-31' }).expect(200)).body.stays;
    expect(stays).toEqual([
      expect.objectContaining({ channel: 'manual', checkin: '2026-12-10', guestName: 'Mary Jones', bookingId: manual.body.booking.id, status: 'confirmed' }),
      expect.objectContaining({ channel: 'owner', checkin: '2026-12-20', guestName: 'Sam', bookingId: owner.body.booking.id }),
    ]);
    const list = (await admin.get('/api/booking-inquiries').expect(200)).body as { kind: string }[];
    expect(list.map((b) => b.kind)).toEqual(['owner', 'manual']);
    expect(listBookingEvents(t.db, manual.body.booking.id)).toMatchObject([{ kind: 'created', detail: 'Phone booking recorded by the owner' }]);
    expect(listBookingEvents(t.db, owner.body.booking.id)).toMatchObject([{ kind: 'created', detail: 'Owner stay' }]);

    const platform = await feed('platformFeedUrl');
    expect(platform.match(/SUMMARY:Reserved/g)).toHaveLength(2);
    for (const secret of ['Mary', 'Jones', 'mary@example.com', '555-0101', 'Sam', 'Owner stay']) expect(platform).not.toContain(secret);
    const ownerFeed = await feed('ownerFeedUrl');
    expect(ownerFeed).toContain('SUMMARY:Reserved: Mary Jones (2 guests)');
    expect(ownerFeed).toContain('SUMMARY:Owner stay: Sam (5 guests)');
    // Audited as the owner's change.
    expect(t.db.prepare("SELECT action FROM audit_log WHERE action = 'booking added'").all()).toHaveLength(2);
  });

  it("refuses a paid booking's night and a live hold's night with the closed dates, storing nothing", async () => {
    await admin.post('/api/bookings').send({ ...phoneBooking, amountPaidCents: QUOTE.subtotalWithTaxesCents }).expect(201);
    const hold = await request(t.app)
      .post('/api/create-payment-intent')
      .send({ amount: priceStay('2026-12-15', '2026-12-17')!.totalCents / 100, bookingData: { checkin: '2026-12-15', checkout: '2026-12-17', guests: 2, firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' } })
      .expect(200);
    expect(hold.body.paymentIntentId).toMatch(/^pi_/);
    const before = snapshotDatabase(t.db);
    const onPaid = await admin.post('/api/bookings').send({ ...ownerStay, checkin: '2026-12-08', checkout: '2026-12-11' }).expect(409);
    expect(onPaid.body).toEqual({ error: 'Some nights of this stay are already taken', closedDates: ['2026-12-10'] });
    const onHold = await admin.post('/api/bookings').send({ ...phoneBooking, checkin: '2026-12-16', checkout: '2026-12-18' }).expect(409);
    expect(onHold.body.closedDates).toEqual(['2026-12-16']);
    expect(snapshotDatabase(t.db)).toEqual(before);
  });

  it("is not bound by the owner's selling rules", async () => {
    await admin.put('/api/settings').send({ minNights: 4, advanceNoticeDays: 30 }).expect(200);
    await admin.post('/api/bookings').send(phoneBooking).expect(201);
  });

  it('answers 400 naming the field for a bad body, storing nothing; 401 without a session', async () => {
    const before = snapshotDatabase(t.db);
    const cases: [object, string][] = [
      [{ ...phoneBooking, kind: 'direct' }, 'kind'],
      [{ ...phoneBooking, checkin: '2026-02-30' }, 'checkin'],
      [{ ...phoneBooking, checkout: stay.checkin }, 'checkout'],
      [{ ...phoneBooking, checkin: '2026-11-01', checkout: '2026-11-03' }, 'checkin'],
      [{ ...phoneBooking, checkout: '2027-03-01' }, 'checkout'],
      [{ ...phoneBooking, guests: 13 }, 'guests'],
      [{ ...phoneBooking, firstName: '  ' }, 'firstName'],
      [{ ...phoneBooking, lastName: '' }, 'lastName'],
      [{ ...phoneBooking, email: 'not-an-address' }, 'email'],
      [{ ...phoneBooking, amountPaidCents: 10.5 }, 'amountPaidCents'],
      [{ ...phoneBooking, amountPaidCents: -1 }, 'amountPaidCents'],
      [{ ...phoneBooking, notes: 7 }, 'notes'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post('/api/bookings').send(body);
      expect([res.status, res.body.field], JSON.stringify(body)).toEqual([400, field]);
    }
    await request(t.app).post('/api/bookings').send(phoneBooking).expect(401);
    expect(snapshotDatabase(t.db)).toEqual(before);
  });
});

describe('payment links [bookings.payment-link]', () => {
  async function linkOf(body: object = phoneBooking) {
    const { booking } = (await admin.post('/api/bookings').send(body).expect(201)).body as { booking: { id: number } };
    const sent = await admin.post(`/api/bookings/${booking.id}/payment-link`).expect(200);
    const token = new URL(sent.body.url as string).searchParams.get('link')!;
    return { id: booking.id, token, sent: sent.body as { url: string; amountDueCents: number; emailed: boolean } };
  }

  it('without SMTP says the link was not sent, in the answer and the history ([notices.honest])', async () => {
    const payments = createStripeGateway({ secretKey: stripe.secretKey, webhookSecret: WEBHOOK_SECRET, apiBase: stripe.url });
    // No mailer given: the app's own, which only logs without SMTP_URL.
    const noSmtp = await createSignedInTestApp({}, {}, () => NOW, { payments });
    try {
      const { booking } = (await noSmtp.admin.post('/api/bookings').send(phoneBooking).expect(201)).body as { booking: { id: number } };
      const sent = (await noSmtp.admin.post(`/api/bookings/${booking.id}/payment-link`).expect(200)).body as { emailed: boolean; mail: string; url: string };
      expect(sent).toMatchObject({ emailed: false, mail: 'not-configured' });
      expect(sent.url).toContain('/checkout?link=');
      const timeline = JSON.stringify((await noSmtp.admin.get(`/api/bookings/${booking.id}/timeline`).expect(200)).body);
      expect(timeline).toContain('Not sent: e-mail is not set up');
      expect(timeline).not.toMatch(/e-mailed/i);
    } finally {
      noSmtp.cleanup();
    }
  });

  it('e-mails the link for what is left, then the guest pays it and the booking is paid once', async () => {
    const { id, token, sent } = await linkOf();
    expect(sent).toEqual({ url: expect.stringMatching(/\/checkout\?link=[A-Za-z0-9_-]{32}$/), amountDueCents: TOTAL_AFTER_100 - 10000, emailed: true, mail: 'sent' });
    expect(sent.url.startsWith(`${t.config.publicUrl}/checkout?link=`)).toBe(true);
    expect(mail).toEqual([expect.objectContaining({ to: 'mary@example.com', subject: expect.stringContaining('Pay for your stay') })]);
    expect(mail[0]!.text).toContain(sent.url);
    expect(mail[0]!.text).toContain(`Amount due: ${formatCents(TOTAL_AFTER_100 - 10000)}`);
    // Sending again keeps the link.
    expect((await admin.post(`/api/bookings/${id}/payment-link`).expect(200)).body.url).toBe(sent.url);

    const view = await request(t.app).get(`/api/payment-link/${token}`).expect(200);
    expect(view.body).toMatchObject({ ...stay, firstName: 'Mary', lastName: 'Jones', amountDueCents: TOTAL_AFTER_100 - 10000, quote: { totalCents: TOTAL_AFTER_100 } });
    expect(view.body.quote.terms).toBeUndefined();

    const intent = await request(t.app).post(`/api/payment-link/${token}/payment-intent`).send({ amount: 1 }).expect(200);
    expect(intent.body).toMatchObject({ amount: TOTAL_AFTER_100 - 10000, paymentIntentId: expect.stringMatching(/^pi_/), clientSecret: expect.any(String) });
    const again = await request(t.app).post(`/api/payment-link/${token}/payment-intent`).expect(200);
    expect(again.body.paymentIntentId).toBe(intent.body.paymentIntentId);
    const created = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(created).toHaveLength(1);
    expect(created[0]!.body).toMatchObject({ amount: String(TOTAL_AFTER_100 - 10000), currency: 'usd', receipt_email: 'mary@example.com', metadata: { bookingId: String(id), paymentLink: 'true' } });
    expect(created[0]!.idempotencyKey).toMatch(/^ridgeline-payment-link-[0-9a-f-]{36}$/);

    // Not paid yet: nothing credited.
    expect((await request(t.app).post(`/api/payment-link/${token}/confirm`).send({ paymentIntentId: intent.body.paymentIntentId }).expect(200)).body).toEqual({ paid: false });
    await stripe.confirm(intent.body.paymentIntentId, 'pm_card_visa');
    expect((await request(t.app).post(`/api/payment-link/${token}/confirm`).send({ paymentIntentId: intent.body.paymentIntentId }).expect(200)).body).toEqual({ paid: true });
    expect((await request(t.app).post(`/api/payment-link/${token}/confirm`).send({ paymentIntentId: intent.body.paymentIntentId }).expect(200)).body).toEqual({ paid: true });
    expect(bookingRow(id)).toEqual({ payment_status: 'paid', amount_paid_cents: TOTAL_AFTER_100, stripe_payment_intent_id: intent.body.paymentIntentId });
    expect(mail.filter((m) => m.subject.includes('is confirmed'))).toHaveLength(1);
    expect(listBookingEvents(t.db, id).map((e) => e.kind)).toEqual(['created', 'payment-link-sent', 'payment-link-sent', 'paid', 'confirmation-emailed']);

    // Paid: the link is spent.
    expect((await request(t.app).get(`/api/payment-link/${token}`).expect(409)).body.status).toBe('paid');
    await request(t.app).post(`/api/payment-link/${token}/payment-intent`).expect(409);
    expect((await admin.post(`/api/bookings/${id}/payment-link`).expect(409)).body.error).toBe('Nothing is left to pay on this booking');
  });

  it("credits the payment from Stripe's webhook, then the page's confirm changes nothing", async () => {
    const { id, token } = await linkOf({ ...phoneBooking, amountPaidCents: 0 });
    const intent = await request(t.app).post(`/api/payment-link/${token}/payment-intent`).expect(200);
    const pi = await stripe.confirm(intent.body.paymentIntentId, 'pm_card_visa');
    const { payload, header } = signedEvent('evt_link_1', pi);
    await request(t.app).post('/api/stripe/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', header).send(payload).expect(200);
    expect(bookingRow(id)).toMatchObject({ payment_status: 'paid', amount_paid_cents: TOTAL });
    expect((await request(t.app).post(`/api/payment-link/${token}/confirm`).send({ paymentIntentId: intent.body.paymentIntentId }).expect(200)).body).toEqual({ paid: true });
    expect(bookingRow(id)).toMatchObject({ amount_paid_cents: TOTAL });
    expect(listBookingEvents(t.db, id).filter((e) => e.kind === 'paid')).toHaveLength(1);
    expect(mail.filter((m) => m.subject.includes('is confirmed'))).toHaveLength(1);
  });

  it("counts the link's PaymentIntent requests in the checkout's PaymentIntent limit", async () => {
    t.cleanup();
    const payments = createStripeGateway({ secretKey: stripe.secretKey, webhookSecret: WEBHOOK_SECRET, apiBase: stripe.url });
    ({ admin, ...t } = await createSignedInTestApp({ PAYMENT_INTENT_LIMIT: '2' }, {}, () => NOW, { payments }));
    const { token } = await linkOf();
    await request(t.app).post(`/api/payment-link/${token}/payment-intent`).expect(200);
    await request(t.app).post(`/api/payment-link/${token}/payment-intent`).expect(200);
    const limited = await request(t.app)
      .post('/api/create-payment-intent')
      .send({ amount: priceStay('2027-01-10', '2027-01-12')!.totalCents / 100, bookingData: { checkin: '2027-01-10', checkout: '2027-01-12', guests: 2, firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' } })
      .expect(429);
    expect(limited.body.error).toMatch(/Too many payment attempts/);
    await request(t.app).post(`/api/payment-link/${token}/payment-intent`).expect(429);
  });

  it('refuses other tokens, other PaymentIntents, owner stays and unknown bookings', async () => {
    const { token } = await linkOf();
    await request(t.app).get('/api/payment-link/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').expect(404);
    await request(t.app).get('/api/payment-link/x').expect(404);
    await request(t.app).post('/api/payment-link/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/payment-intent').expect(404);
    const other = await request(t.app).post(`/api/payment-link/${token}/confirm`).send({ paymentIntentId: 'pi_someone_else' }).expect(400);
    expect(other.body.field).toBe('paymentIntentId');
    expect((await request(t.app).post(`/api/payment-link/${token}/confirm`).send({}).expect(400)).body.field).toBe('paymentIntentId');
    const owner = await admin.post('/api/bookings').send(ownerStay).expect(201);
    await admin.post(`/api/bookings/${owner.body.booking.id}/payment-link`).expect(409);
    await admin.post('/api/bookings/9999/payment-link').expect(404);
    expect((await admin.post('/api/bookings/abc/payment-link').expect(400)).body.field).toBe('id');
    await request(t.app).post(`/api/bookings/${owner.body.booking.id}/payment-link`).expect(401);
  });
});

describe('GET /api/bookings/quote [bookings.owner-quote]', () => {
  it('answers the price a phone booking of the stay would be recorded at, storing nothing', async () => {
    const before = snapshotDatabase(t.db);
    const res = await admin.get('/api/bookings/quote').query(stay).expect(200);
    expect(res.body.quote).toMatchObject({ nights: 2, accommodationCents: QUOTE.accommodationCents, totalCents: TOTAL });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(snapshotDatabase(t.db)).toEqual(before);
    // The same total the booking gets when nothing is paid yet.
    const recorded = await admin.post('/api/bookings').send({ ...phoneBooking, amountPaidCents: 0 }).expect(201);
    expect(recorded.body.booking.quote.totalCents).toBe(res.body.quote.totalCents);
  });

  it('is not bound by the selling rules: a one-night stay the guests could not book is priced', async () => {
    const res = await admin.get('/api/bookings/quote').query({ checkin: '2026-12-10', checkout: '2026-12-11', guests: '1' }).expect(200);
    expect(res.body.quote.nights).toBe(1);
  });

  it.each([
    [{ ...stay, checkin: 'soon' }, 'checkin'],
    [{ ...stay, checkout: stay.checkin }, 'checkout'],
    [{ ...stay, checkin: '2026-11-01', checkout: '2026-11-03' }, 'checkin'],
    [{ ...stay, guests: '0' }, 'guests'],
    [{ ...stay, guests: '40' }, 'guests'],
    [{ checkin: stay.checkin, checkout: stay.checkout }, 'guests'],
  ])('refuses %j with 400 naming %s', async (query, field) => {
    const res = await admin.get('/api/bookings/quote').query(query).expect(400);
    expect(res.body.field).toBe(field);
  });

  it('is the owner\'s only', async () => {
    await request(t.app).get('/api/bookings/quote').query(stay).expect(401);
  });
});
