import { BULK_PRICE_DAYS, PROPERTY, addDays, todayIn, type AvailabilityDay, type AvailabilityResponse, type BulkPriceResponse } from '@ridgeline/core';
import { listAvailability, setAvailability, setPriceForDays, type DaySetting } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';

/** The days set between `startDate` and `endDate` (`YYYY-MM-DD`), price in dollars ([availability.update]). */
export function availabilityBetween(deps: Pick<AppDeps, 'db'>, startDate: string, endDate: string): AvailabilityResponse['availability'] {
  return listAvailability(deps.db, startDate, endDate);
}

/** Saves one day's `{ price (dollars), isAvailable, isBlocked }` as of the app's clock; the day as saved ([availability.update]). */
export function saveDay(deps: Pick<AppDeps, 'db' | 'now'>, date: string, setting: DaySetting): AvailabilityDay {
  return setAvailability(deps.db, date, setting, deps.now?.());
}

/**
 * Sets `price` (dollars) on the next `BULK_PRICE_DAYS` days from today in the property's zone,
 * available and not blocked, in one transaction ([availability.bulk]).
 */
export function setBulkPrice(deps: Pick<AppDeps, 'db' | 'now'>, price: number): Omit<BulkPriceResponse, 'success'> {
  const now = deps.now?.() ?? new Date();
  const startDate = todayIn(PROPERTY.timeZone, now);
  const dates = setPriceForDays(deps.db, startDate, BULK_PRICE_DAYS, price, now);
  return { startDate, endDate: addDays(startDate, BULK_PRICE_DAYS - 1), days: dates.length };
}
