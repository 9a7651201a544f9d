/**
 * Reads every stay of a span from the tables that hold them ([stays.list]): paid bookings
 * (`booking_inquiries`), reservations and blocks imported from active calendar sources
 * (`imported_events`), the owner's closed nights (`availability`) and live holds (`holds`).
 * The conflict rule itself is the pure `markConflicts` of `core/src/booking/stays/stays.ts`.
 */
import { OCCUPYING_BOOKING } from '../occupying.js';
import type { BookingKind } from '../../../booking/bookings.js';
import { addDays, datesInRange } from '../../../shared/dates.js';
import { holdState } from '../../../booking/stays/stay-state.js';
import { markConflicts, type Stay, type StayChannel } from '../../../booking/stays/stays.js';
import type { HoldGuest } from '../../../booking/hold.js';
import type { Db } from '../../platform/database.js';
import type { Platform } from '../../../api/ical.js';

/** A name from the parts a guest typed; null when both are blank. */
const fullName = (first: string, last: string): string | null => `${first} ${last}`.trim() || null;

/**
 * The guest's name in an imported event's summary, where the platform gives one: VRBO writes
 * "Reserved - Maria". Airbnb's "Reserved" and Booking.com's "CLOSED - Not available" carry none
 * ([ical.reservation]).
 */
export function guestNameFromSummary(summary: string): string | null {
  const match = /^\s*reserved\s*[-–:]\s*(.+?)\s*$/i.exec(summary);
  return match?.[1] ? match[1] : null;
}

/**
 * The channel of an imported event: a platform's reservation is that platform's; a host block
 * ([ical.reservation]) is a `block`, and so is everything from a `manual` source. A platform's
 * blocks include the nights it closed because of Ridgeline's own export feed ([ical.export]):
 * counting them would flag every direct booking against its own echo. A `manual` source is any
 * other calendar (the owner's own, another site's), whose events Ridgeline cannot tell apart
 * from notes; the `manual` channel is kept for bookings the owner records in Ridgeline.
 */
export function importedChannel(platform: Platform, isReservation: boolean): StayChannel {
  if (!isReservation || platform === 'manual') return 'block';
  return platform;
}

/** Paid bookings, imported events and live holds with a night in [from, to); owner blocks are read apart. */
function bookedStays(db: Db, from: string, to: string): Stay[] {
  const bookings = db
    .prepare(`SELECT id, kind, first_name, last_name, checkin, checkout FROM booking_inquiries WHERE ${OCCUPYING_BOOKING} AND checkin < ? AND checkout > ?`)
    .all(to, from) as { id: number; kind: BookingKind; first_name: string; last_name: string; checkin: string; checkout: string }[];
  const imports = db
    .prepare(
      `SELECT e.source_id, e.uid, e.start_date, e.end_date, e.summary, e.is_reservation, s.platform,
         (SELECT COUNT(*) FROM imported_events x WHERE x.source_id = e.source_id AND x.uid = e.uid) AS repeats
       FROM imported_events e JOIN calendar_sources s ON s.id = e.source_id
       WHERE s.is_active = 1 AND e.start_date < ? AND e.end_date > ?`,
    )
    .all(to, from) as { source_id: number; uid: string; start_date: string; end_date: string; summary: string; is_reservation: number; platform: Platform; repeats: number }[];
  // Live = still `held`: a hold keeps its nights until it is released, even past its expiry
  // (the same rule as `closedNights`, [checkout.hold-expiry]).
  const holds = db
    .prepare("SELECT id, checkin, checkout, guest_json, payment_intent_id FROM holds WHERE status = 'held' AND checkin < ? AND checkout > ?")
    .all(to, from) as { id: number; checkin: string; checkout: string; guest_json: string; payment_intent_id: string | null }[];
  return [
    ...bookings.map(
      (b): Stay => ({ id: `booking-${b.id}`, channel: b.kind, checkin: b.checkin, checkout: b.checkout, guestName: fullName(b.first_name, b.last_name), status: 'confirmed', bookingId: b.id, conflict: false }),
    ),
    ...imports.map((e): Stay => {
      const channel = importedChannel(e.platform, e.is_reservation === 1);
      return {
        id: e.repeats > 1 ? `import-${e.source_id}-${e.uid}-${e.start_date}` : `import-${e.source_id}-${e.uid}`,
        channel,
        checkin: e.start_date,
        checkout: e.end_date,
        guestName: channel === 'block' ? null : guestNameFromSummary(e.summary),
        status: 'imported',
        bookingId: null,
        conflict: false,
      };
    }),
    ...holds.map((h): Stay => {
      const guest = JSON.parse(h.guest_json) as HoldGuest;
      return {
        id: `hold-${h.id}`,
        channel: 'hold',
        checkin: h.checkin,
        checkout: h.checkout,
        guestName: fullName(guest.firstName, guest.lastName),
        status: holdState({ status: 'held', paymentIntentId: h.payment_intent_id }),
        bookingId: null,
        conflict: false,
      };
    }),
  ];
}

