import { Router } from 'express';
import {
  bookingIdParamsSchema,
  changeBookingRequestSchema,
  changeQuoteRequestSchema,
  changeRefundParamsSchema,
  changeRefundRequestSchema,
  formatCents,
  type BookingChange,
  type ChangeBookingResponse,
  type ChangeQuoteResponse,
  type ChangeRefusal,
} from '@ridgeline/core';
import { requireSession } from '../http/sessions.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validate.js';
import { auditNote } from '../security/audit.js';
import type { BookingChangeService } from './booking-change.js';

/** A refusal of the change service as an HTTP answer; nothing was changed. */
function refuse(id: number, refusal: ChangeRefusal): never {
  // Every refusal carries its `reason` (issue 24 §4): the dialog reads it, never the body's shape.
  const { reason } = refusal;
  switch (refusal.reason) {
    case 'not-found':
      throw new HttpError(404, `No booking with id ${id}`, { reason });
    case 'not-changeable':
      throw new HttpError(409, refusal.message, { reason });
    case 'invalid':
      throw new HttpError(400, `${refusal.field}: ${refusal.message}`, { field: refusal.field, reason });
    case 'closed':
      throw new HttpError(409, 'Some nights of the new dates are already taken', { closedDates: refusal.closedDates, reason });
    case 'payments-unavailable':
      throw new HttpError(503, 'Card payments are not set up on this server (STRIPE_SECRET_KEY), so the difference cannot be moved by card.', { reason });
    case 'provider-failed':
      throw new HttpError(502, refusal.message, { reason });
    case 'nothing-refused':
      throw new HttpError(409, refusal.message, { reason });
  }
}

/**
 * Changing a booking's dates or guests ([booking.change], [booking.change-money]), admin (CSRF as
 * every admin post); contracts in `core/src/api/bookings.ts`:
 * - `POST /api/bookings/{id}/change-quote` `{ checkin, checkout, guests }` → 200 `{ from, to,
 *   quote, oldTotalCents, newTotalCents, paidCents, totalChangeCents, differenceCents, options,
 *   refundableCents, offlineRefundableCents, balance }` (cents; `differenceCents` = new total less
 *   the stay's net payments, > 0 owed by the guest; `options` the ways to settle it, the first the
 *   default). Nothing changes.
 * - `POST /api/bookings/{id}/change` `{ checkin, checkout, guests, settle, offlineMethod? }` →
 *   200 `{ booking, change, settlement: { settle, status, chargedCents, refundedCents,
 *   offlineRefundedCents, url, emailed, message } }`. A declined card or a refused refund keeps
 *   the change (`status: 'failed'`, the difference owed or credited). Audited as "booking changed".
 * Every refusal carries the change service's `reason` (`not-found`, `not-changeable`, `invalid`,
 * `closed`, `payments-unavailable`, `provider-failed`, `nothing-refused`).
 * Both: 400 `{ error, field }` for bad input or a stay breaking the rules (`checkin`, `checkout`,
 * `guests`, `settle`, `offlineMethod`); 404 unknown id; 409 `{ error }` cancelled, past or
 * unconfirmed, or `{ error, reason: 'closed', closedDates }` when a night is taken; change only: 503 card payments
 * off; 502 Stripe did not answer an earlier change of the booking (nothing new saved; trying again
 * asks Stripe with the same key and never moves money twice).
 * - `POST /api/bookings/{id}/changes/{changeId}/refund` `{ action: 'retry' }` or `{ action:
 *   'offline', method, note? }` ([booking.change-refund-refused]) → 200 like the change: the refund
 *   parts Stripe refused asked again by card (new keys) or recorded as given back outside Stripe.
 *   400 naming the field; 404 unknown booking or change; 409 nothing refused on that change, a
 *   cancelled booking, or a retry the cards cannot give back (record it offline instead); 503
 *   card payments off (retry). Audited.
 */
export function bookingChangeRoutes(deps: AppDeps, { bookingChanges }: { bookingChanges: BookingChangeService }): Router {
  const admin = requireSession(deps, 'admin');
  const router = Router();

  router.post('/api/bookings/:id/change-quote', admin, (req, res) => {
    const { id } = parseOr400(bookingIdParamsSchema, req.params, 'id');
    const to = parseOr400(changeQuoteRequestSchema, req.body ?? {});
    const result = bookingChanges.quote(id, to);
    if (!result.ok) refuse(id, result);
    const q = result.quote;
    res.set('Cache-Control', 'no-store').json({
      from: q.from,
      to: q.to,
      quote: q.quote,
      oldTotalCents: q.oldTotalCents,
      newTotalCents: q.newTotalCents,
      paidCents: q.paidCents,
      totalChangeCents: q.totalChangeCents,
      differenceCents: q.differenceCents,
      options: q.options,
      refundableCents: q.refundableCents,
      offlineRefundableCents: q.offlineRefundableCents,
      balance: q.balance,
    } satisfies ChangeQuoteResponse);
  });

  router.post('/api/bookings/:id/change', admin, async (req, res) => {
    const { id } = parseOr400(bookingIdParamsSchema, req.params, 'id');
    const body = parseOr400(changeBookingRequestSchema, req.body ?? {});
    const result = await bookingChanges.change(id, body);
    if (!result.ok) refuse(id, result);
    const { booking, change, settlement } = result;
    auditNote(res, `change=${change.id} ${change.from.checkin}..${change.from.checkout} -> ${change.to.checkin}..${change.to.checkout} difference=${formatCents(change.differenceCents)} ${change.settle} (${change.status})`);
    res.json({ booking, change: changeAnswer(change), settlement } satisfies ChangeBookingResponse);
  });
  router.post('/api/bookings/:id/changes/:changeId/refund', admin, async (req, res) => {
    const { id, changeId } = parseOr400(changeRefundParamsSchema, req.params, 'id');
    const body = parseOr400(changeRefundRequestSchema, req.body ?? {});
    const result = await bookingChanges.settleRefused(id, changeId, body);
    if (!result.ok) {
      if (result.reason === 'not-found') throw new HttpError(404, `No change ${changeId} of booking ${id}`);
      refuse(id, result);
    }
    const { booking, change, settlement } = result;
    auditNote(res, `change=${change.id} refused refund ${body.action === 'offline' ? `given back by ${body.method}` : 'retried by card'} (${change.status})`);
    res.json({ booking, change: changeAnswer(change), settlement } satisfies ChangeBookingResponse);
  });
  return router;
}

/** A change as the change endpoints answer it. */
function changeAnswer(change: BookingChange): ChangeBookingResponse['change'] {
  return {
    id: change.id,
    from: change.from,
    to: change.to,
    oldTotalCents: change.oldTotalCents,
    newTotalCents: change.newTotalCents,
    differenceCents: change.differenceCents,
    settle: change.settle,
    status: change.status,
  };
}
