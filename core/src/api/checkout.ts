/**
 * Contracts of the guest's booking flow ([booking.calendar], [booking.quote],
 * [checkout.payment-intent], [checkout.confirm]), all public. The request schemas live in
 * `../stay.ts` beside the stay rules they apply and are re-exported here. Browser-safe.
 */
import { z } from 'zod';
import { BOOKING_KINDS, BOOKING_STATUSES, type BookingConfirmation, type Booking, type StripePaymentDetails } from '../booking/bookings.js';
import { cancellationPolicySchema } from '../settings/cancellation-policy.js';
import { NIGHTLY_RATE_SOURCES, type PriceBreakdown } from '../pricing/pricing.js';
import type { StayLengthRules } from '../booking/checkout/checkout.js';
import { availabilityRangeQuerySchema } from './common.js';
import { agreementAcceptanceSchema } from './agreement.js';
import { REFUND_PART_STATUSES, type UnfinishedRefund } from '../booking/refund-plan.js';

/**
 * [money.refund-incomplete]: a cancellation's refund that did not finish, with each Stripe
 * refund it asks (`status` planned, pending, requires_action, succeeded, failed or dropped;
 * `error` Stripe's message of a failed one). Cents.
 */
export const unfinishedRefundSchema = z.object({
  id: z.number(),
  amountCents: z.number(),
  status: z.string(),
  source: z.enum(['owner', 'guest']),
  reason: z.string(),
  movedCents: z.number(),
  missingCents: z.number(),
  parts: z.array(
    z.object({
      position: z.number(),
      paymentIntentId: z.string(),
      amountCents: z.number(),
      status: z.enum(REFUND_PART_STATUSES),
      stripeRefundId: z.string().nullable(),
      error: z.string(),
    }),
  ),
}) satisfies z.ZodType<UnfinishedRefund>;

export { bookingInquirySchema, createPaymentIntentSchema, quoteQuerySchema } from '../booking/stays/stay.js';

/** Query of `GET /api/availability/public`. */
export const publicAvailabilityQuerySchema = availabilityRangeQuerySchema;

/** One night of `GET /api/availability/public`: nothing about guests or why a night is closed. */
export const publicDaySchema = z.object({
  /** YYYY-MM-DD */
  date: z.string(),
  bookable: z.boolean(),
  /** whole dollars */
  price: z.number(),
});
export type PublicDay = z.infer<typeof publicDaySchema>;

/** The owner's length rules as the booking calendar applies them ([booking.rules]). */
export const stayLengthRulesSchema = z.object({
  minNights: z.number(),
  maxNights: z.number(),
  bookingWindowDays: z.number(),
  seasonMinimums: z.array(z.object({ start: z.string(), end: z.string(), minNights: z.number() })),
}) satisfies z.ZodType<StayLengthRules>;

/** `GET /api/availability/public`: the nights and the length rules the calendar applies ([booking.rules]). */
export const publicAvailabilityResponseSchema = z.object({ days: z.array(publicDaySchema), stayRules: stayLengthRulesSchema });
export type PublicAvailabilityResponse = z.infer<typeof publicAvailabilityResponseSchema>;

const priceLineSchema = z.object({ name: z.string(), cents: z.number(), bps: z.number().optional(), centsPerNight: z.number().optional(), authority: z.string().optional() });

/**
 * A stay's price in cents ([pricing.total]) with the lines of the owner's settings
 * ([pricing.discount], [pricing.fees], [pricing.taxes]; absent from quotes stored before them).
 * The settings the quote was made with (`terms`, [settings.snapshot]) stay on the server.
 */
export const priceBreakdownSchema = z.object({
  nights: z.number(),
  nightly: z.array(z.object({ date: z.string(), priceCents: z.number(), source: z.enum(NIGHTLY_RATE_SOURCES).optional(), season: z.string().optional() })),
  accommodationCents: z.number(),
  cleaningFeeCents: z.number(),
  serviceFeeCents: z.number(),
  subtotalCents: z.number(),
  stateTaxCents: z.number(),
  countyTaxCents: z.number(),
  subtotalWithTaxesCents: z.number(),
  cardFeeCents: z.number(),
  totalCents: z.number(),
  guests: z.number().optional(),
  discounts: z.array(priceLineSchema).optional(),
  fees: z.array(priceLineSchema).optional(),
  taxes: z.array(priceLineSchema).optional(),
  cardFeeBps: z.number().optional(),
  /** [payments.schedule]: the deposit and the balance with its due date; absent when paid in full. */
  paymentSchedule: z.object({ depositBps: z.number(), depositCents: z.number(), balanceCents: z.number(), balanceDueDate: z.string() }).optional(),
}) satisfies z.ZodType<PriceBreakdown>;

