import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatCents } from '@ridgeline/core';
import { getBookingInquiry, listBookingEvents, listOwnerNotices, updateOwnerSettings, type MailMessage } from '@ridgeline/core/node';
import { BALANCE_CHARGES_JOB } from '../jobs/job-names.js';
import { CARD_GUEST as GUEST, payStayByCard, startPaymentsTestApp } from '../test-support/payments-test-app.js';
import type { StripeStandIn } from '../test-support/stripe-stand-in.js';
import { type createTestApp, setTestPasswords, signedInAgent } from '../test-support/test-app.js';

/**
 * A deposit now and the balance later through the real API ([payments.schedule],
 * [payments.saved-card], [payments.balance]): the app on a temp SQLite with its clock injected,
 * listening so the Stripe stand-in delivers signed webhooks, as Stripe would.
 */

const WEBHOOK_SECRET = 'whsec_schedule_test';
const START = new Date('2026-11-21T15:00:00Z');
// 60 days ahead of START (in New York): a 30-day balance window leaves it due on 2026-12-21.
const STAY = { checkin: '2027-01-20', checkout: '2027-01-23', guests: 2 };

let stripe: StripeStandIn;
let t: ReturnType<typeof createTestApp>;
let mail: MailMessage[];
let now: Date;
let stop: () => Promise<void>;

beforeEach(async () => {
  now = START;
  ({ t, stripe, mail, stop } = await startPaymentsTestApp(WEBHOOK_SECRET, () => now));
  updateOwnerSettings(t.db, { depositBps: 3_000, balanceDueDays: 30 }, START);
});
afterEach(() => stop());

/** The guest pays the checkout's PaymentIntent with a card; the webhook confirms the booking. */
const bookWithDeposit = (stay = STAY) => payStayByCard({ t, stripe }, stay);

describe('checkout with a deposit ([payments.schedule], [payments.saved-card])', () => {
  it('a stay 60 days ahead with a 30% deposit charges 30% now on a Customer and saves the card', async () => {
    const { total, res, id } = await bookWithDeposit();
    const deposit = Math.floor((total * 3_000) / 10_000);
    expect(res.body).toMatchObject({ amount: deposit, balanceCents: total - deposit, balanceDueDate: '2026-12-21' });
    const customerCall = stripe.requests.find((r) => r.path === '/v1/customers');
    expect(customerCall?.body).toMatchObject({ email: GUEST.email, name: 'Ann Lee' });
    expect(customerCall?.idempotencyKey).toMatch(/^ridgeline-customer-/);
    const intent = stripe.intents.get(res.body.paymentIntentId)!;
    expect(intent).toMatchObject({ amount: deposit, setup_future_usage: 'off_session', status: 'succeeded' });
    expect(stripe.customers.has(intent.customer!)).toBe(true);
    const booking = getBookingInquiry(t.db, id)!;
    expect(booking).toMatchObject({ status: 'confirmed', amountPaidCents: deposit, stripeCustomerId: intent.customer, stripePaymentMethodId: intent.payment_method });
    expect(stripe.paymentMethods.get(booking.stripePaymentMethodId!)?.customer).toBe(intent.customer);
    expect(booking.quote?.paymentSchedule).toEqual({ depositBps: 3_000, depositCents: deposit, balanceCents: total - deposit, balanceDueDate: '2026-12-21' });
    expect(booking.balance).toMatchObject({ status: 'scheduled', amountCents: total - deposit, dueDate: '2026-12-21', attempts: 0 });
    // The confirmation says what was paid today and what comes, when.
    const confirmation = mail.find((m) => m.to === GUEST.email && m.subject.startsWith('Your stay'));
    expect(confirmation?.text).toContain(`Balance of ${formatCents(total - deposit)} charged automatically on 2026-12-21 to the same card.`);
    expect(confirmation?.text).not.toContain('Total paid');
  });

  it('a stay inside the balance window pays in full, without a Customer', async () => {
    const { total, res, id } = await bookWithDeposit({ checkin: '2026-12-10', checkout: '2026-12-12', guests: 2 });
    expect(res.body.amount).toBe(total);
    expect(res.body.balanceCents).toBeUndefined();
    expect(stripe.requests.some((r) => r.path === '/v1/customers')).toBe(false);
    expect(getBookingInquiry(t.db, id)).toMatchObject({ amountPaidCents: total, balance: null, stripeCustomerId: null });
  });

  it('with no deposit set the checkout is unchanged: the whole total, no Customer', async () => {
    updateOwnerSettings(t.db, { depositBps: null }, START);
    const { total, res, id } = await bookWithDeposit();
    expect(res.body.amount).toBe(total);
    expect(stripe.intents.get(res.body.paymentIntentId)).toMatchObject({ customer: null, setup_future_usage: null });
    expect(getBookingInquiry(t.db, id)).toMatchObject({ amountPaidCents: total, balance: null });
  });
});

