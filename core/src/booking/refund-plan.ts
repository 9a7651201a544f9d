/**
 * The plan of a cancellation's card refund ([money.refund-plan], [money.refund-incomplete]): which
 * card PaymentIntents give back how much, decided once from the money ledger when the refund
 * starts and stored with it, so every retry asks Stripe the very same parts with the very same
 * Idempotency-Keys. Browser-safe plain TypeScript; the SQLite store keeps the parts
 * (`refund_parts`, migration 0023) and the cancellation service runs them.
 */
import { refundableIntents, type LedgerSummary } from './ledger.js';

/**
 * Where one part of a refund stands ([money.refund-incomplete]):
 * - `planned`: stored, Stripe not asked yet or its answer unknown (a timeout, a 5xx): the next
 *   try asks again with the part's own key and amount;
 * - `pending` / `requires_action` / `succeeded`: Stripe's status of the refund it made (money
 *   moved, in the ledger);
 * - `failed`: Stripe refused it (or answered it failed or canceled); nothing moved. `error` keeps
 *   Stripe's message;
 * - `dropped`: a failed part the owner (or a later cancel) let go: not given back by card.
 */
export const REFUND_PART_STATUSES = ['planned', 'pending', 'requires_action', 'succeeded', 'failed', 'dropped'] as const;
export type RefundPartStatus = (typeof REFUND_PART_STATUSES)[number];

/** One Stripe refund of a cancellation's refund. */
export interface RefundPart {
  id: number;
  /** the order the parts are asked in, from 0 */
  position: number;
  paymentIntentId: string;
  /** cents, > 0 */
  amountCents: number;
  /** appended to `ridgeline-refund-<refund key>` to make the part's Idempotency-Key */
  keySuffix: string;
  status: RefundPartStatus;
  /** `re_…` once Stripe made it */
  stripeRefundId: string | null;
  /** Stripe's message when it failed; '' otherwise */
  error: string;
}

/** A part to store: the plan gives these, the store the rest. */
export type PlannedPart = Pick<RefundPart, 'paymentIntentId' | 'amountCents' | 'keySuffix'>;

/** Stripe's statuses of a refund that moved (or is moving) money back. */
const MOVED: ReadonlySet<RefundPartStatus> = new Set(['pending', 'requires_action', 'succeeded']);

/** Whether the part gave money back (pending, requires_action or succeeded). */
export const partMoved = (part: Pick<RefundPart, 'status'>): boolean => MOVED.has(part.status);

/**
 * Plans a card refund of `amountCents` over the stay's card PaymentIntents, latest payment first,
 * each giving at most what the ledger says it can still give back (`IntentMoney.refundableCents`:
 * paid less refunded less disputed); a damage deposit's PaymentIntent is never used
 * ([money.refund-plan]). Pure: the same ledger gives the same plan.
 * @param suffixOf the key suffix of each PaymentIntent's part (unique within one refund)
 * @returns the parts, in the order to ask; their sum is less than `amountCents` only when the
 *   cards cannot give it all (the caller checks the amount against `refundableCents` first)
 */
export function planRefund(amountCents: number, money: Pick<LedgerSummary, 'intents'>, suffixOf: (paymentIntentId: string) => string): PlannedPart[] {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new RangeError(`a refund is whole cents ≥ 0, got ${amountCents}`);
  const parts: PlannedPart[] = [];
  let left = amountCents;
  for (const intent of refundableIntents(money)) {
    if (left <= 0) break;
    const cents = Math.min(left, intent.refundableCents);
    parts.push({ paymentIntentId: intent.paymentIntentId, amountCents: cents, keySuffix: suffixOf(intent.paymentIntentId) });
    left -= cents;
  }
  return parts;
}

/**
 * The key suffix of a PaymentIntent's part ([money.refund-plan]): '' for the booking's own
 * PaymentIntent (the checkout's, or a phone booking's payment link), `-balance` for its balance,
 * `-<PaymentIntent id>` for any other; a retry round `n` of failed parts appends `-retry<n>` so
 * it never replays the key Stripe refused.
 */
