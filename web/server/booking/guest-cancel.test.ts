import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { guestCancelResponseSchema, guestStayResponseSchema, priceStay } from '@ridgeline/core';
import { getBookingInquiry, listBookingEvents, type MailMessage } from '@ridgeline/core/node';
import type { StripeStandIn } from '../test-support/stripe-stand-in.js';
import { CARD_GUEST as GUEST, startPaymentsTestApp, type PaymentsTestApp } from '../test-support/payments-test-app.js';

/**
 * The guest cancels from their page ([guest.cancel]): `POST /api/stay/{token}/cancel` through the
 * real app on a temp SQLite, refunds at the Stripe stand-in (which delivers its signed webhooks).
 */
const WEBHOOK_SECRET = 'whsec_guest_cancel_test';
// 2026-11-21 10:00 in Georgia; the stay checks in 9 days later: the default policy refunds half.
const NOW = new Date('2026-11-21T15:00:00Z');
const STAY = { checkin: '2026-11-30', checkout: '2026-12-02', guests: 2 };
const TOTAL = priceStay(STAY.checkin, STAY.checkout)!.totalCents;

let stripe: StripeStandIn;
let t: PaymentsTestApp['t'];
let app: PaymentsTestApp;
let mail: MailMessage[];
const clock = { now: NOW };

beforeEach(async () => {
  clock.now = NOW;
  app = await startPaymentsTestApp(WEBHOOK_SECRET, () => clock.now);
  ({ t, stripe, mail } = app);
});
afterEach(() => app.stop());

/** A guest's checkout paid by card, confirmed by the stand-in's webhook; its guest-page path. */
async function paidBooking() {
  const intent = await request(t.app)
    .post('/api/create-payment-intent')
    .send({ amount: TOTAL / 100, bookingData: { ...STAY, ...GUEST } })
    .expect(200);
  await stripe.confirm(intent.body.paymentIntentId, 'pm_card_visa');
  const { id } = t.db.prepare('SELECT id FROM booking_inquiries WHERE stripe_payment_intent_id = ?').get(intent.body.paymentIntentId) as { id: number };
  const booking = getBookingInquiry(t.db, id)!;
  expect(booking.status).toBe('confirmed');
  mail.length = 0;
  return { id, path: `/api/stay/${booking.guestToken}`, paymentIntentId: intent.body.paymentIntentId as string };
}

const refundRequests = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
const bookable = async () => {
  const res = await request(t.app).get('/api/availability/public').query({ startDate: STAY.checkin, endDate: STAY.checkin }).expect(200);
  return res.body.days[0].bookable as boolean;
};

describe('POST /api/stay/{token}/cancel ([guest.cancel])', () => {
  it("cancels with the policy's refund: one refund at Stripe, nights open again, the page shows it cancelled", async () => {
    const booking = await paidBooking();
    const before = guestStayResponseSchema.parse((await request(t.app).get(booking.path).expect(200)).body).booking;
    expect(before).toMatchObject({ canCancel: true, refundTodayCents: Math.floor(TOTAL / 2) });
    expect(await bookable()).toBe(false);

    const res = await request(t.app).post(`${booking.path}/cancel`).expect(200);
    const answer = guestCancelResponseSchema.parse(res.body);
    expect(answer.refund).toEqual({ amountCents: Math.floor(TOTAL / 2), status: 'succeeded' });
    expect(answer.booking).toMatchObject({ status: 'cancelled', cancelledBy: 'guest', canCancel: false, refundTodayCents: 0, refundedCents: Math.floor(TOTAL / 2), amountPaidCents: TOTAL });
    expect(refundRequests()).toHaveLength(1);
    expect(refundRequests()[0]).toMatchObject({ body: { payment_intent: booking.paymentIntentId, amount: String(Math.floor(TOTAL / 2)) } });
    expect(await bookable()).toBe(true);
    expect(mail.map((m) => m.to)).toContain('ann@example.com');
    expect(listBookingEvents(t.db, booking.id).map((e) => e.kind)).toEqual(expect.arrayContaining(['refunded', 'cancelled']));

    // A second click: 409, never a second refund.
    expect((await request(t.app).post(`${booking.path}/cancel`).send({}).expect(409)).body).toMatchObject({ error: 'This booking is already cancelled' });
    expect(stripe.refunds).toHaveLength(1);
    expect((await request(t.app).get(booking.path).expect(200)).body.booking).toMatchObject({ status: 'cancelled', canCancel: false });
  });

  it('refunds once when two cancels arrive together (a double click)', async () => {
    const booking = await paidBooking();
    const answers = await Promise.all([request(t.app).post(`${booking.path}/cancel`), request(t.app).post(`${booking.path}/cancel`)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(refundRequests()).toHaveLength(1);
    expect(stripe.refunds).toHaveLength(1);
    expect(getBookingInquiry(t.db, booking.id)).toMatchObject({ status: 'cancelled', refundedCents: Math.floor(TOTAL / 2) });
  });

  it('answers 502 when Stripe fails and changes nothing; the retry refunds once', async () => {
    const booking = await paidBooking();
    stripe.failNext(3);
    const failed = await request(t.app).post(`${booking.path}/cancel`).expect(502);
    expect(failed.body.error).toBe('The refund could not be made right now, so your booking was not cancelled. Please try again in a few minutes.');
    expect(getBookingInquiry(t.db, booking.id)).toMatchObject({ cancelledAt: null, refundedCents: 0, status: 'confirmed' });
    expect(await bookable()).toBe(false);
    await request(t.app).post(`${booking.path}/cancel`).expect(200);
    expect(stripe.refunds).toHaveLength(1);
  });

  it('answers 404 for unknown tokens, 400 for a body, 409 once check-in has passed', async () => {
    const booking = await paidBooking();
    const unknown = await request(t.app).post(`/api/stay/${'D'.repeat(32)}/cancel`).expect(404);
    expect(unknown.body).toEqual({ error: 'We could not find this booking' });
    expect((await request(t.app).post('/api/stay/nope/cancel').expect(404)).body).toEqual(unknown.body);
    expect((await request(t.app).post(`${booking.path}/cancel`).send({ refundCents: 999999 }).expect(400)).body.error).toMatch(/refundCents/);
    // The day after check-in, in Georgia.
    clock.now = new Date('2026-12-01T15:00:00Z');
    expect((await request(t.app).post(`${booking.path}/cancel`).expect(409)).body).toMatchObject({ reason: 'not-cancellable' });
    expect(refundRequests()).toHaveLength(0);
    expect(getBookingInquiry(t.db, booking.id)?.cancelledAt).toBeNull();
  });
});
