import type { Booking } from '../../../booking/bookings.js';
import type { Db } from '../../platform/database.js';
import { getBookingInquiry } from '../bookings-store.js';

/**
 * Bookings whose guest is due the review request ([reviews.request]): direct (paid) or manual
 * bookings, not cancelled, with an e-mail address, not asked yet, checking out between `from`
 * and `to` (YYYY-MM-DD, both included), oldest check-out first.
 */
export function listReviewRequestsDue(db: Db, from: string, to: string): Booking[] {
  const ids = db
    .prepare(
      `SELECT id FROM booking_inquiries
       WHERE review_request_sent_at IS NULL AND cancelled_at IS NULL AND trim(email) <> ''
         AND (kind = 'manual' OR (kind = 'direct' AND payment_status IN ('paid', 'partially_refunded', 'refunded')))
         AND checkout >= ? AND checkout <= ?
       ORDER BY checkout, id`,
    )
    .all(from, to) as { id: number }[];
  return ids.map(({ id }) => getBookingInquiry(db, id)).filter((b): b is Booking => b !== undefined);
}

/**
 * Claims the review request of a booking before it is sent, so it goes out once ([reviews.request]).
 * @returns false when it was claimed (sent) already
 */
export function claimReviewRequest(db: Db, bookingId: number, now: Date = new Date()): boolean {
  return db.prepare('UPDATE booking_inquiries SET review_request_sent_at = ? WHERE id = ? AND review_request_sent_at IS NULL').run(now.toISOString(), bookingId).changes === 1;
}

/** Gives a claim back after a failed send, so the next run tries again. */
export function unclaimReviewRequest(db: Db, bookingId: number): void {
  db.prepare('UPDATE booking_inquiries SET review_request_sent_at = NULL WHERE id = ?').run(bookingId);
}
