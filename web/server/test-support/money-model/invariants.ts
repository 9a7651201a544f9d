import { expect } from 'vitest';
import { bookingLedgerResponseSchema, type BookingLedgerResponse } from '@ridgeline/core';
import { getBookingInquiry, listOwnerNotices } from '@ridgeline/core/node';
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
  /** the refunds already failed then (`re_…`): a refund failing later brings its money back, and the owner is told */
  failedAtCancel?: Set<string>;
  /** a lost answer is set for the next step: the checks leave it for that step */
  armed: boolean;
  /** Stripe answers refunds `pending` (RefundsPending) */
  refundsPending?: boolean;
}

/** The booking's PaymentIntents at Stripe: its metadata names it, or it is the checkout's. */
export function intentsAtStripe(s: Sequence) {
  const checkout = getBookingInquiry(s.w.db, s.bookingId)?.stripePaymentIntentId;
  return [...s.w.stripe.intents.values()].filter(
    (pi) => pi.metadata.bookingId === String(s.bookingId) || pi.id === checkout,
  );
}

/**
 * Cents the PaymentIntent's charges took at Stripe (captured), its refunds that gave (or are
 * giving) money back and their sum, and those Stripe reports failed.
 */
export function stripeMoneyOf(s: Sequence, paymentIntentId: string) {
  const charges = [...s.w.stripe.charges.values()].filter(
    (c) => c.payment_intent === paymentIntentId && c.status === 'succeeded' && c.captured,
  );
  const all = s.w.stripe.refunds.filter((r) => r.payment_intent === paymentIntentId);
  const refunds = all.filter((r) => r.status !== 'failed');
  return {
    capturedCents: charges.reduce((sum, c) => sum + c.amount_captured, 0),
    refunds,
    failedRefunds: all.filter((r) => r.status === 'failed'),
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

export async function readLedger(s: Sequence): Promise<BookingLedgerResponse> {
  const res = await asOwner(s.w).get(`/api/bookings/${s.bookingId}/ledger`);
  expect(res.status).toBe(200);
  return bookingLedgerResponseSchema.parse(res.body);
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
 * Where the ledger and Stripe's objects differ (invariants 1 and 4), as readable lines; none when
 * they agree.
 */
function differences(s: Sequence, ledger: BookingLedgerResponse): string[] {
  const problems: string[] = [];
  const same = (what: string, mine: unknown, stripe: unknown) => {
    if (JSON.stringify(mine) !== JSON.stringify(stripe))
      problems.push(`${what}: ledger ${JSON.stringify(mine)}, Stripe ${JSON.stringify(stripe)}`);
  };
  const intents = intentsAtStripe(s);
  const known = new Set([
    ...intents.map((pi) => pi.id),
    ...ledger.entries.flatMap((e) => (e.paymentIntentId ? [e.paymentIntentId] : [])),
  ]);
  for (const id of known) {
    const pi = s.w.stripe.intents.get(id);
    if (!pi) {
      problems.push(`ledger PaymentIntent ${id} is not at Stripe`);
      continue;
    }
    const atStripe = stripeMoneyOf(s, id);
    const mine = ledger.entries.filter((e) => e.paymentIntentId === id);
    const sum = (kinds: string[]) => mine.filter((e) => kinds.includes(e.kind)).reduce((t, e) => t + e.amountCents, 0);
    const objects = (kind: string) =>
      mine
        .filter((e) => e.kind === kind)
        .map((e) => [e.stripeObjectId, e.amountCents])
        .sort();
    // 1. what Stripe captured is what the ledger says was paid on it
    same(`paid on ${id} (${pi.status})`, sum(['charge', 'capture']), atStripe.capturedCents);
    // 4. each Stripe refund once, by id, with its amount; none that Stripe does not have; one
    // that failed is reversed by its refund_failed ([money.refund-failed])
    const reversed = new Set(objects('refund_failed').map(([r]) => r));
    const recorded = new Set(objects('refund').map(([r]) => r));
    same(
      `refunds of ${id}`,
      objects('refund').filter(([r]) => !reversed.has(r)),
      atStripe.refunds.map((r) => [r.id, r.amount]).sort(),
    );
    same(
      `failed refunds of ${id}`,
      objects('refund_failed'),
      atStripe.failedRefunds
        .filter((r) => recorded.has(r.id))
        .map((r) => [r.id, r.amount])
        .sort(),
    );
    // 1. disputes: opened with Stripe's amount, and their outcome once closed
    same(`disputes of ${id}`, objects('dispute_opened'), atStripe.disputes.map((d) => [d.id, d.amount]).sort());
    same(
      `won disputes of ${id}`,
      objects('dispute_won').map(([d]) => d),
      atStripe.disputes
        .filter((d) => d.status === 'won')
        .map((d) => d.id)
        .sort(),
    );
    same(
      `lost disputes of ${id}`,
      objects('dispute_lost').map(([d]) => d),
      atStripe.disputes
        .filter((d) => d.status === 'lost')
        .map((d) => d.id)
        .sort(),
    );
    // 1. a damage-deposit hold: what still stands at Stripe
    const intent = ledger.intents.find((i) => i.paymentIntentId === id);
    if (pi.capture_method === 'manual')
      same(
        `hold on ${id} (${pi.status})`,
        intent?.authorizedCents ?? 0,
        pi.status === 'requires_capture' ? pi.amount_capturable : 0,
      );
  }
  // The sums read from the entries: paid and refunded over all of them.
  same(
    'card paid',
    ledger.paidCents - ledger.offlinePaidCents,
    [...known].reduce((t, id) => t + stripeMoneyOf(s, id).capturedCents, 0),
  );
  same(
    'refunded',
    ledger.refundedCents,
    [...known].reduce((t, id) => t + stripeMoneyOf(s, id).refundedCents, 0),
  );
  return problems;
}

/**
 * The invariants of issue 23's money model, checked after every step, once Stripe's webhooks were
 * delivered (the stand-in delivers them before it answers) and the late-payment job ran; where
 * the ledger still differs from Stripe, once the reconciliation ran too (the server runs both
 * daily, here at once):
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
  expect(jobs.statusOf(LATE_PAYMENT_REFUNDS_JOB)?.lastError ?? null, 'the late-payment job').toBeNull();

  // Stripe's webhooks came with its answers; what they missed the reconciliation adds.
  let ledger = await readLedger(s);
  if (differences(s, ledger).length > 0) {
    await jobs.runNow(RECONCILE_JOB);
    expect(jobs.statusOf(RECONCILE_JOB)?.lastError ?? null, 'the reconcile job').toBeNull();
    ledger = await readLedger(s);
  }
  expect(differences(s, ledger), 'the ledger equals Stripe').toEqual([]);
  const booking = getBookingInquiry(s.w.db, s.bookingId)!;
  const intents = intentsAtStripe(s);

  // 2. nothing charged on a cancelled booking that is not refunded: what Stripe keeps never grows
  // after the cancel, but for a refund that failed since (its money came back; the owner is told)
  const failed = intents.flatMap((pi) => stripeMoneyOf(s, pi.id).failedRefunds);
  if (booking.cancelledAt) {
    const kept = keptAtStripe(s);
    s.keptAtCancel ??= kept;
    s.failedAtCancel ??= new Set(failed.map((r) => r.id));
    const cameBack = failed.filter((r) => !s.failedAtCancel!.has(r.id)).reduce((t, r) => t + r.amount, 0);
    expect(kept - cameBack, 'kept at Stripe since the cancel').toBeLessThanOrEqual(s.keptAtCancel);
  }
  // …and every failed refund the ledger reversed is told to the owner, once
  const notices = listOwnerNotices(s.w.db).filter(
    (n) => n.bookingId === s.bookingId && n.subject.startsWith('Refund failed'),
  );
  for (const e of ledger.entries.filter((x) => x.kind === 'refund_failed'))
    expect(notices.filter((n) => n.text.includes(e.stripeObjectId!)).length, `notice of ${e.stripeObjectId}`).toBe(1);

  // 3. no two balance payments both succeed
  const balances = intents.filter((pi) => pi.metadata.kind === 'balance' && pi.status === 'succeeded');
  expect(balances.length, 'balance payments that succeeded').toBeLessThanOrEqual(1);
  // …nor two payment-link payments, nor more card money on the stay than its total
  expect(
    intents.filter((pi) => pi.metadata.paymentLink === 'true' && pi.status === 'succeeded').length,
    'link payments',
  ).toBeLessThanOrEqual(1);
  if (booking.quote)
    expect(
      ledger.paidCents - ledger.intents.filter((i) => i.damageDeposit).reduce((t, i) => t + i.paidCents, 0),
      'stay paid',
    ).toBeLessThanOrEqual(booking.quote.totalCents);

  // 5. the owner statement's payouts equal the ledger's (one booking in the database)
  expect(await statementPayoutCents(s, Number(s.checkin.slice(0, 4))), 'statement payouts').toBe(ledger.payoutCents);
}
