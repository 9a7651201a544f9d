/**
 * Contracts of the owner's availability calendar ([availability.update], [availability.bulk]),
 * all admin. Browser-safe.
 */
import { z } from 'zod';
import type { AvailabilityDay } from '../availability/availability.js';
import { availabilityRangeQuerySchema, isoDateField } from './common.js';

/** The highest nightly price the owner can set, in whole dollars. */
export const MAX_NIGHTLY_PRICE_DOLLARS = 100_000;

/** Nightly price in whole dollars ([availability.update]: whole numbers, not below 0). */
export const nightlyPriceDollars = z
  .number({ message: 'must be a whole number of dollars' })
  .int('must be a whole number of dollars')
  .min(0, 'must not be below 0')
  .max(MAX_NIGHTLY_PRICE_DOLLARS, `must be at most ${MAX_NIGHTLY_PRICE_DOLLARS}`);

/** Query of `GET /api/availability`. */
export const availabilityQuerySchema = availabilityRangeQuerySchema;

/** Path of `PUT /api/availability/{date}`. */
export const availabilityDateParamsSchema = z.object({ date: isoDateField });

/** Body of `PUT /api/availability/{date}`. */
export const daySettingSchema = z.object({
  price: nightlyPriceDollars,
  isAvailable: z.boolean({ message: 'must be true or false' }),
  isBlocked: z.boolean({ message: 'must be true or false' }),
});
export type DaySettingRequest = z.infer<typeof daySettingSchema>;

/** Body of `POST /api/availability/bulk`. */
export const bulkPriceRequestSchema = z.object({ price: nightlyPriceDollars });
export type BulkPriceRequest = z.infer<typeof bulkPriceRequestSchema>;

/** One day the owner has set; `price` in whole dollars. */
export const availabilityDaySchema = z.object({
  date: z.string(),
  price: z.number(),
  isAvailable: z.boolean(),
  isBlocked: z.boolean(),
}) satisfies z.ZodType<AvailabilityDay>;

/** `GET /api/availability`: the days of the range that are set. */
export const availabilityResponseSchema = z.object({ availability: z.array(availabilityDaySchema) });
export type AvailabilityResponse = z.infer<typeof availabilityResponseSchema>;

/** `PUT /api/availability/{date}`. */
export const daySavedResponseSchema = z.object({ success: z.literal(true), day: availabilityDaySchema });
export type DaySavedResponse = z.infer<typeof daySavedResponseSchema>;

/** `POST /api/availability/bulk`: the 30 days set, from today in the property's zone. */
export const bulkPriceResponseSchema = z.object({
  success: z.literal(true),
  startDate: z.string(),
  endDate: z.string(),
  days: z.number().int(),
});
export type BulkPriceResponse = z.infer<typeof bulkPriceResponseSchema>;
