/**
 * Contracts of the admin Bookings tab ([bookings.list], [bookings.test-payment],
 * [bookings.payment-details]), all admin. Browser-safe.
 */
import { z } from 'zod';
import { MAIL_STATUSES } from '../booking/mail-status.js';
import { OFFLINE_METHODS } from '../booking/ledger.js';
import { CHANGE_SETTLES } from '../booking/stays/booking-change-types.js';
import { cancellationPolicySchema } from '../settings/cancellation-policy.js';
// The owner's booking and change fields are the guest's stay fields.
import { guestsField, stayDateField, optionalEmailField, textField } from '../booking/stays/stay.js';
import { bookingInquiryRecordSchema, priceBreakdownSchema, unfinishedRefundSchema } from './checkout.js';
import { isIsoDate } from '../shared/dates.js';
import { digitsToNumber } from '../shared/text.js';

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
    /**
     * [money.offline-refund]: cents the owner gave back outside Stripe in this cancellation
     * (recorded as an `offline_refund` ledger entry), at most what was paid offline and not given
     * back yet (card money goes back by card only).
     */
    offlineRefundCents: z
      .number({ message: 'must be an amount in cents' })
      .int('must be a whole number of cents')
      .min(0, 'must not be negative')
      .max(100_000_000, 'must be at most 100000000 cents')
      .optional(),
    /** How the offline refund was given; required with an `offlineRefundCents` above 0. */
    offlineMethod: z.enum(OFFLINE_METHODS, { message: `must be one of ${OFFLINE_METHODS.join(', ')}` }).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if ((body.offlineRefundCents ?? 0) > 0 && !body.offlineMethod) ctx.addIssue({ code: 'custom', path: ['offlineMethod'], message: 'is required with an offline refund' });
  });
export type CancelBookingRequest = z.infer<typeof cancelBookingRequestSchema>;

/** A refund as a cancel answers it ([booking.refund]); `amountCents` in cents. */
export const cancelRefundSchema = z.object({ id: z.number(), amountCents: z.number(), status: z.string(), stripeRefundId: z.string() });

/** `POST /api/bookings/{id}/cancel`: the cancelled booking and its refund (null when none was made). */
export const cancelBookingResponseSchema = z.object({ booking: bookingInquiryRecordSchema, refund: cancelRefundSchema.nullable() });
export type CancelBookingResponse = z.infer<typeof cancelBookingResponseSchema>;

/**
 * `GET /api/bookings/{id}/refund-quote` ([cancel.refund-due]): what cancelling today would refund,
 * in cents: the policy's refund and the most the owner may give (0 without a card payment), and
 * the policy used (the booking's frozen one, else today's setting). With the ledger's words
 * ([money.offline-refund], [money.refund-incomplete]): what the stay was paid by card and
 * offline, what can be given back offline, and the cancellation's refund that did not finish
 * (null without one).
 */
export const refundQuoteResponseSchema = z.object({
  policyRefundCents: z.number(),
  refundableCents: z.number(),
  policy: cancellationPolicySchema,
  /** The policy in sentences for this stay (`describeCancellationPolicy`). */
  policyLines: z.array(z.string()),
  cardPaidCents: z.number(),
  offlinePaidCents: z.number(),
  offlineRefundableCents: z.number(),
  unfinishedRefund: unfinishedRefundSchema.nullable(),
});
export type RefundQuoteResponse = z.infer<typeof refundQuoteResponseSchema>;
/**
 * The fields of a booking the owner records ([bookings.owner-create]) without the rules between
 * them; `createOwnerBookingRequestSchema` adds those. Guests are checked against the owner's
 * `maxGuests` by the server.
 */
