import { Router } from 'express';
import { bookingTimelineParamsSchema, type BookingTimelineResponse } from '@ridgeline/core';
import { requireSession } from '../http/sessions.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validate.js';
import { bookingTimeline } from './bookings.js';

/**
 * A booking's history ([booking.timeline]), admin:
 * - `GET /api/bookings/:id/timeline` → `{ events: [{ id, bookingId, kind, detail, at }] }`, oldest
 *   first; 400 `{ error, field: 'id' }` for an id that is not a positive integer, 404 for an
 *   unknown booking.
 */
export function bookingTimelineRoutes(deps: AppDeps): Router {
  const admin = requireSession(deps, 'admin');
  const router = Router();
  router.get('/api/bookings/:id/timeline', admin, (req, res) => {
    const { id } = parseOr400(bookingTimelineParamsSchema, req.params, 'id');
    const events = bookingTimeline(deps, id);
    if (!events) throw new HttpError(404, 'Booking not found');
    res.set('Cache-Control', 'no-store').json({ events } satisfies BookingTimelineResponse);
  });
  return router;
}
