/**
 * Texts of the e-mails Ridgeline sends. Browser-safe (pure).
 */
import type { BookingInquiry } from './bookings.js';
import { formatCents } from '../pricing/pricing.js';
import { PROPERTY } from '../shared/property.js';

/** The guest's own page of a booking ([guest.page]): `<publicUrl>/stay/<token>`. */
export function guestStayUrl(publicUrl: string, guestToken: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/stay/${guestToken}`;
}

/** The guest's booking confirmation (payments issue §6), with the link to the guest's page ([guest.page]). */
export function bookingConfirmationEmail(b: BookingInquiry, publicUrl: string): { subject: string; text: string } {
  const total = b.stripePaymentDetails?.amount ?? b.quote?.totalCents;
  const lines = [
    `Hi ${b.firstName || 'there'},`,
    '',
    `Thank you for booking ${PROPERTY.name} in ${PROPERTY.address.locality}, Georgia. Your stay is confirmed.`,
    '',
    `Check-in:  ${b.checkin} (from 4:00 PM)`,
    `Check-out: ${b.checkout} (by 11:00 AM)`,
    `Guests:    ${b.guests}`,
    ...(b.quote ? [`Nights:    ${b.quote.nights}`] : []),
    ...(total !== undefined ? [`Total paid: ${formatCents(total)}`] : []),
    `Booking reference: ${b.id}`,
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
