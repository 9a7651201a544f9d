import { Router } from 'express';
import { z } from 'zod';
import {
  PROPERTY,
  addDays,
  bookingConfirmation,
  bookingInquirySchema,
  createPaymentIntentSchema,
  datesInRange,
  daysBetween,
  formatCents,
  isIsoDate,
  nightlyRate,
  quoteQuerySchema,
  stayDatesProblem,
  stayRangeProblem,
  stayRuleProblem,
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
  getOwnerSettings,
  normalizeEmail,
  ownerNightlyPrices,
  quoteStay,
  releaseHold,
} from '@ridgeline/core/node';
import type { CalendarSync } from '../calendar/calendar-sync.js';
import type { AppDeps } from '../deps.js';
import { clientIp } from '../http/client-ip.js';
import { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validate.js';
import { placeCheckoutHold } from '../payments/checkout-hold.js';
import { confirmFromPaymentIntent } from '../payments/confirm.js';
import { paymentIntentLimit } from '../security/payment-intent-limit.js';
import type { SecurityState } from '../security/security-state.js';

const PAYMENTS_UNAVAILABLE = 'Card payments are not available right now. Please try again later.';

const rangeQuery = z.object({
  startDate: z.string({ message: 'is required' }).refine(isIsoDate, 'must be a date written YYYY-MM-DD'),
  endDate: z.string({ message: 'is required' }).refine(isIsoDate, 'must be a date written YYYY-MM-DD'),
});

/** The quote's shape ([booking.quote]). */
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
    discounts: q.discounts ?? [],
    fees: q.fees ?? [],
    taxes: q.taxes ?? [],
    cardFeeBps: q.cardFeeBps,
  };
}

/**
 * The guest's booking flow (payments issue; public endpoints take plain JSON):
 * - `GET /api/availability/public?startDate&endDate` → `{ days: [{date, bookable, price}],
 *   stayRules: {minNights, maxNights, bookingWindowDays, seasonMinimums: [{start, end, minNights}]} }`, price in
 *   whole dollars ([pricing.nightly] with the owner's settings); nothing about guests or why a
 *   night is closed.
 * - `GET /api/quote?checkin&checkout&guests` → the server's quote ([booking.quote] shape), 409
 *   `{ error, closedDates }` when a night is closed, 400 `{ error, field }` for a bad stay,
 *   400 `{ error, rule, field }` for a stay breaking the owner's rules ([booking.rules]; also
 *   from `POST /api/create-payment-intent`, field prefixed `bookingData.`).
 * - `POST /api/create-payment-intent` `{amount (dollars), bookingData}` → `{ success, clientSecret,
 *   paymentIntentId, amount (cents) }`; `bookingData` needs the guest's first name, last name and
 *   e-mail (400 naming the field). PAYMENT_INTENT_LIMIT per client IP per hour (429, issue 11
 *   §1). Re-reads calendars not synced within CALENDAR_RECHECK_MINUTES, then holds the nights
 *   for 15 minutes, replacing the same guest's or IP's earlier hold (`placeCheckoutHold`). 409
 *   when the amount is not the server's total (`quote` included; never charged) or a night is
 *   closed (`closedDates`), or a newer checkout of the guest replaced this one; 503 without
 *   Stripe; 502 when Stripe fails.
 * - `POST /api/booking-inquiry` ([checkout.confirm], [checkout.inquiry] names) → 201 `{ success, booking }`, `booking` the guest's
 *   view (`bookingConfirmation`: no IP address, no card). With a `stripePaymentIntentId` it is
 *   confirmed against Stripe (paid only when succeeded for the exact amount) and idempotent per
 *   PaymentIntent (200 with the same booking); the dates and e-mail must be the payment's (400
 *   naming `stripePaymentIntentId` otherwise, no booking data; issue 11 §9g).
 */
