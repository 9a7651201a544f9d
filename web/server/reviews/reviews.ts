import { hiddenReasonAfter, reviewerName, type Booking, type HiddenReason, type PublishedReview, type Review } from '@ridgeline/core';
import {
  createReview,
  deleteDemoReviews,
  deleteReview,
  getReview,
  hasReviewForBooking,
  listPublishedReviews,
  listReviews,
  recordBookingEvent,
  updateReviewFlags,
  type NewReview,
} from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';

/**
 * The reviews feature over the database and the app's clock: what `reviews.routes.ts`,
 * `guest-review.routes.ts` and `demo-content.routes.ts` read and change (docs/architecture.md
 * "Inside the server": routes do not call stores).
 */

/**
 * The published reviews without e-mail addresses, every rating included ([reviews.aggregate]); a
 * verified stay signed "Jane D." ([reviews.public-name]); demo reviews only while DEMO_CONTENT is
 * on ([reviews.public], [reviews.demo]).
 */
export function publishedReviews(deps: Pick<AppDeps, 'db' | 'config'>): PublishedReview[] {
  return listPublishedReviews(deps.db, { includeDemo: deps.config.demoContent });
}

/** Every review, for the owner ([reviews.flags]). */
export function allReviews(deps: Pick<AppDeps, 'db'>): Review[] {
  return listReviews(deps.db);
}

/** Saves the owner's new review as of the app's clock ([reviews.create]). */
export function addReview(deps: Pick<AppDeps, 'db' | 'now'>, review: NewReview): Review {
  return createReview(deps.db, review, deps.now?.());
}

/** What a flag change did, for the audit log ([reviews.hidden-reason]). */
export interface ReviewFlagsChanged {
  review: Review;
  /** True when a published review was taken off the home page by this change. */
  unpublished: boolean;
}

/**
 * Changes a review's flags ([reviews.flags]) and its hidden reason ([reviews.hidden-reason]:
 * unpublishing records `hiddenReason`, `other` when none is given; publishing clears it).
 * @returns the updated review and whether it was unpublished now; `'not-found'` for an unknown id
 *   (also when a concurrent delete removed it meanwhile); `'not-approved'` when publishing a review
 *   that is neither approved nor being approved ([reviews.publish-requires-approval]), nothing changed.
 */
export function setReviewFlags(
  deps: Pick<AppDeps, 'db'>,
  id: number,
  flags: { isApproved?: boolean | undefined; isPublished?: boolean | undefined; hiddenReason?: HiddenReason | undefined },
): ReviewFlagsChanged | 'not-found' | 'not-approved' {
  const current = getReview(deps.db, id);
  if (!current) return 'not-found';
  const approved = flags.isApproved ?? current.isApproved;
  if (flags.isPublished === true && !current.isPublished && !approved) return 'not-approved';
  const review = updateReviewFlags(deps.db, id, {
    isApproved: flags.isApproved,
    isPublished: flags.isPublished,
    hiddenReason: hiddenReasonAfter(current, flags),
  });
  if (!review) return 'not-found';
  return { review, unpublished: current.isPublished && !review.isPublished };
}

/** Deletes a review ([reviews.delete]); false for an unknown id. */
export function removeReview(deps: Pick<AppDeps, 'db'>, id: number): boolean {
  return deleteReview(deps.db, id);
}

/** Deletes every demo review ([reviews.demo]); how many. */
export function removeDemoReviews(deps: Pick<AppDeps, 'db'>): number {
  return deleteDemoReviews(deps.db);
}

/** Whether booking `bookingId` has its one review already ([reviews.request]). */
export function hasGuestReview(deps: Pick<AppDeps, 'db'>, bookingId: number): boolean {
  return hasReviewForBooking(deps.db, bookingId);
}

/** SQLite's answer when the one review per booking exists already (a double submit). */
const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';

/**
 * Saves the guest's review of `booking` ([reviews.request], [reviews.verified]): pending (neither
 * approved nor published), signed with the booking's guest name and e-mail, `stayDate` its
 * check-in, tied to the booking, and `review-received` on its timeline, as of the app's clock.
 * @returns the review, or `'already-reviewed'` when the booking has one already (a double submit)
 */
export function saveGuestReview(
  deps: Pick<AppDeps, 'db' | 'now'>,
  booking: Booking,
  body: Pick<Review, 'rating' | 'title' | 'content'>,
): Review | 'already-reviewed' {
  const now = deps.now?.() ?? new Date();
  let review;
  try {
    review = createReview(
      deps.db,
      { ...body, guestName: reviewerName(booking), email: booking.email, stayDate: booking.checkin, isApproved: false, isPublished: false, bookingId: booking.id },
      now,
    );
  } catch (err) {
    if (isUniqueViolation(err)) return 'already-reviewed';
    throw err;
  }
  recordBookingEvent(deps.db, booking.id, 'review-received', `${review.rating}-star review received, waiting for approval`, now);
  return review;
}