/**
 * `GET /api/quote` ([booking.quote]): the server's price of a stay; each night in whole dollars
 * and in cents (`priceCents` may be missing from an older server's answer).
 */
export const stayQuoteSchema = priceBreakdownSchema.extend({
  checkin: z.string(),
  checkout: z.string(),
  guests: z.number(),
  nightly: z.array(z.object({ date: z.string(), price: z.number(), priceCents: z.number().optional() })),
  /** The cancellation policy this stay is sold with ([cancel.policy]), frozen with the booking when paid. */
  cancellationPolicy: cancellationPolicySchema.optional(),
});
export type StayQuote = z.infer<typeof stayQuoteSchema>;

/** `GET /api/quote` answered 409: nights of the stay are closed (`reason: 'closed'`). */
/** The nearest stay of the same length that can be booked ([booking.nearest-stay]). */
const nearestStaySchema = z.object({ checkin: z.string(), checkout: z.string() });

export const quoteClosedResponseSchema = z.object({
  error: z.string(),
  reason: z.literal('closed'),
  closedDates: z.array(z.string()),
  nearest: nearestStaySchema.optional(),
});
export type QuoteClosedResponse = z.infer<typeof quoteClosedResponseSchema>;

/**
 * `GET /api/quote` answered 400: a stay the owner's rules refuse (`rule`: minNights, advanceNotice,
 * bookingWindow, maxNights, maxGuests) or a bad one (`field` only), with the nearest bookable stay.
 */
export const quoteRefusedResponseSchema = z.object({
  error: z.string(),
  field: z.string().optional(),
  rule: z.string().optional(),
  nearest: nearestStaySchema.optional(),
});
export type QuoteRefusedResponse = z.infer<typeof quoteRefusedResponseSchema>;

/**
 * What the booking section makes of a quote request: a price, the nights that were taken, or a
 * stay the owner's rules refuse (a landing link's dates, [booking.landing-link]); the last two
 * with the nearest stay that can be booked.
 */
export type QuoteAnswer =
  | { kind: 'quote'; quote: StayQuote }
  | { kind: 'closed'; closedDates: string[]; nearest?: { checkin: string; checkout: string } }
  | { kind: 'refused'; message: string; rule?: string; nearest?: { checkin: string; checkout: string } };

/** `POST /api/create-payment-intent`: the PaymentIntent to confirm with Stripe.js; `amount` in cents. */
export const createPaymentIntentResponseSchema = z.object({
  success: z.literal(true),
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amount: z.number(),
  /** [payments.schedule]: with a deposit, the balance in cents charged later to the same card… */
  balanceCents: z.number().optional(),
  /** …on this date (YYYY-MM-DD). Both absent when the stay is paid in full now. */
  balanceDueDate: z.string().optional(),
  /** The cancellation policy the guest is paying under ([cancel.policy]). */
  cancellationPolicy: cancellationPolicySchema.optional(),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

/**
 * Why `POST /api/create-payment-intent` refused, in every refusal's `reason` (issue 24 §4: the
 * browser reads this, never the body's shape), with its status: 409 `amount-mismatch` (the
 * amount was not the server's total; `quote` given), `closed` (nights closed; `closedDates`),
 * `busy` (another checkout of the guest is starting), `replaced` (a newer checkout of the guest
 * replaced this one); 400 `invalid-stay`, `broken-rule`, `agreement` (with `field`); 429
 * `held-nights` ([checkout.hold-cap]); 502 `provider-unreachable`, `provider-failed`; 503
 * `payments-unavailable`. (The 429 of PAYMENT_INTENT_LIMIT and the 400 of a malformed body come
 * before the checkout and carry no reason.)
 */
export const CREATE_PAYMENT_INTENT_REFUSALS = [
  'amount-mismatch',
  'closed',
  'busy',
  'replaced',
  'invalid-stay',
  'broken-rule',
  'agreement',
  'held-nights',
  'provider-unreachable',
  'provider-failed',
  'payments-unavailable',
] as const;
export type CreatePaymentIntentRefusal = (typeof CREATE_PAYMENT_INTENT_REFUSALS)[number];

/** `POST /api/create-payment-intent` answered 409 (see CREATE_PAYMENT_INTENT_REFUSALS). */
export const createPaymentIntentConflictSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  reason: z.enum(['amount-mismatch', 'closed', 'busy', 'replaced']),
  quote: stayQuoteSchema.optional(),
  closedDates: z.array(z.string()).optional(),
});
export type CreatePaymentIntentConflict = z.infer<typeof createPaymentIntentConflictSchema>;