/** Runs the balance job as the job runner would, at the injected time. */
const runBalanceJob = () => t.deps.jobs!.runNow(BALANCE_CHARGES_JOB);
const at = (iso: string) => {
  now = new Date(iso);
};
const offSessionCharges = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.body.off_session === 'true');

describe('the balance job ([payments.balance])', () => {
  it('charges nothing before the due date, then the balance off-session on it, once', async () => {
    const { total, id } = await bookWithDeposit();
    const deposit = Math.floor((total * 3_000) / 10_000);
    at('2026-12-20T15:00:00Z');
    await runBalanceJob();
    expect(offSessionCharges()).toHaveLength(0);

    mail.length = 0;
    at('2026-12-21T15:00:00Z');
    await runBalanceJob();
    const charges = offSessionCharges();
    expect(charges).toHaveLength(1);
    const booking = getBookingInquiry(t.db, id)!;
    expect(charges[0]!.body).toMatchObject({ amount: String(total - deposit), customer: booking.stripeCustomerId, payment_method: booking.stripePaymentMethodId, confirm: 'true', metadata: { bookingId: String(id), kind: 'balance' } });
    expect(charges[0]!.idempotencyKey).toMatch(/^ridgeline-balance-[0-9a-f-]{36}-1$/);
    expect(booking).toMatchObject({ amountPaidCents: total, balance: { status: 'paid', attempts: 1 } });
    expect(listBookingEvents(t.db, id).map((e) => [e.kind, e.detail])).toContainEqual(['paid', expect.stringContaining('Balance paid')]);
    expect(mail.find((m) => m.to === GUEST.email && m.subject.startsWith('Receipt: balance'))?.text).toContain('Nothing more is due');

    await runBalanceJob();
    expect(offSessionCharges()).toHaveLength(1);
  });

  it('a declined balance e-mails the payment link, tells the owner, retries 1 and 3 days later, and paying on the stay page completes it', async () => {
    const { total, id } = await bookWithDeposit();
    const deposit = Math.floor((total * 3_000) / 10_000);
    const customer = getBookingInquiry(t.db, id)!.stripeCustomerId!;
    stripe.failOffSession(customer, 'authentication_required');
    mail.length = 0;
    at('2026-12-21T15:00:00Z');
    await runBalanceJob();
    let booking = getBookingInquiry(t.db, id)!;
    expect(booking.balance).toMatchObject({ status: 'failed', attempts: 1, lastError: 'authentication_required', nextAttemptAt: '2026-12-22T15:00:00.000Z' });
    expect(booking.amountPaidCents).toBe(deposit);
    const linkMail = mail.find((m) => m.to === GUEST.email);
    expect(linkMail?.text).toContain(`/stay/${booking.guestToken}`);
    expect(linkMail?.subject).toContain('could not be charged');
    expect(listOwnerNotices(t.db).some((n) => n.kind === 'payment-failed' && n.bookingId === id)).toBe(true);
    expect(listBookingEvents(t.db, id).some((e) => e.kind === 'payment-failed')).toBe(true);

    // Not again the same day; again a day later (attempt 2, a new key), then 3 days after that.
    at('2026-12-22T10:00:00Z');
    await runBalanceJob();
    expect(offSessionCharges()).toHaveLength(1);
    at('2026-12-22T15:00:00Z');
    await runBalanceJob();
    expect(offSessionCharges()).toHaveLength(2);
    expect(offSessionCharges()[1]!.idempotencyKey).toMatch(/-2$/);
    expect(getBookingInquiry(t.db, id)!.balance).toMatchObject({ attempts: 2, nextAttemptAt: '2026-12-25T15:00:00.000Z' });
    at('2026-12-25T15:00:00Z');
    await runBalanceJob();
    expect(offSessionCharges()).toHaveLength(3);
    expect(getBookingInquiry(t.db, id)!.balance).toMatchObject({ attempts: 3, nextAttemptAt: null, status: 'failed' });
    at('2026-12-30T15:00:00Z');
    await runBalanceJob();
    expect(offSessionCharges()).toHaveLength(3);

    // The guest pays on their page (on-session), confirmed by the page and the webhook, once.
    booking = getBookingInquiry(t.db, id)!;
    const page = await request(t.app).get(`/api/stay/${booking.guestToken}`).expect(200);
    expect(page.body.booking.balance).toEqual({ status: 'failed', amountCents: total - deposit, dueDate: '2026-12-21' });
    const intent = await request(t.app).post(`/api/stay/${booking.guestToken}/balance-intent`).expect(200);
    expect(intent.body.amountCents).toBe(total - deposit);
    const again = await request(t.app).post(`/api/stay/${booking.guestToken}/balance-intent`).expect(200);
    expect(again.body.paymentIntentId).toBe(intent.body.paymentIntentId);
    await stripe.confirm(intent.body.paymentIntentId, 'pm_card_visa');
    const confirmed = await request(t.app).post(`/api/stay/${booking.guestToken}/balance-confirm`).send({ paymentIntentId: intent.body.paymentIntentId }).expect(200);
    expect(confirmed.body).toEqual({ status: 'paid', amountCents: total - deposit, amountPaidCents: total });
    await request(t.app).post(`/api/stay/${booking.guestToken}/balance-confirm`).send({ paymentIntentId: intent.body.paymentIntentId }).expect(200);
    expect(getBookingInquiry(t.db, id)).toMatchObject({ amountPaidCents: total, balance: { status: 'paid' } });
    expect(listBookingEvents(t.db, id).filter((e) => e.kind === 'paid' && e.detail.includes('Balance'))).toHaveLength(1);
    await request(t.app).post(`/api/stay/${booking.guestToken}/balance-intent`).expect(409);
  });

  it('the page refuses a PaymentIntent that is not the balance of this stay, and bad input with 400', async () => {
    const first = await bookWithDeposit();
    const token = getBookingInquiry(t.db, first.id)!.guestToken;
    await request(t.app).post(`/api/stay/${token}/balance-confirm`).send({ paymentIntentId: first.res.body.paymentIntentId }).expect(404);
    const bad = await request(t.app).post(`/api/stay/${token}/balance-confirm`).send({ paymentIntentId: 'nope' }).expect(400);
    expect(bad.body.field).toBe('paymentIntentId');
    await request(t.app).post('/api/stay/not-a-real-token-but-long-enough/balance-intent').expect(404);
  });

  it('Stripe unreachable leaves the attempt open: the next run resumes it with the same key, charging once', async () => {
    const { total, id } = await bookWithDeposit();
    at('2026-12-21T15:00:00Z');
    stripe.failNext(3); // the SDK's request and its two retries
    await runBalanceJob();
    expect(getBookingInquiry(t.db, id)).toMatchObject({ amountPaidCents: Math.floor((total * 3_000) / 10_000), balance: { status: 'scheduled', attempts: 1 } });
    await runBalanceJob();
    const keys = offSessionCharges().map((r) => r.idempotencyKey);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/-1$/);
    expect(getBookingInquiry(t.db, id)).toMatchObject({ amountPaidCents: total, balance: { status: 'paid', attempts: 1 } });
  });

  it('cancelling before the due date stops the balance charge', async () => {
    await setTestPasswords(t.db);
    const admin = await signedInAgent(t.app);
    const { id } = await bookWithDeposit();
    await admin.post(`/api/bookings/${id}/cancel`).send({ reason: 'Plans changed' }).expect(200);
    at('2026-12-21T15:00:00Z');
    await runBalanceJob();
    expect(offSessionCharges()).toHaveLength(0);
    expect(getBookingInquiry(t.db, id)!.balance).toMatchObject({ status: 'cancelled' });
  });

  it("cancelling withdraws the balance PaymentIntent the guest opened on their page", async () => {
    const { id } = await bookWithDeposit();
    const token = getBookingInquiry(t.db, id)!.guestToken;
    const intent = await request(t.app).post(`/api/stay/${token}/balance-intent`).expect(200);
    await setTestPasswords(t.db);
    const admin = await signedInAgent(t.app);
    await admin.post(`/api/bookings/${id}/cancel`).send({ reason: 'Plans changed' }).expect(200);
    expect(stripe.intents.get(intent.body.paymentIntentId)?.status).toBe('canceled');
    await request(t.app).post(`/api/stay/${token}/balance-intent`).expect(409);
  });

  it('a balance still unpaid at check-in is listed for the owner', async () => {
    const { id } = await bookWithDeposit();
    stripe.failOffSession(getBookingInquiry(t.db, id)!.stripeCustomerId!, 'card_declined');
    at('2027-01-20T15:00:00Z');
    await runBalanceJob();
    await setTestPasswords(t.db);
    const admin = await signedInAgent(t.app);
    const res = await admin.get('/api/bookings/unpaid-balances').expect(200);
    expect(res.body.bookings).toEqual([expect.objectContaining({ id, checkin: STAY.checkin, lastError: 'card_declined' })]);
  });
});

