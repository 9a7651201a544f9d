import { Router, type Response } from 'express';
import { PROPERTY, guestStayView, guestTokenParamsSchema, todayIn, type BookingInquiry, type GuestStayResponse } from '@ridgeline/core';
import { getBookingByGuestToken, getOwnerSettings } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';

/** The one answer for a token that is malformed or unknown ([guest.page]): nothing tells them apart. */
export const NO_SUCH_BOOKING = 'We could not find this booking';

/**
 * The booking behind a guest-page token ([guest.page]), or a 404 `{ error }`. A malformed token
 * is looked up like any other (as the empty string, which no booking has), so both take the same
 * path and the same time.
 */
export function bookingByToken(deps: Pick<AppDeps, 'db'>, params: unknown): BookingInquiry {
  const parsed = guestTokenParamsSchema.safeParse(params);
  const booking = getBookingByGuestToken(deps.db, parsed.success ? parsed.data.token : '');
  if (!booking || !parsed.success) throw new HttpError(404, NO_SUCH_BOOKING);
  return booking;
}

/** Today in the property's zone, by the app's clock. */
export const propertyToday = (deps: Pick<AppDeps, 'now'>) => todayIn(PROPERTY.timeZone, deps.now?.() ?? new Date());

/** The guest's page of `booking` today ([guest.page]). */
export function guestStayOf(deps: Pick<AppDeps, 'db' | 'now'>, booking: BookingInquiry) {
  return guestStayView(booking, getOwnerSettings(deps.db), propertyToday(deps));
}

/** Answers of the guest's pages are private to that guest: never cached, never indexed. */
export function privateGuestAnswer(res: Response): Response {
  return res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' });
}

/**
 * The guest's own page ([guest.page], [guest.cancel]), public, reached by the unguessable token
 * of the confirmation e-mail (contracts in `core/src/api/stay.ts`):
 * - `GET /api/stay/{token}` → `{ booking: GuestStay }`: dates, guests, what was paid and
 *   refunded, the stored receipt, check-in/out times, the address, the frozen policy as
 *   sentences, the refund cancelling today would give (the app's clock, the property's zone)
 *   and `canCancel`. 404 `{ error }` for a malformed or unknown token. Never the IP, card,
 *   notes or token.
 * The token never reaches a log line: request logs name the path with `:token` in its place.
 */
export function guestStayRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get('/api/stay/:token', (req, res) => {
    const booking = bookingByToken(deps, req.params);
    privateGuestAnswer(res).json({ booking: guestStayOf(deps, booking) } satisfies GuestStayResponse);
  });
  return router;
}
