import { PROPERTY, clockIn, hasCheckedOut, reviewRequestEmail, reviewRequestWindow, todayIn } from '@ridgeline/core';
import { claimReviewRequest, getOwnerSettings, listReviewRequestsDue, recordBookingEvent, unclaimReviewRequest } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';

/** Run every hour by the `review-requests` job. */
export const REVIEW_REQUESTS_INTERVAL_MS = 60 * 60_000;

/**
 * One pass of the `review-requests` job ([reviews.request]): each guest of a non-cancelled direct
 * (paid) or manual booking with an e-mail address, whose check-out (the check-out time of its
 * day, the property's zone, the app's clock) came within the last 14 days, gets ONE e-mail with
 * the link to `/review/{token}`. Each send is claimed first (`review_request_sent_at`) and the
 * claim given back when the mailer fails, so the next run retries; a sent one is recorded on the
 * booking's timeline (`review-requested`). Without a mailer, or without SMTP, nothing is claimed.
 * @returns how many were sent, and the bookings whose send failed
 */
export async function sendReviewRequests(deps: Pick<AppDeps, 'db' | 'mailer' | 'now' | 'config' | 'logger'>): Promise<{ sent: number; failed: { bookingId: number; error: string }[] }> {
  const result = { sent: 0, failed: [] as { bookingId: number; error: string }[] };
  // Without SMTP the mailer only logs: nothing is claimed or said sent ([notices.honest]).
  if (!deps.mailer || deps.mailer.enabled === false) return result;
  const now = deps.now?.() ?? new Date();
  const today = todayIn(PROPERTY.timeZone, now);
  const time = clockIn(PROPERTY.timeZone, now);
  const settings = getOwnerSettings(deps.db);
  const { from, to } = reviewRequestWindow(today);
  for (const booking of listReviewRequestsDue(deps.db, from, to)) {
    if (!hasCheckedOut(booking.checkout, today, time, booking.quote?.terms?.checkOutTime ?? settings.checkOutTime)) continue;
    if (!claimReviewRequest(deps.db, booking.id, now)) continue;
    try {
      await deps.mailer.send({ to: booking.email, ...reviewRequestEmail(booking, deps.config.publicUrl) });
      recordBookingEvent(deps.db, booking.id, 'review-requested', 'Review request e-mailed to the guest', now);
      result.sent += 1;
    } catch (err) {
      unclaimReviewRequest(deps.db, booking.id);
      result.failed.push({ bookingId: booking.id, error: (err as Error).message });
      deps.logger.warn('review request e-mail failed; the next run retries', { bookingId: booking.id, err });
    }
  }
  return result;
}
