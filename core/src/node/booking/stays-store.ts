import { randomUUID } from 'node:crypto';
import { OCCUPYING_BOOKING } from './occupying.js';
import { addDays, datesInRange } from '../../shared/dates.js';
import { formatCents, quoteStayWith, type PriceBreakdown } from '../../pricing/pricing.js';
import type { Booking } from '../../booking/bookings.js';
import { createBookingInquiry, getBookingInquiry, recordBookingAgreement, type NewBookingInquiry } from './bookings-store.js';
import { recordBookingEvent } from './booking-events-store.js';
import { recordLedgerEntry } from './ledger-store.js';
import type { Db } from '../platform/database.js';
import { DEFAULT_MAX_HELD_NIGHTS, normalizeEmail, type Hold, type HoldGuest, type HoldReplacement, type HoldRequest, type PlaceHoldResult } from '../../booking/hold.js';

export type { Hold, HoldGuest, HoldReplacement, HoldRequest, PlaceHoldResult } from '../../booking/hold.js';
export { normalizeEmail } from '../../booking/hold.js';
import { getOwnerSettings } from '../settings/owner-settings-store.js';

/** How long a hold keeps its nights while the guest pays, in seconds ([checkout.hold]). */
export const HOLD_TTL_SECONDS = 15 * 60;

/**
 * Every night from `checkin` up to (not including) `checkout` that cannot be sold: set
 * unavailable or blocked by the owner, inside a paid booking or a live hold, or imported from
 * another platform's calendar (active sources).
 * @param exceptHolds holds whose own nights do not count (their guest is confirming or replacing them)
 * @param exceptBooking a booking whose own nights do not count (it is being changed, [booking.change])
 */
export function closedNights(db: Db, checkin: string, checkout: string, _now: Date = new Date(), exceptHolds: number | readonly number[] = [], exceptBooking: number | null = null): string[] {
  const except = JSON.stringify(typeof exceptHolds === 'number' ? [exceptHolds] : exceptHolds);
  const last = addDays(checkout, -1);
  const closed = new Set<string>();
  const owner = db
    .prepare('SELECT date FROM availability WHERE date BETWEEN ? AND ? AND (is_available = 0 OR is_blocked = 1)')
    .all(checkin, last) as { date: string }[];
  for (const { date } of owner) closed.add(date);
  const stays = [
    ...(db
      .prepare(`SELECT checkin, checkout FROM booking_inquiries WHERE ${OCCUPYING_BOOKING} AND checkin < ? AND checkout > ? AND id IS NOT ?`)
      .all(checkout, checkin, exceptBooking) as { checkin: string; checkout: string }[]),
    ...(db
      // A hold keeps its nights until it is released: past its 15 minutes that happens only once
      // its PaymentIntent is cancelled at Stripe (hold sweeper), so a guest lingering on the
      // checkout can never pay for nights someone else has meanwhile bought.
      .prepare("SELECT checkin, checkout FROM holds WHERE status = 'held' AND checkin < ? AND checkout > ? AND id NOT IN (SELECT value FROM json_each(?))")
      .all(checkout, checkin, except) as { checkin: string; checkout: string }[]),
    // Nights another platform sold or blocked ([availability.closed]), from active sources.
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
    .prepare('SELECT date, price_cents FROM availability WHERE date >= ? AND date < ? AND price_cents IS NOT NULL')
    .all(checkin, checkout) as { date: string; price_cents: number }[];
  return new Map(rows.map((r) => [r.date, r.price_cents]));
}

/**
 * The server's quote for a stay ([pricing.server-authoritative]): the owner's
 * settings as stored now and each night's own price from the availability grid, priced by
 * `quoteStayWith` ([pricing.total]). The quote carries its lines and the settings used (`terms`),
 * so the hold and the booking keep the price they were sold at ([settings.snapshot]).
 * @param guests 1 to 12; more than the extra-guest fee's included guests pay it
 * @returns undefined for a stay without nights
 */
export function quoteStay(db: Db, checkin: string, checkout: string, guests: number): PriceBreakdown | undefined {
  const prices = ownerNightlyPrices(db, checkin, checkout);
  return quoteStayWith(getOwnerSettings(db), { checkin, checkout, guests }, (date) => prices.get(date));
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
  client_ip: string;
  guest_email: string;
  idempotency_key: string;
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
  clientKey: r.client_ip,
  guestEmail: r.guest_email,
  idempotencyKey: r.idempotency_key,
});

