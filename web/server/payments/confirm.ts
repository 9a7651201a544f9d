import { bookingConfirmationEmail, type BookingInquiry } from '@ridgeline/core';
import { claimConfirmationEmail, confirmBooking, unclaimConfirmationEmail, type Hold, type HoldGuest, type PaymentIntentView } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';

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
  if (result.booking.paymentStatus === 'paid' && result.booking.email && claimConfirmationEmail(deps.db, result.booking.id, deps.now?.())) {
    const message = bookingConfirmationEmail(result.booking, deps.config.publicUrl);
    try {
      await deps.mailer?.send({ to: result.booking.email, ...message });
    } catch (err) {
      unclaimConfirmationEmail(deps.db, result.booking.id);
      deps.logger.error('confirmation e-mail failed', { bookingId: result.booking.id, err });
    }
  }
  // A newly paid stay gets its cleaning (calendar issue §7); in the background, never failing this.
  if (result.booking.paymentStatus === 'paid') {
    deps.cleaning?.reconcile().catch((err: unknown) => deps.logger.error('cleaning reconcile failed', { err }));
  }
  return result;
}
