import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, bookingLedgerResponseSchema, quoteStayWith, quoteWithOfflinePayment } from '@ridgeline/core';
import { listBookingEvents, recordBookingMoney } from '@ridgeline/core/node';
import { snapshotDatabase } from '../test-support/db-snapshot.js';
import { payStayByCard, startPaymentsTestApp } from '../test-support/payments-test-app.js';
import { setTestPasswords, signedInAgent } from '../test-support/test-app.js';
import { LATE_PAYMENT_REFUNDS_JOB } from '../jobs/job-names.js';
import { paidGuestBooking } from '../test-support/guest-bookings.js';

const NOW = new Date('2026-11-27T15:00:00Z');
const stay = { checkin: '2026-12-10', checkout: '2026-12-13', guests: 4 };
const QUOTE = quoteStayWith(DEFAULT_SETTINGS, stay)!;
const phone = { kind: 'manual', ...stay, firstName: 'Mary', lastName: 'Jones', email: 'mary@example.com', phone: '555-0101' };

let app: Awaited<ReturnType<typeof startPaymentsTestApp>>;
let admin: ReturnType<typeof request.agent>;
beforeEach(async () => {
  app = await startPaymentsTestApp('whsec_ledger', () => NOW);
  await setTestPasswords(app.t.db);
  admin = await signedInAgent(app.t.app);
});
afterEach(() => app.stop());

const ledger = async (id: number) => bookingLedgerResponseSchema.parse((await admin.get(`/api/bookings/${id}/ledger`).expect(200)).body);

describe('offline money on a phone booking [money.offline]', () => {
  it('a check pays no card fee, is an entry with its method, and the balance due follows', async () => {
    const created = await admin.post('/api/bookings').send({ ...phone, amountPaidCents: 50_000, offlineMethod: 'check' }).expect(201);
    const id = created.body.booking.id as number;
    const total = quoteWithOfflinePayment(QUOTE, 50_000, DEFAULT_SETTINGS.cardFeeBps).totalCents;
    expect(total).toBeLessThan(QUOTE.totalCents);
    expect(created.body.booking).toMatchObject({ paymentStatus: 'partially_paid', amountPaidCents: 50_000, quote: { totalCents: total } });
    const money = await ledger(id);
    expect(money.entries).toEqual([expect.objectContaining({ kind: 'offline_payment', amountCents: 50_000, source: 'owner', method: 'check', stripeObjectId: null, balanceCents: 50_000 })]);
    expect(money).toMatchObject({ paidCents: 50_000, refundedCents: 0, refundableCents: 0, balanceDueCents: total - 50_000, offlineRefundableCents: 50_000, creditCents: 0 });
  });

  it('refuses more than what is due, naming the field and changing nothing, unless kept as credit', async () => {
    const id = (await admin.post('/api/bookings').send({ ...phone, amountPaidCents: 50_000 }).expect(201)).body.booking.id as number;
    const due = (await ledger(id)).balanceDueCents;
    const before = snapshotDatabase(app.t.db);
    const refused = await admin.post(`/api/bookings/${id}/offline-payments`).send({ kind: 'payment', method: 'cash', amountCents: due + 1 }).expect(400);
    expect(refused.body).toMatchObject({ field: 'amountCents', error: expect.stringContaining('credit') });
    expect(snapshotDatabase(app.t.db)).toEqual(before);
    // A payment of a stay asked at more than its total ($2,600 on a $2,115.62 stay) is refused when the booking is made too.
    expect((await admin.post('/api/bookings').send({ ...phone, checkin: '2027-01-10', checkout: '2027-01-13', amountPaidCents: QUOTE.totalCents + 50_000 }).expect(400)).body).toMatchObject({ field: 'amountPaidCents' });

    const paid = await admin.post(`/api/bookings/${id}/offline-payments`).send({ kind: 'payment', method: 'bank_transfer', amountCents: due + 2_500, note: 'wired', asCredit: true }).expect(201);
    const money = bookingLedgerResponseSchema.parse(paid.body);
    // Paid in full offline, the stay pays no card fee at all: the credit is what went beyond that total.
    expect(money).toMatchObject({ balanceDueCents: 0, creditCents: 50_000 + due + 2_500 - QUOTE.subtotalWithTaxesCents, paidCents: 50_000 + due + 2_500 });
    expect(money.entries.at(-1)).toMatchObject({ kind: 'offline_payment', method: 'bank_transfer', note: 'wired', balanceCents: 50_000 + due + 2_500 });
    expect((await admin.get('/api/booking-inquiries').expect(200)).body.find((b: { id: number }) => b.id === id)).toMatchObject({ paymentStatus: 'paid' });
    expect(listBookingEvents(app.t.db, id).at(-1)).toMatchObject({ kind: 'offline-payment', detail: expect.stringContaining('kept as credit') });
  });

  it('gives offline money back offline, never more than was paid offline; card money stays the card’s', async () => {
    const booking = paidGuestBooking(app.t.db);
    const card = await ledger(booking.id);
    expect(card).toMatchObject({ paidCents: booking.amountPaidCents, refundableCents: booking.amountPaidCents, offlineRefundableCents: 0 });
    expect((await admin.post(`/api/bookings/${booking.id}/offline-payments`).send({ kind: 'refund', method: 'cash', amountCents: 100 }).expect(400)).body).toMatchObject({ field: 'amountCents' });

    const id = (await admin.post('/api/bookings').send({ ...phone, checkin: '2027-01-10', checkout: '2027-01-13', amountPaidCents: 50_000, offlineMethod: 'cash' }).expect(201)).body.booking.id as number;
    await admin.post(`/api/bookings/${id}/offline-payments`).send({ kind: 'refund', method: 'cash', amountCents: 50_001 }).expect(400);
    const back = bookingLedgerResponseSchema.parse((await admin.post(`/api/bookings/${id}/offline-payments`).send({ kind: 'refund', method: 'cash', amountCents: 20_000 }).expect(201)).body);
    expect(back.entries.map((e) => [e.kind, e.amountCents, e.balanceCents])).toEqual([
      ['offline_payment', 50_000, 50_000],
      ['offline_refund', 20_000, 30_000],
    ]);
    expect(back).toMatchObject({ refundedCents: 20_000, offlineRefundableCents: 30_000, netPaidCents: 30_000 });
  });

  it('refuses bad bodies and unknown bookings by name, and only for a signed-in owner', async () => {
    const id = (await admin.post('/api/bookings').send({ ...phone, amountPaidCents: 0 }).expect(201)).body.booking.id as number;
    for (const [body, field] of [
      [{ kind: 'gift', method: 'cash', amountCents: 100 }, 'kind'],
      [{ kind: 'payment', method: 'crypto', amountCents: 100 }, 'method'],
      [{ kind: 'payment', method: 'cash', amountCents: 0 }, 'amountCents'],
      [{ kind: 'payment', method: 'cash', amountCents: 10.5 }, 'amountCents'],
      [{ kind: 'payment', method: 'cash' }, 'amountCents'],
    ] as const) {
      expect((await admin.post(`/api/bookings/${id}/offline-payments`).send(body).expect(400)).body).toMatchObject({ field });
    }
    await admin.get('/api/bookings/999/ledger').expect(404);
    await admin.get('/api/bookings/abc/ledger').expect(400);
    await request(app.t.app).get(`/api/bookings/${id}/ledger`).expect(401);
    const owner = (await admin.post('/api/bookings').send({ ...phone, kind: 'owner', checkin: '2027-02-01', checkout: '2027-02-03', lastName: '' }).expect(201)).body.booking.id as number;
    await admin.post(`/api/bookings/${owner}/offline-payments`).send({ kind: 'payment', method: 'cash', amountCents: 100 }).expect(409);
  });
});

