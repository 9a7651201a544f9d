/**
 * Money that arrives on a cancelled booking ([money.late-payment]): a payment link paid in a tab
 * left open, a balance charged while the guest cancelled, a page payment finished after the
 * cancel. The money moved, so it is in the ledger; it is given back in full, recorded, and the
 * owner is told. The guest is never told the stay is confirmed. Browser-safe plain TypeScript over
 * injected ports; run by the `late-payment-refunds` job (restart-safe: it works from the ledger,
 * and the refund's Idempotency-Key is derived from the PaymentIntent, so a retry after a lost
 * answer replays Stripe's refund instead of making a second one).
 */
import type { Booking } from '../bookings.js';
import type { NewLedgerEntry } from '../ledger.js';
import { PaymentProviderError, type PaymentGateway } from '../payment-gateway.js';
import type { LoggerPort } from '../ports.js';
import type { BookingEventKind } from '../timeline.js';
import { formatCents } from '../../pricing/pricing.js';

/**
 * A card payment to give back in full, with what it can still give back (cents): one on a
 * cancelled booking the cancellation never saw (`late`, [money.late-payment]), or a balance paid
 * a second time (`duplicate`, [money.duplicate-payment]).
 */
export interface LatePayment {
  booking: Booking;
  paymentIntentId: string;
  refundableCents: number;
  /** why it goes back; `late` when left out */
  why?: 'late' | 'duplicate';
}

export interface LatePaymentStore {
  /**
   * Card charges recorded after their booking was cancelled, and second balance payments, whose
   * PaymentIntent can still refund something.
   */
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
  notifyOwner?: (booking: Booking, subject: string, text: string, dedupeKey: string) => void;
}

/** The refund's Idempotency-Key: one per late PaymentIntent (Stripe's id is unique, never a row id). */
export const lateRefundKey = (paymentIntentId: string) => `ridgeline-late-refund-${paymentIntentId}`;
/** The refund's Idempotency-Key of a balance paid a second time ([money.duplicate-payment]). */
export const duplicateRefundKey = (paymentIntentId: string) => `ridgeline-duplicate-refund-${paymentIntentId}`;

/** What each kind of money given back says: its refund's key, metadata reason, ledger note, timeline line and owner notice. */
const WORDS = {
  late: {
    key: lateRefundKey,
    reason: 'paid after the booking was cancelled',
    note: 'Paid after the booking was cancelled: refunded in full',
    event: 'late-payment-refunded' as BookingEventKind,
    detail: (amount: string) => `${amount} paid after the cancellation was refunded in full`,
    subject: (b: Booking) => `Payment after a cancellation refunded: ${b.checkin} to ${b.checkout}`,
    text: (b: Booking, amount: string) =>
      `${b.firstName} ${b.lastName} paid ${amount} for the cancelled stay of ${b.checkin} to ${b.checkout} (booking ${b.id}). The booking stays cancelled and the nights stay on sale; the ${amount} was refunded to the card in full.`,
    dedupe: (pi: string) => `late-payment-${pi}`,
  },
  duplicate: {
    key: duplicateRefundKey,
    reason: 'balance paid a second time',
    note: 'Balance paid a second time: refunded in full',
    event: 'refunded' as BookingEventKind,
    detail: (amount: string) => `Second payment of the balance (${amount}) refunded in full: the balance was already paid`,
    subject: (b: Booking) => `Second balance payment refunded: ${b.checkin} to ${b.checkout}`,
    text: (b: Booking, amount: string) =>
      `${b.firstName} ${b.lastName} paid the balance of the stay of ${b.checkin} to ${b.checkout} (booking ${b.id}) twice. The second payment, ${amount}, was refunded to the card in full; the booking keeps the first.`,
    dedupe: (pi: string) => `duplicate-payment-refunded-${pi}`,
  },
} as const;

/**
 * The ledger note of one of our full refunds by the `reason` its metadata carries (what the
 * webhook of that refund records when it arrives before the job's own answer); undefined for any
 * other reason.
 */
export function lateRefundNote(metadataReason: string | undefined): string | undefined {
  return Object.values(WORDS).find((w) => w.reason === metadataReason)?.note;
}

/**
 * Refunds every late payment and every second balance payment in full ([money.late-payment],
 * [money.duplicate-payment]), each once: its key is derived from its PaymentIntent, so a retry
 * after a lost answer replays Stripe's refund.
 * @returns how many were refunded and which failed (Stripe refused or unreachable: retried next run)
 */
export async function refundLatePayments(ports: LatePaymentPorts): Promise<{ refunded: number; failed: { bookingId: number; paymentIntentId: string; error: string }[] }> {
  const result = { refunded: 0, failed: [] as { bookingId: number; paymentIntentId: string; error: string }[] };
  const payments = ports.payments;
  if (!payments) return result;
  for (const late of ports.store.listLatePayments()) {
    const { booking, paymentIntentId, refundableCents } = late;
    const words = WORDS[late.why ?? 'late'];
    try {
      const refund = await payments.createRefund({
        paymentIntentId,
        amountCents: refundableCents,
        idempotencyKey: words.key(paymentIntentId),
        metadata: { bookingId: String(booking.id), reason: words.reason, ridgeline_late_refund: 'true' },
      });
      if (refund.status === 'failed' || refund.status === 'canceled') throw new PaymentProviderError(`Stripe answered the refund as ${refund.status}`, undefined, undefined);
      const now = ports.now();
      // The refund's own webhook may have recorded it first: either way it is in the ledger once.
      ports.store.recordMoney(
        booking.id,
        { kind: 'refund', amountCents: refund.amountCents, at: refund.created ?? now.toISOString(), source: 'stripe', stripeObjectId: refund.id, paymentIntentId, note: words.note },
        now,
      );
      result.refunded += 1;
      const amount = formatCents(refund.amountCents);
      ports.store.recordEvent(booking.id, words.event, words.detail(amount), now);
      ports.notifyOwner?.(booking, words.subject(booking), words.text(booking, amount), words.dedupe(paymentIntentId));
    } catch (err) {
      ports.logger.error(late.why === 'duplicate' ? 'refunding a second balance payment failed' : 'refunding a payment made after a cancellation failed', { bookingId: booking.id, paymentIntentId, err });
      result.failed.push({ bookingId: booking.id, paymentIntentId, error: err instanceof Error ? err.message : String(err) });
    }
  }
  return result;
}
