import { Router } from 'express';
import {
  createOwnerBookingRequestSchema,
  ownerQuoteQuerySchema,
  bookingIdParamsSchema,
  paymentLinkConfirmRequestSchema,
  paymentLinkParamsSchema,
  priceBreakdownSchema,
  type CreateOwnerBookingResponse,
  type OwnerBookingClosedResponse,
  type OwnerQuoteResponse,
  type PaymentLinkConfirmResponse,
  type PaymentLinkIntentResponse,
  type PaymentLinkSentResponse,
  type PaymentLinkView,
  type BookingRequestAcceptResponse,
  type BookingRequestDeclineResponse,
} from '@ridgeline/core';
import { requireSession } from '../http/sessions.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validate.js';
import { CLEANING_RECONCILE_JOB } from '../jobs/job-names.js';
import { auditNote } from '../security/audit.js';
import { paymentIntentLimit } from '../security/payment-intent-limit.js';
import type { SecurityState } from '../security/security-state.js';
import { checkNewConflicts } from '../stays/new-conflicts.js';
import { bookForOwner, quoteForOwner } from './bookings.js';
import type { PaymentLinkService } from './payment-links.js';
import { createBookingRequestService } from './booking-requests.js';

const PAYMENTS_UNAVAILABLE = 'Card payments are not available right now. Please try again later.';

/**
 * Bookings the owner makes ([bookings.owner-create], [bookings.payment-link]), admin, audited;
 * contracts in `core/src/api/bookings.ts`:
 * - `POST /api/bookings` `{ kind: 'manual'|'owner', checkin, checkout, guests, firstName,
 *   lastName, email?, phone?, amountPaidCents?, notes? }` → 201 `{ booking }`; 400
 *   `{ error, field }` for bad input or a stay breaking the fixed stay rules (nothing stored);
 *   409 `{ error, closedDates }` when a night is closed. The booking closes its nights at once,
 *   shows in the stays, the Bookings tab and the export feed, and the cleaning reconcile runs.
 * - `GET /api/bookings/quote?checkin&checkout&guests` → `{ quote }` ([bookings.owner-quote]): the
 *   price a phone booking of that stay would be recorded at now, for the Add booking dialog; 400
 *   `{ error, field }` for bad input or a stay breaking the fixed stay rules. Reads nothing else.
 * - `POST /api/bookings/{id}/payment-link` → `{ url, amountDueCents, emailed }`: the manual
 *   booking's link `/checkout?link={token}` for what is left to pay (cents), e-mailed to the
 *   guest when the booking has an address; 404 unknown booking, 409 `{ error }` for an owner stay,
 *   a cancelled or a fully paid booking.
 * - `POST /api/bookings/{id}/request/accept` (no body) → 200 `{ booking, accepted, paymentLink:
 *   { url, amountDueCents, emailed } | null }` ([booking.request]): the guest's request to book
 *   becomes their booking (its nights close, its stored quote kept) and, when payments are
 *   configured, the payment link for the total is made and e-mailed. A repeat answers
 *   `accepted: false` and sends nothing. 404 unknown booking; 409 `{ error, reason }` when it is no
 *   request waiting (`not-a-request`, `declined`) or a night was taken meanwhile (`closed`, with
 *   `closedDates`; nothing changed).
 * - `POST /api/bookings/{id}/request/decline` (no body) → 200 `{ booking, declined, emailed }`:
 *   the request is cancelled ("Request declined"), no money moves, the guest is e-mailed once.
 *   A repeat answers `declined: false`. 404 unknown; 409 `not-a-request` / `accepted`.
 * Both are audited with `booking={id}` ([audit.log]).
 */
