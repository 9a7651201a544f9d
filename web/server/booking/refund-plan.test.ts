import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatCents } from '@ridgeline/core';
import { getBookingInquiry, ledgerSummary, listBookingEvents, listLedgerEntries, listOwnerNotices, updateOwnerSettings, type MailMessage } from '@ridgeline/core/node';
import { BALANCE_CHARGES_JOB } from '../jobs/job-names.js';
import { payStayByCard, startPaymentsTestApp } from '../test-support/payments-test-app.js';
import type { StripeStandIn } from '../test-support/stripe-stand-in.js';
import { type createTestApp, setTestPasswords, signedInAgent } from '../test-support/test-app.js';

/**
 * A cancellation whose refund is split over the deposit's and the balance's PaymentIntents
 * (issue 23 finding 2; [money.refund-plan], [money.refund-incomplete]) through the real API: the
 * app on a temp SQLite, listening so the Stripe stand-in delivers its signed webhooks.
 */

const WEBHOOK_SECRET = 'whsec_refund_plan_test';
const START = new Date('2026-11-21T15:00:00Z');
// 60 days ahead: a 30% deposit now, the balance due 2026-12-21; the default policy refunds all.
const STAY = { checkin: '2027-01-20', checkout: '2027-01-23', guests: 2 };

let stripe: StripeStandIn;
let t: ReturnType<typeof createTestApp>;
let mail: MailMessage[];
let now: Date;
let stop: () => Promise<void>;
let webhook: { url: string; secret: string };
let admin: Awaited<ReturnType<typeof signedInAgent>>;

beforeEach(async () => {
  now = START;
  ({ t, stripe, mail, stop, webhook } = await startPaymentsTestApp(WEBHOOK_SECRET, () => now));
  updateOwnerSettings(t.db, { depositBps: 3_000, balanceDueDays: 30 }, START);
  await setTestPasswords(t.db);
});
afterEach(() => stop());

/** A stay booked with a 30% deposit whose balance the job charged on its due date. */
async function paidInTwo() {
  const { id, total, paymentIntentId: depositIntent } = await payStayByCard({ t, stripe }, STAY);
  now = new Date('2026-12-21T15:00:00Z');
  await t.deps.jobs!.runNow(BALANCE_CHARGES_JOB);
  const booking = getBookingInquiry(t.db, id)!;
  expect(booking.balance?.status).toBe('paid');
  // Signed in at the new time (a session started a month earlier has lapsed).
  admin = await signedInAgent(t.app);
  mail.length = 0;
  const deposit = Math.floor((total * 3_000) / 10_000);
  return { id, total, deposit, balance: total - deposit, depositIntent, balanceIntent: booking.balance!.paymentIntentId!, guestPath: `/api/stay/${booking.guestToken}` };
}

const refundCalls = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
const refundedAtStripe = (paymentIntentId: string) => stripe.refunds.filter((r) => r.payment_intent === paymentIntentId && r.status === 'succeeded').reduce((sum, r) => sum + r.amount, 0);
const bookable = async () => {
  const res = await request(t.app).get('/api/availability/public').query({ startDate: STAY.checkin, endDate: STAY.checkin }).expect(200);
  return res.body.days[0].bookable as boolean;
};

