/**
 * The contract of `GET /api/owner-notices` ([owner.notices]): what the owner was told, for the
 * Overview's Notices card.
 */
import { z } from 'zod';
import { OWNER_NOTICE_KINDS } from '../notices/owner-notice-texts.js';

/** One notice: what it said and whether it was e-mailed. */
export const ownerNoticeSchema = z.object({
  id: z.number().int(),
  kind: z.enum(OWNER_NOTICE_KINDS),
  subject: z.string(),
  text: z.string(),
  bookingId: z.number().int().nullable(),
  /** ISO 8601 UTC */
  createdAt: z.string(),
  /** ISO 8601 UTC when it was e-mailed; null while not. */
  sentAt: z.string().nullable(),
  /** The error of the last failed send (retried by the owner-notices job); null without one. */
  sendError: z.string().nullable(),
});
export type OwnerNoticeView = z.output<typeof ownerNoticeSchema>;

/**
 * `GET /api/owner-notices` → the newest 50 notices first; `emailConfigured`: notices are
 * e-mailed (an `ownerEmail` is set and SMTP is configured); `notEmailedBecause` says which of
 * the two is missing (`owner-email` first), null when neither.
 */
export const ownerNoticesResponseSchema = z.object({
  notices: z.array(ownerNoticeSchema),
  emailConfigured: z.boolean(),
  notEmailedBecause: z.enum(['owner-email', 'smtp']).nullable(),
});
export type OwnerNoticesResponse = z.output<typeof ownerNoticesResponseSchema>;
