/**
 * Contracts of the guest's own page and review link ([guest.page], [guest.cancel],
 * [reviews.request]): `GET /api/stay/{token}`, `POST /api/stay/{token}/cancel`,
 * `GET /api/review/{token}` and `POST /api/review/{token}`. Browser-safe.
 */
import { z } from 'zod';
import { BOOKING_KINDS, BOOKING_STATUSES } from '../booking/bookings.js';
import { GUEST_TOKEN_PATTERN, type GuestReviewState, type GuestStay } from '../booking/guest/guest-view.js';
import { newReviewSchema, reviewSchema } from './reviews.js';

/**
 * The path of every guest-page endpoint: the booking's token, base64url, 20 to 64 characters.
 * The routes answer 404 (never 400) when it does not parse, as for an unknown token.
 */
export const guestTokenParamsSchema = z.object({ token: z.string().regex(GUEST_TOKEN_PATTERN, 'must be a booking link') });
export type GuestTokenParams = z.infer<typeof guestTokenParamsSchema>;

const receiptLineSchema = z.object({ label: z.string(), cents: z.number().int(), kind: z.enum(['line', 'subtotal', 'total']), description: z.string().optional() });

/** The booking as its guest's page shows it ([guest.page]). */
export const guestStaySchema = z.object({
  reference: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  checkin: z.string(),
  checkout: z.string(),
  nights: z.number(),
  guests: z.number(),
  kind: z.enum(BOOKING_KINDS),
  status: z.enum(BOOKING_STATUSES),
  amountPaidCents: z.number().int(),
  refundedCents: z.number().int(),
  receipt: z.array(receiptLineSchema),
  checkInTime: z.string(),
  checkOutTime: z.string(),
  property: z.object({ name: z.string(), address: z.string(), phone: z.string(), email: z.string() }),
  cancellationPolicy: z.array(z.string()),
  refundTodayCents: z.number().int(),
  /** [money.offline]: paid outside Stripe, cents, and how such money comes back. */
  offlinePaidCents: z.number().int().optional(),
  offlineRefundedCents: z.number().int().optional(),
  offlineRefundNote: z.string().nullable().optional(),
  canCancel: z.boolean(),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.enum(['owner', 'guest']).nullable(),
  /** [payments.balance]: the balance of a stay paid in two parts; null or absent when paid in full. */
  balance: z.object({ status: z.enum(['scheduled', 'failed', 'paid', 'cancelled']), amountCents: z.number().int(), dueDate: z.string() }).nullable().optional(),
  agreement: z.object({ version: z.number().int().positive(), signedName: z.string(), signedAt: z.string() }).nullable().optional(),
  /** [compliance.occupancy], [compliance.contact] */
  house: z.object({ maxOccupancy: z.number().int(), localContact: z.object({ name: z.string(), phone: z.string() }).nullable() }).optional(),
}) satisfies z.ZodType<GuestStay>;

/** `GET /api/stay/{token}` (public). */
export const guestStayResponseSchema = z.object({ booking: guestStaySchema });
export type GuestStayResponse = z.infer<typeof guestStayResponseSchema>;

/** Body of `POST /api/stay/{token}/cancel`: nothing, or `{}`. */
export const guestCancelRequestSchema = z.object({}).strict().optional();

/** The refund a guest's cancellation made: cents, and Stripe's status (`succeeded`, `pending`…). */
export const guestRefundSchema = z.object({ amountCents: z.number().int().min(0), status: z.string() });

/** `POST /api/stay/{token}/cancel` (public) → the cancelled booking and its refund (null when nothing was refunded). */
export const guestCancelResponseSchema = z.object({ booking: guestStaySchema, refund: guestRefundSchema.nullable() });
export type GuestCancelResponse = z.infer<typeof guestCancelResponseSchema>;

/** `GET /api/review/{token}` (public) ([reviews.request]). */
export const guestReviewStateSchema = z.object({
  guestName: z.string(),
  checkin: z.string(),
  checkout: z.string(),
  alreadyReviewed: z.boolean(),
  canReview: z.boolean(),
}) satisfies z.ZodType<GuestReviewState>;
export type GuestReviewStateResponse = z.infer<typeof guestReviewStateSchema>;

/**
 * Body of `POST /api/review/{token}` ([reviews.request], [reviews.fields]): the rating, title and
 * text of the owner's review form; the name, e-mail and stay come from the booking.
 */
export const guestReviewRequestSchema = newReviewSchema.pick({ rating: true, title: true, content: true }).strict();
export type GuestReviewRequest = z.input<typeof guestReviewRequestSchema>;

/** `POST /api/review/{token}` → 201, the review as stored (pending: neither approved nor published). */
export const guestReviewResponseSchema = z.object({ success: z.literal(true), review: reviewSchema.pick({ id: true, rating: true, title: true, content: true, stayDate: true }) });
export type GuestReviewResponse = z.infer<typeof guestReviewResponseSchema>;
