/**
 * Contracts of the review endpoints ([reviews.fields], [reviews.create], [reviews.flags],
 * [reviews.delete], [reviews.public]) and of `POST /api/demo-content/remove` ([reviews.demo]).
 * Browser-safe; the server validates with these schemas, the admin form and the SPA's client parse with them.
 */
import { z } from 'zod';
import { isIsoDate } from '../shared/dates.js';
import { HIDDEN_REASONS, OWNER_REVIEW_SOURCES, REVIEW_SOURCES, type DemoContentRemoved, type PublishedReview, type Review } from '../reviews/reviews.js';
import { plainText } from '../shared/text.js';
import { successResponseSchema } from './common.js';

/** Typed text (see `plainTextProblem`): one line unless `multiline`. */
const requiredText = (max: number, multiline = false) =>
  plainText(z.string({ message: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`), multiline);

/** A review's source as the owner may give it ([reviews.source]): `direct` and `demo` are never typed in. */
const ownerSourceField = z.enum(OWNER_REVIEW_SOURCES, { message: `must be one of ${OWNER_REVIEW_SOURCES.join(', ')}` });

/** Why a review is unpublished ([reviews.hidden-reason]). */
export const hiddenReasonSchema = z.enum(HIDDEN_REASONS, { message: `must be one of ${HIDDEN_REASONS.join(', ')}` });

/**
 * Body of `POST /api/reviews` ([reviews.fields], [reviews.create], [reviews.source]); `source`
 * defaults to `guestbook`; the stay month is `stayDate`'s.
 */
export const newReviewSchema = z.object({
  guestName: requiredText(120),
  email: z.string({ message: 'is required' }).trim().max(254, 'is too long').pipe(z.email('must be an e-mail address')),
  rating: z.number({ message: 'must be a number from 1 to 5' }).int('must be a whole number').min(1, 'must be from 1 to 5').max(5, 'must be from 1 to 5'),
  title: requiredText(200),
  content: requiredText(5000, true),
  stayDate: z.string({ message: 'is required' }).refine(isIsoDate, 'must be a date written YYYY-MM-DD'),
  source: ownerSourceField.optional().default('guestbook'),
  isApproved: z.boolean({ message: 'must be true or false' }).optional().default(false),
  isPublished: z.boolean({ message: 'must be true or false' }).optional().default(false),
});
/** What a client sends to `POST /api/reviews` (the flags may be left out). */
export type NewReviewRequest = z.input<typeof newReviewSchema>;
/** A parsed `POST /api/reviews` body: trimmed texts, whole rating 1–5, source and both flags present. */
export type NewReviewBody = z.output<typeof newReviewSchema>;

/**
 * Body of `PUT /api/reviews/{id}`: one or both flags; `hiddenReason` only with `isPublished: false`
 * ([reviews.hidden-reason]: unpublishing without one records `other`).
 */
export const reviewFlagsSchema = z
  .object({
    isApproved: z.boolean({ message: 'must be true or false' }).optional(),
    isPublished: z.boolean({ message: 'must be true or false' }).optional(),
    hiddenReason: hiddenReasonSchema.optional(),
  })
  .refine((v) => v.isApproved !== undefined || v.isPublished !== undefined, {
    message: 'give isApproved or isPublished',
    path: ['isApproved'],
  })
  .refine((v) => v.hiddenReason === undefined || v.isPublished === false, {
    message: 'is given only with isPublished: false',
    path: ['hiddenReason'],
  });
export type ReviewFlagsRequest = z.input<typeof reviewFlagsSchema>;

/** Path of `PUT`/`DELETE /api/reviews/{id}`. Digits only: `Number()` would also read "0x1", "1e0" and " 1" as review 1. */
export const reviewIdParamsSchema = z.object({ id: z.string().regex(/^[1-9]\d{0,14}$/, 'must be a review id').transform(Number) });

/** One review as the admin API returns it ([reviews.fields]). */
export const reviewSchema = z.object({
  id: z.number(),
  guestName: z.string(),
  email: z.string(),
  rating: z.number(),
  title: z.string(),
  content: z.string(),
  stayDate: z.string(),
  isApproved: z.boolean(),
  isPublished: z.boolean(),
  isDemo: z.boolean(),
  verifiedStay: z.boolean(),
  source: z.enum(REVIEW_SOURCES),
  stayMonth: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  hiddenReason: hiddenReasonSchema.nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<Review>;

/**
 * One review as the public page gets it: no e-mail address, no flags, no hidden reason; `source`
 * and `stayMonth` kept ([reviews.public], [reviews.source]; the structured data leaves `demo` out).
 */
export const publishedReviewSchema = reviewSchema.omit({
  email: true,
  isApproved: true,
  isPublished: true,
  isDemo: true,
  verifiedStay: true,
  hiddenReason: true,
}) satisfies z.ZodType<PublishedReview>;

/** `GET /api/reviews/published` (public). */
export const publishedReviewsResponseSchema = z.object({ reviews: z.array(publishedReviewSchema) });
export type PublishedReviewsResponse = z.infer<typeof publishedReviewsResponseSchema>;

/** `GET /api/reviews` (admin). */
export const reviewsResponseSchema = z.object({ reviews: z.array(reviewSchema) });
export type ReviewsResponse = z.infer<typeof reviewsResponseSchema>;

/** `POST /api/reviews` (201) and `PUT /api/reviews/{id}`. */
export const reviewSavedResponseSchema = z.object({ success: z.literal(true), review: reviewSchema });
export type ReviewSavedResponse = z.infer<typeof reviewSavedResponseSchema>;

/** `DELETE /api/reviews/{id}`. */
export const reviewDeletedResponseSchema = successResponseSchema;

/** `POST /api/demo-content/remove` → what was deleted ([reviews.demo]). */
export const demoContentRemovedSchema = z.object({ removed: z.object({ reviews: z.number().int().min(0) }) }) satisfies z.ZodType<DemoContentRemoved>;
