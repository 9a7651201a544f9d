import { Router } from 'express';
import {
  newReviewSchema,
  reviewFlagsSchema,
  reviewIdParamsSchema,
  type PublishedReviewsResponse,
  type ReviewSavedResponse,
  type ReviewsResponse,
  type SuccessResponse,
} from '@ridgeline/core';
import { requireSession } from '../http/sessions.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { auditNote } from '../security/audit.js';
import { parseOr400 } from '../http/validate.js';
import { addReview, allReviews, publishedReviews, removeReview, setReviewFlags } from './reviews.js';

/**
 * Reviews; contracts in `core/src/api/reviews.ts` ([reviews.create], [reviews.flags], [reviews.delete], [reviews.public]):
 * - `GET /api/reviews/published` (public) → `{ reviews }` without e-mail addresses; demo
 *   reviews only while DEMO_CONTENT is on ([reviews.demo]).
 * - `GET /api/reviews` (admin) → `{ reviews: Review[] }`.
 * - `POST /api/reviews` (admin) `{guestName, email, rating 1-5, title, content, stayDate,
 *   isApproved?, isPublished?}` → 201 `{ success, review }`.
 * - `PUT /api/reviews/{id}` (admin) `{isApproved?, isPublished?, hiddenReason?}` → `{ success, review }`;
 *   409 when publishing a review that is not approved ([reviews.publish-requires-approval]: Publish is disabled then).
 *   Unpublishing records `hiddenReason` (`personal_data`, `profanity`, `off_topic`, `other`; `other`
 *   when left out) and writes it, with the rating, to the audit log ([reviews.hidden-reason]);
 *   400 `{ error, field: 'hiddenReason' }` for another value or one given without `isPublished: false`.
 * - `DELETE /api/reviews/{id}` (admin) → `{ success }`; 404 for an unknown id.
 * Every change re-renders the public pages that show the reviews ([pages.cache]).
 */
export function reviewRoutes(deps: AppDeps): Router {
  const admin = requireSession(deps, 'admin');
  const router = Router();
  router.get('/api/reviews/published', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json({ reviews: publishedReviews(deps) } satisfies PublishedReviewsResponse);
  });
  router.get('/api/reviews', admin, (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ reviews: allReviews(deps) } satisfies ReviewsResponse);
  });
  router.post('/api/reviews', admin, (req, res) => {
    const review = addReview(deps, parseOr400(newReviewSchema, req.body));
    deps.onPublicContentChanged?.();
    res.status(201).json({ success: true, review } satisfies ReviewSavedResponse);
  });
  router.put('/api/reviews/:id', admin, (req, res) => {
    const { id } = parseOr400(reviewIdParamsSchema, req.params, 'id');
    const flags = parseOr400(reviewFlagsSchema, req.body);
    const changed = setReviewFlags(deps, id, flags);
    if (changed === 'not-found') throw new HttpError(404, `No review with id ${id}`);
    if (changed === 'not-approved') throw new HttpError(409, 'Approve the review before publishing it', { field: 'isPublished' });
    const { review, unpublished } = changed;
    // [reviews.hidden-reason]: the reason actually stored (also the default `other`) and the rating,
    // so a low rating is never taken down without a trace.
    if (unpublished) auditNote(res, `unpublished ${review.rating}-star review hiddenReason=${review.hiddenReason ?? 'other'}`);
    deps.onPublicContentChanged?.();
    res.json({ success: true, review } satisfies ReviewSavedResponse);
  });
  router.delete('/api/reviews/:id', admin, (req, res) => {
    const { id } = parseOr400(reviewIdParamsSchema, req.params, 'id');
    if (!removeReview(deps, id)) throw new HttpError(404, `No review with id ${id}`);
    deps.onPublicContentChanged?.();
    res.json({ success: true } satisfies SuccessResponse);
  });
  return router;
}
