import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { priceStay } from '@ridgeline/core';
import { getBookingInquiry, listBookingEvents, listBookingRefunds, listOwnerNotices, type MailMessage } from '@ridgeline/core/node';
import type { StripeStandIn } from '../test-support/stripe-stand-in.js';
import { CARD_GUEST as GUEST, startPaymentsTestApp, type PaymentsTestApp } from '../test-support/payments-test-app.js';
import { setTestPasswords, signedInAgent } from '../test-support/test-app.js';

/**
 * Cancellations with refunds through the real API ([booking.cancel], [booking.refund],
 * [cancel.refund-due], [stripe.refund-webhook], [stripe.dispute]): the app on a temp SQLite,
 * listening so the Stripe stand-in delivers its signed webhooks, as Stripe would.
 */

const WEBHOOK_SECRET = 'whsec_cancel_test';
const NOW = new Date('2026-11-21T15:00:00Z');
// 19 days ahead: the default policy refunds all of it.
const STAY = { checkin: '2026-12-10', checkout: '2026-12-12', guests: 2 };
const TOTAL = priceStay(STAY.checkin, STAY.checkout)!.totalCents;

let stripe: StripeStandIn;
let t: PaymentsTestApp['t'];
let app: PaymentsTestApp;
let mail: MailMessage[];
let admin: Awaited<ReturnType<typeof signedInAgent>>;

beforeEach(async () => {
  app = await startPaymentsTestApp(WEBHOOK_SECRET, () => NOW);
  ({ t, stripe, mail } = app);
  await setTestPasswords(t.db);
  admin = await signedInAgent(t.app);
});
afterEach(() => app.stop());

/** A guest's checkout paid by card; the stand-in's payment_intent.succeeded webhook confirms it. */
async function paidBooking(stay = STAY) {
  const amount = priceStay(stay.checkin, stay.checkout)!.totalCents;
  const intent = await request(t.app)
    .post('/api/create-payment-intent')
    .send({ amount: amount / 100, bookingData: { ...stay, ...GUEST } })
    .expect(200);
  await stripe.confirm(intent.body.paymentIntentId, 'pm_card_visa');
  const booking = t.db.prepare('SELECT id FROM booking_inquiries WHERE stripe_payment_intent_id = ?').get(intent.body.paymentIntentId) as { id: number };
  mail.length = 0;
  return { id: booking.id, paymentIntentId: intent.body.paymentIntentId as string, amount };
}

const refundRequests = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
const bookable = async (stay = STAY) => {
  const res = await request(t.app).get('/api/availability/public').query({ startDate: stay.checkin, endDate: stay.checkin }).expect(200);
  return res.body.days[0].bookable as boolean;
};
const feed = async () => {
  const url = new URL((await admin.get('/api/calendar/feed').expect(200)).body.platformFeedUrl);
  return (await request(t.app).get(url.pathname + url.search).expect(200)).text;
};

