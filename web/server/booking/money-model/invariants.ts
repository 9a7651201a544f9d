import { expect } from 'vitest';
import { bookingLedgerResponseSchema, type BookingLedgerResponse } from '@ridgeline/core';
import { getBookingInquiry } from '@ridgeline/core/node';
import { LATE_PAYMENT_REFUNDS_JOB, RECONCILE_JOB } from '../../jobs/job-names.js';
import { asOwner, type MoneyWorld } from './world.js';

/** What the test knows of the booking it drives, beside the app's own records. */
export interface Sequence {
  w: MoneyWorld;
  bookingId: number;
  token: string;
  checkin: string;
  checkout: string;
  /** cents kept at Stripe (captured less refunded) once the cancel went through; undefined before */
  keptAtCancel?: number;
  /** a lost answer is set for the next step: the checks leave it for that step */
  armed: boolean;
}

/** The booking's PaymentIntents at Stripe: its metadata names it, or it is the checkout's. */
export function intentsAtStripe(s: Sequence) {
  const checkout = getBookingInquiry(s.w.db, s.bookingId)?.stripePaymentIntentId;
  return [...s.w.stripe.intents.values()].filter((pi) => pi.metadata.bookingId === String(s.bookingId) || pi.id === checkout);
}

/** Cents the PaymentIntent's charges took at Stripe (captured), and refunded by refunds. */
export function stripeMoneyOf(s: Sequence, paymentIntentId: string) {
  const charges = [...s.w.stripe.charges.values()].filter((c) => c.payment_intent === paymentIntentId && c.status === 'succeeded' && c.captured);
  const refunds = s.w.stripe.refunds.filter((r) => r.payment_intent === paymentIntentId);
  return {
    capturedCents: charges.reduce((sum, c) => sum + c.amount_captured, 0),
    refunds,
    refundedCents: refunds.reduce((sum, r) => sum + r.amount, 0),
    disputes: [...s.w.stripe.disputes.values()].filter((d) => d.payment_intent === paymentIntentId),
  };
}

/** Cents kept at Stripe on the booking: captured less refunded, over all its PaymentIntents. */
export function keptAtStripe(s: Sequence): number {
  return intentsAtStripe(s).reduce((sum, pi) => {
    const m = stripeMoneyOf(s, pi.id);
    return sum + m.capturedCents - m.refundedCents;
  }, 0);
}

export async function readLedger(s: Sequence): Promise<BookingLedgerResponse & { payoutCents?: number }> {
  const res = await asOwner(s.w).get(`/api/bookings/${s.bookingId}/ledger`);
  expect(res.status).toBe(200);
  return { ...bookingLedgerResponseSchema.parse(res.body), payoutCents: res.body.payoutCents as number | undefined };
}

/** The payouts total of the owner statement of `year` (its summary card), in cents. */
export async function statementPayoutCents(s: Sequence, year: number): Promise<number> {
  const res = await asOwner(s.w).get(`/api/reports/statement?year=${year}`);
  expect(res.status).toBe(200);
  const m = /Payouts<strong>(-?)\$([\d,]+\.\d\d)<\/strong>/.exec(res.text);
  expect(m, 'the statement shows its payouts').not.toBeNull();
  return (m![1] ? -1 : 1) * Math.round(Number(m![2]!.replace(/,/g, '')) * 100);
}

/**
 * The invariants of issue 23's money model, checked after every step, once Stripe's webhooks were
 * delivered (the stand-in delivers them before it answers), the late-payment job ran and the
 * reconciliation ran (as the server runs them, here at once):
 * 1. the ledger equals Stripe's objects, per PaymentIntent of the booking: what its charges
 *    captured, its refunds (each by id), its disputes (opened, won, lost, by id), the hold still
 *    authorized;
 * 2. nothing is charged on a cancelled booking that is not refunded: from the cancel on, what
 *    Stripe keeps never grows;
 * 3. no two balance payments both succeed;
 * 4. every refund at Stripe is in the ledger (part of 1, by id);
 * 5. the owner statement's payouts equal the ledger's.
 */
