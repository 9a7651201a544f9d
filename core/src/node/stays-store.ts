import { addDays, datesInRange } from '../dates.js';
import { priceStay, type PriceBreakdown } from '../pricing.js';
import type { BookingInquiry } from '../bookings.js';
import { createBookingInquiry, getBookingInquiry, type NewBookingInquiry } from './bookings-store.js';
import type { Db } from './database.js';

/** How long a hold keeps its nights while the guest pays, in seconds (payments issue). */
export const HOLD_TTL_SECONDS = 15 * 60;

/**
 * Every night from `checkin` up to (not including) `checkout` that cannot be sold: set
 * unavailable or blocked by the owner, inside a paid booking or a live hold, or imported from
 * another platform's calendar (active sources).
 * @param exceptHoldId a hold whose own nights do not count (its guest is confirming it)
 */
export function closedNights(db: Db, checkin: string, checkout: string, _now: Date = new Date(), exceptHoldId?: number): string[] {
  const last = addDays(checkout, -1);
  const closed = new Set<string>();
  const owner = db
    .prepare('SELECT date FROM availability WHERE date BETWEEN ? AND ? AND (is_available = 0 OR is_blocked = 1)')
    .all(checkin, last) as { date: string }[];
  for (const { date } of owner) closed.add(date);
  const stays = [
    ...(db
      .prepare("SELECT checkin, checkout FROM booking_inquiries WHERE payment_status = 'paid' AND checkin < ? AND checkout > ?")
      .all(checkout, checkin) as { checkin: string; checkout: string }[]),
    ...(db
      // A hold keeps its nights until it is released: past its 15 minutes that happens only once
      // its PaymentIntent is cancelled at Stripe (hold sweeper), so a guest lingering on the
      // checkout can never pay for nights someone else has meanwhile bought.
      .prepare("SELECT checkin, checkout FROM holds WHERE status = 'held' AND checkin < ? AND checkout > ? AND id IS NOT ?")
      .all(checkout, checkin, exceptHoldId ?? null) as { checkin: string; checkout: string }[]),
    // Nights another platform sold or blocked (calendar issue §2), from active sources.
    ...(db
      .prepare(
        `SELECT e.start_date AS checkin, e.end_date AS checkout FROM imported_events e
         JOIN calendar_sources s ON s.id = e.source_id WHERE s.is_active = 1 AND e.start_date < ? AND e.end_date > ?`,
      )
      .all(checkout, checkin) as { checkin: string; checkout: string }[]),
  ];
  for (const stay of stays) {
    for (const date of datesInRange(stay.checkin, stay.checkout)) if (date >= checkin && date < checkout) closed.add(date);
  }
  return [...closed].sort();
}

/** The owner's nightly prices (cents) for the nights of a stay, by date; unset dates absent. */
export function ownerNightlyPrices(db: Db, checkin: string, checkout: string): Map<string, number> {
  const rows = db
    .prepare('SELECT date, price_cents FROM availability WHERE date >= ? AND date < ?')
    .all(checkin, checkout) as { date: string; price_cents: number }[];
  return new Map(rows.map((r) => [r.date, r.price_cents]));
}

/**
 * The server's quote for a stay (payments issue §1): each night at the owner's price where one
 * is set, else SPEC §9's rate, then the fees and taxes of `priceStay`.
 * @returns undefined for a stay without nights
 */
export function quoteStay(db: Db, checkin: string, checkout: string): PriceBreakdown | undefined {
  const prices = ownerNightlyPrices(db, checkin, checkout);
  return priceStay(checkin, checkout, (date) => prices.get(date));
}

/** Guest details carried by a hold until its booking is stored. */
export interface HoldGuest {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  location: string;
  ipAddress: string;
  message: string;
  specialRequests: string;
}

export interface Hold {
  id: number;
  checkin: string;
  checkout: string;
  guests: number;
  guest: HoldGuest;
  quote: PriceBreakdown;
  paymentIntentId: string | null;
  status: 'held' | 'released' | 'converted';
  expiresAt: string;
}

interface HoldRow {
  id: number;
  checkin: string;
  checkout: string;
  guests: number;
  guest_json: string;
  quote_json: string;
  payment_intent_id: string | null;
  status: Hold['status'];
  expires_at: string;
}

const toHold = (r: HoldRow): Hold => ({
  id: r.id,
  checkin: r.checkin,
  checkout: r.checkout,
  guests: r.guests,
  guest: JSON.parse(r.guest_json) as HoldGuest,
  quote: JSON.parse(r.quote_json) as PriceBreakdown,
  paymentIntentId: r.payment_intent_id,
  status: r.status,
  expiresAt: r.expires_at,
});

export type PlaceHoldResult = { ok: true; hold: Hold } | { ok: false; closedDates: string[] };

/**
 * Holds a stay's nights for HOLD_TTL_SECONDS if every night is open — check and insert in one
 * synchronous transaction, so of any number of concurrent requests for overlapping nights
 * exactly one gets the hold.
 */
