import { Router } from 'express';
import {
  PaymentProviderError,
  bookingIdRequestSchema,
  formatCents,
  priceStay,
  stripePaymentParamsSchema,
  type BookingInquiriesResponse,
  type StripePaymentResponse,
  type TestGuideAppResponse,
  type TestPaymentResponse,
} from '@ridgeline/core';
import { requireSession } from '../http/sessions.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validate.js';
import { allBookings, bookingById, recordTestPaymentIntent, testPaymentKey } from './bookings.js';

/**
 * Booking inquiries for the admin Bookings tab ([bookings.list]), all admin; contracts in
 * `core/src/api/bookings.ts`:
 * - `GET /api/booking-inquiries` → `Booking[]` ([bookings.list] names), newest first.
 * - `POST /api/test-payment` `{bookingId}` → `{ success, paymentIntentId, message }`: a test
 *   PaymentIntent for the booking's stored quote, recorded on the booking (409 if it has one).
 * - `POST /api/test-guide-app` `{bookingId}` → `{ success, message }`: POSTs the booking as JSON
 *   to GUIDE_APP_URL (10 s limit) and reports the answer.
 * - `GET /api/stripe-payment/{paymentIntentId}` → the payment lookup of [bookings.payment-details]:
 *   `{ success, cardDetails: {brand, last4} | null, paymentIntent: {status, amount (cents)} }`.
 * Payment endpoints answer 503 without Stripe; the guide app 503 without GUIDE_APP_URL.
 */
export function bookingRoutes(deps: AppDeps): Router {
  const admin = requireSession(deps, 'admin');
  const router = Router();
  router.get('/api/booking-inquiries', admin, (_req, res) => {
    res.set('Cache-Control', 'no-store').json(allBookings(deps) satisfies BookingInquiriesResponse);
  });
  const findBooking = (id: number) => {
    const booking = bookingById(deps, id);
    if (!booking) throw new HttpError(404, `No booking with id ${id}`, { success: false });
    return booking;
  };

  router.post('/api/test-payment', admin, async (req, res) => {
    const { bookingId } = parseOr400(bookingIdRequestSchema, req.body);
    if (!deps.payments) throw new HttpError(503, 'Card payments are not set up on this server (STRIPE_SECRET_KEY).', { success: false });
    const booking = findBooking(bookingId);
    if (booking.stripePaymentIntentId) throw new HttpError(409, 'This booking already has a payment intent', { success: false });
    const quote = booking.quote ?? priceStay(booking.checkin, booking.checkout);
    if (!quote) throw new HttpError(400, 'This booking has no nights to charge', { success: false });
    try {
      const intent = await deps.payments.createPaymentIntent({
        amountCents: quote.totalCents,
        description: `Test payment for booking ${booking.id}`,
        metadata: { bookingId: String(booking.id), test: 'true' },
        // The booking's own random key, never its row id ([checkout.idempotency]).
        idempotencyKey: testPaymentKey(deps, booking.id),
      });
      recordTestPaymentIntent(deps, booking.id, intent);
      res.json({ success: true, paymentIntentId: intent.id, message: `Test payment intent for ${formatCents(intent.amount)} created` } satisfies TestPaymentResponse);
    } catch (err) {
      if (err instanceof PaymentProviderError) throw new HttpError(502, err.message, { success: false });
      throw err;
    }
  });

  router.post('/api/test-guide-app', admin, async (req, res) => {
    const { bookingId } = parseOr400(bookingIdRequestSchema, req.body);
    const url = deps.config.guideAppUrl;
    if (!url) throw new HttpError(503, 'The guide application is not set up on this server (GUIDE_APP_URL).', { success: false });
    const booking = findBooking(bookingId);
    const doFetch = deps.fetch ?? fetch;
    try {
      const answer = await doFetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'User-Agent': 'Ridgeline (+booking sync)' },
        body: JSON.stringify({ source: 'ridgeline', booking }),
        signal: AbortSignal.timeout(10_000),
      });
      res.json({
        success: answer.ok,
        message: answer.ok ? `The guide app received booking ${booking.id}` : `The guide app answered ${answer.status} ${answer.statusText}`.trim(),
      } satisfies TestGuideAppResponse);
    } catch (err) {
      const reason = (err as Error).name === 'TimeoutError' ? 'did not answer within 10 seconds' : 'could not be reached';
      res.status(502).json({ success: false, message: `The guide app ${reason}` } satisfies TestGuideAppResponse);
    }
  });

  router.get('/api/stripe-payment/:paymentIntentId', admin, async (req, res) => {
    const { paymentIntentId } = parseOr400(stripePaymentParamsSchema, req.params, 'paymentIntentId');
    if (!deps.payments) throw new HttpError(503, 'Card payments are not set up on this server (STRIPE_SECRET_KEY).', { success: false });
    try {
      const intent = await deps.payments.retrievePaymentIntent(paymentIntentId);
      res.set('Cache-Control', 'no-store').json({
        success: true,
        cardDetails: intent.card,
        paymentIntent: { id: intent.id, status: intent.status, amount: intent.amount, currency: intent.currency },
      } satisfies StripePaymentResponse);
    } catch (err) {
      if (err instanceof PaymentProviderError) throw new HttpError(err.statusCode === 404 ? 404 : 502, err.message, { success: false });
      throw err;
    }
  });
  return router;
}
