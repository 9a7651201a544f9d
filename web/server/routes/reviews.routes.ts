import { Router } from 'express';
import { listPublishedReviews } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';

/**
 * `GET /api/reviews/published` → `{ reviews: [{id, guestName, rating, title, content, stayDate,
 * createdAt}] }`: the published reviews for the home page, newest stay first, no e-mail addresses.
 */
export function reviewRoutes({ db }: AppDeps): Router {
  const router = Router();
  router.get('/api/reviews/published', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json({ reviews: listPublishedReviews(db) });
  });
  return router;
}
