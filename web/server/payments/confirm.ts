import { bookingConfirmationEmail, type BookingInquiry } from '@ridgeline/core';
import { claimConfirmationEmail, confirmBooking, unclaimConfirmationEmail, type Hold, type HoldGuest, type PaymentIntentView } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { CLEANING_RECONCILE_JOB } from '../jobs/job-names.js';

/**
 * Stores (once) the booking a PaymentIntent paid for, from its hold, and e-mails the guest the
 * first time it is confirmed paid. Called by the page's `POST /api/booking-inquiry` and by the
 * webhook, in either order (Stripe's docs: "handle duplicate events").
 *
 * Paid only when Stripe says succeeded and the amount and currency are exactly the hold's quote.
 */
export async function confirmFromPaymentIntent(
  deps: AppDeps,
  hold: Hold,
  intent: PaymentIntentView,
  guest: HoldGuest,
): Promise<{ booking: BookingInquiry; created: boolean }> {
  const paid = intent.status === 'succeeded' && intent.amount === hold.quote.totalCents && intent.currency === 'usd';
  const result = confirmBooking(
    deps.db,
    {
      ...guest,
      checkin: hold.checkin,
      checkout: hold.checkout,
      guests: hold.guests,
      quote: hold.quote,
      paymentStatus: paid ? 'paid' : 'pending',
      stripePaymentIntentId: intent.id,
      stripePaymentDetails: {
        status: intent.status,
        amount: intent.amount,
        ...(intent.card ? { paymentMethod: { card: intent.card } } : {}),
      },
    },
    hold.id,
    deps.now?.(),
  );
  if (result.booking.paymentStatus === 'paid') {
    // A failed send is retried by the confirmation-e-mail job; the guest's payment stands.
    await sendConfirmationEmail(deps, result.booking).catch((err: unknown) =>
      deps.logger.warn('confirmation e-mail failed; the confirmation-emails job will retry', { bookingId: result.booking.id, err }),
    );
    // A newly paid stay gets its cleaning (calendar issue §7).
    deps.jobs?.trigger(CLEANING_RECONCILE_JOB);
  }
  return result;
}

/**
 * E-mails the guest the confirmation of a paid booking, at most once (claimed in SQLite first, so
 * the page's call, the webhook and the retry job never send it twice).
 * @throws the mailer's error, after giving the claim back so a later try sends it
 */
export async function sendConfirmationEmail(deps: AppDeps, booking: BookingInquiry): Promise<void> {
  if (!booking.email || !claimConfirmationEmail(deps.db, booking.id, deps.now?.())) return;
  const message = bookingConfirmationEmail(booking, deps.config.publicUrl);
  try {
    await deps.mailer?.send({ to: booking.email, ...message });
  } catch (err) {
    unclaimConfirmationEmail(deps.db, booking.id);
    throw err;
  }
}