export function directBookingRoutes(deps: AppDeps, security: SecurityState, calendarSync?: CalendarSync): Router {
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
    const settings = getOwnerSettings(db);
    // [booking.rules]: no stay can hold a night inside the advance notice or past the window.
    const first = addDays(today(), settings.advanceNoticeDays);
    const last = addDays(today(), settings.bookingWindowDays);
    const days = datesInRange(startDate, end).map((date) => ({
      date,
      bookable: !closed.has(date) && date >= first && date <= last,
      price: Math.round(nightlyRate(settings, date, prices.get(date)).priceCents / 100),
    }));
    // The stay rules the calendar applies before asking for a quote ([booking.rules]).
    const stayRules = {
      minNights: settings.minNights,
      maxNights: settings.maxNights,
      bookingWindowDays: settings.bookingWindowDays,
      seasonMinimums: settings.seasons.flatMap((x) => (x.minNights === undefined ? [] : [{ start: x.start, end: x.end, minNights: x.minNights }])),
    };
    res.set('Cache-Control', 'no-store').json({ days, stayRules });
  });

  router.get('/api/quote', (req, res) => {
    const { checkin, checkout, guests } = parseOr400(quoteQuerySchema, req.query, 'query');
    const problem = stayDatesProblem(checkin, checkout, today());
    if (problem) throw new HttpError(400, `${problem.field}: ${problem.message}`, { field: problem.field });
    const broken = stayRuleProblem(getOwnerSettings(db), { checkin, checkout, guests }, today());
    if (broken) throw new HttpError(400, broken.message, { rule: broken.rule, field: broken.field });
    const closedDates = closedNights(db, checkin, checkout, deps.now?.());
    if (closedDates.length > 0) {
      res.status(409).json({ error: 'Some nights of this stay are not available', closedDates });
      return;
    }
    res.set('Cache-Control', 'no-store').json(quoteBody(checkin, checkout, guests, quoteStay(db, checkin, checkout, guests) as PriceBreakdown));
  });

  router.post('/api/create-payment-intent', paymentIntentLimit(deps, security), async (req, res) => {
    // A malformed request is the caller's mistake (400) whether or not payments are set up.
    const { amount, bookingData } = parseOr400(createPaymentIntentSchema, req.body);
    const payments = deps.payments;
    if (!payments) throw new HttpError(503, PAYMENTS_UNAVAILABLE, { success: false });
    const { checkin, checkout, guests } = bookingData;
    const problem = stayDatesProblem(checkin, checkout, today());
    if (problem) throw new HttpError(400, `bookingData.${problem.field}: ${problem.message}`, { field: `bookingData.${problem.field}`, success: false });
    const broken = stayRuleProblem(getOwnerSettings(db), { checkin, checkout, guests }, today());
    if (broken) throw new HttpError(400, broken.message, { rule: broken.rule, field: `bookingData.${broken.field}`, success: false });
    const quote = quoteStay(db, checkin, checkout, guests) as PriceBreakdown;
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
    let held;
    try {
      held = await placeCheckoutHold(
        { ...deps, payments },
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
      );
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      // An earlier hold of this guest or IP could not be cancelled at Stripe: it stays held.
      deps.logger.error('replacing an earlier hold failed', { err });
      throw new HttpError(502, 'The payment provider could not be reached. Please try again.', { success: false });
    }
    if (!held.ok) {
      if (held.reason === 'busy') {
        res.status(409).json({ success: false, error: 'Another checkout from this guest is starting. Please try again.' });
        return;
      }
      res.status(409).json({ success: false, error: 'Some nights of this stay are no longer available', closedDates: held.closedDates });
      return;
    }
    let intent;
    try {
      intent = await payments.createPaymentIntent({
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
        receiptEmail: bookingData.email,
        // The hold's random key, never its row id (issue 11 §9a).
        idempotencyKey: `ridgeline-hold-${held.hold.idempotencyKey}`,
      });
    } catch (err) {
      releaseHold(db, held.hold.id);
      deps.logger.error('creating a PaymentIntent failed', { err });
      throw new HttpError(502, err instanceof PaymentProviderError ? `Payment provider error: ${err.message}` : 'The payment provider could not be reached. Please try again.', { success: false });
    }
    if (!attachPaymentIntent(db, held.hold.id, intent.id)) {
      // A newer checkout of the same guest or IP replaced this hold while Stripe answered: no
      // hold keeps the nights, so this intent must never be paid (its secret is not handed out).
      await payments.cancelPaymentIntent(intent.id).catch((err: unknown) => deps.logger.error('cancelling a replaced PaymentIntent failed', { err }));
      res.status(409).json({ success: false, error: 'A newer checkout from this guest replaced this one.' });
      return;
    }
    res.json({ success: true, clientSecret: intent.clientSecret, paymentIntentId: intent.id, amount: intent.amount });
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
        { ...guest, checkin: input.checkin, checkout: input.checkout, guests: input.guests, quote: quoteStay(db, input.checkin, input.checkout, input.guests) ?? null },
        deps.now?.(),
      );
      res.status(201).json({ success: true, booking: bookingConfirmation(booking) });
      return;
    }
    // A PaymentIntent id alone is no proof of being its guest (issue 11 §9g): the dates and the
    // e-mail must be the booking's (or its hold's), and one answer covers every mismatch.
    const mine = (stay: { checkin: string; checkout: string; email: string }) =>
      stay.checkin === input.checkin && stay.checkout === input.checkout && normalizeEmail(stay.email) === normalizeEmail(input.email);
    const mismatch = () => new HttpError(400, 'stripePaymentIntentId: this payment is for other dates or another e-mail', { field: 'stripePaymentIntentId' });
    const existing = findBookingByPaymentIntent(db, input.stripePaymentIntentId);
    if (existing && existing.paymentStatus === 'paid') {
      if (!mine(existing)) throw mismatch();
      res.json({ success: true, booking: bookingConfirmation(existing) });
      return;
    }
    if (!deps.payments) throw new HttpError(503, PAYMENTS_UNAVAILABLE, { success: false });
    const hold = getHoldByPaymentIntent(db, input.stripePaymentIntentId);
    if (!hold) throw new HttpError(400, 'stripePaymentIntentId: this payment was not started on this site', { field: 'stripePaymentIntentId' });
    if (!mine({ checkin: hold.checkin, checkout: hold.checkout, email: hold.guest.email })) throw mismatch();
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
    res.status(created ? 201 : 200).json({ success: true, booking: bookingConfirmation(booking) });
  });

  return router;
}
