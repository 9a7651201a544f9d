import type { Response } from 'express';
import { PROPERTY, guestTokenParamsSchema, todayIn, type Booking } from '@ridgeline/core';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { bookingOfGuestToken } from './bookings.js';

/** The one answer for a token that is malformed or unknown ([guest.page]): nothing tells them apart. */
export const NO_SUCH_BOOKING = 'We could not find this booking';

/**
 * The booking behind a guest-page token ([guest.page]), or a 404 `{ error }`. A malformed token
 * is looked up like any other (as the empty string, which no booking has), so both take the same
 * path and the same time.
 */
export function bookingByToken(deps: Pick<AppDeps, 'db'>, params: unknown): Booking {
  const parsed = guestTokenParamsSchema.safeParse(params);
  const booking = bookingOfGuestToken(deps, parsed.success ? parsed.data.token : '');
  if (!booking || !parsed.success) throw new HttpError(404, NO_SUCH_BOOKING);
  return booking;
}

/** Today in the property's zone, by the app's clock. */
export const propertyToday = (deps: Pick<AppDeps, 'now'>) => todayIn(PROPERTY.timeZone, deps.now?.() ?? new Date());

/** Answers of the guest's pages are private to that guest: never cached, never indexed. */
export function privateGuestAnswer(res: Response): Response {
  return res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' });
}
