import { Router } from 'express';
import { analyticsSummaryQuerySchema, pageViewSchema, type AnalyticsSummary } from '@ridgeline/core';
import { analyticsSummary, recordVisit } from './analytics-data.js';
import { requireSession } from '../http/sessions.js';
import type { AppDeps } from '../deps.js';
import { clientIp } from '../http/client-ip.js';
import { loggablePath, loggableUrl } from '../http/loggable-path.js';
import { parseOr400 } from '../http/validate.js';

/**
 * First-party analytics:
 * - `POST /api/analytics/pageview` `{ path: "/…", referrer?: string, event?: "pageview" |
 *   "booking-seen" | "checkout-started" }` → 204. Public, plain JSON ([analytics.page-view],
 *   [analytics.funnel], [api.public]). Keeps the day-salted hash of the sender's IP and
 *   browser family, never the IP or User-Agent itself, and sets no cookie ([analytics.visitors]);
 *   path and referrer cut to 500 characters, tokens masked ([logs.tokens]). 400 names the bad field.
 * - funnel steps count only after a page view of the same visitor that day ([analytics.funnel]);
 *   page views past 13 months are deleted by the daily `housekeeping` job ([analytics.retention]).
 * - `GET /api/analytics/summary?from=YYYY-MM-DD&to=YYYY-MM-DD` (admin) → `AnalyticsSummary`
 *   ([analytics.summary]): page views and visitors per day, top referrers and landing pages, the
 *   funnel with its shares in basis points. 400 `{ error, field }` names `from` or `to`.
 */
export function analyticsRoutes(deps: AppDeps): Router {
  const admin = requireSession(deps, 'admin');
  const router = Router();
  router.post('/api/analytics/pageview', (req, res) => {
    const view = parseOr400(pageViewSchema, req.body);
    // A guest page's or payment link's token is never kept, even from a client that sends it
    // in the path or the referrer ([guest.page], [logs.tokens]).
    recordVisit(deps, { ...view, path: loggablePath(view.path), referrer: loggableUrl(view.referrer) }, { ip: clientIp(req), userAgent: req.get('user-agent') ?? '' });
    res.status(204).end();
  });
  router.get('/api/analytics/summary', admin, (req, res) => {
    const { from, to } = parseOr400(analyticsSummaryQuerySchema, req.query, 'query');
    const ownHosts = [req.hostname, new URL(deps.config.publicUrl).hostname];
    res.set('Cache-Control', 'no-store').json(analyticsSummary(deps, from, to, ownHosts) satisfies AnalyticsSummary);
  });
  return router;
}
