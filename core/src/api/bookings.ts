/**
 * Contracts of the admin Bookings tab ([bookings.list], [bookings.test-payment],
 * [bookings.payment-details]), all admin. Browser-safe.
 */
import { z } from 'zod';
import { bookingInquiryRecordSchema } from './checkout.js';
import { cancellationPolicySchema } from '../booking/cancellation-policy.js';

/** `GET /api/booking-inquiries`: every inquiry, newest first. */
export const bookingInquiriesResponseSchema = z.array(bookingInquiryRecordSchema);
export type BookingInquiriesResponse = z.infer<typeof bookingInquiriesResponseSchema>;

/** Body of `POST /api/test-payment` and `POST /api/test-guide-app`. */
export const bookingIdRequestSchema = z.object({
  bookingId: z.number({ message: 'must be a booking id' }).int('must be a booking id').positive('must be a booking id'),
});
export type BookingIdRequest = z.infer<typeof bookingIdRequestSchema>;

/** `POST /api/test-payment`: a test PaymentIntent recorded on the booking. */
export const testPaymentResponseSchema = z.object({ success: z.literal(true), paymentIntentId: z.string(), message: z.string() });
export type TestPaymentResponse = z.infer<typeof testPaymentResponseSchema>;

/** `POST /api/test-guide-app`: whether the guide app took the booking (502 with the same shape when unreachable). */
export const testGuideAppResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type TestGuideAppResponse = z.infer<typeof testGuideAppResponseSchema>;

/** A Stripe PaymentIntent id, `pi_…` (Stripe's docs: object ids). */
export const paymentIntentIdField = z.string().regex(/^pi_[A-Za-z0-9_]{1,250}$/, 'must be a PaymentIntent id (pi_…)');

/** Path of `GET /api/stripe-payment/{paymentIntentId}`. */
export const stripePaymentParamsSchema = z.object({ paymentIntentId: paymentIntentIdField });

/** `GET /api/stripe-payment/{paymentIntentId}` ([bookings.payment-details]); `amount` in cents. */
export const stripePaymentResponseSchema = z.object({
  success: z.literal(true),
  cardDetails: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  paymentIntent: z.object({ id: z.string(), status: z.string(), amount: z.number(), currency: z.string() }),
});
export type StripePaymentResponse = z.infer<typeof stripePaymentResponseSchema>;

/** Path of `/api/bookings/{id}/…`. */
export const bookingIdParamsSchema = z.object({
  id: z.coerce.number({ message: 'must be a booking id' }).int('must be a booking id').positive('must be a booking id').max(Number.MAX_SAFE_INTEGER),
});

/**
 * Body of `POST /api/bookings/{id}/cancel` ([booking.cancel]): `refundCents` whole cents ≥ 0,
 * at most what is refundable (paid by card less refunded; checked by the route, 400 naming the
 * field); absent: the policy's refund for today ([cancel.refund-due]). `reason` is told to the guest.
 */
export const cancelBookingRequestSchema = z
  .object({
    refundCents: z
      .number({ message: 'must be an amount in cents' })
      .int('must be a whole number of cents')
      .min(0, 'must not be negative')
      .max(100_000_000, 'must be at most 100000000 cents')
      .optional(),
    reason: z.string({ message: 'must be text' }).trim().max(500, 'must be at most 500 characters').optional(),
  })
  .strict();
export type CancelBookingRequest = z.infer<typeof cancelBookingRequestSchema>;

/** A refund as a cancel answers it ([booking.refund]); `amountCents` in cents. */
export const cancelRefundSchema = z.object({ id: z.number(), amountCents: z.number(), status: z.string(), stripeRefundId: z.string() });

/** `POST /api/bookings/{id}/cancel`: the cancelled booking and its refund (null when none was made). */
export const cancelBookingResponseSchema = z.object({ booking: bookingInquiryRecordSchema, refund: cancelRefundSchema.nullable() });
export type CancelBookingResponse = z.infer<typeof cancelBookingResponseSchema>;

/**
 * `GET /api/bookings/{id}/refund-quote` ([cancel.refund-due]): what cancelling today would refund,
 * in cents: the policy's refund and the most the owner may give (0 without a card payment), and
 * the policy used (the booking's frozen one, else today's setting).
 */
export const refundQuoteResponseSchema = z.object({
  policyRefundCents: z.number(),
  refundableCents: z.number(),
  policy: cancellationPolicySchema,
  /** The policy in sentences for this stay (`describeCancellationPolicy`). */
  policyLines: z.array(z.string()),
});
export type RefundQuoteResponse = z.infer<typeof refundQuoteResponseSchema>;