describe('money that arrives after a cancel [money.late-payment]', () => {
  it('is refunded in full at Stripe, recorded once, put on the timeline and told to the owner', async () => {
    const booking = paidGuestBooking(app.t.db);
    await admin.post(`/api/bookings/${booking.id}/cancel`).send({ refundCents: 0 }).expect(200);
    // A payment made in a tab left open: Stripe took it after the cancel.
    const intent = await app.t.deps.payments!.createPaymentIntent({ amountCents: 25_000, description: 'late', metadata: { bookingId: String(booking.id) }, idempotencyKey: 'late-test' });
    await app.stripe.confirm(intent.id);
    recordBookingMoney(app.t.db, booking.id, { kind: 'charge', amountCents: 25_000, at: NOW.toISOString(), source: 'stripe', stripeObjectId: intent.id, paymentIntentId: intent.id }, new Date(NOW.getTime() + 1000));

    await app.t.deps.jobs!.runNow(LATE_PAYMENT_REFUNDS_JOB);
    await app.t.deps.jobs!.runNow(LATE_PAYMENT_REFUNDS_JOB);
    expect(app.t.deps.jobs!.statusOf(LATE_PAYMENT_REFUNDS_JOB)).toMatchObject({ lastError: null });
    const refunds = app.stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && !r.replayed);
    expect(refunds).toHaveLength(1);
    const money = await ledger(booking.id);
    expect(money.entries.filter((e) => e.kind === 'refund')).toEqual([expect.objectContaining({ amountCents: 25_000, paymentIntentId: intent.id, source: 'stripe', note: 'Paid after the booking was cancelled: refunded in full' })]);
    // The cancel kept the policy's share of the first payment; the late one is all given back.
    expect(money.intents.find((i) => i.paymentIntentId === intent.id)).toMatchObject({ refundableCents: 0 });
    expect(listBookingEvents(app.t.db, booking.id).map((e) => e.kind)).toContain('late-payment-refunded');
    // Our own refund is not taken for one made in Stripe's dashboard when its webhook comes back.
    expect(listBookingEvents(app.t.db, booking.id).filter((e) => e.detail.includes('dashboard'))).toEqual([]);
    const notices = (await admin.get('/api/owner-notices').expect(200)).body.notices as { kind: string; subject: string }[];
    expect(notices).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'money', subject: expect.stringContaining('refunded') })]));
  });
});

describe('why each refund was made, in the Money section [money.ledger]', () => {
  it('a refund made in Stripe’s dashboard and a cancel’s refund each say so, though Stripe’s webhook comes before the answer', async () => {
    const { id, paymentIntentId } = await payStayByCard(app, stay);
    await app.stripe.refund(paymentIntentId, 10_000);
    await expect.poll(async () => (await ledger(id)).refundedCents).toBe(10_000);
    await admin.post(`/api/bookings/${id}/cancel`).send({ reason: 'Guest asked to cancel' }).expect(200);
    const refunds = (await ledger(id)).entries.filter((e) => e.kind === 'refund');
    expect(refunds).toEqual([
      expect.objectContaining({ amountCents: 10_000, note: 'Refund made at Stripe' }),
      expect.objectContaining({ amountCents: expect.any(Number), note: 'Guest asked to cancel' }),
    ]);
  });
});
