import { randomUUID } from 'node:crypto';
import type { BookingInquiry, NewBookingInquiry, StripePaymentDetails } from '../../booking/bookings.js';
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
});

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
         message, special_requests, payment_status, stripe_payment_intent_id, stripe_payment_details, quote_json, total_cents, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
