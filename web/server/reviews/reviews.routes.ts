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
import {
  createReview,
  deleteReview,
  getReview,
  listPublishedReviews,
  listReviews,
  updateReviewFlags,
} from '@ridgeline/core/node';
import { requireSession } from '../http/sessions.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validate.js';

/**
 * Reviews; contracts in `core/src/api/reviews.ts` ([reviews.create], [reviews.flags], [reviews.delete], [reviews.public]):
 * - `GET /api/reviews/published` (public) → `{ reviews }` without e-mail addresses; demo
 *   reviews only while DEMO_CONTENT is on ([reviews.demo]).
 * - `GET /api/reviews` (admin) → `{ reviews: Review[] }`.
 * - `POST /api/reviews` (admin) `{guestName, email, rating 1-5, title, content, stayDate,
 *   isApproved?, isPublished?}` → 201 `{ success, review }`.
 * - `PUT /api/reviews/{id}` (admin) `{isApproved?, isPublished?}` → `{ success, review }`;
 *   409 when publishing a review that is not approved ([reviews.publish-requires-approval]: Publish is disabled then).
 * - `DELETE /api/reviews/{id}` (admin) → `{ success }`; 404 for an unknown id.
 * Every change re-renders the public pages that show the reviews ([pages.cache]).
 */
export function reviewRoutes(deps: AppDeps): Router {
  const { db } = deps;
  const admin = requireSession(deps, 'admin');
  const router = Router();
  router.get('/api/reviews/published', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json({ reviews: listPublishedReviews(db, { includeDemo: deps.config.demoContent }) } satisfies PublishedReviewsResponse);
  });
  router.get('/api/reviews', admin, (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ reviews: listReviews(db) } satisfies ReviewsResponse);
  });
  router.post('/api/reviews', admin, (req, res) => {
    const review = createReview(db, parseOr400(newReviewSchema, req.body), deps.now?.());
    deps.onPublicContentChanged?.();
    res.status(201).json({ success: true, review } satisfies ReviewSavedResponse);
  });
  router.put('/api/reviews/:id', admin, (req, res) => {
    const { id } = parseOr400(reviewIdParamsSchema, req.params, 'id');
    const flags = parseOr400(reviewFlagsSchema, req.body);
    const current = getReview(db, id);
    if (!current) throw new HttpError(404, `No review with id ${id}`);
    const approved = flags.isApproved ?? current.isApproved;
    if (flags.isPublished === true && !current.isPublished && !approved) {
      throw new HttpError(409, 'Approve the review before publishing it', { field: 'isPublished' });
    }
    const review = updateReviewFlags(db, id, flags);
    // Undefined only when a concurrent DELETE removed it since `getReview`.
    if (!review) throw new HttpError(404, `No review with id ${id}`);
    deps.onPublicContentChanged?.();
    res.json({ success: true, review } satisfies ReviewSavedResponse);
  });
  router.delete('/api/reviews/:id', admin, (req, res) => {
    const { id } = parseOr400(reviewIdParamsSchema, req.params, 'id');
    if (!deleteReview(db, id)) throw new HttpError(404, `No review with id ${id}`);
    deps.onPublicContentChanged?.();
    res.json({ success: true } satisfies SuccessResponse);
  });
  return router;
}