describe('refunds of a stay paid in two parts ([payments.refund-both])', () => {
  async function paidInTwo() {
    const booked = await bookWithDeposit();
    at('2026-12-21T15:00:00Z');
    await runBalanceJob();
    await setTestPasswords(t.db);
    const admin = await signedInAgent(t.app);
    const booking = getBookingInquiry(t.db, booked.id)!;
    return { ...booked, admin, booking, deposit: Math.floor((booked.total * 3_000) / 10_000) };
  }
  const refundCalls = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');

  it('a full refund spans both PaymentIntents, balance first, each with its own key', async () => {
    const { admin, booking, total, deposit, res } = await paidInTwo();
    const quote = await admin.get(`/api/bookings/${booking.id}/refund-quote`).expect(200);
    expect(quote.body.refundableCents).toBe(total);
    const cancelled = await admin.post(`/api/bookings/${booking.id}/cancel`).send({ reason: 'Owner cannot host' }).expect(200);
    expect(cancelled.body.booking).toMatchObject({ refundedCents: total, paymentStatus: 'refunded', status: 'cancelled' });
    const calls = refundCalls();
    expect(calls.map((c) => [c.body.payment_intent, c.body.amount])).toEqual([
      [booking.balance!.paymentIntentId, String(total - deposit)],
      [res.body.paymentIntentId, String(deposit)],
    ]);
    expect(calls[0]!.idempotencyKey).toBe(`${calls[1]!.idempotencyKey}-balance`);
    expect(stripe.refunds.reduce((sum, r) => sum + r.amount, 0)).toBe(total);
  });

  it('a partial refund smaller than the balance comes from the balance only', async () => {
    const { admin, booking } = await paidInTwo();
    await admin.post(`/api/bookings/${booking.id}/cancel`).send({ reason: 'Goodwill', refundCents: 5_000 }).expect(200);
    expect(refundCalls().map((c) => [c.body.payment_intent, c.body.amount])).toEqual([[booking.balance!.paymentIntentId, '5000']]);
  });
});
