import type { Db } from '../../platform/database.js';
import type { BookingRequestStore, RequestDecision } from '../../../booking/checkout/booking-request.js';
import { recordBookingEvent } from '../booking-events-store.js';
import { getBookingInquiry } from '../bookings-store.js';
import { closedNights } from '../stays-store.js';

const decided = (db: Db, bookingId: number, kind: 'request-accepted' | 'request-declined'): boolean =>
  db.prepare('SELECT 1 FROM booking_events WHERE booking_id = ? AND kind = ? LIMIT 1').get(bookingId, kind) !== undefined;

/**
 * Accepts a guest's request to book ([booking.request]) in one IMMEDIATE transaction: the
 * request (a direct booking without payment, not cancelled) becomes the owner's booking (`kind`
 * `manual`, its stored quote kept) when every night is still open, so it closes its nights from
 * now on like a phone booking ([bookings.owner-create]), with a `request-accepted` timeline line.
 * A request already accepted answers `decided: false` and changes nothing.
 */
export function acceptBookingRequest(db: Db, bookingId: number, now: Date = new Date()): RequestDecision {
  return db.transaction((): RequestDecision => {
    const booking = getBookingInquiry(db, bookingId);
    if (!booking) return { ok: false, reason: 'not-found' };
    if (decided(db, bookingId, 'request-accepted')) return { ok: true, booking, decided: false };
    if (decided(db, bookingId, 'request-declined')) return { ok: false, reason: 'declined' };
    if (booking.kind !== 'direct' || booking.status !== 'inquiry') return { ok: false, reason: 'not-a-request' };
    if (!booking.quote) return { ok: false, reason: 'not-a-request' };
    const closedDates = closedNights(db, booking.checkin, booking.checkout, now);
    if (closedDates.length > 0) return { ok: false, reason: 'closed', closedDates };
    db.prepare("UPDATE booking_inquiries SET kind = 'manual' WHERE id = ?").run(bookingId);
    recordBookingEvent(db, bookingId, 'request-accepted', 'Request accepted: the nights are now booked for this guest', now);
    return { ok: true, booking: getBookingInquiry(db, bookingId) as NonNullable<ReturnType<typeof getBookingInquiry>>, decided: true };
  }).immediate();
}

/**
 * Declines a guest's request to book ([booking.request]): the request is cancelled by the owner
 * ("Request declined"), no money involved, with a `request-declined` timeline line. A request
 * already declined answers `decided: false` and changes nothing.
 */
export function declineBookingRequest(db: Db, bookingId: number, now: Date = new Date()): RequestDecision {
  return db.transaction((): RequestDecision => {
    const booking = getBookingInquiry(db, bookingId);
    if (!booking) return { ok: false, reason: 'not-found' };
    if (decided(db, bookingId, 'request-declined')) return { ok: true, booking, decided: false };
    if (decided(db, bookingId, 'request-accepted')) return { ok: false, reason: 'accepted' };
    if (booking.kind !== 'direct' || booking.status !== 'inquiry') return { ok: false, reason: 'not-a-request' };
    db.prepare("UPDATE booking_inquiries SET cancelled_at = ?, cancelled_by = 'owner', cancel_reason = 'Request declined' WHERE id = ? AND cancelled_at IS NULL").run(now.toISOString(), bookingId);
    recordBookingEvent(db, bookingId, 'request-declined', 'Request declined', now);
    return { ok: true, booking: getBookingInquiry(db, bookingId) as NonNullable<ReturnType<typeof getBookingInquiry>>, decided: true };
  }).immediate();
}

/** The requests port (`BookingRequestStore`) over SQLite. */
export function createSqliteBookingRequestStore(db: Db): BookingRequestStore {
  return {
    accept: (bookingId, now) => acceptBookingRequest(db, bookingId, now),
    decline: (bookingId, now) => declineBookingRequest(db, bookingId, now),
  };
}