export const ownerBookingFieldsSchema = z.object({
  /** `manual`: a guest's phone or e-mail booking; `owner`: the owner's or family's own stay ([bookings.kinds]). */
  kind: z.enum(['manual', 'owner'], { message: 'must be manual or owner' }),
  /** YYYY-MM-DD */
  checkin: stayDateField,
  /** YYYY-MM-DD, after checkin */
  checkout: stayDateField,
  guests: guestsField,
  firstName: textField(100).min(1, 'is required'),
  /** required for a manual booking; '' allowed for an owner stay */
  lastName: textField(100).optional().default(''),
  email: optionalEmailField,
  phone: textField(40).optional().default(''),
  /** What the guest already paid the owner (cash, bank transfer…), in cents; 0 unless said. */
  amountPaidCents: z
    .number({ message: 'must be a whole number of cents' })
    .int('must be a whole number of cents')
    .min(0, 'must not be negative')
    .max(1_000_000_000, 'is too large')
    .optional()
    .default(0),
  notes: textField(2000, true).optional().default(''),
  /** How `amountPaidCents` was paid ([money.offline]): cash, check, bank_transfer or other (the default). */
  offlineMethod: z.enum(OFFLINE_METHODS, { message: 'must be cash, check, bank_transfer or other' }).optional().default('other'),
  /** Keep a payment above the stay's total as the guest's credit instead of refusing it ([money.offline]). */
  asCredit: z.boolean({ message: 'must be true or false' }).optional().default(false),
});

/** The rules between a recorded booking's fields, for the request and the admin form alike. */
function ownerBookingRules(
  v: { kind: 'manual' | 'owner'; checkin: string; checkout: string; lastName: string; amountPaidCents: number },
  ctx: z.RefinementCtx,
  amountField = 'amountPaidCents',
): void {
  if (isIsoDate(v.checkin) && isIsoDate(v.checkout) && v.checkout <= v.checkin) ctx.addIssue({ code: 'custom', path: ['checkout'], message: 'must be after check-in' });
  if (v.kind === 'manual' && v.lastName === '') ctx.addIssue({ code: 'custom', path: ['lastName'], message: 'is required' });
  if (v.kind === 'owner' && v.amountPaidCents !== 0) ctx.addIssue({ code: 'custom', path: [amountField], message: 'must be 0 for an owner stay' });
}

/** Body of `POST /api/bookings` ([bookings.owner-create]). */
export const createOwnerBookingRequestSchema = ownerBookingFieldsSchema.superRefine((v, ctx) => ownerBookingRules(v, ctx));
export type CreateOwnerBookingRequest = z.output<typeof createOwnerBookingRequestSchema>;

/**
 * The admin's "Add booking" form: the request's fields with the amount paid typed in dollars
 * ("250" or "250.50", '' or absent for none); its output is the request body (cents).
 */
export const ownerBookingFormSchema = ownerBookingFieldsSchema
  .omit({ amountPaidCents: true })
  .extend({
    amountPaid: z
      .string({ message: 'must be an amount in dollars' })
      .trim()
      .refine((v) => v === '' || /^\d{1,8}(\.\d{1,2})?$/.test(v), 'must be an amount in dollars, like 250 or 250.50')
      .optional()
      .default(''),
  })
  .transform(({ amountPaid, ...rest }) => ({ ...rest, amountPaidCents: amountPaid === '' ? 0 : Math.round(Number(amountPaid) * 100) }))
  .superRefine((v, ctx) => ownerBookingRules(v, ctx, 'amountPaid'));

/**
 * Query of `GET /api/bookings/quote?checkin&checkout&guests` ([bookings.owner-quote]): the stay
 * fields of `POST /api/bookings`, checkout after check-in.
 */
export const ownerQuoteQuerySchema = z
  .object({ checkin: stayDateField, checkout: stayDateField, guests: guestsField })
  .superRefine((v, ctx) => {
    if (isIsoDate(v.checkin) && isIsoDate(v.checkout) && v.checkout <= v.checkin) ctx.addIssue({ code: 'custom', path: ['checkout'], message: 'must be after check-in' });
  });
export type OwnerQuoteQuery = z.output<typeof ownerQuoteQuerySchema>;

/** `GET /api/bookings/quote` → `{ quote }`: the price a phone booking would be recorded at now. */
export const ownerQuoteResponseSchema = z.object({ quote: priceBreakdownSchema });
export type OwnerQuoteResponse = z.infer<typeof ownerQuoteResponseSchema>;

/** `POST /api/bookings` → 201: the stored booking. */
export const createOwnerBookingResponseSchema = z.object({ booking: bookingInquiryRecordSchema });
export type CreateOwnerBookingResponse = z.infer<typeof createOwnerBookingResponseSchema>;

/** `POST /api/bookings` → 409: nights of the stay are closed. */
export const ownerBookingClosedResponseSchema = z.object({ error: z.string(), closedDates: z.array(z.string()) });
export type OwnerBookingClosedResponse = z.infer<typeof ownerBookingClosedResponseSchema>;

