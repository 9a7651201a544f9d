/**
 * The review request after a stay ([reviews.request]): when it is due and what it says.
 * Browser-safe and pure; the `review-requests` job (web/server/reviews/review-requests.ts) sends it.
 */
import type { Booking } from '../bookings.js';
import { addDays } from '../../shared/dates.js';
import { PROPERTY } from '../../shared/property.js';

/** Check-outs older than this many days are not asked any more (a late e-mail out of the blue helps nobody). */
export const REVIEW_REQUEST_WINDOW_DAYS = 14;

/** The check-out dates (YYYY-MM-DD, both included) whose guests may be asked on `today`. */
export function reviewRequestWindow(today: string): { from: string; to: string } {
  return { from: addDays(today, -REVIEW_REQUEST_WINDOW_DAYS), to: today };
}

/** "HH:MM" (24 h) of `now` in `timeZone`. */
export function clockIn(timeZone: string, now: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('hour')}:${part('minute')}`;
}

/**
 * Whether a stay checking out on `checkout` is over at `today` / `time` (the property's zone):
 * a later day, or the check-out day from the check-out time on ([reviews.request]).
 */
export function hasCheckedOut(checkout: string, today: string, time: string, checkOutTime: string): boolean {
  return checkout < today || (checkout === today && time >= checkOutTime);
}

/** The guest's review page ([reviews.request]): `<publicUrl>/review/<token>`. */
export function guestReviewUrl(publicUrl: string, guestToken: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/review/${guestToken}`;
}

/** The e-mail asking a guest for a review after check-out ([reviews.request]). */
export function reviewRequestEmail(b: Pick<Booking, 'firstName' | 'checkin' | 'checkout' | 'guestToken'>, publicUrl: string): { subject: string; text: string } {
  const lines = [
    `Hi ${b.firstName || 'there'},`,
    '',
    `Thank you for staying at ${PROPERTY.name} in ${PROPERTY.address.locality}, Georgia (${b.checkin} to ${b.checkout}). We hope you had a wonderful time.`,
    '',
    'Would you tell future guests about your stay? It takes a minute:',
    guestReviewUrl(publicUrl, b.guestToken),
    '',
    'This is the only time we ask. Thank you!',
    '',
    `${PROPERTY.name}`,
    publicUrl,
  ];
  return { subject: `How was your stay at ${PROPERTY.name}?`, text: lines.join('\n') };
}
