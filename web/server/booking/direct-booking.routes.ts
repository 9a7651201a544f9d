import { Router, type RequestHandler, type Response } from 'express';
import {
  PROPERTY,
  todayIn,
  type Checkout,
  bookingConfirmation,
  bookingRequestNotice,
  bookingInquirySchema,
  createPaymentIntentSchema,
  formatCents,
  publicAvailabilityQuerySchema,
  quoteQuerySchema,
  type BookingInquiryResponse,
  type CreatePaymentIntentConflict,
  type CreatePaymentIntentResponse,
  type HoldGuest,
  type PriceBreakdown,
  type PublicAvailabilityResponse,
  type QuoteClosedResponse,
  type StayQuote,
} from '@ridgeline/core';
import type { AppDeps } from '../deps.js';
import { clientIp, rateLimitKey } from '../http/client-ip.js';
import { HttpError } from '../http/errors.js';
import { memoizedAnswers, serialized } from '../http/memoized-answer.js';
import { parseOr400 } from '../http/validate.js';
import { paymentIntentLimit } from '../security/payment-intent-limit.js';
import type { SecurityState } from '../security/security-state.js';
import { publicCalendarMemo } from './bookings.js';
import { notifyOwner } from '../notices/owner-notices.js';

const PAYMENTS_UNAVAILABLE = 'Card payments are not available right now. Please try again later.';

/** The quote's shape ([booking.quote]). */
function quoteBody(checkin: string, checkout: string, guests: number, q: PriceBreakdown): StayQuote {
  return {
    checkin,
    checkout,
    guests,
    nights: q.nights,
    nightly: q.nightly.map((n) => ({ date: n.date, price: n.priceCents / 100, priceCents: n.priceCents })),
    accommodationCents: q.accommodationCents,
    cleaningFeeCents: q.cleaningFeeCents,
    serviceFeeCents: q.serviceFeeCents,
    subtotalCents: q.subtotalCents,
    stateTaxCents: q.stateTaxCents,
    countyTaxCents: q.countyTaxCents,
    subtotalWithTaxesCents: q.subtotalWithTaxesCents,
    cardFeeCents: q.cardFeeCents,
    totalCents: q.totalCents,
    ...(q.paymentSchedule ? { paymentSchedule: q.paymentSchedule } : {}),
    discounts: q.discounts ?? [],
    fees: q.fees ?? [],
    taxes: q.taxes ?? [],
    cardFeeBps: q.cardFeeBps,
    // The policy the stay is sold with ([cancel.policy]).
    ...(q.terms ? { cancellationPolicy: q.terms.cancellationPolicy } : {}),
  };
}

/**
 * The two public reads of the booking calendar, `[path, handler]` for `GET` (see
 * `directBookingRoutes` for their answers), mounted both in its router and on the API fast path
 * ([api.fast-path]). Each answer, parsing included, is computed once per query string and day
 * and kept by the in-memory calendar until anything it reads changes (`CalendarCache.memo`,
 * [availability.cache]); bad input still throws the 400 `HttpError` naming the field at every
 * request.
 */
export function publicCalendarHandlers(deps: AppDeps, checkoutService: Checkout): [string, RequestHandler][] {
  // "Today" is part of every key: advance notice, booking window and payment schedule follow the clock.
  const answer = memoizedAnswers(
    publicCalendarMemo(deps),
    () => todayIn(PROPERTY.timeZone, deps.now?.() ?? new Date()),
  );
  const availability: RequestHandler = (req, res) =>
    answer('availability', req, res, () => {
      const { startDate, endDate } = parseOr400(publicAvailabilityQuerySchema, req.query, 'query');
      return serialized(req, 200, checkoutService.availability(startDate, endDate) satisfies PublicAvailabilityResponse);
    });
  const quote: RequestHandler = (req, res) =>
    answer('quote', req, res, () => {
      const { checkin, checkout: checkoutDate, guests } = parseOr400(quoteQuerySchema, req.query, 'query');
      const result = checkoutService.quote(checkin, checkoutDate, guests);
      if (!result.ok) {
        // [booking.nearest-stay]: a refusal names the nearest stay of the same length that can be booked.
        const nearest = result.nearest ? { nearest: result.nearest } : {};
        if (result.reason === 'invalid-stay') throw new HttpError(400, `${result.field}: ${result.message}`, { field: result.field, ...nearest });
        if (result.reason === 'broken-rule') throw new HttpError(400, result.message, { rule: result.rule, field: result.field, ...nearest });
        return serialized(req, 409, { error: 'Some nights of this stay are not available', reason: 'closed', closedDates: result.closedDates, ...nearest } satisfies QuoteClosedResponse);
      }
      return serialized(req, 200, quoteBody(checkin, checkoutDate, guests, result.quote));
    });
  return [
    ['/api/availability/public', availability],
    ['/api/quote', quote],
  ];
}