const OWNER_CLOSED = 'is_available = 0 OR is_blocked = 1';

/**
 * The owner's closed nights ([availability.states] Unavailable or Blocked) touching [from, to),
 * as one `block` stay per run of consecutive nights. A run is followed beyond the span's edges,
 * so its id (`block-<first night>`) and dates do not depend on the span asked for.
 */
function ownerBlocks(db: Db, from: string, to: string): Stay[] {
  const inside = (db.prepare(`SELECT date FROM availability WHERE (${OWNER_CLOSED}) AND date >= ? AND date < ? ORDER BY date`).all(from, to) as { date: string }[]).map((r) => r.date);
  if (inside.length === 0) return [];
  let first = inside[0] as string;
  if (first === from) {
    for (const { date } of db.prepare(`SELECT date FROM availability WHERE (${OWNER_CLOSED}) AND date < ? ORDER BY date DESC`).iterate(from) as Iterable<{ date: string }>) {
      if (date !== addDays(first, -1)) break;
      first = date;
    }
  }
  let last = inside[inside.length - 1] as string;
  if (last === addDays(to, -1)) {
    for (const { date } of db.prepare(`SELECT date FROM availability WHERE (${OWNER_CLOSED}) AND date >= ? ORDER BY date`).iterate(to) as Iterable<{ date: string }>) {
      if (date !== addDays(last, 1)) break;
      last = date;
    }
  }
  const lastInside = inside[inside.length - 1] as string;
  const nights = [...datesInRange(first, inside[0] as string), ...inside, ...datesInRange(addDays(lastInside, 1), addDays(last, 1))];
  const blocks: Stay[] = [];
  for (const night of nights) {
    const current = blocks[blocks.length - 1];
    if (current && current.checkout === night) current.checkout = addDays(night, 1);
    else blocks.push({ id: `block-${night}`, channel: 'block', checkin: night, checkout: addDays(night, 1), guestName: null, status: 'owner-block', bookingId: null, conflict: false });
  }
  return blocks;
}

const byCheckin = (a: Stay, b: Stay) => (a.checkin < b.checkin ? -1 : a.checkin > b.checkin ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Every stay with a night in [from, to) ([stays.list]), sorted by check-in then id, each marked
 * `conflict` ([stays.conflict]). A stay is judged against every stay it overlaps, also those
 * outside the span: the stays are read again over the span they cover before marking.
 * @param from YYYY-MM-DD, first night
 * @param to YYYY-MM-DD, exclusive
 */
export function listStays(db: Db, from: string, to: string): Stay[] {
  const inSpan = bookedStays(db, from, to);
  let wide = inSpan;
  if (inSpan.length > 0) {
    const start = inSpan.reduce((m, s) => (s.checkin < m ? s.checkin : m), from);
    const end = inSpan.reduce((m, s) => (s.checkout > m ? s.checkout : m), to);
    if (start < from || end > to) wide = bookedStays(db, start, end);
  }
  const marked = markConflicts(wide).filter((s) => s.checkin < to && s.checkout > from);
  return [...marked, ...ownerBlocks(db, from, to)].sort(byCheckin);
}
