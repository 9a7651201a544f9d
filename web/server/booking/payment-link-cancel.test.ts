import Stripe from 'stripe';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatCents, priceStay } from '@ridgeline/core';
import { getBookingInquiry, listBookingEvents, listLedgerEntries, listOwnerNotices, type MailMessage } from '@ridgeline/core/node';
import { startPaymentsTestApp } from '../test-support/payments-test-app.js';
import type { StripeStandIn } from '../test-support/stripe-stand-in.js';
import { type createTestApp, setTestPasswords, signedInAgent } from '../test-support/test-app.js';

/**
 * A payment link paid after its booking was cancelled (issue 23 §1; [money.cancel-open-payments],
 * [money.late-payment]) through the real app and the Stripe stand-in, which delivers its signed
 * webhooks to the app as Stripe does. The guest's open tab is Stripe.js: it confirms the
 * PaymentIntent straight at Stripe with the publishable key. The clock moves a millisecond at each
 * read, as a real one does between the cancel and a later payment.
 */

const WEBHOOK_SECRET = 'whsec_link_cancel_test';
const START = new Date('2026-11-21T15:00:00Z').getTime();
const stay = { checkin: '2026-12-10', checkout: '2026-12-12', guests: 2 };
const TOTAL = priceStay(stay.checkin, stay.checkout)!.totalCents;
const phoneBooking = { kind: 'manual', ...stay, firstName: 'Mary', lastName: 'Jones', email: 'mary@example.com', phone: '555-0101', amountPaidCents: 0 };

let stripe: StripeStandIn;
let t: ReturnType<typeof createTestApp>;
let mail: MailMessage[];
let stop: () => Promise<void>;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
let ticks = 0;

beforeEach(async () => {
  ticks = 0;
  ({ t, stripe, mail, stop } = await startPaymentsTestApp(WEBHOOK_SECRET, () => new Date(START + ticks++)));
  await setTestPasswords(t.db);
  admin = await signedInAgent(t.app);
});
afterEach(() => stop());

/** The owner's phone booking ($0 paid), its payment link, and the PaymentIntent the guest's open tab holds. */
async function openLink() {
  const { booking } = (await admin.post('/api/bookings').send(phoneBooking).expect(201)).body as { booking: { id: number } };
  const sent = await admin.post(`/api/bookings/${booking.id}/payment-link`).expect(200);
  const token = new URL(sent.body.url as string).searchParams.get('link')!;
  const intent = await request(t.app).post(`/api/payment-link/${token}/payment-intent`).expect(200);
  mail.length = 0;
  return { id: booking.id, token, pi: intent.body.paymentIntentId as string };
}

/** The guest presses Pay in the tab left open: Stripe.js confirms at Stripe with the publishable key. */
const guestPays = (pi: string) =>
  fetch(`${stripe.url}/v1/payment_intents/${pi}/confirm`, {
    method: 'POST',
    headers: { Authorization: 'Bearer pk_test_standin', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'payment_method=pm_card_visa',
  });
const confirmOnPage = (token: string, pi: string) => request(t.app).post(`/api/payment-link/${token}/confirm`).send({ paymentIntentId: pi });
const bookable = async () =>
  ((await request(t.app).get('/api/availability/public').query({ startDate: '2026-12-10', endDate: '2026-12-11' }).expect(200)).body.days as { date: string; bookable: boolean }[])
    .filter((d) => d.bookable)
    .map((d) => d.date);
const ledger = (id: number) => listLedgerEntries(t.db, id).map((e) => `${e.kind} ${e.amountCents} ${e.paymentIntentId}`);
const confirmedMail = () => mail.filter((m) => /is confirmed/i.test(m.subject) || /is confirmed/i.test(m.text));
/** Stripe's signed `payment_intent.succeeded` for the intent as the stand-in holds it (a webhook delivered late). */
function lateWebhook(pi: string) {
  const payload = JSON.stringify({ id: `evt_late_${pi}`, object: 'event', type: 'payment_intent.succeeded', data: { object: stripe.intents.get(pi) } });
  return request(t.app)
    .post('/api/stripe/webhook')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }))
    .send(payload);
}

