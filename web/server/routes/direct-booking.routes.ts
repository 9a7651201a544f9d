import { Router } from 'express';
import { z } from 'zod';
import {
  BOOKING_HORIZON_DAYS,
  NIGHTLY_RATE_CENTS,
  PROPERTY,
  addDays,
  bookingInquirySchema,
  createPaymentIntentSchema,
  datesInRange,
  daysBetween,
  formatCents,
  isIsoDate,
  quoteQuerySchema,
  stayRangeProblem,
  todayIn,
  type PriceBreakdown,
} from '@ridgeline/core';
import {
  PaymentProviderError,
  attachPaymentIntent,
  closedNights,
  createBookingInquiry,
  findBookingByPaymentIntent,
  getHoldByPaymentIntent,
  ownerNightlyPrices,
  placeHold,
  quoteStay,
  releaseHold,
} from '@ridgeline/core/node';
import type { CalendarSync } from '../calendar/calendar-sync.js';
import type { AppDeps } from '../deps.js';
import { clientIp } from '../http/client-ip.js';
import { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validate.js';
import { confirmFromPaymentIntent } from '../payments/confirm.js';

const PAYMENTS_UNAVAILABLE = 'Card payments are not available right now. Please try again later.';

const rangeQuery = z.object({
  startDate: z.string({ message: 'is required' }).refine(isIsoDate, 'must be a date written YYYY-MM-DD'),
  endDate: z.string({ message: 'is required' }).refine(isIsoDate, 'must be a date written YYYY-MM-DD'),
});

/** DESIGN.md "Quote" shape. */
function quoteBody(checkin: string, checkout: string, guests: number, q: PriceBreakdown) {
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
  };
}

/**
 * The guest's booking flow (payments issue; public endpoints take plain JSON):
 * - `GET /api/availability/public?startDate&endDate` → `{ days: [{date, bookable, price}] }`,
 *   price in whole dollars; nothing about guests or why a night is closed.
 * - `GET /api/quote?checkin&checkout&guests` → the server's quote (DESIGN.md shape), 409
 *   `{ error, closedDates }` when a night is closed, 400 `{ error, field }` for a bad stay.
 * - `POST /api/create-payment-intent` `{amount (dollars), bookingData}` → `{ success, clientSecret,
 *   paymentIntentId, amount (cents) }`; re-reads calendars not synced within
 *   CALENDAR_RECHECK_MINUTES, then holds the nights for 15 minutes. 409 when the amount is
 *   not the server's total (`quote` included; never charged) or a night is closed; 503 without
 *   Stripe; 502 when Stripe fails.
 * - `POST /api/booking-inquiry` (SPEC §3 names) → 201 `{ success, booking }`; with a
 *   `stripePaymentIntentId` it is confirmed against Stripe (paid only when succeeded for the exact
 *   amount) and idempotent per PaymentIntent (200 with the same booking).
 */
