/**
 * Booking inquiries ([bookings.list]) and payment labels ([bookings.intent-label]). Browser-safe.
 */
import type { BalanceState } from '../pricing/payment-schedule.js';
import type { PriceBreakdown } from '../pricing/pricing.js';
import type { CancellationPolicy } from '../settings/cancellation-policy.js';
import type { AgreementAcceptance } from './agreement.js';
import { balanceDueCents, bookingMoney, type OfflineMethod } from './ledger.js';
import type { UnfinishedRefund } from './refund-plan.js';

/**
 * Who made a booking ([bookings.kinds]): `direct` a guest's checkout, `manual` the owner for a
 * guest (a phone booking), `owner` the owner's own or family stay.
 */
export const BOOKING_KINDS = ['direct', 'manual', 'owner'] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];

/**
 * Where a booking stands ([bookings.status]), derived from its row: `cancelled` once cancelled;
 * `confirmed` when paid (direct) or made by the owner (manual, owner); `pending` while a
 * PaymentIntent awaits its payment; `inquiry` for a request without payment.
 */
export const BOOKING_STATUSES = ['inquiry', 'pending', 'confirmed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export interface StripePaymentDetails {
  status: string;
  /** cents */
  amount: number;
  paymentMethod?: { card?: { brand?: string; last4?: string } };
}

/** A booking inquiry as `GET /api/booking-inquiries` returns it ([bookings.list]). */
export interface Booking {
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
  kind: BookingKind;
  status: BookingStatus;
  /** What the guest paid, in cents (refunds not subtracted). */
  amountPaidCents: number;
  /** What was refunded, in cents. */
  refundedCents: number;
  /** ISO 8601 UTC; null while not cancelled. */
  cancelledAt: string | null;
  cancelledBy: 'owner' | 'guest' | null;
  cancelReason: string;
  /** The policy frozen when the booking was paid ([cancel.policy]); null before. */
  cancellationPolicy: CancellationPolicy | null;
  /** The owner's notes. */
  notes: string;
  /** The token of the guest's page `/stay/{token}` ([guest.page]). Owner-only. */
  guestToken: string;
  /** Stripe's status of the latest dispute (`needs_response`, `won`, `lost`…); null without one. */
  disputeStatus: string | null;
  /** [payments.saved-card]: the Stripe Customer (`cus_…`) holding the guest's saved card; null or absent without one. Owner-only. */
  stripeCustomerId?: string | null;
  /** [payments.saved-card]: the saved card (`pm_…`) for off-session charges; null or absent without one. Owner-only. */
  stripePaymentMethodId?: string | null;
  /** [payments.balance]: the balance of a stay paid in two parts; null or absent when paid in full. */
  balance?: BalanceState | null;
  /**
   * The rental agreement its guest accepted at the checkout ([agreement.record]); null (or absent
   * in hand-made values) without one. The store always sets it.
   */
  agreement?: AgreementAcceptance | null;
  /**
   * [money.refund-incomplete]: the refund of a cancellation that did not finish (a part still
   * waiting for Stripe's answer, or a part Stripe refused), owner-only; absent without one.
   */
  unfinishedRefund?: UnfinishedRefund | null;
}

/**
 * A refund of a booking's payment ([booking.refund]): made by the owner or the guest through
 * Ridgeline, or in Stripe's dashboard (`source` stripe, learnt from the charge.refunded webhook).
 */
export interface BookingRefund {
  id: number;
  bookingId: number;
  /** `re_…`; null until Stripe answered */
  stripeRefundId: string | null;
  /** cents, > 0 */
  amountCents: number;
  /**
   * `requested` while a part has no answer from Stripe (a retry resumes it with the same
   * idempotency keys), `incomplete` when a part was refused and another moved money
   * ([money.refund-incomplete]), then Stripe's status (pending, requires_action, succeeded);
   * `failed` when Stripe refused all of it
   */
  status: string;
  source: 'owner' | 'guest' | 'stripe';
  reason: string;
  /** ISO 8601 UTC */
  createdAt: string;
}

/** A booking inquiry to store: its id and creation time are given by the store; unpaid unless said. */
export type NewBookingInquiry = Omit<
  Booking,
  | 'id'
  | 'createdAt'
  | 'paymentStatus'
  | 'stripePaymentIntentId'
  | 'stripePaymentDetails'
  | 'quote'
  | 'kind'
  | 'status'
  | 'amountPaidCents'
  | 'refundedCents'
  | 'cancelledAt'
  | 'cancelledBy'
  | 'cancelReason'
  | 'cancellationPolicy'
  | 'notes'
  | 'guestToken'
  | 'disputeStatus'
  | 'agreement'
  | 'unfinishedRefund'