/**
 * The 429 of a checkout refused by [checkout.hold-cap]: `{ success: false, reason: 'held-nights', error }`, with
 * `Retry-After` (whole seconds, RFC 9110 §10.2.3) until enough holds expire; none when the stay
 * alone is longer than `maxHeldNights` (waiting would not help).
 */
function heldNightsRefusal(res: Response, maxHeldNights: number, freeAt: string | null, now: Date): void {
  if (freeAt === null) {
    res.status(429).json({
      success: false,
      reason: 'held-nights',
      error: `This stay is longer than the ${maxHeldNights} nights that can be held while paying online. Please contact us to book it.`,
    });
    return;
  }
  const seconds = Math.max(1, Math.ceil((Date.parse(freeAt) - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  res.setHeader('Retry-After', String(seconds));
  res.status(429).json({
    success: false,
    reason: 'held-nights',
    error: `Too many nights are being held by guests paying right now (at most ${maxHeldNights} at once). Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  });
}

/**
 * The guest's booking flow ([api.public]; public endpoints take plain JSON). Each route parses
 * the request, calls the checkout service (core/src/booking/checkout/checkout.ts) and maps its typed
 * result to the status and body below:
 * - `GET /api/availability/public?startDate&endDate` → `{ days: [{date, bookable, price}],
 *   stayRules: {minNights, maxNights, bookingWindowDays, seasonMinimums: [{start, end, minNights}]} }`,
 *   price in whole dollars ([pricing.nightly] with the owner's settings); nothing about guests or
 *   why a night is closed. This and the quote read the in-memory calendar, never staler than the
 *   database ([availability.cache]); the PaymentIntent's checks read the database.
 * - `GET /api/quote?checkin&checkout&guests` → the server's quote ([booking.quote] shape, with
 *   the `cancellationPolicy` it is sold with, [cancel.policy]), 409
 *   `{ error, reason: 'closed', closedDates }` when a night is closed, 400 `{ error, field }` for a bad stay,
 *   400 `{ error, rule, field }` for a stay breaking the owner's rules ([booking.rules]; also
 *   from `POST /api/create-payment-intent`, field prefixed `bookingData.`). The quote's 409 and
 *   400 add `nearest: { checkin, checkout }`, the nearest stay of the same length that can be
 *   booked, when there is one ([booking.nearest-stay]).
 * - `POST /api/create-payment-intent` `{amount (dollars), bookingData}` → `{ success, clientSecret,
 *   paymentIntentId, amount (cents), cancellationPolicy }`; `bookingData` needs the guest's first name, last name and
 *   e-mail (400 naming the field); once a rental agreement is published, `bookingData.agreement:
 *   { version, signedName }` accepting its current version with a non-blank name (400
 *   `{ error, field: 'bookingData.agreement' }` otherwise, nothing held, [agreement.checkout]);
 *   the time, IP and User-Agent are kept with it ([agreement.record]). PAYMENT_INTENT_LIMIT per
 *   client IP per hour (429, [checkout.intent-limit]). Re-reads calendars not synced within CALENDAR_RECHECK_MINUTES, then holds the nights
 *   for 15 minutes, replacing the same guest's or client's earlier hold (a client as the /api
 *   limit counts it: IPv6 by /64, [checkout.hold-abuse]; `startPayment` of the checkout service,
 *   core/src/booking/checkout/checkout.ts). 429 `{ success: false, error }` (with `Retry-After` in seconds)
 *   when live holds would close more than MAX_HELD_NIGHTS nights, nothing held ([checkout.hold-cap]). 409
 *   when the amount is not the server's total (`quote` included; never charged) or a night is
 *   closed (`closedDates`), or a newer checkout of the guest replaced this one; 503 without
 *   Stripe; 502 when Stripe fails. Every refusal of the checkout carries its `reason`
 *   (`CREATE_PAYMENT_INTENT_REFUSALS` in core/src/api/checkout.ts).
 * - `POST /api/booking-inquiry` ([checkout.confirm], [checkout.inquiry] names) → 201 `{ success, booking }`, `booking` the guest's
 *   view (`bookingConfirmation`: no IP address, no card). With a `stripePaymentIntentId` it is
 *   confirmed against Stripe (paid only when succeeded for the exact amount) and idempotent per
 *   PaymentIntent (200 with the same booking); the dates and e-mail must be the payment's (400
 *   naming `stripePaymentIntentId` otherwise, no booking data; [checkout.confirm]); its answer adds
 *   `stayToken`, the guest page's token, for the confirmation panel ([checkout.confirmation-panel]). Its refusals
 *   carry `reason`: `mismatch`, `unknown-payment`, `no-such-intent` (400),
 *   `provider-unreachable` (502), `payments-unavailable` (503). Without a `stripePaymentIntentId` it
 *   is a request to book ([booking.request]): stored as an inquiry holding no night, and the owner
 *   is told (`booking-request` notice, [owner.notices]).
 */
export function directBookingRoutes(deps: AppDeps, { checkout: checkoutService }: { checkout: Checkout }, security: SecurityState): Router {
  const router = Router();

  for (const [path, handler] of publicCalendarHandlers(deps, checkoutService)) router.get(path, handler);

  router.post('/api/create-payment-intent', paymentIntentLimit(deps, security), async (req, res) => {
    // A malformed request is the caller's mistake (400) whether or not payments are set up.
    const { amount, bookingData } = parseOr400(createPaymentIntentSchema, req.body);
    const { checkin, checkout: checkoutDate, guests } = bookingData;
    const ip = clientIp(req);
    const result = await checkoutService.startPayment({
      checkin,
      checkout: checkoutDate,
      guests,
      amountCents: Math.round(amount * 100),
      // One live hold per client, grouped as the /api rate limit groups them (IPv6 by /64).
      clientKey: rateLimitKey(ip),
      agreement: bookingData.agreement,
      userAgent: req.get('user-agent') ?? '',
      guest: {
        firstName: bookingData.firstName,
        lastName: bookingData.lastName,
        email: bookingData.email,
        phone: bookingData.phone,
        location: '',
        ipAddress: ip,
        message: bookingData.message,
        specialRequests: bookingData.specialRequests,
      },
    });
    if (result.ok) {
      const { intent } = result;
      // Stripe always gives a new PaymentIntent its client secret; without one the guest could not pay.
      if (!intent.clientSecret) throw new HttpError(502, 'The payment provider could not be reached. Please try again.', { success: false, reason: 'provider-failed' });
      res.json({
        success: true,
        clientSecret: intent.clientSecret,
        paymentIntentId: intent.id,
        amount: intent.amount,
        // A deposit now ([payments.schedule]): what is charged later, and when.
        ...(result.hold.quote.paymentSchedule ? { balanceCents: result.hold.quote.paymentSchedule.balanceCents, balanceDueDate: result.hold.quote.paymentSchedule.balanceDueDate } : {}),
        ...(result.hold.quote.terms ? { cancellationPolicy: result.hold.quote.terms.cancellationPolicy } : {}),
      } satisfies CreatePaymentIntentResponse);
      return;
    }
    switch (result.reason) {
      case 'payments-unavailable':
        throw new HttpError(503, PAYMENTS_UNAVAILABLE, { success: false, reason: result.reason });
      case 'invalid-stay':
        throw new HttpError(400, `bookingData.${result.field}: ${result.message}`, { field: `bookingData.${result.field}`, success: false, reason: result.reason });
      case 'broken-rule':
        throw new HttpError(400, result.message, { rule: result.rule, field: `bookingData.${result.field}`, success: false, reason: result.reason });
      case 'agreement':
        throw new HttpError(400, `bookingData.agreement: ${result.message}`, { field: 'bookingData.agreement', success: false, reason: result.reason });
      case 'amount-mismatch':
        res.status(409).json({
          success: false,
          reason: result.reason,
          error: `The price of this stay is ${formatCents(result.quote.totalCents)}, not what was shown. Please review your booking.`,
          quote: quoteBody(checkin, checkoutDate, guests, result.quote),
        } satisfies CreatePaymentIntentConflict);
        return;
      case 'provider-unreachable':
        throw new HttpError(502, 'The payment provider could not be reached. Please try again.', { success: false, reason: result.reason });
      case 'busy':
        res.status(409).json({ success: false, reason: result.reason, error: 'Another checkout from this guest is starting. Please try again.' } satisfies CreatePaymentIntentConflict);
        return;
      case 'closed':
        res.status(409).json({ success: false, reason: result.reason, error: 'Some nights of this stay are no longer available', closedDates: result.closedDates } satisfies CreatePaymentIntentConflict);
        return;
      case 'provider-failed':
        throw new HttpError(502, result.message !== undefined ? `Payment provider error: ${result.message}` : 'The payment provider could not be reached. Please try again.', { success: false, reason: result.reason });
      case 'replaced':
        res.status(409).json({ success: false, reason: result.reason, error: 'A newer checkout from this guest replaced this one.' } satisfies CreatePaymentIntentConflict);
        return;
      case 'held-nights':
        heldNightsRefusal(res, result.maxHeldNights, result.freeAt, deps.now?.() ?? new Date());
        return;
    }
  });

  router.post('/api/booking-inquiry', async (req, res) => {
    const input = parseOr400(bookingInquirySchema, req.body);
    const guest: HoldGuest = {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone,
      location: input.location,
      ipAddress: clientIp(req),
      message: input.message,
      specialRequests: input.specialRequests,
    };
    const stay = { checkin: input.checkin, checkout: input.checkout, guests: input.guests, guest };
    if (!input.stripePaymentIntentId) {
      const recorded = checkoutService.recordInquiry(stay);
      if (!recorded.ok) throw new HttpError(400, `${recorded.field}: ${recorded.message}`, { field: recorded.field });
      // [booking.request]: the owner is told of the request, to accept or decline it.
      notifyOwner(deps, bookingRequestNotice(recorded.booking, deps.config.publicUrl));
      res.status(201).json({ success: true, booking: bookingConfirmation(recorded.booking) } satisfies BookingInquiryResponse);
      return;
    }
    const result = await checkoutService.confirmPayment({ ...stay, paymentIntentId: input.stripePaymentIntentId });
    if (result.ok) {
      // [checkout.confirmation-panel]: the paying guest's credential for the confirmation panel.
      res.status(result.created ? 201 : 200).json({ success: true, booking: bookingConfirmation(result.booking), stayToken: result.booking.guestToken } satisfies BookingInquiryResponse);
      return;
    }
    switch (result.reason) {
      case 'mismatch':
        throw new HttpError(400, 'stripePaymentIntentId: this payment is for other dates or another e-mail', { field: 'stripePaymentIntentId', reason: result.reason });
      case 'payments-unavailable':
        throw new HttpError(503, PAYMENTS_UNAVAILABLE, { success: false, reason: result.reason });
      case 'unknown-payment':
        throw new HttpError(400, 'stripePaymentIntentId: this payment was not started on this site', { field: 'stripePaymentIntentId', reason: result.reason });
      case 'no-such-intent':
        throw new HttpError(400, 'stripePaymentIntentId: no such PaymentIntent', { field: 'stripePaymentIntentId', reason: result.reason });
      case 'provider-unreachable':
        throw new HttpError(502, 'The payment provider could not be reached. Please try again.', { reason: result.reason });
    }
  });

  return router;
}
