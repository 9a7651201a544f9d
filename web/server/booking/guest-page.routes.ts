import { Router, type Request, type Response } from 'express';
import { formatCents, guestCanCancel, guestCancelRequestSchema, type Booking, type GuestCancelResponse, type GuestStayResponse } from '@ridgeline/core';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validate.js';
import { createAuditWriter } from '../security/audit.js';
import { guestStayOf } from './bookings.js';
import { NO_SUCH_BOOKING, bookingByToken, privateGuestAnswer, propertyToday } from './guest-token.js';
import type { CancellationService } from './cancellation.js';

/**
 * The guest's own page ([guest.page], [guest.cancel]), public, reached by the unguessable token
 * of the confirmation e-mail (contracts in `core/src/api/stay.ts`):
 * - `GET /api/stay/{token}` → `{ booking: GuestStay }`: dates, guests, what was paid and
 *   refunded, the stored receipt, check-in/out times, the address, the frozen policy as
 *   sentences, the refund cancelling today would give (the app's clock, the property's zone)
 *   and `canCancel`. 404 `{ error }` for a malformed or unknown token. Never the IP, card,
 *   notes or token.
 * - `POST /api/stay/{token}/cancel` (body none or `{}`) → 200 `{ booking: GuestStay, refund:
 *   { amountCents, status } | null }`: cancels with the policy's refund of today through the
 *   cancellation service (`cancellation.cancel({ by: 'guest' })`: Stripe refund with its
 *   idempotency key, nights reopened, cleaning withdrawn, guest e-mailed, owner told, timeline).
 *   404 unknown token; 409 already cancelled or check-in passed (a double click gets this, never
 *   a second refund); 502 Stripe failed (nothing changed, retrying is safe); 503 payments off.
 *   Counted by the `/api` rate limit. A cancel is audited in the area `guest` as "booking
 *   cancelled by guest" with `booking={id}` and its refund ([audit.log]), never the guest's
 *   contact details.
 * The token never reaches a log line: request logs name the path with `:token` in its place.
 */
export function guestPageRoutes(deps: AppDeps, { cancellation }: { cancellation: CancellationService }): Router {
  const router = Router();
  const audit = createAuditWriter(deps);
  router.get('/api/stay/:token', (req, res) => {
    const booking = bookingByToken(deps, req.params);
    privateGuestAnswer(res).json({ booking: guestStayOf(deps, booking) } satisfies GuestStayResponse);
  });
  router.post('/api/stay/:token/cancel', async (req, res) => {
    const booking = bookingByToken(deps, req.params);
    parseOr400(guestCancelRequestSchema, req.body);
    // One lock per booking, the cancellation service's turn: a double click's second request
    // waits for the first inside the service, finds the booking cancelled there and is refused
    // (409 `already-cancelled`), so it never asks Stripe.
    await cancelAsGuest(booking, req, res);
  });

  async function cancelAsGuest(booking: Booking, req: Request, res: Response): Promise<void> {
    if (booking.status === 'cancelled') throw new HttpError(409, 'This booking is already cancelled', { reason: 'already-cancelled' });
    if (!guestCanCancel(booking, propertyToday(deps))) throw new HttpError(409, 'This booking can no longer be cancelled online. Please contact us.', { reason: 'not-cancellable' });
    const result = await cancellation.cancel({ bookingId: booking.id, by: 'guest' });
    if (result.ok) {
      const refund = result.refund ? `refund=${formatCents(result.refund.amountCents)} (${result.refund.status})` : 'no refund';
      audit(req, 'guest', 'booking cancelled by guest', `booking=${booking.id} ${refund}`);
      privateGuestAnswer(res).json({
        booking: guestStayOf(deps, result.booking),
        refund: result.refund ? { amountCents: result.refund.amountCents, status: result.refund.status } : null,
      } satisfies GuestCancelResponse);
      return;
    }
    switch (result.reason) {
      case 'not-found':
        throw new HttpError(404, NO_SUCH_BOOKING, { reason: result.reason });
      case 'not-cancellable':
        throw new HttpError(409, result.booking.cancelledAt ? 'This booking is already cancelled' : 'This booking can no longer be cancelled online. Please contact us.', {
          reason: result.booking.cancelledAt ? 'already-cancelled' : 'not-cancellable',
        });
      case 'payments-unavailable':
        throw new HttpError(503, 'Refunds cannot be made online right now; your booking was not cancelled. Please contact us.', { reason: result.reason });
      case 'provider-failed':
        // [money.refund-incomplete]: part went back, part was refused; the owner is told.
        if (result.refund && result.refund.movedCents > 0 && result.refund.status === 'incomplete') {
          throw new HttpError(
            502,
            `Part of your refund could not be made, so your booking is not cancelled yet. ${formatCents(result.refund.movedCents)} is on its way back to your card; we have been told and will finish the rest.`,
            { reason: result.reason, refundIncomplete: true },
          );
        }
        throw new HttpError(502, 'The refund could not be made right now, so your booking was not cancelled. Please try again in a few minutes.', { reason: result.reason });
      case 'refund-too-large':
      case 'offline-refund-too-large':
        throw new HttpError(502, 'The refund could not be made right now, so your booking was not cancelled. Please try again in a few minutes.', { reason: 'provider-failed' });
    }
  }
  return router;
}
