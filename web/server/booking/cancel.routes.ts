import { Router } from 'express';
import {
  bookingIdParamsSchema,
  cancelBookingRequestSchema,
  describeCancellationPolicy,
  formatCents,
  type CancelBookingResponse,
  type RefundQuoteResponse,
} from '@ridgeline/core';
import { requireSession } from '../http/sessions.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validate.js';
import { auditNote } from '../security/audit.js';
import { ownerCheckInTime } from './bookings.js';
import type { CancellationService } from './cancellation.js';

/**
 * The owner's cancellation of a booking ([booking.cancel], [booking.refund], [cancel.refund-due],
 * [money.refund-plan], [money.refund-incomplete], [money.offline-refund]), admin; contracts in
 * `core/src/api/bookings.ts`:
 * - `GET /api/bookings/{id}/refund-quote` → `{ policyRefundCents, refundableCents, policy,
 *   policyLines, cardPaidCents, offlinePaidCents, offlineRefundableCents, unfinishedRefund }`:
 *   what a cancel today would refund by card, what the stay was paid by card and offline (cents),
 *   what can be given back offline, and the cancellation's refund that did not finish (null
 *   without one); 404 unknown id.
 * - `POST /api/bookings/{id}/cancel` `{ refundCents?, reason?, offlineRefundCents?,
 *   offlineMethod? }` → 200 `{ booking, refund }` (refund null when no card refund was made).
 *   400 naming the field for a bad body, `refundCents` above what is refundable by card
 *   (`{ error, field: 'refundCents', refundableCents }`) or `offlineRefundCents` above what can be
 *   given back offline (`{ error, field: 'offlineRefundCents', offlineRefundableCents }`); 404
 *   unknown id; 409 already cancelled (or awaiting its payment); 503 a refund is due but
 *   payments are off; 502 Stripe refused or failed, with Stripe's message (nothing cancelled;
 *   retrying is safe) and, when part of the refund moved and part was refused or is unanswered,
 *   `refund` (the unfinished refund and its parts).
 *   Audited as "booking cancelled" with the booking id and the refund made ([audit.log]).
 */
export function cancelRoutes(deps: AppDeps, { cancellation }: { cancellation: CancellationService }): Router {
  const admin = requireSession(deps, 'admin');
  const router = Router();

  router.get('/api/bookings/:id/refund-quote', admin, (req, res) => {
    const { id } = parseOr400(bookingIdParamsSchema, req.params, 'id');
    const quote = cancellation.quote(id);
    if (!quote) throw new HttpError(404, `No booking with id ${id}`);
    res.set('Cache-Control', 'no-store').json({
      policyRefundCents: quote.policyRefundCents,
      refundableCents: quote.refundableCents,
      policy: quote.policy,
      policyLines: describeCancellationPolicy(quote.policy, quote.booking.checkin, quote.booking.quote?.terms?.checkInTime ?? ownerCheckInTime(deps)),
      // The stay's card money (a damage deposit's capture is not the stay's) and its offline money.
      cardPaidCents: quote.money.intents.filter((i) => !i.damageDeposit).reduce((sum, i) => sum + i.paidCents, 0),
      offlinePaidCents: quote.money.offlinePaidCents,
      offlineRefundableCents: quote.money.offlineRefundableCents,
      unfinishedRefund: quote.unfinishedRefund,
    } satisfies RefundQuoteResponse);
  });

  router.post('/api/bookings/:id/cancel', admin, async (req, res) => {
    const { id } = parseOr400(bookingIdParamsSchema, req.params, 'id');
    const body = parseOr400(cancelBookingRequestSchema, req.body ?? {});
    const offlineRefund = body.offlineRefundCents && body.offlineMethod ? { amountCents: body.offlineRefundCents, method: body.offlineMethod } : undefined;
    const result = await cancellation.cancel({ bookingId: id, by: 'owner', refundCents: body.refundCents, reason: body.reason, offlineRefund });
    if (result.ok) {
      // The refund made, whatever the body asked ([audit.log]).
      auditNote(res, result.refund ? `refund=${formatCents(result.refund.amountCents)} (${result.refund.status})` : 'no refund');
      res.json({ booking: result.booking, refund: result.refund } satisfies CancelBookingResponse);
      return;
    }
    switch (result.reason) {
      case 'not-found':
        throw new HttpError(404, `No booking with id ${id}`, { reason: result.reason });
      case 'not-cancellable':
        throw new HttpError(409, result.booking.cancelledAt ? 'This booking is already cancelled' : 'This booking cannot be cancelled while its payment is pending', { reason: result.reason });
      case 'refund-too-large':
        throw new HttpError(400, `refundCents: must be at most ${formatCents(result.refundableCents)} (what is left to refund)`, {
          field: 'refundCents',
          reason: result.reason,
          refundableCents: result.refundableCents,
        });
      case 'offline-refund-too-large':
        throw new HttpError(400, `offlineRefundCents: must be at most ${formatCents(result.offlineRefundableCents)} (what was paid outside Stripe and not given back)`, {
          field: 'offlineRefundCents',
          reason: result.reason,
          offlineRefundableCents: result.offlineRefundableCents,
        });
      case 'payments-unavailable':
        throw new HttpError(503, 'Card payments are not set up on this server (STRIPE_SECRET_KEY), so the refund cannot be made.', { reason: result.reason });
      case 'provider-failed':
        throw new HttpError(
          502,
          result.refund && result.refund.movedCents > 0
            ? `${result.message ?? 'Stripe could not be reached.'} ${formatCents(result.refund.movedCents)} went back to the card; the booking is not cancelled yet.`
            : (result.message ?? 'Stripe could not be reached; nothing was cancelled. Try again.'),
          result.refund ? { reason: result.reason, refund: result.refund } : { reason: result.reason },
        );
    }
  });
  return router;
}
