import { Router } from 'express';
import { pageViewSchema } from '@ridgeline/core';
import { recordPageView } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { loggablePath } from '../http/loggable-path.js';
import { parseOr400 } from '../http/validate.js';

/**
 * `POST /api/analytics/pageview` `{ path: "/…", referrer?: string }` → 204. Public, plain JSON
 * ([analytics.page-view], [api.public]). 400 names the bad field.
 */
export function analyticsRoutes({ db, now }: AppDeps): Router {
  const router = Router();
  router.post('/api/analytics/pageview', (req, res) => {
    const view = parseOr400(pageViewSchema, req.body);
    // A guest page's token is never kept, even from a client that sends it ([guest.page]).
    recordPageView(db, { ...view, path: loggablePath(view.path) }, now?.());
    res.status(204).end();
  });
  return router;
}
