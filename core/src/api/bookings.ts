/**
 * Contracts of the admin Bookings tab ([bookings.list], [bookings.test-payment],
 * [bookings.payment-details]), all admin. Browser-safe.
 */
import { z } from 'zod';
import { bookingInquiryRecordSchema } from './checkout.js';

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
