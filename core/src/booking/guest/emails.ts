/**
 * Texts of the e-mails Ridgeline sends. Browser-safe (pure).
 */
import type { Booking } from '../bookings.js';
import { describeCancellationPolicy } from '../../settings/cancellation-policy.js';
import { DEFAULT_SETTINGS } from '../../settings/schema.js';
import { formatCents } from '../../pricing/pricing.js';
import { clockTimeText } from '../../shared/dates.js';
import { PROPERTY } from '../../shared/property.js';

/** The guest's own page of a booking ([guest.page]): `<publicUrl>/stay/<token>`. */
export function guestStayUrl(publicUrl: string, guestToken: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/stay/${guestToken}`;
}

/** The guest's booking confirmation ([checkout.confirmation-email]), with the link to the guest's page ([guest.page]). */
export function bookingConfirmationEmail(b: Booking, publicUrl: string): { subject: string; text: string } {
  // A phone booking may have been paid in parts (the owner's record, then a payment link).
  const total = b.kind === 'manual' ? b.amountPaidCents : (b.stripePaymentDetails?.amount ?? b.quote?.totalCents);
  const lines = [
    `Hi ${b.firstName || 'there'},`,
    '',
    `Thank you for booking ${PROPERTY.name} in ${PROPERTY.address.locality}, Georgia. Your stay is confirmed.`,
    '',
    // The stay's own times, as its guest page says ([guest.page]).
    `Check-in:  ${b.checkin} (from ${clockTimeText(b.quote?.terms?.checkInTime ?? DEFAULT_SETTINGS.checkInTime)})`,
    `Check-out: ${b.checkout} (by ${clockTimeText(b.quote?.terms?.checkOutTime ?? DEFAULT_SETTINGS.checkOutTime)})`,
    `Guests:    ${b.guests}`,
    ...(b.quote ? [`Nights:    ${b.quote.nights}`] : []),
    // A deposit now, the balance later ([payments.schedule]): what was paid and what comes, when.
    ...(b.quote?.paymentSchedule && b.kind === 'direct'
      ? [
          `Total:     ${formatCents(b.quote.totalCents)}`,
          `Paid today (deposit): ${formatCents(b.quote.paymentSchedule.depositCents)}`,
          `Balance of ${formatCents(b.quote.paymentSchedule.balanceCents)} charged automatically on ${b.quote.paymentSchedule.balanceDueDate} to the same card.`,
        ]
      : total !== undefined
        ? [`Total paid: ${formatCents(total)}`]
        : []),
    `Booking reference: ${b.id}`,
    // The policy frozen with the booking when it was paid ([cancel.policy]).
    ...(b.cancellationPolicy ? ['', 'Cancellation policy:', ...describeCancellationPolicy(b.cancellationPolicy, b.checkin, b.quote?.terms?.checkInTime ?? DEFAULT_SETTINGS.checkInTime).map((l) => `- ${l}`)] : []),
    '',
    `View or cancel your booking: ${guestStayUrl(publicUrl, b.guestToken)}`,
    '',
    `Questions? Reply to this e-mail or call ${PROPERTY.contact.phone}.`,
    '',
    `${PROPERTY.name}`,
    publicUrl,
  ];
  return { subject: `Your stay at ${PROPERTY.name} is confirmed: ${b.checkin} to ${b.checkout}`, text: lines.join('\n') };
}

/**
 * The guest's cancellation e-mail ([booking.cancel], [booking.refund]): the stay's dates, who
 * cancelled and why, and the refund with when it arrives (Stripe: 5–10 business days), or that
 * none is due.
 * @param refundCents what this cancellation refunded (0 or null: none)
 */
export function bookingCancellationEmail(b: Booking, refundCents: number | null, publicUrl: string): { subject: string; text: string } {
  const refunded = refundCents ?? 0;
  const lines = [
    `Hi ${b.firstName || 'there'},`,
    '',
    b.cancelledBy === 'guest'
      ? `As you asked, your stay at ${PROPERTY.name} is cancelled.`
      : `We are sorry to tell you that your stay at ${PROPERTY.name} has been cancelled.`,
    '',
    `Check-in:  ${b.checkin}`,
    `Check-out: ${b.checkout}`,
    `Booking reference: ${b.id}`,
    ...(b.cancelReason ? [`Reason: ${b.cancelReason}`] : []),
    ...refundLines(b, refunded),
    '',
    `Questions? Reply to this e-mail or call ${PROPERTY.contact.phone}.`,
    '',
    `${PROPERTY.name}`,
    publicUrl,
  ];
  return { subject: `Your stay at ${PROPERTY.name} is cancelled: ${b.checkin} to ${b.checkout}`, text: lines.join('\n') };
}

function refundLines(b: Booking, refunded: number): string[] {
  if (refunded > 0) return ['', `Refund: ${formatCents(refunded)} to the card you paid with. Refunds usually arrive in 5–10 business days, depending on your bank.`];
  if (b.amountPaidCents <= 0) return [];
  if (b.stripePaymentIntentId) return ['', 'Refund: none is due under the cancellation policy of your booking.'];
  return ['', 'You paid us directly: we will be in touch about any money due back to you.'];
}
