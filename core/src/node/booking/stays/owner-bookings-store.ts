import { randomUUID } from 'node:crypto';
import type { Booking, NewBookingInquiry } from '../../../booking/bookings.js';
import { formatCents } from '../../../pricing/pricing.js';
import type { OwnerBookingStore } from '../../../booking/ports.js';
import type { Db } from '../../platform/database.js';
import { getOwnerSettings } from '../../settings/owner-settings-store.js';
import { recordBookingEvent } from '../booking-events-store.js';
import { recordLedgerEntry } from '../ledger-store.js';
import { createBookingInquiry, getBookingInquiry, newBookingToken } from '../bookings-store.js';
import { claimConfirmationEmail, closedNights, quoteStay, unclaimConfirmationEmail } from '../stays-store.js';

/**
 * Stores a `manual` or `owner` booking ([bookings.owner-create]) if every night is open
 * ([availability.closed]: owner-closed, a paid or owner booking, a live hold, an imported stay),
 * with its `created` timeline line. Check and insert in one IMMEDIATE transaction, so a guest's
 * hold and the owner's booking can never both get a night.
 * @param created the timeline line's sentence
 */
export function insertOwnerBooking(
  db: Db,
  booking: NewBookingInquiry & { kind: 'manual' | 'owner' },
  created: string,
  now: Date = new Date(),
): { ok: true; booking: Booking } | { ok: false; closedDates: string[] } {
  return db.transaction(() => {
    const closedDates = closedNights(db, booking.checkin, booking.checkout, now);
    if (closedDates.length > 0) return { ok: false as const, closedDates };
    const stored = createBookingInquiry(db, booking, now);
    recordBookingEvent(db, stored.id, 'created', created, now);
    return { ok: true as const, booking: stored };
  }).immediate();
}

/** The booking's payment-link token ([bookings.payment-link]): random, made once, then kept. */
export function paymentLinkToken(db: Db, bookingId: number): string {
  db.prepare('UPDATE booking_inquiries SET payment_link_token = ? WHERE id = ? AND payment_link_token IS NULL').run(newBookingToken(), bookingId);
  const row = db.prepare('SELECT payment_link_token AS token FROM booking_inquiries WHERE id = ?').get(bookingId) as { token: string | null } | undefined;
  if (!row?.token) throw new Error(`No booking with id ${bookingId}`);
  return row.token;
}

/** The booking whose payment-link token is `token`; undefined for any other (and for ''). */
export function findBookingByPaymentLinkToken(db: Db, token: string): Booking | undefined {
  if (!token) return undefined;
  const row = db.prepare('SELECT id FROM booking_inquiries WHERE payment_link_token = ?').get(token) as { id: number } | undefined;
  return row ? getBookingInquiry(db, row.id) : undefined;
}

/** The booking whose payment link created PaymentIntent `paymentIntentId`. */
export function findBookingByPaymentLinkIntent(db: Db, paymentIntentId: string): Booking | undefined {
  const row = db.prepare('SELECT id FROM booking_inquiries WHERE payment_link_intent_id = ?').get(paymentIntentId) as { id: number } | undefined;
  return row ? getBookingInquiry(db, row.id) : undefined;
}

/**
 * The link's PaymentIntent so far: its random Idempotency-Key, made on first use and kept (two
 * clicks, two tabs or a retry get the one PaymentIntent), and the PaymentIntent made with it.
 */
export function paymentLinkIntent(db: Db, bookingId: number): { idempotencyKey: string; paymentIntentId: string | null } {
  db.prepare('UPDATE booking_inquiries SET payment_link_idempotency_key = ? WHERE id = ? AND payment_link_idempotency_key IS NULL').run(randomUUID(), bookingId);
  const row = db
    .prepare('SELECT payment_link_idempotency_key AS idempotencyKey, payment_link_intent_id AS paymentIntentId FROM booking_inquiries WHERE id = ?')
    .get(bookingId) as { idempotencyKey: string; paymentIntentId: string | null } | undefined;
  if (!row) throw new Error(`No booking with id ${bookingId}`);
  return row;
}

export function attachPaymentLinkIntent(db: Db, bookingId: number, paymentIntentId: string): void {
  db.prepare('UPDATE booking_inquiries SET payment_link_intent_id = ? WHERE id = ?').run(paymentIntentId, bookingId);
}

