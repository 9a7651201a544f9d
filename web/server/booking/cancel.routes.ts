import { Router } from 'express';
import {
  bookingIdParamsSchema,
  cancelBookingRequestSchema,
  describeCancellationPolicy,
  formatCents,
  type CancelBookingResponse,
  type RefundQuoteResponse,
} from '@ridgeline/core';
import { requireSession } from '../auth/sessions.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validate.js';
import { auditNote } from '../security/audit.js';
import { cancellationFor } from './cancellation.js';

/**
 * The owner's cancellation of a booking ([booking.cancel], [booking.refund], [cancel.refund-due]),
 * admin; contracts in `core/src/api/bookings.ts`:
 * - `GET /api/bookings/{id}/refund-quote` → `{ policyRefundCents, refundableCents, policy,
 *   policyLines }`: what a cancel today would refund; 404 unknown id.
 * - `POST /api/bookings/{id}/cancel` `{ refundCents?, reason? }` → 200 `{ booking, refund }`
 *   (refund null when none was made). 400 naming the field for a bad body, or `refundCents` above
 *   what is refundable (`{ error, field: 'refundCents', refundableCents }`); 404 unknown id; 409
 *   already cancelled (or awaiting its payment); 503 a refund is due but payments are off; 502
 *   Stripe refused or failed, with Stripe's message (nothing cancelled; retrying is safe).
 *   Audited as "booking cancelled" with the booking id and the refund made ([audit.log]).
 */
export function cancelRoutes(deps: AppDeps): Router {
  const admin = requireSession(deps, 'admin');
  const router = Router();

  router.get('/api/bookings/:id/refund-quote', admin, (req, res) => {
    const { id } = parseOr400(bookingIdParamsSchema, req.params, 'id');
    const quote = cancellationFor(deps).quote(id);
    if (!quote) throw new HttpError(404, `No booking with id ${id}`);
    res.set('Cache-Control', 'no-store').json({
      policyRefundCents: quote.policyRefundCents,
      refundableCents: quote.refundableCents,
      policy: quote.policy,
      policyLines: describeCancellationPolicy(quote.policy, quote.booking.checkin),
    } satisfies RefundQuoteResponse);
  });

  router.post('/api/bookings/:id/cancel', admin, async (req, res) => {
    const { id } = parseOr400(bookingIdParamsSchema, req.params, 'id');
    const body = parseOr400(cancelBookingRequestSchema, req.body ?? {});
    const result = await cancellationFor(deps).cancel({ bookingId: id, by: 'owner', refundCents: body.refundCents, reason: body.reason });
    if (result.ok) {
      // The refund made, whatever the body asked ([audit.log]).
      auditNote(res, result.refund ? `refund=${formatCents(result.refund.amountCents)} (${result.refund.status})` : 'no refund');
      res.json({ booking: result.booking, refund: result.refund } satisfies CancelBookingResponse);
      return;
    }
    switch (result.reason) {
      case 'not-found':
        throw new HttpError(404, `No booking with id ${id}`);
      case 'not-cancellable':
        throw new HttpError(409, result.booking.cancelledAt ? 'This booking is already cancelled' : 'This booking cannot be cancelled while its payment is pending');
      case 'refund-too-large':
        throw new HttpError(400, `refundCents: must be at most ${formatCents(result.refundableCents)} (what is left to refund)`, {
          field: 'refundCents',
          refundableCents: result.refundableCents,
        });
      case 'payments-unavailable':
        throw new HttpError(503, 'Card payments are not set up on this server (STRIPE_SECRET_KEY), so the refund cannot be made.');
      case 'provider-failed':
        throw new HttpError(502, result.message ?? 'Stripe could not be reached; nothing was cancelled. Try again.');
    }
  });
  return router;
}