describe('a payment link after the booking was cancelled ([money.cancel-open-payments], [money.late-payment])', () => {
  it("cancelling cancels the link's open PaymentIntent: the guest's payment in the open tab is refused, nothing is charged or confirmed", async () => {
    const { id, token, pi } = await openLink();
    await admin.post(`/api/bookings/${id}/cancel`).send({ reason: 'Guest called to cancel' }).expect(200);
    expect(stripe.intents.get(pi)?.status).toBe('canceled');
    expect(stripe.requests.filter((r) => r.path === `/v1/payment_intents/${pi}/cancel`)).toHaveLength(1);

    const paid = await guestPays(pi);
    expect(paid.status).toBe(400);
    expect(((await paid.json()) as { error: { code: string } }).error.code).toBe('payment_intent_unexpected_state');
    expect(getBookingInquiry(t.db, id)).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid', amountPaidCents: 0 });
    expect(ledger(id)).toEqual([]);
    expect(confirmedMail()).toEqual([]);
    expect(await bookable()).toEqual(['2026-12-10', '2026-12-11']);
    expect((await request(t.app).get(`/api/payment-link/${token}`).expect(409)).body).toEqual({ error: 'This booking was cancelled', reason: 'settled', status: 'cancelled' });
    await request(t.app).post(`/api/payment-link/${token}/payment-intent`).expect(409);
  });

  it('money that still arrives (Stripe could not be reached to cancel) is recorded, refunded in full and the owner told; the guest is never told it is confirmed', async () => {
    const { id, token, pi } = await openLink();
    stripe.failNext(100);
    await admin.post(`/api/bookings/${id}/cancel`).send({}).expect(200);
    stripe.failNext(0);
    expect(stripe.intents.get(pi)?.status).toBe('requires_payment_method');

    // The guest pays in the open tab: Stripe charges and tells the app (webhook).
    expect((await guestPays(pi)).status).toBe(200);
    await expect.poll(() => stripe.refunds.map((r) => ({ amount: r.amount, payment_intent: r.payment_intent }))).toEqual([{ amount: TOTAL, payment_intent: pi }]);
    await expect.poll(() => ledger(id)).toEqual([`charge ${TOTAL} ${pi}`, `refund ${TOTAL} ${pi}`]);
    expect(stripe.refunds[0]!.metadata).toMatchObject({ bookingId: String(id) });

    // The page's confirm says the truth: not paid, the booking is cancelled.
    expect((await confirmOnPage(token, pi).expect(200)).body).toEqual({ paid: false, cancelled: true });
    expect(getBookingInquiry(t.db, id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', amountPaidCents: TOTAL, refundedCents: TOTAL, stripePaymentIntentId: null, cancellationPolicy: null });
    expect(confirmedMail()).toEqual([]);
    expect(await bookable()).toEqual(['2026-12-10', '2026-12-11']);
    const events = listBookingEvents(t.db, id).map((e) => `${e.kind}: ${e.detail}`);
    expect(events).toContain(`paid: Paid ${formatCents(TOTAL)} by card through the payment link (visa ·4242) after the booking was cancelled; it is refunded in full`);
    expect(events.filter((e) => e.startsWith('late-payment-refunded'))).toHaveLength(1);
    expect(listOwnerNotices(t.db).filter((n) => n.kind === 'money' && n.bookingId === id)).toHaveLength(1);
    expect((await request(t.app).get(`/api/payment-link/${token}`).expect(409)).body.status).toBe('cancelled');
  });

  it('a payment Stripe took before the cancel but the app had not heard of is found by the cancel, recorded and refunded; the late webhook and the page change nothing', async () => {
    const { id, token, pi } = await openLink();
    // The webhook is slow: the app does not know of the payment when the owner cancels.
    stripe.setWebhook(undefined);
    expect((await guestPays(pi)).status).toBe(200);
    await admin.post(`/api/bookings/${id}/cancel`).send({}).expect(200);
    expect(stripe.requests.filter((r) => r.path === `/v1/payment_intents/${pi}/cancel`)).toEqual([]);
    await expect.poll(() => stripe.refunds.map((r) => r.amount)).toEqual([TOTAL]);
    await expect.poll(() => ledger(id)).toEqual([`charge ${TOTAL} ${pi}`, `refund ${TOTAL} ${pi}`]);

    expect((await lateWebhook(pi)).status).toBe(200);
    expect((await confirmOnPage(token, pi).expect(200)).body).toEqual({ paid: false, cancelled: true });
    await t.deps.jobs!.runNow('late-payment-refunds');
    expect(stripe.refunds).toHaveLength(1);
    expect(ledger(id)).toEqual([`charge ${TOTAL} ${pi}`, `refund ${TOTAL} ${pi}`]);
    expect(getBookingInquiry(t.db, id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(listBookingEvents(t.db, id).map((e) => `${e.kind}: ${e.detail}`)).toEqual(
      expect.arrayContaining([`paid: Paid ${formatCents(TOTAL)} by card as the booking was cancelled; it is refunded in full`, `late-payment-refunded: ${formatCents(TOTAL)} paid after the cancellation was refunded in full`]),
    );
    expect(confirmedMail()).toEqual([]);
    expect(listOwnerNotices(t.db).filter((n) => n.kind === 'money' && n.bookingId === id)).toHaveLength(1);
  });
});