describe('a cancellation split over deposit and balance (finding 2)', () => {
  it("(a) after a $100 refund of the deposit in Stripe's dashboard, the cancel refunds what each PaymentIntent can still give, latest first", async () => {
    const paid = await paidInTwo();
    await stripe.refund(paid.depositIntent, 10_000);
    expect(ledgerSummary(t.db, paid.id).refundedCents).toBe(10_000);

    const quote = await admin.get(`/api/bookings/${paid.id}/refund-quote`).expect(200);
    expect(quote.body).toMatchObject({ refundableCents: paid.total - 10_000, policyRefundCents: paid.total - 10_000 });
    const res = await admin.post(`/api/bookings/${paid.id}/cancel`).send({ reason: 'Owner cannot host' }).expect(200);
    expect(res.body.booking).toMatchObject({ status: 'cancelled', refundedCents: paid.total, paymentStatus: 'refunded' });
    expect(res.body.refund).toMatchObject({ amountCents: paid.total - 10_000, status: 'succeeded' });
    expect(refundCalls().map((c) => [c.body.payment_intent, c.body.amount])).toEqual([
      [paid.balanceIntent, String(paid.balance)],
      [paid.depositIntent, String(paid.deposit - 10_000)],
    ]);
    expect(refundedAtStripe(paid.depositIntent)).toBe(paid.deposit);
    expect(refundedAtStripe(paid.balanceIntent)).toBe(paid.balance);
    // Each part is in the ledger once, by its Stripe refund.
    const refunds = listLedgerEntries(t.db, paid.id).filter((e) => e.kind === 'refund');
    expect(refunds.map((e) => [e.paymentIntentId, e.amountCents])).toEqual([
      [paid.depositIntent, 10_000],
      [paid.balanceIntent, paid.balance],
      [paid.depositIntent, paid.deposit - 10_000],
    ]);
    expect(await bookable()).toBe(true);
  });

  it('(b) after a chargeback on the deposit, the cancel refunds the balance only and cancels', async () => {
    const paid = await paidInTwo();
    await stripe.dispute(paid.depositIntent);
    expect(ledgerSummary(t.db, paid.id).disputedCents).toBe(paid.deposit);

    const res = await admin.post(`/api/bookings/${paid.id}/cancel`).send({}).expect(200);
    expect(res.body.booking).toMatchObject({ status: 'cancelled' });
    expect(res.body.refund).toMatchObject({ amountCents: paid.balance, status: 'succeeded' });
    expect(refundCalls().map((c) => [c.body.payment_intent, c.body.amount])).toEqual([[paid.balanceIntent, String(paid.balance)]]);
    expect(refundedAtStripe(paid.depositIntent)).toBe(0);
  });

  it('(b) after a chargeback on the balance, the cancel refunds the deposit only: a disputed payment gives nothing back by card', async () => {
    const paid = await paidInTwo();
    await stripe.dispute(paid.balanceIntent);
    const before = await admin.get(`/api/bookings/${paid.id}/refund-quote`).expect(200);
    expect(before.body).toMatchObject({ refundableCents: paid.deposit, policyRefundCents: paid.deposit });
    const res = await admin.post(`/api/bookings/${paid.id}/cancel`).send({}).expect(200);
    expect(res.body.refund).toMatchObject({ amountCents: paid.deposit });
    expect(refundCalls().map((c) => [c.body.payment_intent, c.body.amount])).toEqual([[paid.depositIntent, String(paid.deposit)]]);
    expect(refundedAtStripe(paid.balanceIntent)).toBe(0);
    // What the dialog shows: paid by card and offline.
    const after = await admin.get(`/api/bookings/${paid.id}/refund-quote`).expect(200);
    expect(after.body).toMatchObject({ cardPaidCents: paid.total, offlinePaidCents: 0, offlineRefundableCents: 0, unfinishedRefund: null });
  });

  it("(a) the guest's own cancel works too", async () => {
    const paid = await paidInTwo();
    await stripe.refund(paid.depositIntent, 10_000);
    const res = await request(t.app).post(`${paid.guestPath}/cancel`).send({}).expect(200);
    expect(res.body.refund).toMatchObject({ amountCents: paid.total - 10_000 });
    expect(getBookingInquiry(t.db, paid.id)).toMatchObject({ status: 'cancelled', refundedCents: paid.total });
  });
});

/** A refund made in Stripe's dashboard whose charge.refunded webhook has not reached us yet. */
async function unannouncedDashboardRefund(paymentIntentId: string, cents: number) {
  stripe.setWebhook(undefined);
  await stripe.refund(paymentIntentId, cents);
  stripe.setWebhook(webhook);
}

