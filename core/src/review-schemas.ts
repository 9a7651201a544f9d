/**
 * Validation of review bodies ([reviews.fields], [reviews.create]), shared by the server and the admin form.
 * Browser-safe; kept apart from `reviews.ts` so pages that only show reviews do not load zod.
 */
import { z } from 'zod';
import { isIsoDate } from './dates.js';
import { plainText } from './text.js';

/** Typed text (see `plainTextProblem`): one line unless `multiline`. */
const requiredText = (max: number, multiline = false) =>
  plainText(z.string({ message: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`), multiline);

/** Body of `POST /api/reviews` ([reviews.fields], [reviews.create]). */
export const newReviewSchema = z.object({
  guestName: requiredText(120),
  email: z.string({ message: 'is required' }).trim().max(254, 'is too long').pipe(z.email('must be an e-mail address')),
  rating: z.number({ message: 'must be a number from 1 to 5' }).int('must be a whole number').min(1, 'must be from 1 to 5').max(5, 'must be from 1 to 5'),
  title: requiredText(200),
  content: requiredText(5000, true),
  stayDate: z.string({ message: 'is required' }).refine(isIsoDate, 'must be a date written YYYY-MM-DD'),
  isApproved: z.boolean({ message: 'must be true or false' }).optional().default(false),
  isPublished: z.boolean({ message: 'must be true or false' }).optional().default(false),
});

/** A parsed `POST /api/reviews` body: trimmed texts, whole rating 1–5, both flags present. */
export type NewReviewBody = z.output<typeof newReviewSchema>;

/** Body of `PUT /api/reviews/{id}`: one or both flags. */
export const reviewFlagsSchema = z
  .object({
    isApproved: z.boolean({ message: 'must be true or false' }).optional(),
    isPublished: z.boolean({ message: 'must be true or false' }).optional(),
  })
  .refine((v) => v.isApproved !== undefined || v.isPublished !== undefined, {
    message: 'give isApproved or isPublished',
    path: ['isApproved'],
  });
