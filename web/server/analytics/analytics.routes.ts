import { Router } from 'express';
import { pageViewSchema } from '@ridgeline/core';
import { recordPageView } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { parseOr400 } from '../http/validate.js';

/**
 * `POST /api/analytics/pageview` `{ path: "/…", referrer?: string }` → 204. Public, plain JSON
 * ([analytics.page-view], [api.public]). 400 names the bad field.
 */
export function analyticsRoutes({ db, now }: AppDeps): Router {
  const router = Router();
  router.post('/api/analytics/pageview', (req, res) => {
    const view = parseOr400(pageViewSchema, req.body);
    recordPageView(db, view, now?.());
    res.status(204).end();
  });
  return router;
}