> & {
  /** [agreement.record]: the acceptance the hold kept. */
  agreement?: AgreementAcceptance | null | undefined;
  paymentStatus?: string;
  stripePaymentIntentId?: string | null;
  stripePaymentDetails?: StripePaymentDetails | null;
  quote?: PriceBreakdown | null;
  /** `direct` unless said */
  kind?: BookingKind;
  /**
   * cents; 0 unless said. Recorded in the ledger ([money.ledger]) when the booking is stored: a
   * `charge` of `stripePaymentIntentId` for a direct booking, else an `offline_payment`.
   */
  amountPaidCents?: number;
  /** How a phone booking's `amountPaidCents` was paid ([money.offline]); `other` unless said. */
  offlineMethod?: OfflineMethod | undefined;
  cancellationPolicy?: CancellationPolicy | null;
  notes?: string;
};

/**
 * A booking as its guest is answered (`POST /api/booking-inquiry`, [checkout.confirm]): what they
 * entered, the stay, its quote and whether it is paid. Never the IP address or the card and
 * Stripe details, which only the owner sees (`GET /api/booking-inquiries`).
 */
export type BookingConfirmation = Omit<Booking, 'ipAddress' | 'stripePaymentDetails' | 'notes' | 'guestToken' | 'agreement' | 'unfinishedRefund'> & {
  /** The agreement accepted: version, name and time only (the IP and browser are the owner's). */
  agreement?: Pick<AgreementAcceptance, 'version' | 'signedName' | 'signedAt'> | null;
};

/** The guest's view of `booking` (see BookingConfirmation). */
export function bookingConfirmation(booking: Booking): BookingConfirmation {
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
    kind: booking.kind,
    status: booking.status,
    amountPaidCents: booking.amountPaidCents,
    refundedCents: booking.refundedCents,
    cancelledAt: booking.cancelledAt,
    cancelledBy: booking.cancelledBy,
    cancelReason: booking.cancelReason,
    cancellationPolicy: booking.cancellationPolicy,
    disputeStatus: booking.disputeStatus,
    agreement: booking.agreement ? { version: booking.agreement.version, signedName: booking.agreement.signedName, signedAt: booking.agreement.signedAt } : null,
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

/** The owner's words for payment statuses that are not one capitalised word ([bookings.payment-status]). */
const PAYMENT_STATUS_LABELS: Readonly<Record<string, string>> = {
  unpaid: 'Unpaid',
  partially_paid: 'Partially paid',
  partially_refunded: 'Partially refunded',
  // An owner stay has nothing to pay ([bookings.kinds]).
  not_applicable: 'Owner stay',
};

/**
 * A payment status as the owner reads it ([bookings.payment-status]): "paid" → "Paid",
 * "partially_paid" → "Partially paid", "not_applicable" → "Owner stay"; any other word
 * capitalised with its underscores as spaces; '' → "Pending".
 */
export function paymentStatusLabel(status: string): string {
  if (!status) return 'Pending';
  const known = PAYMENT_STATUS_LABELS[status];
  if (known) return known;
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A manual booking's payment status from what the guest paid against its quote
 * ([bookings.owner-create]): `paid` when at least the total, `partially_paid` when some,
 * `unpaid` when nothing. Cents.
 */
export function manualPaymentStatus(amountPaidCents: number, totalCents: number): 'paid' | 'partially_paid' | 'unpaid' {
  if (amountPaidCents >= totalCents) return 'paid';
  return amountPaidCents > 0 ? 'partially_paid' : 'unpaid';
}

/**
 * What is left to pay on a booking the owner recorded for a guest ([bookings.payment-link]):
 * its balance due ([money.balance-due]: the quote's total less the stay's net paid, payments less
 * refunds), in cents; 0 for any other kind, a cancelled booking or one without a quote.
 */
export function amountDueCents(booking: Pick<Booking, 'kind' | 'quote' | 'amountPaidCents' | 'refundedCents' | 'cancelledAt'>): number {
  if (booking.kind !== 'manual') return 0;
  return balanceDueCents(booking, bookingMoney(booking));
}
