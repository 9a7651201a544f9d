/**
 * When a stay is paid ([payments.schedule]): in full at booking (the default), or a deposit now
 * and the balance `balanceDueDays` before check-in. Browser-safe plain TypeScript.
 */
import { addDays } from '../shared/dates.js';

/** Stripe's smallest card charge in USD, in cents: a smaller deposit or balance is not split off. */
export const STRIPE_MINIMUM_CENTS = 50;

/**
 * A stay paid in two parts ([payments.schedule]), frozen in the booking's quote snapshot
 * (`paymentSchedule`): amounts in cents, `depositCents + balanceCents` = the quote's total.
 */
export interface PaymentSchedule {
  /** the share charged at booking, basis points of the total */
  depositBps: number;
  /** charged at booking: the total × depositBps, rounded down to the cent */
  depositCents: number;
  /** the rest, charged off-session on `balanceDueDate` ([payments.balance]) */
  balanceCents: number;
  /** YYYY-MM-DD (the property's time zone): check-in minus `balanceDueDays` */
  balanceDueDate: string;
}

/**
 * The schedule of a stay ([payments.schedule]), or null when it is paid in full at booking:
 * no deposit set (`depositBps` null or 0), a check-in `balanceDueDays` or fewer days after
 * `today` (inside the window), or a part smaller than Stripe's minimum charge.
 * @param totalCents the server's total of the stay
 * @param checkin YYYY-MM-DD
 * @param today YYYY-MM-DD in the property's time zone
 */
export function paymentScheduleFor(
  settings: { depositBps?: number | null; balanceDueDays?: number },
  totalCents: number,
  checkin: string,
  today: string,
): PaymentSchedule | null {
  const depositBps = settings.depositBps ?? 0;
  if (depositBps <= 0 || depositBps >= 10_000) return null;
  const balanceDueDate = addDays(checkin, -(settings.balanceDueDays ?? 30));
  // "More than balanceDueDays away": the due date must still be ahead.
  if (balanceDueDate <= today) return null;
  const depositCents = Math.floor((totalCents * depositBps) / 10_000);
  const balanceCents = totalCents - depositCents;
  if (depositCents < STRIPE_MINIMUM_CENTS || balanceCents < STRIPE_MINIMUM_CENTS) return null;
  return { depositBps, depositCents, balanceCents, balanceDueDate };
}

/** Where a booking's balance stands ([payments.balance]). */
export type BalanceStatus =
  /** waiting for its due date */
  | 'scheduled'
  /** a charge failed; retried at `nextAttemptAt` (null: no more automatic tries) and payable on the guest's page */
  | 'failed'
  | 'paid'
  /** the booking was cancelled before it was paid: never charged */
  | 'cancelled';

/** A booking's balance as the owner and the guest see it ([payments.balance]). */
export interface BalanceState {
  status: BalanceStatus;
  /** cents */
  amountCents: number;
  /** YYYY-MM-DD */
  dueDate: string;
  /** automatic charges tried so far */
  attempts: number;
  /** ISO 8601 UTC of the next automatic try; null when none is planned */
  nextAttemptAt: string | null;
  /** Stripe's reason for the last failure, e.g. `card_declined`; null without one */
  lastError: string | null;
  /** ISO 8601 UTC; null until paid */
  paidAt: string | null;
  /** The PaymentIntent that paid it (`pi_…`; refunds: [payments.refund-both]); null or absent until paid. Server-side. */
  paymentIntentId?: string | null;
}

/** Days after a failed automatic balance charge when it is tried again ([payments.balance]): 1, then 3. */
export const BALANCE_RETRY_DAYS = [1, 3] as const;
