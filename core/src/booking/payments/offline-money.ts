/**
 * Money the owner received or gave back outside Stripe ([money.offline]): cash, check, bank
 * transfer or other. Browser-safe and pure: what may be recorded, and the quote of a phone booking
 * once part of it is paid offline (no card fee on money not paid by card, [pricing.card-fee]).
 * The store records the entry and the new quote in one transaction.
 */
import type { Booking } from '../bookings.js';
import { balanceDueCents, stayNetPaidCents, OFFLINE_METHOD_LABELS, type LedgerSummary, type OfflineMethod } from '../ledger.js';
import { formatCents, quoteWithOfflinePayment, type PriceBreakdown } from '../../pricing/pricing.js';

export interface OfflineMoneyInput {
  kind: 'payment' | 'refund';
  method: OfflineMethod;
  /** cents > 0 */
  amountCents: number;
  note?: string | undefined;
  /** a payment above the balance due is kept as the guest's credit */
  asCredit?: boolean | undefined;
}

export type OfflineMoneyPlan =
  | { ok: true; quote: PriceBreakdown | null; detail: string }
  | { ok: false; status: 400 | 409; field?: 'amountCents' | 'kind'; message: string };

/**
 * Whether `input` may be recorded on `booking` with `money` (its ledger's sums), and the quote it
 * leaves ([money.offline]):
 * - an owner stay has no money (409); a cancelled booking takes no new payment (409), only refunds;
 * - a payment above the balance due (after the card fee leaves the offline part) is refused,
 *   400 on `amountCents`, unless `asCredit`;
 * - a refund is at most what was paid offline less given back (card money goes back by card).
 * A phone booking's quote loses the card fee on what is now paid offline.
 * @param cardFeeBps the owner's card fee today, for a quote stored without its own
 */
export function planOfflineMoney(booking: Booking, money: LedgerSummary, input: OfflineMoneyInput, cardFeeBps: number): OfflineMoneyPlan {
  const amount = formatCents(input.amountCents);
  const how = OFFLINE_METHOD_LABELS[input.method].toLowerCase();
  if (booking.kind === 'owner') return { ok: false, status: 409, message: "An owner stay has no payments to record" };
  if (input.kind === 'refund') {
    if (input.amountCents > money.offlineRefundableCents) {
      return {
        ok: false,
        status: 400,
        field: 'amountCents',
        message: `must be at most ${formatCents(money.offlineRefundableCents)}, what was paid offline less given back (card payments are refunded by card)`,
      };
    }
    return { ok: true, quote: null, detail: `Refunded ${amount} by ${how}` };
  }
  if (booking.cancelledAt) return { ok: false, status: 409, message: 'This booking is cancelled: record only money given back' };
  const quote = booking.kind === 'manual' && booking.quote ? quoteWithOfflinePayment(booking.quote, money.offlinePaidCents + input.amountCents, cardFeeBps) : booking.quote;
  const due = balanceDueCents({ ...booking, quote }, money);
  if (input.amountCents > due && !input.asCredit) {
    return {
      ok: false,
      status: 400,
      field: 'amountCents',
      message: `is more than the ${formatCents(due)} left to pay when paid this way (no card fee on money paid outside Stripe); record the rest as the guest's credit to keep it`,
    };
  }
  const credit = Math.max(0, input.amountCents - due);
  return {
    ok: true,
    quote: booking.kind === 'manual' ? quote : null,
    detail: `Paid ${amount} by ${how}${credit > 0 ? ` (${formatCents(credit)} kept as credit)` : ''}`,
  };
}

/** What the guest paid beyond the stay's total and the owner kept as credit (cents, ≥ 0). */
export function creditCents(booking: Pick<Booking, 'quote' | 'kind'>, money: Pick<LedgerSummary, 'stayPaidCents' | 'refundedCents'>): number {
  if (!booking.quote || booking.kind === 'owner') return 0;
  return Math.max(0, stayNetPaidCents(money) - booking.quote.totalCents);
}