export async function checkInvariants(s: Sequence): Promise<void> {
  if (!s.armed) s.w.stripe.clearFaults();
  const jobs = s.w.deps.jobs!;
  await jobs.runNow(LATE_PAYMENT_REFUNDS_JOB);
  await jobs.runNow(RECONCILE_JOB);
  for (const name of [LATE_PAYMENT_REFUNDS_JOB, RECONCILE_JOB]) expect(jobs.statusOf(name)?.lastError ?? null, `job ${name}`).toBeNull();

  const ledger = await readLedger(s);
  const booking = getBookingInquiry(s.w.db, s.bookingId)!;
  const intents = intentsAtStripe(s);
  const known = new Set([...intents.map((pi) => pi.id), ...ledger.entries.flatMap((e) => (e.paymentIntentId ? [e.paymentIntentId] : []))]);
  for (const id of known) {
    const pi = s.w.stripe.intents.get(id);
    expect(pi, `ledger PaymentIntent ${id} exists at Stripe`).toBeDefined();
    const atStripe = stripeMoneyOf(s, id);
    const mine = ledger.entries.filter((e) => e.paymentIntentId === id);
    const sum = (kinds: string[]) => mine.filter((e) => kinds.includes(e.kind)).reduce((t, e) => t + e.amountCents, 0);
    // 1. what Stripe captured is what the ledger says was paid on it
    expect(sum(['charge', 'capture']), `paid on ${id} (${pi!.status})`).toBe(atStripe.capturedCents);
    // 4. each Stripe refund once, by id, with its amount; none that Stripe does not have
    const refunds = mine.filter((e) => e.kind === 'refund');
    expect(refunds.map((e) => [e.stripeObjectId, e.amountCents]).sort(), `refunds of ${id}`).toEqual(atStripe.refunds.map((r) => [r.id, r.amount]).sort());
    // 1. disputes: opened with Stripe's amount, and their outcome once closed
    const disputes = (kind: string) => mine.filter((e) => e.kind === kind).map((e) => [e.stripeObjectId, e.amountCents]).sort();
    expect(disputes('dispute_opened'), `disputes of ${id}`).toEqual(atStripe.disputes.map((d) => [d.id, d.amount]).sort());
    expect(disputes('dispute_won').map(([d]) => d), `won disputes of ${id}`).toEqual(atStripe.disputes.filter((d) => d.status === 'won').map((d) => d.id).sort());
    expect(disputes('dispute_lost').map(([d]) => d), `lost disputes of ${id}`).toEqual(atStripe.disputes.filter((d) => d.status === 'lost').map((d) => d.id).sort());
    // 1. a damage-deposit hold: what still stands at Stripe
    const intent = ledger.intents.find((i) => i.paymentIntentId === id);
    if (pi!.capture_method === 'manual') expect(intent?.authorizedCents ?? 0, `hold on ${id} (${pi!.status})`).toBe(pi!.status === 'requires_capture' ? pi!.amount_capturable : 0);
  }
  // The sums read from the entries: paid and refunded over all of them.
  const cardPaid = [...known].reduce((t, id) => t + stripeMoneyOf(s, id).capturedCents, 0);
  const cardRefunded = [...known].reduce((t, id) => t + stripeMoneyOf(s, id).refundedCents, 0);
  expect(ledger.paidCents - ledger.offlinePaidCents, 'card paid').toBe(cardPaid);
  expect(ledger.refundedCents, 'refunded').toBe(cardRefunded);

  // 2. nothing charged on a cancelled booking that is not refunded
  if (booking.cancelledAt) {
    const kept = keptAtStripe(s);
    s.keptAtCancel ??= kept;
    expect(kept, 'kept at Stripe since the cancel').toBeLessThanOrEqual(s.keptAtCancel);
  }

  // 3. no two balance payments both succeed
  const balances = intents.filter((pi) => pi.metadata.kind === 'balance' && pi.status === 'succeeded');
  expect(balances.length, 'balance payments that succeeded').toBeLessThanOrEqual(1);
  // …nor two payment-link payments, nor more card money on the stay than its total
  expect(intents.filter((pi) => pi.metadata.paymentLink === 'true' && pi.status === 'succeeded').length, 'link payments').toBeLessThanOrEqual(1);
  if (booking.quote) expect(ledger.paidCents - (ledger.intents.filter((i) => i.damageDeposit).reduce((t, i) => t + i.paidCents, 0)), 'stay paid').toBeLessThanOrEqual(booking.quote.totalCents);

  // 5. the owner statement's payouts equal the ledger's (one booking in the database)
  const payout = ledger.payoutCents ?? ledger.netPaidCents - ledger.disputedCents;
  expect(await statementPayoutCents(s, Number(s.checkin.slice(0, 4))), 'statement payouts').toBe(payout);
}