describe('a part Stripe refuses ([money.refund-incomplete])', () => {
  it('leaves the refund incomplete and the booking confirmed, shows the owner why, and a retry finishes it with a new key', async () => {
    const paid = await paidInTwo();
    // The ledger does not know of it yet: the plan asks the whole deposit, which Stripe refuses.
    await unannouncedDashboardRefund(paid.depositIntent, 10_000);
    const failed = await admin.post(`/api/bookings/${paid.id}/cancel`).send({ reason: 'Owner cannot host' }).expect(502);
    expect(failed.body.error).toContain('is greater than unrefunded amount on charge');
    expect(failed.body.error).toContain(`${formatCents(paid.balance)} went back to the card`);
    expect(failed.body.refund).toMatchObject({
      status: 'incomplete',
      movedCents: paid.balance,
      missingCents: paid.deposit,
      parts: [
        { paymentIntentId: paid.balanceIntent, amountCents: paid.balance, status: 'succeeded', stripeRefundId: expect.stringMatching(/^re_/) },
        { paymentIntentId: paid.depositIntent, amountCents: paid.deposit, status: 'failed', error: expect.stringContaining('greater than unrefunded amount') },
      ],
    });
    // The balance part moved and is in the ledger; the refusal made the ledger read the deposit's
    // refunds from Stripe, so the dashboard refund is there too.
    expect(getBookingInquiry(t.db, paid.id)).toMatchObject({ status: 'confirmed', cancelledAt: null, refundedCents: paid.balance + 10_000 });
    expect(await bookable()).toBe(false);
    // The owner sees it: on the booking, in the cancel dialog's quote, on the timeline, as a notice.
    const listed = ((await admin.get('/api/booking-inquiries').expect(200)).body as { id: number; unfinishedRefund?: unknown }[]).find((b) => b.id === paid.id);
    expect(listed?.unfinishedRefund).toMatchObject({ status: 'incomplete', missingCents: paid.deposit });
    const quote = await admin.get(`/api/bookings/${paid.id}/refund-quote`).expect(200);
    expect(quote.body).toMatchObject({ refundableCents: paid.deposit - 10_000, policyRefundCents: paid.deposit - 10_000, unfinishedRefund: { status: 'incomplete', movedCents: paid.balance } });
    const events = listBookingEvents(t.db, paid.id);
    expect(events.find((e) => e.kind === 'refund-failed')?.detail).toMatch(/from the deposit failed: .*greater than unrefunded amount.*went back to the card\. The booking is not cancelled\./);
    expect(events.filter((e) => e.kind === 'refunded').map((e) => e.detail)).toEqual([expect.stringContaining("Stripe's dashboard")]);
    expect(listOwnerNotices(t.db).filter((n) => n.kind === 'money')).toMatchObject([{ bookingId: paid.id, subject: expect.stringContaining('Refund failed on booking') }]);

    // Finish: the rest, at most what the deposit can still give, with a key never used before.
    const done = await admin.post(`/api/bookings/${paid.id}/cancel`).send({}).expect(200);
    expect(done.body.booking).toMatchObject({ status: 'cancelled', cancelReason: 'Owner cannot host', refundedCents: paid.total });
    expect(done.body.refund).toMatchObject({ amountCents: paid.total - 10_000, status: 'succeeded' });
    const calls = refundCalls();
    expect(calls.map((c) => [c.body.payment_intent, c.body.amount])).toEqual([
      [paid.balanceIntent, String(paid.balance)],
      [paid.depositIntent, String(paid.deposit)],
      [paid.depositIntent, String(paid.deposit - 10_000)],
    ]);
    const base = calls[1]!.idempotencyKey!;
    expect(calls.map((c) => c.idempotencyKey)).toEqual([`${base}-balance`, base, `${base}-retry1`]);
    expect(refundedAtStripe(paid.depositIntent) + refundedAtStripe(paid.balanceIntent)).toBe(paid.total);
    expect(await bookable()).toBe(true);
  });

  it('a later cancel for $0 cancels at once, without the rest', async () => {
    const paid = await paidInTwo();
    await unannouncedDashboardRefund(paid.depositIntent, 10_000);
    await admin.post(`/api/bookings/${paid.id}/cancel`).send({}).expect(502);
    const res = await admin.post(`/api/bookings/${paid.id}/cancel`).send({ refundCents: 0 }).expect(200);
    expect(res.body.booking).toMatchObject({ status: 'cancelled', refundedCents: paid.balance + 10_000 });
    expect(refundCalls()).toHaveLength(2);
    expect(await bookable()).toBe(true);
  });

  it('the owner can cancel without the rest; card money is never given back outside Stripe', async () => {
    const paid = await paidInTwo();
    await unannouncedDashboardRefund(paid.depositIntent, 10_000);
    await admin.post(`/api/bookings/${paid.id}/cancel`).send({}).expect(502);
    const asCash = await admin.post(`/api/bookings/${paid.id}/cancel`).send({ refundCents: 0, offlineRefundCents: 1, offlineMethod: 'check' }).expect(400);
    expect(asCash.body).toMatchObject({ field: 'offlineRefundCents', offlineRefundableCents: 0 });
    expect(getBookingInquiry(t.db, paid.id)?.cancelledAt).toBeNull();

    const res = await admin.post(`/api/bookings/${paid.id}/cancel`).send({ refundCents: 0 }).expect(200);
    expect(res.body.booking).toMatchObject({ status: 'cancelled', refundedCents: paid.balance + 10_000 });
    expect(res.body.refund).toMatchObject({ amountCents: paid.balance });
    // Stripe was not asked again; the refused part is let go, the refund stands at what moved.
    expect(refundCalls()).toHaveLength(2);
    expect(t.db.prepare('SELECT status FROM refund_parts ORDER BY position').all()).toEqual([{ status: 'succeeded' }, { status: 'dropped' }]);
    expect(t.db.prepare("SELECT status, amount_cents AS cents FROM refunds WHERE source = 'owner'").all()).toEqual([{ status: 'succeeded', cents: paid.balance }]);
  });

  it("the guest's later cancel asks the rest again, at most what the cards can still give", async () => {
    const paid = await paidInTwo();
    await unannouncedDashboardRefund(paid.depositIntent, 10_000);
    const failed = await request(t.app).post(`${paid.guestPath}/cancel`).send({}).expect(502);
    expect(failed.body.error).toContain('Part of your refund could not be made');
    expect(listOwnerNotices(t.db).filter((n) => n.kind === 'money' && n.subject.startsWith('Refund failed'))).toHaveLength(1);
    // The page offers what is missing, at most what the deposit can still give.
    expect((await request(t.app).get(paid.guestPath).expect(200)).body.booking).toMatchObject({ status: 'confirmed', canCancel: true, refundTodayCents: paid.deposit - 10_000 });
    const res = await request(t.app).post(`${paid.guestPath}/cancel`).send({}).expect(200);
    expect(res.body.refund).toMatchObject({ amountCents: paid.total - 10_000 });
    expect(getBookingInquiry(t.db, paid.id)).toMatchObject({ status: 'cancelled', cancelledBy: 'guest', refundedCents: paid.total });
  });

  it('a refund Stripe refuses all of moves nothing, cancels nothing and is asked anew by the next cancel', async () => {
    const paid = await paidInTwo();
    await unannouncedDashboardRefund(paid.balanceIntent, paid.balance);
    const failed = await admin.post(`/api/bookings/${paid.id}/cancel`).send({ refundCents: 1_000 }).expect(502);
    expect(failed.body.error).toContain('has already been refunded');
    expect(failed.body.refund).toBeUndefined();
    expect(getBookingInquiry(t.db, paid.id)).toMatchObject({ status: 'confirmed', refundedCents: paid.balance });
    // The ledger learnt the dashboard refund: only the deposit can give back now, and nothing is unfinished.
    expect((await admin.get(`/api/bookings/${paid.id}/refund-quote`).expect(200)).body).toMatchObject({ refundableCents: paid.deposit, unfinishedRefund: null });
    const res = await admin.post(`/api/bookings/${paid.id}/cancel`).send({ refundCents: 1_000 }).expect(200);
    expect(res.body.refund).toMatchObject({ amountCents: 1_000 });
    const [first, second] = refundCalls();
    expect([first!.body.payment_intent, second!.body.payment_intent]).toEqual([paid.balanceIntent, paid.depositIntent]);
    expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey!.replace(/-balance$/, ''));
  });
});

