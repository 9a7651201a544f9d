import type { PublishedReview, Review } from '../../reviews/reviews.js';
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
    createdAt: row.created_at,
  };
}

/** Every review, newest stay first (admin). */
export function listReviews(db: Db): Review[] {
  return (db.prepare('SELECT * FROM reviews ORDER BY stay_date DESC, id DESC').all() as ReviewRow[]).map(toReview);
}

/**
 * Published reviews for the public home page, newest stay first, without e-mail addresses.
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
    const { email: _email, isApproved: _a, isPublished: _p, isDemo: _d, verifiedStay: _v, ...pub } = toReview(row);
    return pub;
  });
}

/**
 * A review to store; `isDemo` only for the seed's demo reviews (default false); `bookingId` for
 * a review left from a stay's review link ([reviews.verified]), at most one per booking.
 */
export type NewReview = Omit<Review, 'id' | 'createdAt' | 'isDemo' | 'verifiedStay'> & { isDemo?: boolean; bookingId?: number | null };

/**
 * Stores a review (fields already validated) and returns it with its id.
 * @throws SQLite's unique-constraint error when `bookingId` already has a review
 */
export function createReview(db: Db, review: NewReview, now: Date = new Date()): Review {
  const result = db
    .prepare(
      `INSERT INTO reviews (guest_name, email, rating, title, content, stay_date, is_approved, is_published, is_demo, booking_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
 * Changes a review's flags ([reviews.flags]: approval and publication are independent).
 * @returns the updated review, or undefined when there is none with `id`
 */
export function updateReviewFlags(
  db: Db,
  id: number,
  flags: { isApproved?: boolean | undefined; isPublished?: boolean | undefined },
): Review | undefined {
  const current = getReview(db, id);
  if (!current) return undefined;
  db.prepare('UPDATE reviews SET is_approved = ?, is_published = ? WHERE id = ?').run(
    (flags.isApproved ?? current.isApproved) ? 1 : 0,
    (flags.isPublished ?? current.isPublished) ? 1 : 0,
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
