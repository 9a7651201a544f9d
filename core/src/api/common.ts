/**
 * Pieces several endpoint contracts share ([api.errors]). Browser-safe: zod and core only.
 */
import { z } from 'zod';
import { daysBetween, isIsoDate } from '../shared/dates.js';

/** A `YYYY-MM-DD` date ("is required" when absent). */
export const isoDateField = z.string({ message: 'is required' }).refine(isIsoDate, 'must be a date written YYYY-MM-DD');

/** Longest range one availability read may ask for, in days (the calendars ask for about three months). */
export const MAX_AVAILABILITY_SPAN_DAYS = 400;

// Zod runs object refinements even when a field failed, so the span checks guard their input.
const span = (q: { startDate: string; endDate: string }) =>
  isIsoDate(q.startDate) && isIsoDate(q.endDate) ? daysBetween(q.startDate, q.endDate) : 0;

/**
 * Query `?startDate=YYYY-MM-DD&endDate=YYYY-MM-DD` of the availability reads (admin and public):
 * `endDate` not before `startDate` and at most MAX_AVAILABILITY_SPAN_DAYS after it.
 */
export const availabilityRangeQuerySchema = z
  .object({ startDate: isoDateField, endDate: isoDateField })
  .refine((q) => span(q) >= 0, { message: 'must not be before startDate', path: ['endDate'] })
  .refine((q) => span(q) <= MAX_AVAILABILITY_SPAN_DAYS, {
    message: `must be at most ${MAX_AVAILABILITY_SPAN_DAYS} days after startDate`,
    path: ['endDate'],
  });
export type AvailabilityRangeQuery = z.infer<typeof availabilityRangeQuerySchema>;

/** `{ success: true }`: the answer of actions that return nothing else. */
export const successResponseSchema = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof successResponseSchema>;

/** `{ success: true, message }`: an action done, in words the page shows. */
export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Every error answer of our API ([api.errors]): `{ error, field? }`, plus endpoint-specific fields. */
export const errorBodySchema = z.looseObject({ error: z.string(), field: z.string().optional() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** ISO 8601 UTC time as the server writes it (`Date#toISOString`). */
export const isoTime = z.string();