describe('an unanswered part ([money.refund-plan])', () => {
  it('is asked again exactly as stored: the same PaymentIntent, amount and key, whatever the retry asks', async () => {
    const paid = await paidInTwo();
    // The SDK's request and its two retries.
    stripe.failNextRefund(paid.depositIntent, 3);
    const failed = await admin.post(`/api/bookings/${paid.id}/cancel`).send({ reason: 'Storm' }).expect(502);
    expect(failed.body.refund).toMatchObject({ status: 'requested', parts: [{ status: 'succeeded' }, { status: 'planned', amountCents: paid.deposit }] });
    expect(getBookingInquiry(t.db, paid.id)).toMatchObject({ status: 'confirmed', refundedCents: paid.balance });
    const quote = await admin.get(`/api/bookings/${paid.id}/refund-quote`).expect(200);
    expect(quote.body.unfinishedRefund).toMatchObject({ status: 'requested', movedCents: paid.balance });

    // The retry asks another amount: the stored plan wins.
    const res = await admin.post(`/api/bookings/${paid.id}/cancel`).send({ refundCents: 5_000, reason: 'Other' }).expect(200);
    expect(res.body.refund).toMatchObject({ amountCents: paid.total });
    expect(res.body.booking).toMatchObject({ status: 'cancelled', refundedCents: paid.total, cancelReason: 'Other' });
    const deposits = refundCalls().filter((c) => c.body.payment_intent === paid.depositIntent);
    expect(deposits).toHaveLength(4);
    expect(new Set(deposits.map((c) => `${c.idempotencyKey} ${c.body.amount}`))).toEqual(new Set([`${deposits[0]!.idempotencyKey} ${paid.deposit}`]));
    expect(refundCalls().filter((c) => c.body.payment_intent === paid.balanceIntent)).toHaveLength(1);
    expect(stripe.refunds).toHaveLength(2);
  });
});

