import { Router } from 'express';
import { z } from 'zod';
import { listBookingInquiries } from '@ridgeline/core/node';
import { requireSession } from '../auth/sessions.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validate.js';

const bookingIdBody = z.object({
  bookingId: z.number({ message: 'must be a booking id' }).int('must be a booking id').positive('must be a booking id'),
});

/**
 * Booking inquiries for the admin Bookings tab (SPEC §7), all admin:
 * - `GET /api/booking-inquiries` → `BookingInquiry[]` (SPEC §3 names), newest first.
 * - `POST /api/test-payment` `{bookingId}`, `POST /api/test-guide-app` `{bookingId}`,
 *   `GET /api/stripe-payment/{paymentIntentId}`: 503 with a message until card payments and the
 *   guide app are wired (payments issue).
 */
export function bookingRoutes(deps: AppDeps): Router {
  const { db } = deps;
  const admin = requireSession(deps, 'admin');
  const router = Router();
  router.get('/api/booking-inquiries', admin, (_req, res) => {
    res.set('Cache-Control', 'no-store').json(listBookingInquiries(db));
  });
  router.post('/api/test-payment', admin, (req) => {
    parseOr400(bookingIdBody, req.body);
    throw new HttpError(503, 'Card payments are not set up on this server yet.');
  });
  router.post('/api/test-guide-app', admin, (req) => {
    parseOr400(bookingIdBody, req.body);
    throw new HttpError(503, 'The guide application is not set up on this server yet.');
  });
  router.get('/api/stripe-payment/:paymentIntentId', admin, () => {
    throw new HttpError(503, 'Card payments are not set up on this server yet.');
  });
  return router;
}
