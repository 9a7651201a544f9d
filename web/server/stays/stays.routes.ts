import { Router } from 'express';
import { staysQuerySchema, type StaysResponse } from '@ridgeline/core';
import { requireSession } from '../http/sessions.js';
import type { AppDeps } from '../deps.js';
import { parseOr400 } from '../http/validate.js';
import { staysBetween } from './stays.js';

/**
 * Every stay in one place ([stays.list]), admin:
 * - `GET /api/stays?from=YYYY-MM-DD&to=YYYY-MM-DD` → `{ stays: [{ id, channel, checkin,
 *   checkout, guestName, status, bookingId, conflict }] }`: paid bookings, reservations and
 *   blocks imported from active calendar sources, owner blocks and live holds with a night in
 *   [from, to), sorted by check-in, overlapping ones marked `conflict` ([stays.conflict]).
 *   400 `{ error, field }` naming `from` or `to` for a date that is not YYYY-MM-DD, `to` not after
 *   `from`, or a span over 400 days.
 */
export function stayRoutes(deps: AppDeps): Router {
  const admin = requireSession(deps, 'admin');
  const router = Router();
  router.get('/api/stays', admin, (req, res) => {
    const { from, to } = parseOr400(staysQuerySchema, req.query, 'query');
    const body: StaysResponse = { stays: staysBetween(deps, from, to) };
    res.set('Cache-Control', 'no-store').json(body);
  });
  return router;
}