/**
 * Live holds placed by the client `clientKey` (`Hold.clientKey`: IPv6 by /64) or for `email`
 * (either may be '' for "unknown", which matches nothing), oldest first.
 */
export function liveHoldsOf(db: Db, clientKey: string, email: string): Hold[] {
  const rows = db
    .prepare(
      `SELECT * FROM holds WHERE status = 'held'
         AND ((client_ip <> '' AND client_ip = ?) OR (guest_email <> '' AND guest_email = ?)) ORDER BY id`,
    )
    .all(clientKey, normalizeEmail(email)) as HoldRow[];
  return rows.map(toHold);
}

/**
 * Whether `stay` may be held under the cap on held nights ([checkout.hold-cap]): the nights of
 * every live hold still inside its 15 minutes (status `held`, `expires_at` after `now`), except
 * `replacing` (the guest's own, released if this hold is placed), plus the stay's own, at most
 * `maxHeldNights`. Live holds never share a night (each is placed only on open nights), but the
 * nights are counted as a set all the same.
 * @returns null when it fits; otherwise when it would (`freeAt`, ISO 8601: once enough of those
 *   holds have expired, oldest expiry first; null when the stay alone is longer than the cap)
 */
function heldNightsProblem(
  db: Db,
  stay: { checkin: string; checkout: string },
  now: Date,
  replacing: readonly number[],
  maxHeldNights: number,
): { freeAt: string | null } | null {
  const wanted = datesInRange(stay.checkin, stay.checkout).length;
  if (wanted > maxHeldNights) return { freeAt: null };
  const live = db
    .prepare(
      `SELECT checkin, checkout, expires_at FROM holds
        WHERE status = 'held' AND expires_at > ? AND id NOT IN (SELECT value FROM json_each(?)) ORDER BY expires_at`,
    )
    .all(now.toISOString(), JSON.stringify(replacing)) as { checkin: string; checkout: string; expires_at: string }[];
  const held = new Set(live.flatMap((h) => datesInRange(h.checkin, h.checkout)));
  if (held.size + wanted <= maxHeldNights) return null;
  // The holds expiring first free their nights first.
  let freed = held.size;
  for (const h of live) {
    freed -= datesInRange(h.checkin, h.checkout).length;
    if (freed + wanted <= maxHeldNights) return { freeAt: h.expires_at };
  }
  // Not reached: once every one of them has expired the stay fits (wanted <= maxHeldNights).
  return { freeAt: live.at(-1)?.expires_at ?? null };
}

const NO_REPLACEMENT: HoldReplacement = { cancelled: new Set(), paid: new Set() };

/**
 * Holds a stay's nights for HOLD_TTL_SECONDS if every night is open and the live holds, this one
 * included, close at most `maxHeldNights` nights ([checkout.hold-cap]) — checks and insert in one
 * synchronous IMMEDIATE transaction, so of any number of concurrent requests for overlapping
 * nights exactly one gets the hold, and concurrent requests together never pass the cap.
 *
 * One live hold per client and one per guest e-mail ([checkout.hold-abuse]; a client is
 * `stay.clientKey`, IPv6 grouped by /64 as the `/api` rate limit does, else the exact
 * `guest.ipAddress`): the guest's (or client's) earlier live holds are replaced. Their nights do
 * not close the new stay, nor count against the cap, but they are released only when safe: a hold whose PaymentIntent is not yet created (its request is still in flight)
 * is released here, and that request's `attachPaymentIntent` then fails; a hold with a
 * PaymentIntent only once `settled.cancelled` says Stripe cancelled it (docs/decisions/0005:
 * only `canceled` frees nights). Until then nothing changes and the answer is `replace` with the
 * holds to cancel; `settled.paid` holds stay as they are.
 * @param maxHeldNights MAX_HELD_NIGHTS, at least 1
 * @returns the hold, or `closed` / `held-nights` / `replace` with nothing changed (but the release
 *   of holds `settled.cancelled` names)
 */
