import { BOOKING_EVENT_KINDS, type BookingEvent, type BookingEventKind } from '../../booking/timeline.js';
import type { Db } from '../platform/database.js';

/**
 * Adds a line to a booking's timeline ([booking.timeline]).
 * @param detail a short sentence for the owner; never a secret or card data
 * @returns the stored event
 */
export function recordBookingEvent(db: Db, bookingId: number, kind: BookingEventKind, detail = '', now: Date = new Date()): BookingEvent {
  const result = db.prepare('INSERT INTO booking_events (booking_id, kind, detail, at) VALUES (?, ?, ?, ?)').run(bookingId, kind, detail, now.toISOString());
  return { id: Number(result.lastInsertRowid), bookingId, kind, detail, at: now.toISOString() };
}

/** A booking's timeline, oldest first. Unknown kinds (a newer version's rows) are left out. */
export function listBookingEvents(db: Db, bookingId: number): BookingEvent[] {
  const known = new Set<string>(BOOKING_EVENT_KINDS);
  return (
    db.prepare('SELECT id, booking_id AS bookingId, kind, detail, at FROM booking_events WHERE booking_id = ? ORDER BY at, id').all(bookingId) as BookingEvent[]
  ).filter((e) => known.has(e.kind));
}
