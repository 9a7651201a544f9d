/**
 * Booking inquiries ([bookings.list]) and payment labels ([bookings.intent-label]). Browser-safe.
 */
import type { PriceBreakdown } from '../pricing/pricing.js';

export interface StripePaymentDetails {
  status: string;
  /** cents */
  amount: number;
  paymentMethod?: { card?: { brand?: string; last4?: string } };
}

/** A booking inquiry as `GET /api/booking-inquiries` returns it ([bookings.list]). */
export interface BookingInquiry {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  location: string;
  ipAddress: string;
  /** YYYY-MM-DD */
  checkin: string;
  checkout: string;
  guests: number;
  message: string;
  specialRequests: string;
  /** ISO 8601 UTC */
  createdAt: string;
  /** paid, pending or another Stripe-derived word */
  paymentStatus: string;
  stripePaymentIntentId: string | null;
  stripePaymentDetails: StripePaymentDetails | null;
  /** The quote the stay was sold at; null for inquiries without one. */
  quote: PriceBreakdown | null;
}

/** A booking inquiry to store: its id and creation time are given by the store; unpaid unless said. */
export type NewBookingInquiry = Omit<
  BookingInquiry,
  'id' | 'createdAt' | 'paymentStatus' | 'stripePaymentIntentId' | 'stripePaymentDetails' | 'quote'
> & {
  paymentStatus?: string;
  stripePaymentIntentId?: string | null;
  stripePaymentDetails?: StripePaymentDetails | null;
  quote?: PriceBreakdown | null;
};

/**
 * A booking as its guest is answered (`POST /api/booking-inquiry`, issue 11 §9g): what they
 * entered, the stay, its quote and whether it is paid. Never the IP address or the card and
 * Stripe details, which only the owner sees (`GET /api/booking-inquiries`).
 */
export type BookingConfirmation = Omit<BookingInquiry, 'ipAddress' | 'stripePaymentDetails'>;

/** The guest's view of `booking` (see BookingConfirmation). */
export function bookingConfirmation(booking: BookingInquiry): BookingConfirmation {
  return {
    id: booking.id,
    firstName: booking.firstName,
    lastName: booking.lastName,
    email: booking.email,
    phone: booking.phone,
    location: booking.location,
    checkin: booking.checkin,
    checkout: booking.checkout,
    guests: booking.guests,
    message: booking.message,
    specialRequests: booking.specialRequests,
    createdAt: booking.createdAt,
    paymentStatus: booking.paymentStatus,
    stripePaymentIntentId: booking.stripePaymentIntentId,
    quote: booking.quote,
  };
}

/** Payment intent status label ([bookings.intent-label]). */
export function paymentIntentLabel(status: string | undefined): string {
  switch (status) {
    case 'succeeded':
      return 'Paid';
    case 'processing':
      return 'Processing';
    case 'requires_payment_method':
    case 'requires_confirmation':
    case 'requires_action':
      return 'Action Required';
    case 'canceled':
      return 'Cancelled';
    default:
      return 'Pending';
  }
}

/** "paid" → "Paid" ([bookings.payment-status]: shown as capitalized label). */
export function paymentStatusLabel(status: string): string {
  return status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Pending';
}
