/**
 * The shapes of a change of dates or guests ([booking.change], [booking.change-money]): the stay's
 * dates, how a difference is settled, a saved change and what happened to its money. Browser-safe
 * types (and the settle list) shared by the change service (`booking-change.ts`), its words
 * (`booking-change-words.ts`), the SQLite store and the API contract; kept apart so the words
 * need not import the service that imports them.
 */
import type { OfflineMethod } from '../ledger.js';
import type { MailStatus } from '../mail-status.js';

/**
 * How the difference of a change is settled ([booking.change-money]):
 * - `payment_link`: the guest is e-mailed a payment link for what is left to pay;
 * - `off_session`: the saved card is charged now, without the guest;
 * - `offline`: collected later or outside Stripe (the owner records it with Record offline money);
 * - `balance`: a deposit booking whose balance is not charged yet: the balance changes, due
 *   `balanceDueDays` before the new check-in;
 * - `refund`: given back to the cards (per PaymentIntent, [money.refund-plan]), money paid
 *   outside Stripe given back the same way;
 * - `credit`: nothing given back: kept as the guest's credit;
 * - `none`: nothing to settle (same total, or an owner stay).
 */
export const CHANGE_SETTLES = ['payment_link', 'off_session', 'offline', 'balance', 'refund', 'credit', 'none'] as const;
export type ChangeSettle = (typeof CHANGE_SETTLES)[number];

/** A stay's dates (YYYY-MM-DD) and guests, with the booking JSON's own field names. */
export interface StayDates {
  checkin: string;
  checkout: string;
  guests: number;
}

/**
 * One card refund of a change, asked with `ridgeline-change-<booking>-<change>-refund-<paymentIntentId>`
 * (`-retry<n>` added for the owner's n-th retry of refused parts, [booking.change-refund-refused]).
 */
export interface ChangeRefundPart {
  paymentIntentId: string;
  /** cents, > 0 */
  amountCents: number;
  /**
   * `planned` until Stripe answers (or while its answer is unknown), then Stripe's status, or
   * `failed` (Stripe refused; nothing moved); `dropped`: a failed part the owner settled otherwise
   * (retried as new parts, or given back outside Stripe)
   */
  status: string;
  /** 0 (or absent) for the parts planned at the save; n for the owner's n-th retry */
  retry?: number;
  stripeRefundId: string | null;
  /** Stripe's message when it refused; '' otherwise */
  error: string;
}

/** A saved change ([booking.change]). */
export interface BookingChange {
  id: number;
  bookingId: number;
  /** ISO 8601 UTC */
  createdAt: string;
  from: StayDates;
  to: StayDates;
  /** cents */
  oldTotalCents: number;
  newTotalCents: number;
  /** cents: new total less the stay's net payments at the save; > 0 owed by the guest */
  differenceCents: number;
  settle: ChangeSettle;
  /** `open`: a Stripe call to make or whose answer is unknown; `settled`; `failed`: Stripe refused */
  status: 'open' | 'settled' | 'failed';
  parts: ChangeRefundPart[];
  /** money given back outside Stripe at the save ([money.offline-refund]) */
  offlineRefund: { amountCents: number; method: OfflineMethod } | null;
  /** the off-session charge's PaymentIntent once Stripe answered */
  paymentIntentId: string | null;
  /** the owner's words for how it was settled (or why not) */
  message: string;
}

/** What happened to the difference of a saved change. Amounts in cents. */
export interface ChangeSettlement {
  settle: ChangeSettle;
  status: BookingChange['status'];
  /** charged by card now */
  chargedCents: number;
  /** refunded to cards now */
  refundedCents: number;
  /** given back outside Stripe */
  offlineRefundedCents: number;
  /** the payment link, for `payment_link` */
  url: string | null;
  /** whether the guest was e-mailed the change: `mail === 'sent'` */
  emailed: boolean;
  /** what became of the change's e-mail ([notices.honest]); null when this step sent none */
  mail: MailStatus | null;
  message: string;
}