/** Path of `/api/bookings/{id}/…` (cancel, refund-quote, payment-link, timeline). */
export const bookingIdParamsSchema = z.object({ id: z.preprocess(digitsToNumber, z.number({ message: 'must be a booking id' }).int('must be a booking id').positive('must be a booking id')) });

/**
 * `POST /api/bookings/{id}/payment-link` ([bookings.payment-link]): the link and what it asks, in
 * cents; `mail` what became of its e-mail ([notices.honest]), `emailed` is `mail === 'sent'`.
 */
export const paymentLinkSentResponseSchema = z.object({ url: z.string(), amountDueCents: z.number(), emailed: z.boolean(), mail: z.enum(MAIL_STATUSES) });
export type PaymentLinkSentResponse = z.infer<typeof paymentLinkSentResponseSchema>;

/**
 * `POST /api/bookings/{id}/request/accept` ([booking.request]): the booking as it now is, whether
 * this call accepted it (false: it already was), and the payment link sent (null when payments
 * are off or it was already accepted).
 */
export const bookingRequestAcceptResponseSchema = z.object({ booking: bookingInquiryRecordSchema, accepted: z.boolean(), paymentLink: paymentLinkSentResponseSchema.nullable() });
export type BookingRequestAcceptResponse = z.infer<typeof bookingRequestAcceptResponseSchema>;

/** `POST /api/bookings/{id}/request/decline` ([booking.request]): the booking, whether this call declined it, whether the guest was e-mailed. */
export const bookingRequestDeclineResponseSchema = z.object({ booking: bookingInquiryRecordSchema, declined: z.boolean(), emailed: z.boolean() });
export type BookingRequestDeclineResponse = z.infer<typeof bookingRequestDeclineResponseSchema>;

/** Path of the public payment-link endpoints: the link's token. */
export const paymentLinkParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be a payment link') });

/** `GET /api/payment-link/{token}` ([bookings.payment-link]): the stay and what is left to pay (cents). */
export const paymentLinkViewSchema = z.object({
  checkin: z.string(),
  checkout: z.string(),
  guests: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  amountDueCents: z.number(),
  quote: priceBreakdownSchema,
});
export type PaymentLinkView = z.infer<typeof paymentLinkViewSchema>;

/** `POST /api/payment-link/{token}/payment-intent`: the PaymentIntent for the amount due (cents). */
export const paymentLinkIntentResponseSchema = z.object({ clientSecret: z.string(), paymentIntentId: z.string(), amount: z.number() });
export type PaymentLinkIntentResponse = z.infer<typeof paymentLinkIntentResponseSchema>;

/** Body of `POST /api/payment-link/{token}/confirm`. */
export const paymentLinkConfirmRequestSchema = z.object({ paymentIntentId: paymentIntentIdField });

/**
 * `POST /api/payment-link/{token}/confirm`: `paid` — the booking is now paid by this payment;
 * `cancelled` (present only when true) — the booking was cancelled, so the payment is not credited
 * and money Stripe took is refunded in full ([money.late-payment]).
 */
export const paymentLinkConfirmResponseSchema = z.object({ paid: z.boolean(), cancelled: z.boolean().optional() });
export type PaymentLinkConfirmResponse = z.infer<typeof paymentLinkConfirmResponseSchema>;

/**
 * Body of `POST /api/bookings/{id}/change-quote` ([booking.change]): the new stay, with the
 * booking JSON's own names (dates YYYY-MM-DD, guests 1–12; the owner's limit is the server's).
 */
export const changeQuoteRequestSchema = z.object({ checkin: stayDateField, checkout: stayDateField, guests: guestsField }).strict();
export type ChangeQuoteRequest = z.output<typeof changeQuoteRequestSchema>;

/**
 * Body of `POST /api/bookings/{id}/change` ([booking.change], [booking.change-money]): the new stay
 * and how its difference is settled — one of the quote's `options`: `off_session`,
 * `payment_link`, `offline` (more to pay), `balance` (a deposit booking's unpaid balance),
 * `refund`, `credit` (less to pay), `none`; `offlineMethod` for a refund of money paid outside Stripe.
 */
export const changeBookingRequestSchema = z
  .object({
    checkin: stayDateField,
    checkout: stayDateField,
    guests: guestsField,
    settle: z.enum(CHANGE_SETTLES, { message: `must be one of ${CHANGE_SETTLES.join(', ')}` }),
    offlineMethod: z.enum(OFFLINE_METHODS, { message: `must be one of ${OFFLINE_METHODS.join(', ')}` }).optional(),
  })
  .strict();