export function partKeySuffix(booking: { stripePaymentIntentId: string | null; balance?: { paymentIntentId?: string | null | undefined } | null | undefined }, paymentIntentId: string, round = 0): string {
  const base = paymentIntentId === booking.stripePaymentIntentId ? '' : paymentIntentId === booking.balance?.paymentIntentId ? '-balance' : `-${paymentIntentId}`;
  return round > 0 ? `${base}-retry${round}` : base;
}

/** The retry round of a part from its key suffix (0 for a first plan). */
export function partRound(part: Pick<RefundPart, 'keySuffix'>): number {
  const match = /-retry(\d+)$/.exec(part.keySuffix);
  return match ? Number(match[1]) : 0;
}

/** Cents of the parts by where they stand. */
export function refundProgress(parts: readonly Pick<RefundPart, 'status' | 'amountCents'>[]): { movedCents: number; plannedCents: number; failedCents: number; droppedCents: number } {
  const sum = (keep: (p: Pick<RefundPart, 'status'>) => boolean) => parts.filter(keep).reduce((n, p) => n + p.amountCents, 0);
  return {
    movedCents: sum(partMoved),
    plannedCents: sum((p) => p.status === 'planned'),
    failedCents: sum((p) => p.status === 'failed'),
    droppedCents: sum((p) => p.status === 'dropped'),
  };
}

/**
 * The status of a cancellation's refund from its parts ([money.refund-incomplete]):
 * - `requested` while a part is `planned` (a retry replays it);
 * - `incomplete` when every part was answered, some moved and some `failed`: the booking is not
 *   cancelled yet, the owner finishes or changes it;
 * - `failed` when nothing moved and nothing is planned (Stripe refused it all): closed, the next
 *   cancel plans anew;
 * - else Stripe's: `pending` or `requires_action` when a moved part still is, else `succeeded`.
 */
export function refundStatusOf(parts: readonly Pick<RefundPart, 'status'>[]): string {
  if (parts.some((p) => p.status === 'planned')) return 'requested';
  const moved = parts.filter(partMoved);
  if (moved.length === 0) return 'failed';
  if (parts.some((p) => p.status === 'failed')) return 'incomplete';
  if (moved.some((p) => p.status === 'requires_action')) return 'requires_action';
  if (moved.some((p) => p.status === 'pending')) return 'pending';
  return 'succeeded';
}

/** A Stripe refund status as a part's: live ones as they are, anything else (failed, canceled) `failed`. */
export function partStatusOf(stripeStatus: string): RefundPartStatus {
  return stripeStatus === 'pending' || stripeStatus === 'requires_action' || stripeStatus === 'succeeded' ? stripeStatus : 'failed';
}

/** A cancellation's refund that is not finished, as the owner sees it ([money.refund-incomplete]). */
export interface UnfinishedRefund {
  id: number;
  /** cents the refund gives back by card: moved and planned parts */
  amountCents: number;
  /** `requested` or `incomplete` (see `refundStatusOf`) */
  status: string;
  source: 'owner' | 'guest';
  reason: string;
  /** cents that went back to a card */
  movedCents: number;
  /** cents of the failed parts: what did not go back */
  missingCents: number;
  parts: Omit<RefundPart, 'id' | 'keySuffix'>[];
}

/** The owner's view of a refund and its parts. */
export function unfinishedRefundView(refund: { id: number; amountCents: number; status: string; source: 'owner' | 'guest' | 'stripe'; reason: string }, parts: readonly RefundPart[]): UnfinishedRefund {
  const progress = refundProgress(parts);
  return {
    id: refund.id,
    amountCents: refund.amountCents,
    status: refund.status,
    source: refund.source === 'guest' ? 'guest' : 'owner',
    reason: refund.reason,
    movedCents: progress.movedCents,
    missingCents: progress.failedCents,
    parts: parts.map(({ id: _id, keySuffix: _suffix, ...p }) => p),
  };
}