describe('cash plus card (finding 6; [money.offline-refund])', () => {
  /** A phone booking paid $500 in cash, the rest by its payment link. */
  async function cashAndCard() {
    admin = await signedInAgent(t.app);
    const created = await admin
      .post('/api/bookings')
      .send({ kind: 'manual', ...STAY, firstName: 'Mary', lastName: 'Jones', email: 'mary@example.com', phone: '555-0101', amountPaidCents: 50_000 })
      .expect(201);
    const id = created.body.booking.id as number;
    const total = created.body.booking.quote.totalCents as number;
    const sent = await admin.post(`/api/bookings/${id}/payment-link`).expect(200);
    const token = new URL(sent.body.url as string).searchParams.get('link')!;
    const intent = await request(t.app).post(`/api/payment-link/${token}/payment-intent`).expect(200);
    await stripe.confirm(intent.body.paymentIntentId, 'pm_card_visa');
    await request(t.app).post(`/api/payment-link/${token}/confirm`).send({ paymentIntentId: intent.body.paymentIntentId }).expect(200);
    const booking = getBookingInquiry(t.db, id)!;
    expect(booking).toMatchObject({ paymentStatus: 'paid', amountPaidCents: total });
    return { id, total, card: total - 50_000, linkIntent: intent.body.paymentIntentId as string, guestPath: `/api/stay/${booking.guestToken}` };
  }

  it("the guest's self-cancel refunds the card payment only, and the guest page says how the cash comes back", async () => {
    const paid = await cashAndCard();
    const page = await request(t.app).get(paid.guestPath).expect(200);
    expect(page.body.booking).toMatchObject({ refundTodayCents: paid.card, offlinePaidCents: 50_000, offlineRefundNote: expect.stringContaining('You paid $500.00 by cash, check or bank transfer.') });
    const res = await request(t.app).post(`${paid.guestPath}/cancel`).send({}).expect(200);
    expect(res.body.refund).toMatchObject({ amountCents: paid.card });
    expect(refundCalls().map((c) => [c.body.payment_intent, c.body.amount])).toEqual([[paid.linkIntent, String(paid.card)]]);
    expect(refundedAtStripe(paid.linkIntent)).toBe(paid.card);
    expect(res.body.booking).toMatchObject({ cancelledBy: 'guest', offlineRefundNote: expect.stringContaining('the owner gives it back the same way it was paid') });
    expect(ledgerSummary(t.db, paid.id)).toMatchObject({ refundableCents: 0, offlineRefundableCents: 50_000 });
  });

  it("the owner's cancel refunds the card by card and records the cash given back, never more than each took", async () => {
    const paid = await cashAndCard();
    const quote = await admin.get(`/api/bookings/${paid.id}/refund-quote`).expect(200);
    expect(quote.body).toMatchObject({ refundableCents: paid.card, cardPaidCents: paid.card, offlinePaidCents: 50_000, offlineRefundableCents: 50_000 });
    const tooMuchCard = await admin.post(`/api/bookings/${paid.id}/cancel`).send({ refundCents: paid.card + 1 }).expect(400);
    expect(tooMuchCard.body).toMatchObject({ field: 'refundCents', refundableCents: paid.card });
    const tooMuchCash = await admin.post(`/api/bookings/${paid.id}/cancel`).send({ refundCents: paid.card, offlineRefundCents: 50_001, offlineMethod: 'cash' }).expect(400);
    expect(tooMuchCash.body).toMatchObject({ field: 'offlineRefundCents', offlineRefundableCents: 50_000 });
    const noMethod = await admin.post(`/api/bookings/${paid.id}/cancel`).send({ offlineRefundCents: 100 }).expect(400);
    expect(noMethod.body.field).toBe('offlineMethod');
    const badMethod = await admin.post(`/api/bookings/${paid.id}/cancel`).send({ offlineRefundCents: 100, offlineMethod: 'card' }).expect(400);
    expect(badMethod.body.field).toBe('offlineMethod');
    expect(refundCalls()).toHaveLength(0);
    expect(getBookingInquiry(t.db, paid.id)?.cancelledAt).toBeNull();

    const res = await admin.post(`/api/bookings/${paid.id}/cancel`).send({ refundCents: paid.card, offlineRefundCents: 50_000, offlineMethod: 'cash', reason: 'Storm' }).expect(200);
    expect(res.body.booking).toMatchObject({ status: 'cancelled', refundedCents: paid.total, paymentStatus: 'refunded' });
    expect(listLedgerEntries(t.db, paid.id).filter((e) => e.kind === 'offline_refund')).toMatchObject([{ amountCents: 50_000, method: 'cash', source: 'owner', note: 'Storm' }]);
    expect(listOwnerNotices(t.db).find((n) => n.kind === 'cancellation')?.text).toContain('Given back outside Stripe: $500.00 (cash).');
    const page = await request(t.app).get(paid.guestPath).expect(200);
    expect(page.body.booking.offlineRefundNote).toContain('$500.00 of it was given back to you the same way.');
  });
});
