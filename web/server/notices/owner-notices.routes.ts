import { Router } from 'express';
import { type OwnerNoticesResponse } from '@ridgeline/core';
import { requireSession } from '../http/sessions.js';
import type { AppDeps } from '../deps.js';
import { ownerNoticesOverview } from './owner-notices.js';

/** How many notices the Overview lists. */
export const OWNER_NOTICES_LISTED = 50;

/**
 * What the owner was told ([owner.notices]), admin:
 * - `GET /api/owner-notices` → `{ notices: [{ id, kind, subject, text, bookingId, createdAt,
 *   sentAt, sendError }], emailConfigured, notEmailedBecause }`: the newest 50 first;
 *   `emailConfigured` when an `ownerEmail` is set and SMTP is configured, else
 *   `notEmailedBecause` names what is missing (`owner-email`, then `smtp`).
 */
export function ownerNoticeRoutes(deps: AppDeps): Router {
  const admin = requireSession(deps, 'admin');
  const router = Router();
  router.get('/api/owner-notices', admin, (_req, res) => {
    res.set('Cache-Control', 'no-store').json(ownerNoticesOverview(deps, OWNER_NOTICES_LISTED) satisfies OwnerNoticesResponse);
  });
  return router;
}