export type ChangeBookingRequest = z.output<typeof changeBookingRequestSchema>;

/** The path of `POST /api/bookings/{id}/changes/{changeId}/refund`: both ids positive integers. */
export const changeRefundParamsSchema = bookingIdParamsSchema.extend({
  changeId: z.preprocess(digitsToNumber, z.number({ message: 'must be a change id' }).int('must be a change id').positive('must be a change id')),
});

/**
 * `POST /api/bookings/{id}/changes/{changeId}/refund` ([booking.change-refund-refused]): what the
 * owner does with the refund of a change Stripe refused: `retry` by card, or `offline` (given
 * back outside Stripe with its `method` and an optional note of up to 500 characters).
 */
export const changeRefundRequestSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('retry') }).strict(),
    z
      .object({
        action: z.literal('offline'),
        method: z.enum(OFFLINE_METHODS, { message: `must be one of ${OFFLINE_METHODS.join(', ')}` }),
        note: z.string().trim().max(500, 'must be at most 500 characters').optional(),
      })
      .strict(),
  ],
  { message: 'must be retry or offline' },
);
export type ChangeRefundRequest = z.output<typeof changeRefundRequestSchema>;

/** The owner's "Record as refunded offline" form of a refused change refund ([booking.change-refund-refused]). */
export const refusedRefundOfflineFormSchema = z.object({
  method: z.enum(OFFLINE_METHODS, { message: `must be one of ${OFFLINE_METHODS.join(', ')}` }),
  note: z.string().trim().max(500, 'must be at most 500 characters'),
});
export type RefusedRefundOfflineForm = z.output<typeof refusedRefundOfflineFormSchema>;

/** `POST /api/bookings/{id}/change-quote`: the new quote and what would happen to the difference (cents). */
export const changeQuoteResponseSchema = z.object({
  from: z.object({ checkin: z.string(), checkout: z.string(), guests: z.number() }),
  to: z.object({ checkin: z.string(), checkout: z.string(), guests: z.number() }),
  quote: priceBreakdownSchema.nullable(),
  oldTotalCents: z.number(),
  newTotalCents: z.number(),
  paidCents: z.number(),
  totalChangeCents: z.number(),
  differenceCents: z.number(),
  options: z.array(z.enum(CHANGE_SETTLES)),
  refundableCents: z.number(),
  offlineRefundableCents: z.number(),
  balance: z.object({ amountCents: z.number(), dueDate: z.string() }).nullable(),
});
export type ChangeQuoteResponse = z.infer<typeof changeQuoteResponseSchema>;

/** `POST /api/bookings/{id}/change`: the booking after, the saved change and what its money did. */
export const changeBookingResponseSchema = z.object({
  booking: bookingInquiryRecordSchema,
  change: z.object({
    id: z.number(),
    from: z.object({ checkin: z.string(), checkout: z.string(), guests: z.number() }),
    to: z.object({ checkin: z.string(), checkout: z.string(), guests: z.number() }),
    oldTotalCents: z.number(),
    newTotalCents: z.number(),
    differenceCents: z.number(),
    settle: z.enum(CHANGE_SETTLES),
    status: z.enum(['open', 'settled', 'failed']),
  }),
  settlement: z.object({
    settle: z.enum(CHANGE_SETTLES),
    status: z.enum(['open', 'settled', 'failed']),
    chargedCents: z.number(),
    refundedCents: z.number(),
    offlineRefundedCents: z.number(),
    url: z.string().nullable(),
    emailed: z.boolean(),
    /** [notices.honest]: what became of the change's e-mail; null when none was sent at this step. */
    mail: z.enum(MAIL_STATUSES).nullable(),
    message: z.string(),
  }),
});
export type ChangeBookingResponse = z.infer<typeof changeBookingResponseSchema>;

/**
 * The owner's "Change dates or guests" form ([booking.change]): `changeQuoteRequestSchema` with
 * check-out after check-in checked in the browser too (the server checks every rule again).
 */
export const changeBookingFormSchema = changeQuoteRequestSchema.refine((v) => v.checkout > v.checkin, { path: ['checkout'], message: 'must be after check-in' });
