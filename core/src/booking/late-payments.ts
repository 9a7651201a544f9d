/**
 * Money that arrives on a cancelled booking ([money.late-payment]): a payment link paid in a tab
 * left open, a balance charged while the guest cancelled, a page payment finished after the
 * cancel. The money moved, so it is in the ledger; it is given back in full, recorded, and the
 * owner is told. The guest is never told the stay is confirmed. Browser-safe plain TypeScript over
 * injected ports; run by the `late-payment-refunds` job (restart-safe: it works from the ledger,
 * and the refund's Idempotency-Key is derived from the PaymentIntent, so a retry after a lost
 * answer replays Stripe's refund instead of making a second one).
 */
import type { BookingInquiry } from './bookings.js';
import type { NewLedgerEntry } from './ledger.js';
import { PaymentProviderError, type PaymentGateway } from './payment-gateway.js';
import type { LoggerPort } from './ports.js';
import type { BookingEventKind } from './timeline.js';
import { formatCents } from '../pricing/pricing.js';

/** A card payment of a cancelled booking the cancellation never saw, with what it can still give back (cents). */
export interface LatePayment {
  booking: BookingInquiry;
  paymentIntentId: string;
  refundableCents: number;
}

export interface LatePaymentStore {
  /** Card charges recorded after their booking was cancelled whose PaymentIntent can still refund something. */
  listLatePayments(): LatePayment[];
  recordMoney(bookingId: number, entry: NewLedgerEntry, now: Date): { created: boolean };
  recordEvent(bookingId: number, kind: BookingEventKind, detail: string, now: Date): void;
}

export interface LatePaymentPorts {
  store: LatePaymentStore;
  payments: PaymentGateway | undefined;
  logger: LoggerPort;
  now: () => Date;
  /** Tells the owner (an owner notice of kind `money`), once per PaymentIntent. */
  notifyOwner?: (booking: BookingInquiry, subject: string, text: string, dedupeKey: string) => void;
}

/** The refund's Idempotency-Key: one per late PaymentIntent (Stripe's id is unique, never a row id). */
export const lateRefundKey = (paymentIntentId: string) => `ridgeline-late-refund-${paymentIntentId}`;

/**
 * Refunds every late payment in full ([money.late-payment]).
 * @returns how many were refunded and which failed (Stripe refused or unreachable: retried next run)
 */
export async function refundLatePayments(ports: LatePaymentPorts): Promise<{ refunded: number; failed: { bookingId: number; paymentIntentId: string; error: string }[] }> {
  const result = { refunded: 0, failed: [] as { bookingId: number; paymentIntentId: string; error: string }[] };
  const payments = ports.payments;
  if (!payments) return result;
  for (const late of ports.store.listLatePayments()) {
    const { booking, paymentIntentId, refundableCents } = late;
    try {
      const refund = await payments.createRefund({
        paymentIntentId,
        amountCents: refundableCents,
        idempotencyKey: lateRefundKey(paymentIntentId),
        metadata: { bookingId: String(booking.id), reason: 'paid after the booking was cancelled' },
      });
      if (refund.status === 'failed' || refund.status === 'canceled') throw new PaymentProviderError(`Stripe answered the refund as ${refund.status}`, undefined, undefined);
      const now = ports.now();
      // The refund's own webhook may have recorded it first: either way it is in the ledger once.
      ports.store.recordMoney(
        booking.id,
        { kind: 'refund', amountCents: refund.amountCents, at: refund.created ?? now.toISOString(), source: 'stripe', stripeObjectId: refund.id, paymentIntentId, note: 'Paid after the booking was cancelled: refunded in full' },
        now,
      );
      result.refunded += 1;
      const amount = formatCents(refund.amountCents);
      ports.store.recordEvent(booking.id, 'late-payment-refunded', `${amount} paid after the cancellation was refunded in full`, now);
      ports.notifyOwner?.(
        booking,
        `Payment after a cancellation refunded: ${booking.checkin} to ${booking.checkout}`,
        `${booking.firstName} ${booking.lastName} paid ${amount} for the cancelled stay of ${booking.checkin} to ${booking.checkout} (booking ${booking.id}). The booking stays cancelled and the nights stay on sale; the ${amount} was refunded to the card in full.`,
        `late-payment-${paymentIntentId}`,
      );
    } catch (err) {
      ports.logger.error('refunding a payment made after a cancellation failed', { bookingId: booking.id, paymentIntentId, err });
      result.failed.push({ bookingId: booking.id, paymentIntentId, error: err instanceof Error ? err.message : String(err) });
    }
  }
  return result;
}
