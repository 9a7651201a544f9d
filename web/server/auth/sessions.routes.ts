import { Router } from 'express';
import { revokeAllRequestSchema, sessionIdParamsSchema, type RevokeAllResponse, type SessionRevokedResponse, type SessionsResponse } from '@ridgeline/core';
import type { PasswordArea } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validate.js';
import { requireSession, sessionToken } from '../http/sessions.js';
import { endSession, openSessions, signOutEverywhere } from './owner-sessions.js';

/**
 * The open sessions of both owner areas, in the security console ([security.sessions]); every
 * endpoint behind the security console's session; contracts in `core/src/api/auth.ts`:
 * - `GET /api/security/sessions` → `{ sessions: [{ id, area, client, userAgent, ip, createdAt,
 *   lastUsedAt, expiresAt, current }] }` (times ISO 8601 UTC; `current`: a session this request
 *   carries). Never a token or its hash: `id` is a random public id.
 * - `POST /api/security/sessions/:id/revoke` → `{ success: true, area }`; 404 for an unknown id.
 * - `POST /api/security/sessions/revoke-all` `{ area? }` → `{ success: true, ended }`: signs out
 *   everywhere (one area, or both when `area` is left out), keeping only the console session
 *   making the request.
 * Audit entries "session revoked" and "signed out everywhere" come from the automatic writer.
 */
export function sessionRoutes(deps: AppDeps): Router {
  const guard = requireSession(deps, 'security');
  const router = Router();

  router.get('/api/security/sessions', guard, (req, res) => {
    const sessions = openSessions(deps, (['admin', 'security'] as PasswordArea[]).map((area) => sessionToken(req, area)));
    res.set('Cache-Control', 'no-store').json({ sessions } satisfies SessionsResponse);
  });

  router.post('/api/security/sessions/revoke-all', guard, (req, res) => {
    const { area } = parseOr400(revokeAllRequestSchema, req.body);
    const ended = signOutEverywhere(deps, area, sessionToken(req, 'security'));
    res.json({ success: true, ended } satisfies RevokeAllResponse);
  });

  router.post('/api/security/sessions/:id/revoke', guard, (req, res) => {
    const { id } = parseOr400(sessionIdParamsSchema, req.params, 'id');
    const area = endSession(deps, id);
    if (!area) throw new HttpError(404, 'No such session (it may have ended already)');
    res.json({ success: true, area } satisfies SessionRevokedResponse);
  });

  return router;
}
