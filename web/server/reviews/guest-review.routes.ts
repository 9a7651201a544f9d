import { Router } from 'express';
import { guestReviewRequestSchema, guestReviewState, reviewRefusal, type GuestReviewResponse, type GuestReviewStateResponse } from '@ridgeline/core';
import { bookingByToken, privateGuestAnswer, propertyToday } from '../booking/guest-token.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validate.js';
import { hasGuestReview, saveGuestReview } from './reviews.js';

/** Why a review is refused, in the guest's words ([reviews.request]). */
const REFUSALS = {
  'already-reviewed': 'You have already left a review for this stay. Thank you!',
  'not-checked-out': 'You can leave a review once your stay is over.',
  cancelled: 'This booking was cancelled, so it cannot be reviewed.',
  'not-confirmed': 'This booking was never confirmed, so it cannot be reviewed.',
} as const;

/**
 * The review link of a stay ([reviews.request], [reviews.verified]), public, by the booking's
 * guest-page token (contracts in `core/src/api/stay.ts`):
 * - `GET /api/review/{token}` → `{ guestName, checkin, checkout, alreadyReviewed, canReview }`.
 * - `POST /api/review/{token}` `{ rating 1-5, title, content }` → 201 `{ success, review }`: a
 *   pending review (neither approved nor published) signed with the booking's guest name and
 *   e-mail, `stayDate` its check-in, tied to the booking (the admin shows "Verified stay"), and
 *   `review-received` on its timeline. 409 when the booking has one already, its check-out has
 *   not come (the property's zone, the app's clock), or it was cancelled; 400 naming the field.
 * Both: 404 `{ error }` for a malformed or unknown token.
 */
export function guestReviewRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get('/api/review/:token', (req, res) => {
    const booking = bookingByToken(deps, req.params);
    privateGuestAnswer(res).json(guestReviewState(booking, hasGuestReview(deps, booking.id), propertyToday(deps)) satisfies GuestReviewStateResponse);
  });
  router.post('/api/review/:token', (req, res) => {
    const booking = bookingByToken(deps, req.params);
    const body = parseOr400(guestReviewRequestSchema, req.body);
    const refusal = reviewRefusal(booking, hasGuestReview(deps, booking.id), propertyToday(deps));
    if (refusal) throw new HttpError(409, REFUSALS[refusal], { reason: refusal });
    const review = saveGuestReview(deps, booking, body);
    if (review === 'already-reviewed') throw new HttpError(409, REFUSALS['already-reviewed'], { reason: 'already-reviewed' });
    const { id, rating, title, content, stayDate } = review;
    privateGuestAnswer(res).status(201).json({ success: true, review: { id, rating, title, content, stayDate } } satisfies GuestReviewResponse);
  });
  return router;
}