/**
 * Credits the link's payment once ([bookings.payment-link]): what was paid grows by
 * `amountCents` (its `charge` in the ledger), the booking is `paid`, the PaymentIntent becomes the
 * booking's when it had none, and so do the card's details: a guest's own booking keeps the card
 * it booked with (its saved card charges the balance off-session, [payments.saved-card];
 * [bookings.payment-link-keeps-card]), the cancellation policy of this moment is frozen if none was
 * ([cancel.policy]), and the timeline says `paid`. On a booking cancelled meanwhile (checked in
 * the same transaction) the money is only recorded ([money.late-payment]): its `charge` (once per
 * PaymentIntent) and a `paid` timeline line saying it is refunded; the booking stays cancelled,
 * neither `paid` nor policy-frozen, and the late-payment job refunds it.
 * @returns `credited` (the booking is paid by it now), `late` (recorded now on a cancelled
 *   booking), undefined when it already was or is not the booking's link intent
 */
export function creditLinkPayment(
  db: Db,
  bookingId: number,
  payment: { paymentIntentId: string; amountCents: number; card: { brand: string; last4: string } | null },
  now: Date = new Date(),
): 'credited' | 'late' | undefined {
  return db.transaction(() => {
    const booking = getBookingInquiry(db, bookingId);
    if (!booking) return undefined;
    const card = payment.card ? ` (${payment.card.brand} ·${payment.card.last4})` : '';
    const charge = (note: string) =>
      recordLedgerEntry(db, bookingId, { kind: 'charge', amountCents: payment.amountCents, at: now.toISOString(), source: 'stripe', stripeObjectId: payment.paymentIntentId, paymentIntentId: payment.paymentIntentId, note }, now);
    if (booking.cancelledAt) {
      const linked = db.prepare('SELECT 1 FROM booking_inquiries WHERE id = ? AND payment_link_intent_id = ?').get(bookingId, payment.paymentIntentId);
      if (!linked || !charge('Paid through the payment link after the booking was cancelled').created) return undefined;
      recordBookingEvent(db, bookingId, 'paid', `Paid ${formatCents(payment.amountCents)} by card through the payment link${card} after the booking was cancelled; it is refunded in full`, now);
      return 'late' as const;
    }
    const details = { status: 'succeeded', amount: payment.amountCents, ...(payment.card ? { paymentMethod: { card: payment.card } } : {}) };
    const changed = db
      .prepare(
        `UPDATE booking_inquiries SET payment_status = 'paid', payment_link_paid_at = ?,
           stripe_payment_intent_id = coalesce(stripe_payment_intent_id, ?), stripe_payment_details = coalesce(stripe_payment_details, ?),
           cancellation_policy_json = coalesce(cancellation_policy_json, ?)
         WHERE id = ? AND payment_link_intent_id = ? AND payment_link_paid_at IS NULL AND cancelled_at IS NULL`,
      )
      .run(
        now.toISOString(),
        payment.paymentIntentId,
        JSON.stringify(details),
        JSON.stringify(booking.quote?.terms?.cancellationPolicy ?? getOwnerSettings(db).cancellationPolicy),
        bookingId,
        payment.paymentIntentId,
      ).changes;
    if (changed !== 1) return undefined;
    charge('Paid through the payment link');
    recordBookingEvent(db, bookingId, 'paid', `Paid ${formatCents(payment.amountCents)} by card through the payment link${card}`, now);
    return 'credited' as const;
  }).immediate();
}

/** The owner's bookings port (`OwnerBookingStore`, core/src/booking/ports.ts) over SQLite. */
export function createSqliteOwnerBookingStore(db: Db): OwnerBookingStore {
  return {
    quoteStay: (checkin, checkout, guests) => quoteStay(db, checkin, checkout, guests),
    settings: () => getOwnerSettings(db),
    claimConfirmationEmail: (bookingId, now) => claimConfirmationEmail(db, bookingId, now),
    unclaimConfirmationEmail: (bookingId) => unclaimConfirmationEmail(db, bookingId),
    insertOwnerBooking: (booking, created, now) => insertOwnerBooking(db, booking, created, now),
    getBooking: (id) => getBookingInquiry(db, id),
    paymentLinkToken: (bookingId) => paymentLinkToken(db, bookingId),
    findByPaymentLinkToken: (token) => findBookingByPaymentLinkToken(db, token),
    findByPaymentLinkIntent: (paymentIntentId) => findBookingByPaymentLinkIntent(db, paymentIntentId),
    paymentLinkIntent: (bookingId) => paymentLinkIntent(db, bookingId),
    attachPaymentLinkIntent: (bookingId, paymentIntentId) => attachPaymentLinkIntent(db, bookingId, paymentIntentId),
    forgetPaymentLinkIntent: (bookingId) =>
      void db.prepare('UPDATE booking_inquiries SET payment_link_idempotency_key = NULL, payment_link_intent_id = NULL WHERE id = ? AND payment_link_paid_at IS NULL').run(bookingId),
    creditLinkPayment: (bookingId, payment, now) => creditLinkPayment(db, bookingId, payment, now),
    recordBookingEvent: (bookingId, kind, detail, now) => void recordBookingEvent(db, bookingId, kind, detail, now),
  };
}
