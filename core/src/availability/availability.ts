/**
 * The owner's availability calendar ([availability.states], [availability.grid]). Browser-safe.
 */

import type { NightlyRateSource } from '../pricing/pricing.js';

/**
 * One day as the admin API returns it ([availability.own-price]): `price` is the night's effective
 * price in dollars (its own price, else its season's, the weekend or the base rate:
 * [pricing.nightly]) and `priceSource` says which of them it is.
 */
export interface AvailabilityDay {
  /** YYYY-MM-DD */
  date: string;
  price: number;
  isAvailable: boolean;
  isBlocked: boolean;
  priceSource: NightlyRateSource;
}

/** The effective price of one night (dollars) and where it comes from, set or Not Set ([availability.grid]). */
export interface NightRate {
  /** YYYY-MM-DD */
  date: string;
  price: number;
  priceSource: NightlyRateSource;
}

/** The owner's words for a price's source, as the grid says it ("$395 weekend rate"). */
export const PRICE_SOURCE_LABELS: Readonly<Record<NightlyRateSource, string>> = {
  own: 'own price',
  season: 'season rate',
  weekend: 'weekend rate',
  base: 'base rate',
};

/** The most days one `PUT /api/availability` range may span (`to` inclusive): about a year. */
export const MAX_AVAILABILITY_RANGE_DAYS = 366;

export type DayStatus = 'Available' | 'Unavailable' | 'Blocked' | 'Not Set';

/** [availability.states]: blocked overrides available; not available and not blocked is Unavailable. */
export function dayStatus(day: Pick<AvailabilityDay, 'isAvailable' | 'isBlocked'> | undefined): DayStatus {
  if (!day) return 'Not Set';
  if (day.isBlocked) return 'Blocked';
  return day.isAvailable ? 'Available' : 'Unavailable';
}

/** How many days "Apply to Next 30 Days" sets, starting today ([availability.bulk]). */
export const BULK_PRICE_DAYS = 30;
