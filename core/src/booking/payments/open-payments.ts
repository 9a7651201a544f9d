/**
 * A cancelled booking's PaymentIntents that could still take money ([money.cancel-open-payments]):
 * a payment link open in the guest's tab, a balance started on the guest's page, an off-session
 * balance attempt still open. Cancelling the booking cancels them at Stripe so nothing more can be
 * paid; one Stripe already charged is recorded as a late payment, which the late-payment job
 * refunds in full ([money.late-payment]). Browser-safe plain TypeScript over injected ports.
 */
import type { Booking } from '../bookings.js';
import type { NewLedgerEntry } from '../ledger.js';
import { PaymentProviderError, type PaymentGateway, type PaymentIntentView } from '../payment-gateway.js';
import type { LoggerPort } from '../ports.js';
import type { BookingEventKind } from '../timeline.js';
import { formatCents } from '../../pricing/pricing.js';

/** A PaymentIntent a booking is known to have, and whether its ledger already holds its charge. */
export interface KnownIntent {
  paymentIntentId: string;
  /** true when the ledger records money taken on it (a charge): nothing can be paid on it any more */
  charged: boolean;
}

export interface OpenPaymentStore {
  /**
   * The booking's PaymentIntents of the stay (the checkout's, a balance's, a payment link's, any
   * the ledger names), without its damage deposit's: the deposit's job releases those
   * ([deposit.release]).
   */
  listStayIntents(bookingId: number): KnownIntent[];
  /** Records a ledger entry (a Stripe object once per kind); `created` false when it was there. */
  recordMoney(bookingId: number, entry: NewLedgerEntry, now: Date): { created: boolean };
  recordEvent(bookingId: number, kind: BookingEventKind, detail: string, now: Date): void;
}

export interface OpenPaymentPorts {
  store: OpenPaymentStore;
  /** Stripe; undefined when payments are off (nothing is then open at Stripe to cancel). */
  payments: Pick<PaymentGateway, 'retrievePaymentIntent' | 'cancelPaymentIntent'> | undefined;
  logger: LoggerPort;
  now: () => Date;
  /** Money was found on the cancelled booking: the late-payment refunds run now ([money.late-payment]). */
  onLatePayment?: (() => void) | undefined;
}

/** What became of each open PaymentIntent. */
export interface WithdrawResult {
  /** cancelled at Stripe: it can no longer be paid */
  cancelled: string[];
  /** Stripe had charged it: recorded as a late payment, refunded by the late-payment job */
  charged: string[];
  /** Stripe could not be asked or read: logged; money that arrives on it is still refunded ([money.late-payment]) */
  failed: string[];
}

/** Stripe refused to cancel because the intent already succeeded or was cancelled. */
const notCancellable = (err: unknown) => err instanceof PaymentProviderError && err.code === 'payment_intent_unexpected_state';

/**
 * After a cancellation ([money.cancel-open-payments]): every PaymentIntent of the stay the ledger
 * holds no charge for is read from Stripe and, unless it already succeeded or was cancelled,
 * cancelled (`POST /v1/payment_intents/{id}/cancel`), so the guest's open tab or a running
 * automatic charge can no longer take money. One Stripe already charged (`succeeded`, the page
 * and the webhook not heard yet) is recorded now as a `charge` of `amountReceived` cents with a
 * `paid` timeline line, and `onLatePayment` runs the late-payment refunds ([money.late-payment]).
 * Never throws: a Stripe failure is logged and listed in `failed`; the late-payment job is the
 * safety net for money that still arrives.
 * @param booking the booking just cancelled
 */
export async function withdrawOpenPayments(ports: OpenPaymentPorts, booking: Booking): Promise<WithdrawResult> {
  const result: WithdrawResult = { cancelled: [], charged: [], failed: [] };
  const payments = ports.payments;
  if (!payments) return result;
  for (const { paymentIntentId, charged } of ports.store.listStayIntents(booking.id)) {
    if (charged) continue;
    try {
      let intent = await payments.retrievePaymentIntent(paymentIntentId);
      if (intent.status !== 'succeeded' && intent.status !== 'canceled') {
        try {
          await payments.cancelPaymentIntent(paymentIntentId);
          result.cancelled.push(paymentIntentId);
          continue;
        } catch (err) {
          // Paid in the instant between the read and the cancel: Stripe says which.
          if (!notCancellable(err)) throw err;
          intent = await payments.retrievePaymentIntent(paymentIntentId);
        }
      }
      if (intent.status === 'succeeded' && recordLateCharge(ports, booking, intent)) result.charged.push(paymentIntentId);
    } catch (err) {
      ports.logger.error('cancelling an open PaymentIntent of a cancelled booking failed; money that still arrives is refunded by the late-payment job', {
        bookingId: booking.id,
        paymentIntentId,
        err,
      });
      result.failed.push(paymentIntentId);
    }
  }
  if (result.charged.length > 0) ports.onLatePayment?.();
  return result;
}

/** Records the charge Stripe made on the cancelled booking, once; true when recorded now. */
function recordLateCharge(ports: OpenPaymentPorts, booking: Booking, intent: PaymentIntentView): boolean {
  const amountCents = intent.amountReceived ?? intent.amount;
  if (amountCents <= 0) return false;
  const now = ports.now();
  const { created } = ports.store.recordMoney(
    booking.id,
    { kind: 'charge', amountCents, at: now.toISOString(), source: 'stripe', stripeObjectId: intent.id, paymentIntentId: intent.id, note: 'Paid as the booking was cancelled' },
    now,
  );
  if (created) ports.store.recordEvent(booking.id, 'paid', `Paid ${formatCents(amountCents)} by card as the booking was cancelled; it is refunded in full`, now);
  return created;
}
