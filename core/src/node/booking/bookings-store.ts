import { randomBytes, randomUUID } from 'node:crypto';
import type { BookingInquiry, BookingKind, BookingStatus, NewBookingInquiry, StripePaymentDetails } from '../../booking/bookings.js';
import type { CancellationPolicy } from '../../booking/cancellation-policy.js';
import type { PriceBreakdown } from '../../pricing/pricing.js';
import type { Db } from '../platform/database.js';

interface Row {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  location: string;
  ip_address: string;
  checkin: string;
  checkout: string;
  guests: number;
  message: string;
  special_requests: string;
  payment_status: string;
  stripe_payment_intent_id: string | null;
  stripe_payment_details: string | null;
  quote_json: string | null;
  created_at: string;
  kind: BookingKind;
  amount_paid_cents: number;
  refunded_cents: number;
  cancelled_at: string | null;
  cancelled_by: 'owner' | 'guest' | null;
  cancel_reason: string;
  cancellation_policy_json: string | null;
  notes: string;
  guest_token: string;
  dispute_status: string | null;
}

/** Payment statuses of a direct booking whose guest paid (refunds after paying included). */
const PAID_STATUSES = new Set(['paid', 'partially_refunded', 'refunded']);

/** [bookings.status]: where a booking stands, from its row. */
function statusOf(r: Pick<Row, 'cancelled_at' | 'kind' | 'payment_status' | 'stripe_payment_intent_id'>): BookingStatus {
  if (r.cancelled_at) return 'cancelled';
  if (r.kind !== 'direct' || PAID_STATUSES.has(r.payment_status)) return 'confirmed';
  return r.stripe_payment_intent_id ? 'pending' : 'inquiry';
}

/** A new random token for a guest's page or a payment link: 192 bits, URL-safe. */
export function newBookingToken(): string {
  return randomBytes(24).toString('base64url');
}

const toInquiry = (r: Row): BookingInquiry => ({
  id: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  phone: r.phone,
  location: r.location,
  ipAddress: r.ip_address,
  checkin: r.checkin,
  checkout: r.checkout,
  guests: r.guests,
  message: r.message,
  specialRequests: r.special_requests,
  createdAt: r.created_at,
  paymentStatus: r.payment_status,
  stripePaymentIntentId: r.stripe_payment_intent_id,
  stripePaymentDetails: r.stripe_payment_details ? (JSON.parse(r.stripe_payment_details) as StripePaymentDetails) : null,
  quote: r.quote_json ? (JSON.parse(r.quote_json) as PriceBreakdown) : null,
  kind: r.kind,
  status: statusOf(r),
  amountPaidCents: r.amount_paid_cents,
  refundedCents: r.refunded_cents,
  cancelledAt: r.cancelled_at,
  cancelledBy: r.cancelled_by,
  cancelReason: r.cancel_reason,
  cancellationPolicy: r.cancellation_policy_json ? (JSON.parse(r.cancellation_policy_json) as CancellationPolicy) : null,
  notes: r.notes,
  guestToken: r.guest_token,
  disputeStatus: r.dispute_status,
});

/** The booking whose guest page token is `token` ([guest.page]); undefined for any other. */
export function getBookingByGuestToken(db: Db, token: string): BookingInquiry | undefined {
  const row = db.prepare('SELECT * FROM booking_inquiries WHERE guest_token = ?').get(token) as Row | undefined;
  return row ? toInquiry(row) : undefined;
}

/** Every booking inquiry, newest first. */
export function listBookingInquiries(db: Db): BookingInquiry[] {
  return (db.prepare('SELECT * FROM booking_inquiries ORDER BY created_at DESC, id DESC').all() as Row[]).map(toInquiry);
}

export function getBookingInquiry(db: Db, id: number): BookingInquiry | undefined {
  const row = db.prepare('SELECT * FROM booking_inquiries WHERE id = ?').get(id) as Row | undefined;
  return row ? toInquiry(row) : undefined;
}

export type { NewBookingInquiry } from '../../booking/bookings.js';

/** Stores an inquiry (fields already validated) and returns it. */
export function createBookingInquiry(db: Db, b: NewBookingInquiry, now: Date = new Date()): BookingInquiry {
  const result = db
    .prepare(
      `INSERT INTO booking_inquiries (first_name, last_name, email, phone, location, ip_address, checkin, checkout, guests,
         message, special_requests, payment_status, stripe_payment_intent_id, stripe_payment_details, quote_json, total_cents, created_at,
         kind, amount_paid_cents, cancellation_policy_json, notes, guest_token)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      b.firstName,
      b.lastName,
      b.email,
      b.phone,
      b.location,
      b.ipAddress,
      b.checkin,
      b.checkout,
      b.guests,
      b.message,
      b.specialRequests,
      b.paymentStatus ?? 'pending',
      b.stripePaymentIntentId ?? null,
      b.stripePaymentDetails ? JSON.stringify(b.stripePaymentDetails) : null,
      b.quote ? JSON.stringify(b.quote) : null,
      b.quote?.totalCents ?? null,
      now.toISOString(),
      b.kind ?? 'direct',
      b.amountPaidCents ?? 0,
      b.cancellationPolicy ? JSON.stringify(b.cancellationPolicy) : null,
      b.notes ?? '',
      newBookingToken(),
    );
  return getBookingInquiry(db, Number(result.lastInsertRowid)) as BookingInquiry;
}

/**
 * The booking's own random Idempotency-Key for its admin test payment, made on first use and the
 * same afterwards (two clicks get the one PaymentIntent). Random, not the row id: ids repeat in
 * every fresh database on the same Stripe account (issue 11 §9a).
 */
export function testPaymentIdempotencyKey(db: Db, id: number): string {
  db.prepare('UPDATE booking_inquiries SET stripe_idempotency_key = ? WHERE id = ? AND stripe_idempotency_key IS NULL').run(randomUUID(), id);
  const row = db.prepare('SELECT stripe_idempotency_key AS key FROM booking_inquiries WHERE id = ?').get(id) as { key: string | null } | undefined;
  if (!row?.key) throw new Error(`No booking with id ${id}`);
  return row.key;
}

/** Records the PaymentIntent created for an existing inquiry (admin test payment). */
export function setBookingPaymentIntent(db: Db, id: number, paymentIntentId: string, details: StripePaymentDetails): void {
  db.prepare('UPDATE booking_inquiries SET stripe_payment_intent_id = ?, stripe_payment_details = ? WHERE id = ?').run(
    paymentIntentId,
    JSON.stringify(details),
    id,
  );
}

/**
 * Paid card bookings created since `since` whose confirmation e-mail has not gone out (a send
 * that failed gives its claim back): the confirmation-e-mail job retries them.
 */
export function listUnsentConfirmations(db: Db, since: Date): BookingInquiry[] {
  return (
    db
      .prepare(
        `SELECT * FROM booking_inquiries WHERE payment_status = 'paid' AND stripe_payment_intent_id IS NOT NULL
           AND confirmation_sent_at IS NULL AND email <> '' AND created_at >= ? ORDER BY id`,
      )
      .all(since.toISOString()) as Row[]
  ).map(toInquiry);
}
