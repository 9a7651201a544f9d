import { Router } from 'express';
import type { HealthResponse } from '@ridgeline/core';
import type { AppDeps } from '../deps.js';

/**
 * `GET /api/health` → 200 `{ status: "ok" }` when the database answers, else 503
 * `{ status: "unavailable", error }`. Used by the desktop app and deploy checks.
 */
export function healthRoutes({ db }: AppDeps): Router {
  const router = Router();
  router.get('/api/health', (_req, res) => {
    try {
      db.prepare('SELECT 1').get();
      res.set('Cache-Control', 'no-store').json({ status: 'ok' } satisfies HealthResponse);
    } catch (err) {
      res.status(503).json({ status: 'unavailable', error: (err as Error).message } satisfies HealthResponse);
    }
  });
  return router;
}
