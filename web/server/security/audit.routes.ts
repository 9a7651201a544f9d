import { Router } from 'express';
import { z } from 'zod';
import { listAudit } from '@ridgeline/core/node';
import { requireSession } from '../auth/sessions.js';
import type { AppDeps } from '../deps.js';
import { parseOr400 } from '../http/validate.js';

const auditQuery = z.object({
  limit: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(1, 'must be from 1 to 1000').max(1000, 'must be from 1 to 1000').optional().default(100),
  filter: z.string().trim().max(100, 'is too long').optional(),
  area: z.enum(['admin', 'security'], { message: 'must be admin or security' }).optional(),
});

/**
 * The owner's audit log, for the security console (security issue §8):
 * `GET /api/security/audit-log?limit=N&filter=TEXT&area=admin|security` (security session) →
 * `{ entries: [{ time, area, ip, action, detail }] }`, newest first; `limit` 1–1000 (default 100),
 * `filter` matches action, detail, area or IP (case-insensitive). 400 `{ error, field }` otherwise.
 */
export function auditRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get('/api/security/audit-log', requireSession(deps, 'security'), (req, res) => {
    const { limit, filter, area } = parseOr400(auditQuery, req.query, 'query');
    const entries = listAudit(deps.db, { limit, ...(filter ? { filter } : {}), ...(area ? { area } : {}) }).map(({ time, area: a, ip, action, detail }) => ({
      time,
      area: a,
      ip,
      action,
      detail,
    }));
    res.set('Cache-Control', 'no-store').json({ entries });
  });
  return router;
}
