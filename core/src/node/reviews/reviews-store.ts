import { publicGuestName, type HiddenReason, type PublishedReview, type Review, type ReviewSource } from '../../reviews/reviews.js';
import type { Db } from '../platform/database.js';

interface ReviewRow {
  id: number;
  guest_name: string;
  email: string;
  rating: number;
  title: string;
  content: string;
  stay_date: string;
  is_approved: number;
  is_published: number;
  is_demo: number;
  booking_id: number | null;
  source: ReviewSource;
  hidden_reason: HiddenReason | null;
  created_at: string;
}

function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    guestName: row.guest_name,
    email: row.email,
    rating: row.rating,
    title: row.title,
    content: row.content,
    stayDate: row.stay_date,
    isApproved: row.is_approved === 1,
    isPublished: row.is_published === 1,
    isDemo: row.is_demo === 1,
    verifiedStay: row.booking_id !== null,
    source: row.source,
    stayMonth: row.stay_date.slice(0, 7),
    hiddenReason: row.hidden_reason,
    createdAt: row.created_at,
  };
}

/** Every review, newest stay first (admin). */
export function listReviews(db: Db): Review[] {
  return (db.prepare('SELECT * FROM reviews ORDER BY stay_date DESC, id DESC').all() as ReviewRow[]).map(toReview);
}

/**
 * Published reviews for the public home page, newest stay first, without e-mail addresses, flags
 * or hidden reasons; a verified stay signed with first name and last initial ([reviews.public-name]).
 * Every published review is here, whatever its rating: the home page's mean and count are taken
 * from all of them ([reviews.aggregate]).
 * `includeDemo: false` (DEMO_CONTENT off) leaves demo reviews out even when published, so a
 * database seeded before they were marked never shows them on a live site ([config.demo-content]).
 */
export function listPublishedReviews(db: Db, options: { includeDemo?: boolean } = {}): PublishedReview[] {
  const rows = db
    .prepare(
      `SELECT * FROM reviews WHERE is_published = 1 ${options.includeDemo === false ? 'AND is_demo = 0' : ''}
       ORDER BY stay_date DESC, id DESC`,
    )
    .all() as ReviewRow[];
  return rows.map((row) => {
    const { email: _email, isApproved: _a, isPublished: _p, isDemo: _d, verifiedStay: _v, hiddenReason: _h, ...pub } = toReview(row);
    return pub.source === 'direct' ? { ...pub, guestName: publicGuestName(pub.guestName) } : pub;
  });
}

/**
 * A review to store; `isDemo` only for the seed's demo reviews (default false); `bookingId` for
 * a review left from a stay's review link ([reviews.verified]), at most one per booking. Its
 * `source` ([reviews.source]) follows: `demo` for a demo review, `direct` for one with a booking,
 * else the given one (default `guestbook`).
 */
export type NewReview = Omit<Review, 'id' | 'createdAt' | 'isDemo' | 'verifiedStay' | 'source' | 'stayMonth' | 'hiddenReason'> & {
  isDemo?: boolean;
  bookingId?: number | null;
  source?: ReviewSource;
};

/** The source a new review is stored with ([reviews.source]). */
function sourceOf(review: NewReview): ReviewSource {
  if (review.isDemo) return 'demo';
  if (review.bookingId != null) return 'direct';
  return review.source === 'demo' || review.source === 'direct' || review.source === undefined ? 'guestbook' : review.source;
}

/**
 * Stores a review (fields already validated) and returns it with its id.
 * @throws SQLite's unique-constraint error when `bookingId` already has a review
 */
export function createReview(db: Db, review: NewReview, now: Date = new Date()): Review {
  const result = db
    .prepare(
      `INSERT INTO reviews (guest_name, email, rating, title, content, stay_date, is_approved, is_published, is_demo, booking_id, source, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      review.guestName,
      review.email,
      review.rating,
      review.title,
      review.content,
      review.stayDate,
      review.isApproved ? 1 : 0,
      review.isPublished ? 1 : 0,
      review.isDemo ? 1 : 0,
      review.bookingId ?? null,
      sourceOf(review),
      now.toISOString(),
    );
  return toReview(db.prepare('SELECT * FROM reviews WHERE id = ?').get(result.lastInsertRowid) as ReviewRow);
}

/** Whether a review was left for `bookingId` ([reviews.request]: one per booking). */
export function hasReviewForBooking(db: Db, bookingId: number): boolean {
  return db.prepare('SELECT 1 FROM reviews WHERE booking_id = ?').get(bookingId) !== undefined;
}

export function getReview(db: Db, id: number): Review | undefined {
  const row = db.prepare('SELECT * FROM reviews WHERE id = ?').get(id) as ReviewRow | undefined;
  return row ? toReview(row) : undefined;
}

/**
 * Changes a review's flags ([reviews.flags]: approval and publication are independent) and its
 * hidden reason ([reviews.hidden-reason]: see `hiddenReasonAfter`, which the caller applies).
 * @returns the updated review, or undefined when there is none with `id`
 */
export function updateReviewFlags(
  db: Db,
  id: number,
  flags: { isApproved?: boolean | undefined; isPublished?: boolean | undefined; hiddenReason?: HiddenReason | null | undefined },
): Review | undefined {
  const current = getReview(db, id);
  if (!current) return undefined;
  db.prepare('UPDATE reviews SET is_approved = ?, is_published = ?, hidden_reason = ? WHERE id = ?').run(
    (flags.isApproved ?? current.isApproved) ? 1 : 0,
    (flags.isPublished ?? current.isPublished) ? 1 : 0,
    flags.hiddenReason === undefined ? current.hiddenReason : flags.hiddenReason,
    id,
  );
  return getReview(db, id);
}

/** Deletes a review; false when there was none with `id`. */
export function deleteReview(db: Db, id: number): boolean {
  return db.prepare('DELETE FROM reviews WHERE id = ?').run(id).changes > 0;
}

/** Deletes every demo review ([reviews.demo]: one action removes all demo content); returns how many. */
export function deleteDemoReviews(db: Db): number {
  return db.prepare('DELETE FROM reviews WHERE is_demo = 1').run().changes;
}
