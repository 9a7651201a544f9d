import { Router } from 'express';
import { requireSession } from '../auth/sessions.js';
import type { JobsResponse } from '@ridgeline/core';
import type { AppDeps } from '../deps.js';

/**
 * The background jobs' state, for the security console ([security.jobs]):
 * `GET /api/security/jobs` (security session) → `{ jobs: [{ name, description, running,
 * lastRunAt, lastSuccessAt, nextRunAt, lastError, lastErrorAt, consecutiveFailures, runs }] }`,
 * times ISO 8601 UTC or null.
 */
export function jobRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get('/api/security/jobs', requireSession(deps, 'security'), (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ jobs: deps.jobs?.status() ?? [] } satisfies JobsResponse);
  });
  return router;
}
