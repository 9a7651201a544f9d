/**
 * Validation of the owner's availability bodies ([availability.update], [availability.bulk]),
 * shared by `PUT /api/availability/{date}`, `POST /api/availability/bulk` and the admin
 * Availability tab's forms. Browser-safe; apart from `availability.ts` so pages that only show
 * the calendar do not load zod.
 */
import { z } from 'zod';

/** Highest nightly price the owner can set, in whole dollars. */
export const MAX_NIGHTLY_PRICE_DOLLARS = 100_000;

/** Nightly price in whole dollars ([availability.update]: whole numbers, not below 0). */
export const nightlyPriceSchema = z
  .number({ message: 'must be a whole number of dollars' })
  .int('must be a whole number of dollars')
  .min(0, 'must not be below 0')
  .max(MAX_NIGHTLY_PRICE_DOLLARS, `must be at most ${MAX_NIGHTLY_PRICE_DOLLARS}`);

/** Body of `PUT /api/availability/{date}` `{ price (dollars), isAvailable, isBlocked }` ([availability.update]). */
export const daySettingSchema = z.object({
  price: nightlyPriceSchema,
  isAvailable: z.boolean({ message: 'must be true or false' }),
  isBlocked: z.boolean({ message: 'must be true or false' }),
});

/** Body of `POST /api/availability/bulk` `{ price (dollars) }` ([availability.bulk]). */
export const bulkPriceSchema = z.object({ price: nightlyPriceSchema });

export type DaySettingBody = z.output<typeof daySettingSchema>;