export function ownerBookingRoutes(deps: AppDeps, { paymentLinks }: { paymentLinks: PaymentLinkService }): Router {
  const admin = requireSession(deps, 'admin');
  const router = Router();

  router.get('/api/bookings/quote', admin, (req, res) => {
    const input = parseOr400(ownerQuoteQuerySchema, req.query);
    const result = quoteForOwner(deps, input);
    if (!result.ok) throw new HttpError(400, `${result.field}: ${result.message}`, { field: result.field });
    res.set('Cache-Control', 'no-store').json({ quote: result.quote } satisfies OwnerQuoteResponse);
  });

  router.post('/api/bookings', admin, (req, res) => {
    const input = parseOr400(createOwnerBookingRequestSchema, req.body);
    const result = bookForOwner(deps, input);
    if (!result.ok) {
      if (result.reason === 'invalid-stay') throw new HttpError(400, `${result.field}: ${result.message}`, { field: result.field });
      res.status(409).json({ error: 'Some nights of this stay are already taken', closedDates: result.closedDates } satisfies OwnerBookingClosedResponse);
      return;
    }
    // The stay gets its cleaning ([cleaning.window]); a stay overlapping an inactive source's
    // reservation is still told ([stays.conflict]).
    deps.jobs?.trigger(CLEANING_RECONCILE_JOB);
    checkNewConflicts(deps);
    // The audit entry names the booking by its id, never by the guest's contact ([audit.log]).
    auditNote(res, `booking=${result.booking.id}`);
    res.status(201).json({ booking: result.booking } satisfies CreateOwnerBookingResponse);
  });

  router.post('/api/bookings/:id/payment-link', admin, async (req, res) => {
    const { id } = parseOr400(bookingIdParamsSchema, req.params, 'id');
    const result = await paymentLinks.send(id);
    if (!result.ok) {
      if (result.reason === 'not-found') throw new HttpError(404, `No booking with id ${id}`, { reason: result.reason });
      throw new HttpError(409, result.message, { reason: result.reason });
    }
    res.json({ url: result.url, amountDueCents: result.amountDueCents, emailed: result.emailed, mail: result.mail ?? 'not-configured' } satisfies PaymentLinkSentResponse);
  });

  const requests = createBookingRequestService(deps, { paymentLinks });
  const refuseDecision = (id: number, refusal: { reason: 'not-found' | 'not-a-request' | 'declined' | 'accepted' } | { reason: 'closed'; closedDates: string[] }): never => {
    if (refusal.reason === 'not-found') throw new HttpError(404, `No booking with id ${id}`, { reason: refusal.reason });
    if (refusal.reason === 'closed') throw new HttpError(409, 'Some nights of this request are no longer available', { reason: refusal.reason, closedDates: refusal.closedDates });
    const message = { 'not-a-request': 'This booking is not a request waiting for an answer', declined: 'This request was declined', accepted: 'This request was accepted; cancel the booking instead' }[refusal.reason];
    throw new HttpError(409, message, { reason: refusal.reason });
  };

  router.post('/api/bookings/:id/request/accept', admin, async (req, res) => {
    const { id } = parseOr400(bookingIdParamsSchema, req.params, 'id');
    const result = await requests.accept(id);
    if (!result.ok) return refuseDecision(id, result);
    auditNote(res, `booking=${id}`);
    if (result.accepted) {
      deps.jobs?.trigger(CLEANING_RECONCILE_JOB);
      checkNewConflicts(deps);
    }
    res.json({ booking: result.booking, accepted: result.accepted, paymentLink: result.paymentLink } satisfies BookingRequestAcceptResponse);
  });

  router.post('/api/bookings/:id/request/decline', admin, async (req, res) => {
    const { id } = parseOr400(bookingIdParamsSchema, req.params, 'id');
    const result = await requests.decline(id);
    if (!result.ok) return refuseDecision(id, result);
    auditNote(res, `booking=${id}`);
    res.json({ booking: result.booking, declined: result.declined, emailed: result.emailed } satisfies BookingRequestDeclineResponse);
  });
  return router;
}

/**
 * The guest's side of a payment link ([bookings.payment-link]), public, under the /api limit:
 * - `GET /api/payment-link/{token}` → `{ checkin, checkout, guests, firstName, lastName,
 *   amountDueCents, quote }`; 404 for any other token, 409 `{ error, status: 'paid'|'cancelled' }`
 *   once nothing is left to pay or the booking is cancelled.
 * - `POST /api/payment-link/{token}/payment-intent` → `{ clientSecret, paymentIntentId, amount }`:
 *   the PaymentIntent for the amount due (the server's; nothing in the request sets it), made
 *   once per booking with its random Idempotency-Key. Also under PAYMENT_INTENT_LIMIT per client
 *   IP (429). 503 without Stripe, 502 when Stripe fails.
 * - `POST /api/payment-link/{token}/confirm` `{ paymentIntentId }` → `{ paid }`: reads the
 *   PaymentIntent from Stripe and credits it when it succeeded for exactly the amount due (once;
 *   the webhook may have done it first). On a cancelled booking → `{ paid: false, cancelled: true }`:
 *   never credited nor confirmed; money Stripe took is recorded and the late-payment job refunds
 *   it in full ([money.late-payment]). 400 naming `paymentIntentId` when it is not the link's.
 */