export function placeHold(
  db: Db,
  stay: HoldRequest,
  now: Date = new Date(),
  settled: HoldReplacement = NO_REPLACEMENT,
  maxHeldNights: number = DEFAULT_MAX_HELD_NIGHTS,
): PlaceHoldResult {
  const clientKey = stay.clientKey ?? stay.guest.ipAddress;
  const guestEmail = normalizeEmail(stay.guest.email);
  return db.transaction((): PlaceHoldResult => {
    const earlier = liveHoldsOf(db, clientKey, guestEmail).filter((h) => !settled.paid.has(h.id));
    // Cancelled at Stripe: nobody can pay for them any more, whatever happens to the new stay.
    for (const h of earlier) if (settled.cancelled.has(h.id)) releaseHold(db, h.id);
    // Checked before anything is cancelled, so a stay that cannot be had keeps the old hold.
    const replacing = earlier.map((h) => h.id);
    const closedDates = closedNights(db, stay.checkin, stay.checkout, now, replacing);
    if (closedDates.length > 0) return { ok: false, reason: 'closed', closedDates };
    // In the same transaction as the insert below: concurrent checkouts cannot pass it together.
    const overCap = heldNightsProblem(db, stay, now, replacing, maxHeldNights);
    if (overCap) return { ok: false, reason: 'held-nights', maxHeldNights, freeAt: overCap.freeAt };
    const toCancel = earlier.filter((h) => h.paymentIntentId !== null && !settled.cancelled.has(h.id));
    if (toCancel.length > 0) return { ok: false, reason: 'replace', holds: toCancel };
    for (const h of earlier) releaseHold(db, h.id);
    const expires = new Date(now.getTime() + HOLD_TTL_SECONDS * 1000);
    const result = db
      .prepare(
        `INSERT INTO holds (checkin, checkout, guests, guest_json, quote_json, total_cents, created_at, expires_at,
                            client_ip, guest_email, idempotency_key)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        stay.checkin,
        stay.checkout,
        stay.guests,
        JSON.stringify(stay.guest),
        JSON.stringify(stay.quote),
        stay.quote.totalCents,
        now.toISOString(),
        expires.toISOString(),
        clientKey,
        guestEmail,
        randomUUID(),
      );
    return { ok: true, hold: getHold(db, Number(result.lastInsertRowid)) as Hold, replaced: earlier.map((h) => h.id) };
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

/**
 * Records the PaymentIntent created for a hold, if the hold is still live. False when it was
 * released meanwhile (a newer checkout of the same guest or IP replaced it): the caller must
 * cancel that PaymentIntent, since no hold keeps its nights.
 */
export function attachPaymentIntent(db: Db, holdId: number, paymentIntentId: string): boolean {
  return db.prepare("UPDATE holds SET payment_intent_id = ? WHERE id = ? AND status = 'held'").run(paymentIntentId, holdId).changes === 1;
}

/** Frees a hold's nights (payment failed or cancelled, or creating the intent failed). */
export function releaseHold(db: Db, holdId: number): void {
  db.prepare("UPDATE holds SET status = 'released' WHERE id = ? AND status = 'held'").run(holdId);
}

/** The booking already stored for a PaymentIntent, if any. */
export function findBookingByPaymentIntent(db: Db, paymentIntentId: string): Booking | undefined {
  const row = db.prepare('SELECT id FROM booking_inquiries WHERE stripe_payment_intent_id = ?').get(paymentIntentId) as { id: number } | undefined;
  return row ? getBookingInquiry(db, row.id) : undefined;
}

/**
 * Stores the booking for a PaymentIntent exactly once (the webhook and the page's call may both
 * arrive, in any order) and turns its hold into a booking. Returns the stored booking and
 * whether this call created it. Its timeline gets `created` when it is stored and `paid` when it
 * is first stored or upgraded paid, in the same transaction ([booking.timeline]).
 */
/**
 * Stores the Customer and saved card a checkout's PaymentIntent left ([payments.saved-card]);
 * never replaces a stored one with nothing. @returns true when something was stored
 */
function saveCard(db: Db, bookingId: number, booking: Pick<NewBookingInquiry, 'stripeCustomerId' | 'stripePaymentMethodId'>): boolean {
  if (!booking.stripeCustomerId && !booking.stripePaymentMethodId) return false;
  db.prepare(
    'UPDATE booking_inquiries SET stripe_customer_id = coalesce(?, stripe_customer_id), stripe_payment_method_id = coalesce(?, stripe_payment_method_id) WHERE id = ?',
  ).run(booking.stripeCustomerId ?? null, booking.stripePaymentMethodId ?? null, bookingId);
  return true;
}

export function confirmBooking(
  db: Db,
  booking: NewBookingInquiry & { stripePaymentIntentId: string },
  holdId: number | undefined,
  now: Date = new Date(),
): { booking: Booking; created: boolean } {
  return db.transaction(() => {
    const existing = findBookingByPaymentIntent(db, booking.stripePaymentIntentId);
    // [agreement.record]: the acceptance its hold kept, stored once.
    if (existing && booking.agreement) recordBookingAgreement(db, existing.id, booking.agreement);
    if (existing) {
      if (booking.paymentStatus === 'paid' && existing.paymentStatus !== 'paid') {
        // Paid now: what was paid, and the cancellation policy of this moment, frozen ([cancel.policy]).
        db.prepare(
          'UPDATE booking_inquiries SET payment_status = ?, stripe_payment_details = ?, cancellation_policy_json = coalesce(cancellation_policy_json, ?) WHERE id = ?',
        ).run(
          'paid',
          booking.stripePaymentDetails ? JSON.stringify(booking.stripePaymentDetails) : null,
          JSON.stringify(booking.cancellationPolicy ?? booking.quote?.terms?.cancellationPolicy ?? getOwnerSettings(db).cancellationPolicy),
          existing.id,
        );
        // The payment is a ledger entry, once per PaymentIntent ([money.ledger]).
        recordLedgerEntry(
          db,
          existing.id,
          {
            kind: 'charge',
            amountCents: booking.amountPaidCents ?? booking.quote?.totalCents ?? existing.quote?.totalCents ?? 0,
            at: now.toISOString(),
            source: 'stripe',
            stripeObjectId: booking.stripePaymentIntentId,
            paymentIntentId: booking.stripePaymentIntentId,
            note: 'Paid at the checkout',
          },
          now,
        );
        if (holdId !== undefined) db.prepare("UPDATE holds SET status = 'converted' WHERE id = ?").run(holdId);
        saveCard(db, existing.id, booking);
        const paid = getBookingInquiry(db, existing.id) as Booking;
        recordBookingEvent(db, paid.id, 'paid', `Paid ${formatCents(paid.amountPaidCents)} by card`, now);
        return { booking: paid, created: false };
      }
      return { booking: getBookingInquiry(db, existing.id) as Booking, created: false };
    }
    const paid = booking.paymentStatus === 'paid';
    const created = createBookingInquiry(
      db,
      paid
        ? {
            ...booking,
            amountPaidCents: booking.amountPaidCents ?? booking.quote?.totalCents ?? 0,
            // The policy the guest was shown with the hold's quote, else today's ([cancel.policy]).
            cancellationPolicy: booking.cancellationPolicy ?? booking.quote?.terms?.cancellationPolicy ?? getOwnerSettings(db).cancellationPolicy,
          }
        : booking,
      now,
    );
    if (holdId !== undefined && booking.paymentStatus === 'paid') db.prepare("UPDATE holds SET status = 'converted' WHERE id = ?").run(holdId);
    // The booking's history starts here ([booking.timeline]).
    recordBookingEvent(db, created.id, 'created', paid ? 'Booked online' : 'Booked online, awaiting payment', now);
    if (paid) recordBookingEvent(db, created.id, 'paid', `Paid ${formatCents(created.amountPaidCents)} by card`, now);
    if (saveCard(db, created.id, booking)) return { booking: getBookingInquiry(db, created.id) as Booking, created: true };
    return { booking: created, created: true };
  }).immediate();
}

/**
 * Marks the guest's confirmation e-mail as sent; false when it already was (send once), and for a
 * cancelled booking: its guest is never told it is confirmed ([money.late-payment]).
 */
export function claimConfirmationEmail(db: Db, bookingId: number, now: Date = new Date()): boolean {
  return (
    db
      .prepare('UPDATE booking_inquiries SET confirmation_sent_at = ? WHERE id = ? AND confirmation_sent_at IS NULL AND cancelled_at IS NULL')
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
