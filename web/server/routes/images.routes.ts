import { Router } from 'express';
import { getImageConfig } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';

/**
 * `GET /api/images/config` → SPEC §3 "Image config":
 * `{ property: {hero, overview, aerial, entrance, kitchen}, carousel: {slideN: path}, location:
 * {mountains, railway, golf} }`. Empty paths mean "the built-in default".
 */
export function imageRoutes({ db }: AppDeps): Router {
  const router = Router();
  router.get('/api/images/config', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(getImageConfig(db));
  });
  return router;
}