export function paymentLinkRoutes(deps: AppDeps, { paymentLinks: links }: { paymentLinks: PaymentLinkService }, security: SecurityState): Router {
  const router = Router();
  /** The link's token; any value that is no token of ours is "not valid" like an unknown one (404). */
  const tokenOf = (params: unknown): string => {
    const parsed = paymentLinkParamsSchema.safeParse(params);
    if (!parsed.success) throw new HttpError(404, 'This payment link is not valid');
    return parsed.data.token;
  };
  const refuse = (reason: 'not-found' | 'settled', status?: 'paid' | 'cancelled'): never => {
    if (reason === 'not-found') throw new HttpError(404, 'This payment link is not valid', { reason });
    throw new HttpError(409, status === 'cancelled' ? 'This booking was cancelled' : 'This booking is already paid', { reason, status });
  };

  router.get('/api/payment-link/:token', (req, res) => {
    const token = tokenOf(req.params);
    const viewed = links.view(token);
    if (!viewed.ok) return refuse(viewed.reason, viewed.reason === 'settled' ? viewed.status : undefined);
    const { booking } = viewed;
    res.set('Cache-Control', 'no-store').json({
      checkin: booking.checkin,
      checkout: booking.checkout,
      guests: booking.guests,
      firstName: booking.firstName,
      lastName: booking.lastName,
      amountDueCents: viewed.amountDueCents,
      // The guest's view of the price: the settings it was made with (`terms`) stay on the server.
      quote: priceBreakdownSchema.parse(viewed.quote),
    } satisfies PaymentLinkView);
  });

  router.post('/api/payment-link/:token/payment-intent', paymentIntentLimit(deps, security), async (req, res) => {
    const token = tokenOf(req.params);
    const result = await links.startPayment(token);
    if (result.ok) {
      if (!result.intent.clientSecret) throw new HttpError(502, 'The payment provider could not be reached. Please try again.');
      res.json({ clientSecret: result.intent.clientSecret, paymentIntentId: result.intent.id, amount: result.intent.amount } satisfies PaymentLinkIntentResponse);
      return;
    }
    switch (result.reason) {
      case 'not-found':
      case 'settled':
        return refuse(result.reason, result.reason === 'settled' ? result.status : undefined);
      case 'payments-unavailable':
        throw new HttpError(503, PAYMENTS_UNAVAILABLE, { reason: result.reason });
      case 'provider-failed':
        throw new HttpError(502, result.message !== undefined ? `Payment provider error: ${result.message}` : 'The payment provider could not be reached. Please try again.', { reason: result.reason });
    }
  });

  router.post('/api/payment-link/:token/confirm', async (req, res) => {
    const token = tokenOf(req.params);
    const { paymentIntentId } = parseOr400(paymentLinkConfirmRequestSchema, req.body);
    const result = await links.confirm(token, paymentIntentId);
    if (result.ok) {
      res.json({ paid: result.paid, ...(result.cancelled ? { cancelled: true } : {}) } satisfies PaymentLinkConfirmResponse);
      return;
    }
    switch (result.reason) {
      case 'not-found':
        return refuse('not-found');
      case 'mismatch':
        throw new HttpError(400, 'paymentIntentId: this payment is not the one of this link', { field: 'paymentIntentId', reason: result.reason });
      case 'payments-unavailable':
        throw new HttpError(503, PAYMENTS_UNAVAILABLE, { reason: result.reason });
      case 'provider-unreachable':
        throw new HttpError(502, 'The payment provider could not be reached. Please try again.', { reason: result.reason });
    }
  });
  return router;
}