export function placeHold(
  db: Db,
  stay: { checkin: string; checkout: string; guests: number; guest: HoldGuest; quote: PriceBreakdown },
  now: Date = new Date(),
): PlaceHoldResult {
  return db.transaction((): PlaceHoldResult => {
    const closedDates = closedNights(db, stay.checkin, stay.checkout, now);
    if (closedDates.length > 0) return { ok: false, closedDates };
    const expires = new Date(now.getTime() + HOLD_TTL_SECONDS * 1000);
    const result = db
      .prepare(
        `INSERT INTO holds (checkin, checkout, guests, guest_json, quote_json, total_cents, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(stay.checkin, stay.checkout, stay.guests, JSON.stringify(stay.guest), JSON.stringify(stay.quote), stay.quote.totalCents, now.toISOString(), expires.toISOString());
    return { ok: true, hold: getHold(db, Number(result.lastInsertRowid)) as Hold };
  }).immediate();
}

export function getHold(db: Db, id: number): Hold | undefined {
  const row = db.prepare('SELECT * FROM holds WHERE id = ?').get(id) as HoldRow | undefined;
  return row ? toHold(row) : undefined;
}

export function getHoldByPaymentIntent(db: Db, paymentIntentId: string): Hold | undefined {
  const row = db.prepare('SELECT * FROM holds WHERE payment_intent_id = ?').get(paymentIntentId) as HoldRow | undefined;
  return row ? toHold(row) : undefined;
}

/** Records the PaymentIntent created for a hold. */
export function attachPaymentIntent(db: Db, holdId: number, paymentIntentId: string): void {
  db.prepare('UPDATE holds SET payment_intent_id = ? WHERE id = ?').run(paymentIntentId, holdId);
}

/** Frees a hold's nights (payment failed or cancelled, or creating the intent failed). */
export function releaseHold(db: Db, holdId: number): void {
  db.prepare("UPDATE holds SET status = 'released' WHERE id = ? AND status = 'held'").run(holdId);
}

/** The booking already stored for a PaymentIntent, if any. */
export function findBookingByPaymentIntent(db: Db, paymentIntentId: string): BookingInquiry | undefined {
  const row = db.prepare('SELECT id FROM booking_inquiries WHERE stripe_payment_intent_id = ?').get(paymentIntentId) as { id: number } | undefined;
  return row ? getBookingInquiry(db, row.id) : undefined;
}

/**
 * Stores the booking for a PaymentIntent exactly once (the webhook and the page's call may both
 * arrive, in any order) and turns its hold into a booking. Returns the stored booking and
 * whether this call created it.
 */
export function confirmBooking(
  db: Db,
  booking: NewBookingInquiry & { stripePaymentIntentId: string },
  holdId: number | undefined,
  now: Date = new Date(),
): { booking: BookingInquiry; created: boolean } {
  return db.transaction(() => {
    const existing = findBookingByPaymentIntent(db, booking.stripePaymentIntentId);
    if (existing) {
      if (booking.paymentStatus === 'paid' && existing.paymentStatus !== 'paid') {
        db.prepare('UPDATE booking_inquiries SET payment_status = ?, stripe_payment_details = ? WHERE id = ?').run(
          'paid',
          booking.stripePaymentDetails ? JSON.stringify(booking.stripePaymentDetails) : null,
          existing.id,
        );
        if (holdId !== undefined) db.prepare("UPDATE holds SET status = 'converted' WHERE id = ?").run(holdId);
        return { booking: getBookingInquiry(db, existing.id) as BookingInquiry, created: false };
      }
      return { booking: existing, created: false };
    }
    const created = createBookingInquiry(db, booking, now);
    if (holdId !== undefined && booking.paymentStatus === 'paid') db.prepare("UPDATE holds SET status = 'converted' WHERE id = ?").run(holdId);
    return { booking: created, created: true };
  }).immediate();
}

/** Marks the guest's confirmation e-mail as sent; false when it already was (send once). */
export function claimConfirmationEmail(db: Db, bookingId: number, now: Date = new Date()): boolean {
  return (
    db
      .prepare('UPDATE booking_inquiries SET confirmation_sent_at = ? WHERE id = ? AND confirmation_sent_at IS NULL')
      .run(now.toISOString(), bookingId).changes === 1
  );
}

/** Records a Stripe event id; false when it was already handled (idempotency). */
export function claimStripeEvent(db: Db, eventId: string, type: string, now: Date = new Date()): boolean {
  return db.prepare('INSERT OR IGNORE INTO stripe_events (event_id, type, received_at) VALUES (?, ?, ?)').run(eventId, type, now.toISOString()).changes === 1;
}

/** Forgets a claimed event so Stripe's retry is processed (the handler failed). */
export function unclaimStripeEvent(db: Db, eventId: string): void {
  db.prepare('DELETE FROM stripe_events WHERE event_id = ?').run(eventId);
}

/** Undoes `claimConfirmationEmail` after a failed send, so a later confirmation retries it. */
export function unclaimConfirmationEmail(db: Db, bookingId: number): void {
  db.prepare('UPDATE booking_inquiries SET confirmation_sent_at = NULL WHERE id = ?').run(bookingId);
}

/** Holds past their expiry that still keep nights (the sweeper cancels or confirms them). */
export function listExpiredHolds(db: Db, now: Date = new Date()): Hold[] {
  return (db.prepare("SELECT * FROM holds WHERE status = 'held' AND expires_at <= ? ORDER BY id").all(now.toISOString()) as HoldRow[]).map(toHold);
}