export function directBookingRoutes(deps: AppDeps, calendarSync?: CalendarSync): Router {
  const { db } = deps;
  const today = () => todayIn(PROPERTY.timeZone, deps.now?.() ?? new Date());
  const router = Router();

  router.get('/api/availability/public', (req, res) => {
    const { startDate, endDate } = parseOr400(rangeQuery, req.query, 'query');
    const span = daysBetween(startDate, endDate);
    if (span < 0) throw new HttpError(400, 'endDate: must not be before startDate', { field: 'endDate' });
    if (span > 400) throw new HttpError(400, 'endDate: must be at most 400 days after startDate', { field: 'endDate' });
    const end = addDays(endDate, 1);
    const closed = new Set(closedNights(db, startDate, end, deps.now?.()));
    const prices = ownerNightlyPrices(db, startDate, end);
    const first = today();
    const last = addDays(first, BOOKING_HORIZON_DAYS);
    const days = datesInRange(startDate, end).map((date) => ({
      date,
      bookable: !closed.has(date) && date >= first && date <= last,
      price: Math.round((prices.get(date) ?? NIGHTLY_RATE_CENTS) / 100),
    }));
    res.set('Cache-Control', 'no-store').json({ days });
  });

  router.get('/api/quote', (req, res) => {
    const { checkin, checkout, guests } = parseOr400(quoteQuerySchema, req.query, 'query');
    const problem = stayRangeProblem(checkin, checkout, today());
    if (problem) throw new HttpError(400, `${problem.field}: ${problem.message}`, { field: problem.field });
    const closedDates = closedNights(db, checkin, checkout, deps.now?.());
    if (closedDates.length > 0) {
      res.status(409).json({ error: 'Some nights of this stay are not available', closedDates });
      return;
    }
    res.set('Cache-Control', 'no-store').json(quoteBody(checkin, checkout, guests, quoteStay(db, checkin, checkout) as PriceBreakdown));
  });

  router.post('/api/create-payment-intent', async (req, res) => {
    // A malformed request is the caller's mistake (400) whether or not payments are set up.
    const { amount, bookingData } = parseOr400(createPaymentIntentSchema, req.body);
    if (!deps.payments) throw new HttpError(503, PAYMENTS_UNAVAILABLE, { success: false });
    const { checkin, checkout, guests } = bookingData;
    const problem = stayRangeProblem(checkin, checkout, today());
    if (problem) throw new HttpError(400, `bookingData.${problem.field}: ${problem.message}`, { field: `bookingData.${problem.field}`, success: false });
    const quote = quoteStay(db, checkin, checkout) as PriceBreakdown;
    if (Math.round(amount * 100) !== quote.totalCents) {
      res.status(409).json({
        success: false,
        error: `The price of this stay is ${formatCents(quote.totalCents)}, not what was shown. Please review your booking.`,
        quote: quoteBody(checkin, checkout, guests, quote),
      });
      return;
    }
    // Never sell a night another platform just sold: re-read stale calendars first (bounded).
    await calendarSync?.recheckStale();
    const held = placeHold(
      db,
      {
        checkin,
        checkout,
        guests,
        quote,
        guest: {
          firstName: bookingData.firstName,
          lastName: bookingData.lastName,
          email: bookingData.email,
          phone: bookingData.phone,
          location: '',
          ipAddress: clientIp(req),
          message: bookingData.message,
          specialRequests: bookingData.specialRequests,
        },
      },
      deps.now?.(),
    );
    if (!held.ok) {
      res.status(409).json({ success: false, error: 'Some nights of this stay are no longer available', closedDates: held.closedDates });
      return;
    }
    try {
      const intent = await deps.payments.createPaymentIntent({
        amountCents: quote.totalCents,
        description: `${PROPERTY.name}: ${checkin} to ${checkout}, ${guests} guest(s)`,
        metadata: {
          holdId: String(held.hold.id),
          checkin,
          checkout,
          guests: String(guests),
          nights: String(quote.nights),
          totalCents: String(quote.totalCents),
        },
        ...(bookingData.email ? { receiptEmail: bookingData.email } : {}),
        idempotencyKey: `ridgeline-hold-${held.hold.id}`,
      });
      attachPaymentIntent(db, held.hold.id, intent.id);
      res.json({ success: true, clientSecret: intent.clientSecret, paymentIntentId: intent.id, amount: intent.amount });
    } catch (err) {
      releaseHold(db, held.hold.id);
      deps.logger.error('creating a PaymentIntent failed', { err });
      throw new HttpError(502, err instanceof PaymentProviderError ? `Payment provider error: ${err.message}` : 'The payment provider could not be reached. Please try again.', { success: false });
    }
  });

  router.post('/api/booking-inquiry', async (req, res) => {
    const input = parseOr400(bookingInquirySchema, req.body);
    const guest = {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone,
      location: input.location,
      ipAddress: clientIp(req),
      message: input.message,
      specialRequests: input.specialRequests,
    };
    if (!input.stripePaymentIntentId) {
      const problem = stayRangeProblem(input.checkin, input.checkout, today());
      if (problem) throw new HttpError(400, `${problem.field}: ${problem.message}`, { field: problem.field });
      const booking = createBookingInquiry(
        db,
        { ...guest, checkin: input.checkin, checkout: input.checkout, guests: input.guests, quote: quoteStay(db, input.checkin, input.checkout) ?? null },
        deps.now?.(),
      );
      res.status(201).json({ success: true, booking });
      return;
    }
    const existing = findBookingByPaymentIntent(db, input.stripePaymentIntentId);
    if (existing && existing.paymentStatus === 'paid') {
      res.json({ success: true, booking: existing });
      return;
    }
    if (!deps.payments) throw new HttpError(503, PAYMENTS_UNAVAILABLE, { success: false });
    const hold = getHoldByPaymentIntent(db, input.stripePaymentIntentId);
    if (!hold) throw new HttpError(400, 'stripePaymentIntentId: this payment was not started on this site', { field: 'stripePaymentIntentId' });
    if (hold.checkin !== input.checkin || hold.checkout !== input.checkout) {
      throw new HttpError(400, 'checkin: the dates do not match the payment', { field: 'checkin' });
    }
    let intent;
    try {
      intent = await deps.payments.retrievePaymentIntent(input.stripePaymentIntentId);
    } catch (err) {
      if (err instanceof PaymentProviderError && err.statusCode === 404) {
        throw new HttpError(400, 'stripePaymentIntentId: no such PaymentIntent', { field: 'stripePaymentIntentId' });
      }
      throw new HttpError(502, 'The payment provider could not be reached. Please try again.');
    }
    const { booking, created } = await confirmFromPaymentIntent(deps, hold, intent, guest);
    res.status(created ? 201 : 200).json({ success: true, booking });
  });

  return router;
}
