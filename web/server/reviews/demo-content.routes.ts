import { Router } from 'express';
import type { DemoContentRemoved } from '@ridgeline/core';
import { requireSession } from '../http/sessions.js';
import type { AppDeps } from '../deps.js';
import { removeDemoReviews } from './reviews.js';

/**
 * Demo content ([reviews.demo]; fake reviews mislead guests; the U.S. FTC's 2024 rule, 16 CFR
 * Part 465, forbids them), admin only:
 * - `POST /api/demo-content/remove` → `{ removed: { reviews: N } }`: deletes every demo review
 *   (the only demo-only content the seed makes; the default photos are real and stay). Takes no
 *   body; running it again removes nothing and answers `{ removed: { reviews: 0 } }`.
 */
export function demoContentRoutes(deps: AppDeps): Router {
  const admin = requireSession(deps, 'admin');
  const router = Router();
  router.post('/api/demo-content/remove', admin, (_req, res) => {
    const body: DemoContentRemoved = { removed: { reviews: removeDemoReviews(deps) } };
    deps.onPublicContentChanged?.();
    deps.logger.info('demo content removed', body.removed);
    res.set('Cache-Control', 'no-store').json(body);
  });
  return router;
}
