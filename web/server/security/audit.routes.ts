import { Router } from 'express';
import { auditLogQuerySchema, type AuditLogResponse } from '@ridgeline/core';
import { requireSession } from '../http/sessions.js';
import type { AppDeps } from '../deps.js';
import { parseOr400 } from '../http/validate.js';
import { auditEntries } from './audit-log.js';

/**
 * The owner's audit log, for the security console ([audit.log]):
 * `GET /api/security/audit-log?limit=N&filter=TEXT&area=admin|security` (security session) →
 * `{ entries: [{ time, area, ip, action, detail }] }`, newest first; `limit` 1–1000 (default 100),
 * `filter` matches action, detail, area or IP (case-insensitive). 400 `{ error, field }` otherwise.
 */
export function auditRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get('/api/security/audit-log', requireSession(deps, 'security'), (req, res) => {
    const { limit, filter, area } = parseOr400(auditLogQuerySchema, req.query, 'query');
    const entries = auditEntries(deps, { limit, filter, area });
    res.set('Cache-Control', 'no-store').json({ entries } satisfies AuditLogResponse);
  });
  return router;
}
