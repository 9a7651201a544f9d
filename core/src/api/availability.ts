/**
 * Contracts of the owner's availability calendar ([availability.update], [availability.bulk]),
 * all admin. Browser-safe.
 */
import { z } from 'zod';
import { MAX_AVAILABILITY_RANGE_DAYS, type AvailabilityDay, type NightRate } from '../availability/availability.js';
import { NIGHTLY_RATE_SOURCES } from '../pricing/pricing.js';
import { daysBetween, isIsoDate } from '../shared/dates.js';
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

/**
 * Body of `PUT /api/availability` ([availability.range]): one change to the days `from`..`to`
 * (inclusive, at most `MAX_AVAILABILITY_RANGE_DAYS`). At least one of `price`, `isAvailable`,
 * `isBlocked`, `resetPrice`, `notSet`; `price` and `resetPrice` exclude each other; `notSet`
 * (back to Not Set) goes alone. Unknown fields are refused so a typo never passes as "no change".
 */
export const availabilityRangeRequestSchema = z
  .strictObject({
    from: isoDateField,
    to: isoDateField,
    price: nightlyPriceDollars.optional(),
    isAvailable: z.boolean({ message: 'must be true or false' }).optional(),
    isBlocked: z.boolean({ message: 'must be true or false' }).optional(),
    resetPrice: z.boolean({ message: 'must be true or false' }).optional(),
    notSet: z.boolean({ message: 'must be true or false' }).optional(),
  })
  .superRefine((b, ctx) => {
    // Zod runs object refinements even when a field failed: the span is checked on real dates only.
    const span = isIsoDate(b.from) && isIsoDate(b.to) ? daysBetween(b.from, b.to) : 0;
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    else if (span + 1 > MAX_AVAILABILITY_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${MAX_AVAILABILITY_RANGE_DAYS} days from from, inclusive` });
    if (b.resetPrice && b.price !== undefined) ctx.addIssue({ code: 'custom', path: ['resetPrice'], message: 'cannot be given with a price' });
    if (b.notSet && (b.price !== undefined || b.isAvailable !== undefined || b.isBlocked !== undefined || b.resetPrice))
      ctx.addIssue({ code: 'custom', path: ['notSet'], message: 'removes the days: give it alone' });
    if (b.price === undefined && b.isAvailable === undefined && b.isBlocked === undefined && !b.resetPrice && !b.notSet)
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'give a price, isAvailable, isBlocked, resetPrice or notSet' });
  });
export type AvailabilityRangeRequest = z.infer<typeof availabilityRangeRequestSchema>;

/** Body of `POST /api/availability/bulk`. */
export const bulkPriceRequestSchema = z.object({ price: nightlyPriceDollars });
export type BulkPriceRequest = z.infer<typeof bulkPriceRequestSchema>;

/** One day the owner has set; `price` its effective price in dollars, `priceSource` where it comes from. */
export const availabilityDaySchema = z.object({
  date: z.string(),
  price: z.number(),
  isAvailable: z.boolean(),
  isBlocked: z.boolean(),
  priceSource: z.enum(NIGHTLY_RATE_SOURCES),
}) satisfies z.ZodType<AvailabilityDay>;

/** A night's effective price (dollars) and source, set or Not Set ([availability.grid]). */
export const nightRateSchema = z.object({ date: z.string(), price: z.number(), priceSource: z.enum(NIGHTLY_RATE_SOURCES) }) satisfies z.ZodType<NightRate>;

/**
 * `GET /api/availability`: the days of the range that are set (SPEC's `availability`), and
 * `rates`: every night of the range with its effective price and source, Not Set ones too.
 */
export const availabilityResponseSchema = z.object({ availability: z.array(availabilityDaySchema), rates: z.array(nightRateSchema) });
export type AvailabilityResponse = z.infer<typeof availabilityResponseSchema>;

/** `PUT /api/availability/{date}`. */
export const daySavedResponseSchema = z.object({ success: z.literal(true), day: availabilityDaySchema });
export type DaySavedResponse = z.infer<typeof daySavedResponseSchema>;

/** `PUT /api/availability` ([availability.range]): how many days the range had, and its set days as saved. */
export const rangeSavedResponseSchema = z.object({
  success: z.literal(true),
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  availability: z.array(availabilityDaySchema),
});
export type RangeSavedResponse = z.infer<typeof rangeSavedResponseSchema>;

/** `POST /api/availability/bulk`: the 30 days set, from today in the property's zone. */
export const bulkPriceResponseSchema = z.object({
  success: z.literal(true),
  startDate: z.string(),
  endDate: z.string(),
  days: z.number().int(),
});
export type BulkPriceResponse = z.infer<typeof bulkPriceResponseSchema>;
