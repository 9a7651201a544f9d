/**
 * Confirming a stay from its PaymentIntent and e-mailing the guest once ([checkout.confirm],
 * [checkout.once], [checkout.confirmation-email]). Part of the checkout service (`checkout.ts`).
 */
import type { Booking } from '../bookings.js';
import { bookingConfirmationEmail } from '../guest/emails.js';
import type { Hold, HoldGuest } from '../hold.js';
import type { PaymentIntentView } from '../payment-gateway.js';
import type { BookingStore, CheckoutPorts } from '../ports.js';
import { bookingState, paymentEvent, transition, type StayState } from '../stays/stay-state.js';

/**
 * Stores (once) the booking a PaymentIntent paid for, from its hold, and e-mails the guest the
 * first time it is confirmed paid. Called for the page's `POST /api/booking-inquiry`, the webhook
 * and the hold sweeper, in any order (Stripe's docs: "handle duplicate events").
 *
 * Paid only when the stay-state transition of `paymentEvent(intent, hold.quote.totalCents)` ends
 * in `confirmed`: Stripe says succeeded for exactly the hold's total in USD. Otherwise the booking
 * is stored pending (awaiting payment); a later paid confirmation upgrades it.
 * After a paid confirmation: the e-mail (a failed send is logged and left to the
 * confirmation-emails job) and `onConfirmed`.
 * @returns the stored booking and whether this call created it
 */
export async function confirmFromPaymentIntent(
  ports: CheckoutPorts,
  hold: Hold,
  intent: PaymentIntentView,
  guest: HoldGuest,
): Promise<{ booking: Booking; created: boolean }> {
  const existing = ports.store.findBookingByPaymentIntent(intent.id);
  // A stay with a PaymentIntent awaits its payment whatever its hold row says: a hold is released
  // only after Stripe cancelled its intent (docs/decisions/0005), and money Stripe took for it is
  // never ignored.
  const current: StayState = existing ? bookingState(existing) : 'awaiting-payment';
  let result: { booking: Booking; created: boolean };
  if (current === 'confirmed' && existing) {
    // Already paid ([checkout.once]): nothing to store again.
    result = { booking: existing, created: false };
  } else {
    // With a deposit ([payments.schedule]) the checkout's PaymentIntent is for the deposit only.
    const dueNow = hold.quote.paymentSchedule?.depositCents ?? hold.quote.totalCents;
    const next = transition(current, paymentEvent(intent, dueNow));
    const paid = next.ok && next.state === 'confirmed';
    result = ports.store.confirmBooking(
      {
        ...guest,
        // [agreement.record]: what the guest accepted at the checkout, kept by the hold.
        agreement: hold.guest.agreement ?? null,
        checkin: hold.checkin,
        checkout: hold.checkout,
        guests: hold.guests,
        quote: hold.quote,
        paymentStatus: paid ? 'paid' : 'pending',
        ...(paid ? { amountPaidCents: dueNow } : {}),
        stripeCustomerId: intent.customerId ?? null,
        stripePaymentMethodId: intent.paymentMethodId ?? null,
        stripePaymentIntentId: intent.id,
        stripePaymentDetails: {
          status: intent.status,
          amount: intent.amount,
          ...(intent.card ? { paymentMethod: { card: intent.card } } : {}),
        },
      },
      hold.id,
      ports.now(),
    );
  }
  if (bookingState(result.booking) === 'confirmed') {
    // A failed send is retried by the confirmation-e-mail job; the guest's payment stands.
    await sendConfirmationEmail(ports, result.booking).catch((err: unknown) =>
      ports.logger.warn('confirmation e-mail failed; the confirmation-emails job will retry', { bookingId: result.booking.id, err }),
    );
    // A newly paid stay gets its cleaning ([checkout.after-payment]).
    ports.onConfirmed?.(result.booking);
  }
  return result;
}

/**
 * E-mails the guest the confirmation of a paid booking, at most once ([checkout.confirmation-email]:
 * claimed in the store first, so the page's call, the webhook and the retry job never send it twice).
 * A booking without an e-mail address gets nothing. A sent e-mail adds `confirmation-emailed` to
 * the booking's timeline ([booking.timeline]).
 * @throws the mailer's error, after giving the claim back so a later try sends it
 */
export async function sendConfirmationEmail(
  ports: Pick<CheckoutPorts, 'mailer' | 'now' | 'publicUrl'> & { store: Pick<BookingStore, 'claimConfirmationEmail' | 'unclaimConfirmationEmail' | 'recordBookingEvent'> },
  booking: Booking,
): Promise<void> {
  if (!booking.email || !ports.store.claimConfirmationEmail(booking.id, ports.now())) return;
  const message = bookingConfirmationEmail(booking, ports.publicUrl);
  let result: unknown;
  try {
    result = await ports.mailer?.send({ to: booking.email, ...message });
  } catch (err) {
    ports.store.unclaimConfirmationEmail(booking.id);
    throw err;
  }
  // Only a message that went out is history ([booking.timeline]); without SMTP it was only logged.
  const sent = ports.mailer !== undefined && !(typeof result === 'object' && result !== null && 'sent' in result && result.sent === false);
  if (sent) ports.store.recordBookingEvent(booking.id, 'confirmation-emailed', `Sent to ${booking.email}`, ports.now());
}