describe('POST /api/bookings/:id/cancel', () => {
  it("refunds the policy's amount once, opens the nights, drops the stay from the feed and e-mails the guest", async () => {
    const booking = await paidBooking();
    expect(await bookable()).toBe(false);
    expect(await feed()).toContain('Reserved');

    const res = await admin.post(`/api/bookings/${booking.id}/cancel`).send({ reason: 'Guest asked' }).expect(200);
    expect(res.body.refund).toMatchObject({ amountCents: TOTAL, status: 'succeeded', stripeRefundId: expect.stringMatching(/^re_/) });
    expect(res.body.booking).toMatchObject({ status: 'cancelled', cancelledBy: 'owner', cancelReason: 'Guest asked', refundedCents: TOTAL, paymentStatus: 'refunded' });
    // Stripe got exactly one refund, of the PaymentIntent, with our random key.
    expect(refundRequests()).toHaveLength(1);
    expect(refundRequests()[0]).toMatchObject({ body: { payment_intent: booking.paymentIntentId, amount: String(TOTAL) }, idempotencyKey: expect.stringMatching(/^ridgeline-refund-[0-9a-f]{32}$/) });
    expect(stripe.refunds.map((r) => r.amount)).toEqual([TOTAL]);

    // A second click: 409, and still one refund.
    const again = await admin.post(`/api/bookings/${booking.id}/cancel`).send({}).expect(409);
    expect(again.body.error).toBe('This booking is already cancelled');
    expect(stripe.refunds).toHaveLength(1);
    // The charge.refunded webhook that arrived meanwhile matched our refund: one row.
    expect(listBookingRefunds(t.db, booking.id)).toMatchObject([{ source: 'owner', amountCents: TOTAL, status: 'succeeded', stripeRefundId: res.body.refund.stripeRefundId }]);

    expect(await bookable()).toBe(true);
    await request(t.app).get('/api/quote').query(STAY).expect(200);
    expect(await feed()).not.toContain('Reserved');

    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: GUEST.email, subject: expect.stringContaining('cancelled') });
    expect(mail[0]?.text).toContain('Reason: Guest asked');
    expect(mail[0]?.text).toContain('5–10 business days');
    expect(mail[0]?.text).toContain(`Refund: $${(TOTAL / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);

    expect(listBookingEvents(t.db, booking.id).map((e) => e.kind)).toEqual(expect.arrayContaining(['refunded', 'cancelled', 'cancellation-emailed']));
    expect(listOwnerNotices(t.db).filter((n) => n.kind === 'cancellation')).toMatchObject([{ bookingId: booking.id }]);
    // Audit-logged once: the refused second click is not a change.
    expect(t.db.prepare("SELECT area FROM audit_log WHERE action = 'booking cancelled'").all()).toEqual([{ area: 'admin' }]);
  });

  it('refunds the amount the owner gives, and refuses more than is left (400 naming refundCents)', async () => {
    const booking = await paidBooking();
    const tooMuch = await admin.post(`/api/bookings/${booking.id}/cancel`).send({ refundCents: TOTAL + 1 }).expect(400);
    expect(tooMuch.body).toMatchObject({ field: 'refundCents', refundableCents: TOTAL });
    expect(refundRequests()).toHaveLength(0);
    const res = await admin.post(`/api/bookings/${booking.id}/cancel`).send({ refundCents: 5000 }).expect(200);
    expect(res.body.booking).toMatchObject({ refundedCents: 5000, paymentStatus: 'partially_refunded', status: 'cancelled' });
    expect(stripe.refunds.map((r) => r.amount)).toEqual([5000]);
  });

  it('refunds once when two cancels arrive together, the owner twice or the owner and the guest', async () => {
    const twice = await paidBooking();
    const answers = await Promise.all([admin.post(`/api/bookings/${twice.id}/cancel`).send({}), admin.post(`/api/bookings/${twice.id}/cancel`).send({})]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(refundRequests()).toHaveLength(1);

    const other = await paidBooking({ checkin: '2026-12-20', checkout: '2026-12-22', guests: 2 });
    const token = (t.db.prepare('SELECT guest_token FROM booking_inquiries WHERE id = ?').get(other.id) as { guest_token: string }).guest_token;
    const both = await Promise.all([admin.post(`/api/bookings/${other.id}/cancel`).send({}), request(t.app).post(`/api/stay/${token}/cancel`)]);
    expect(both.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(refundRequests()).toHaveLength(2);
    expect(stripe.refunds.map((r) => r.payment_intent)).toEqual([twice.paymentIntentId, other.paymentIntentId]);
  });

  it('cancels without a refund when the owner gives 0: Stripe is not asked', async () => {
    const booking = await paidBooking();
    const res = await admin.post(`/api/bookings/${booking.id}/cancel`).send({ refundCents: 0 }).expect(200);
    expect(res.body).toMatchObject({ refund: null, booking: { status: 'cancelled', paymentStatus: 'paid', refundedCents: 0 } });
    expect(refundRequests()).toHaveLength(0);
    expect(mail[0]?.text).toContain('none is due');
  });

  it.each([
    [{ refundCents: -1 }, 'refundCents'],
    [{ refundCents: 10.5 }, 'refundCents'],
    [{ refundCents: '100' }, 'refundCents'],
    [{ reason: 'x'.repeat(501) }, 'reason'],
    [{ other: 1 }, 'body'],
  ])('answers 400 for %j naming %s, and changes nothing', async (body, field) => {
    const booking = await paidBooking();
    const res = await admin.post(`/api/bookings/${booking.id}/cancel`).send(body).expect(400);
    expect(res.body.field).toBe(field);
    expect(getBookingInquiry(t.db, booking.id)?.cancelledAt).toBeNull();
  });

  it('answers 404 for an unknown booking, 400 for a bad id, 401 without a session', async () => {
    await admin.post('/api/bookings/999/cancel').send({}).expect(404);
    expect((await admin.post('/api/bookings/abc/cancel').send({}).expect(400)).body.field).toBe('id');
    await request(t.app).post('/api/bookings/1/cancel').send({}).expect(401);
  });

  it("answers 502 with Stripe's message when Stripe fails, cancels nothing, and the retry refunds once", async () => {
    const booking = await paidBooking();
    stripe.failNext(3);
    const failed = await admin.post(`/api/bookings/${booking.id}/cancel`).send({}).expect(502);
    expect(failed.body.error).toContain('Something went wrong');
    expect(getBookingInquiry(t.db, booking.id)).toMatchObject({ cancelledAt: null, refundedCents: 0, paymentStatus: 'paid' });
    expect(await bookable()).toBe(false);
    await admin.post(`/api/bookings/${booking.id}/cancel`).send({}).expect(200);
    expect(stripe.refunds).toHaveLength(1);
    // Every attempt used the one key stored with the refund.
    expect(new Set(refundRequests().map((r) => r.idempotencyKey)).size).toBe(1);
  });

  it('GET /api/bookings/:id/refund-quote says what a cancel today refunds', async () => {
    // 9 days ahead: the default policy refunds half.
    const booking = await paidBooking({ checkin: '2026-11-30', checkout: '2026-12-02', guests: 2 });
    const res = await admin.get(`/api/bookings/${booking.id}/refund-quote`).expect(200);
    expect(res.body).toMatchObject({ policyRefundCents: Math.floor(booking.amount / 2), refundableCents: booking.amount });
    expect(res.body.policyLines[0]).toContain('Full refund');
    await admin.get('/api/bookings/999/refund-quote').expect(404);
  });
});

describe('the cancellation service: the guest cancels (as the guest page does)', () => {
  it("refunds the policy's share whatever the guest asks, and says so in the e-mail", async () => {
    // 9 days ahead: the default policy refunds half.
    const booking = await paidBooking({ checkin: '2026-11-30', checkout: '2026-12-02', guests: 2 });
    const result = await t.services.cancellation.cancel({ bookingId: booking.id, by: 'guest', refundCents: booking.amount });
    expect(result).toMatchObject({ ok: true, refund: { amountCents: Math.floor(booking.amount / 2) }, booking: { cancelledBy: 'guest', paymentStatus: 'partially_refunded' } });
    expect(stripe.refunds.map((r) => r.amount)).toEqual([Math.floor(booking.amount / 2)]);
    expect(mail[0]?.text).toContain('As you asked, your stay');
    expect(await t.services.cancellation.cancel({ bookingId: booking.id, by: 'guest' })).toMatchObject({ ok: false, reason: 'not-cancellable' });
  });
});

describe("Stripe's charge webhooks", () => {
  it("charge.refunded: a refund made in Stripe's dashboard is kept in step; the stay stays booked", async () => {
    const booking = await paidBooking();
    await stripe.refund(booking.paymentIntentId, 20_000);
    expect(getBookingInquiry(t.db, booking.id)).toMatchObject({ refundedCents: 20_000, paymentStatus: 'partially_refunded', cancelledAt: null, status: 'confirmed' });
    expect(listBookingRefunds(t.db, booking.id)).toMatchObject([{ source: 'stripe', amountCents: 20_000, status: 'succeeded' }]);
    expect(listBookingEvents(t.db, booking.id).find((e) => e.kind === 'refunded')?.detail).toContain("Stripe's dashboard");
    expect(await bookable()).toBe(false);
    // The owner's cancel now refunds at most what is left.
    const tooMuch = await admin.post(`/api/bookings/${booking.id}/cancel`).send({ refundCents: TOTAL }).expect(400);
    expect(tooMuch.body.refundableCents).toBe(TOTAL - 20_000);
  });

  it('charge.dispute.created flags the booking and tells the owner once', async () => {
    const booking = await paidBooking();
    await stripe.dispute(booking.paymentIntentId);
    expect(getBookingInquiry(t.db, booking.id)?.disputeStatus).toBe('needs_response');
    expect(listBookingEvents(t.db, booking.id).filter((e) => e.kind === 'dispute-opened')).toHaveLength(1);
    expect(listOwnerNotices(t.db).filter((n) => n.kind === 'dispute')).toMatchObject([{ bookingId: booking.id, subject: expect.stringContaining('Dispute opened') }]);
  });
});