/** Stripe's details kept with a booking. */
export const stripePaymentDetailsSchema = z.object({
  status: z.string(),
  amount: z.number(),
  paymentMethod: z.object({ card: z.object({ brand: z.string().optional(), last4: z.string().optional() }).optional() }).optional(),
}) satisfies z.ZodType<StripePaymentDetails>;

/** A booking inquiry as the owner sees it ([bookings.list]). */
export const bookingInquiryRecordSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  location: z.string(),
  ipAddress: z.string(),
  checkin: z.string(),
  checkout: z.string(),
  guests: z.number(),
  message: z.string(),
  specialRequests: z.string(),
  createdAt: z.string(),
  paymentStatus: z.string(),
  stripePaymentIntentId: z.string().nullable(),
  stripePaymentDetails: stripePaymentDetailsSchema.nullable(),
  quote: priceBreakdownSchema.nullable(),
  kind: z.enum(BOOKING_KINDS),
  status: z.enum(BOOKING_STATUSES),
  amountPaidCents: z.number(),
  refundedCents: z.number(),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.enum(['owner', 'guest']).nullable(),
  cancelReason: z.string(),
  cancellationPolicy: cancellationPolicySchema.nullable(),
  notes: z.string(),
  guestToken: z.string(),
  disputeStatus: z.string().nullable(),
  /** [payments.saved-card]: the Stripe Customer and saved card (owner-only). */
  stripeCustomerId: z.string().nullable().optional(),
  stripePaymentMethodId: z.string().nullable().optional(),
  /** [payments.balance]: the balance of a stay paid in two parts; null or absent when paid in full. */
  balance: z
    .object({
      status: z.enum(['scheduled', 'failed', 'paid', 'cancelled']),
      amountCents: z.number(),
      dueDate: z.string(),
      attempts: z.number(),
      nextAttemptAt: z.string().nullable(),
      lastError: z.string().nullable(),
      paidAt: z.string().nullable(),
    })
    .nullable()
    .optional(),
  agreement: agreementAcceptanceSchema.nullable().optional(),
  unfinishedRefund: unfinishedRefundSchema.nullable().optional(),
}) satisfies z.ZodType<Booking>;

/** A booking as its guest is answered: no IP address, no card details ([checkout.confirm]). */
export const bookingConfirmationSchema = bookingInquiryRecordSchema
  .omit({ ipAddress: true, stripePaymentDetails: true, notes: true, guestToken: true, stripeCustomerId: true, stripePaymentMethodId: true, agreement: true, unfinishedRefund: true })
  .extend({ agreement: agreementAcceptanceSchema.pick({ version: true, signedName: true, signedAt: true }).nullable().optional() }) satisfies z.ZodType<BookingConfirmation>;

/** `POST /api/booking-inquiry` (201 new, 200 the same booking again). */
export const bookingInquiryResponseSchema = z.object({
  success: z.literal(true),
  booking: bookingConfirmationSchema,
  /**
   * [checkout.confirmation-panel]: the token of the guest's stay page (`/stay/{token}`, [guest.page]),
   * answered only to a payment's confirmation (the request proved the PaymentIntent, the dates and
   * the e-mail), so the home page can show the confirmation again after a reload.
   */
  stayToken: z.string().optional(),
});
export type BookingInquiryResponse = z.infer<typeof bookingInquiryResponseSchema>;
