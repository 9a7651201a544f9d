import { BULK_PRICE_DAYS, PROPERTY, addDays, todayIn, type AvailabilityDay, type AvailabilityResponse, type BulkPriceResponse } from '@ridgeline/core';
import { applyAvailabilityRange, getOwnerSettings, listAvailability, nightRates, setAvailability, setPriceForDays, type DaySetting, type RangeChange } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';

/**
 * The days set between `startDate` and `endDate` (`YYYY-MM-DD`), and every night's effective
 * price and source (`rates`), in dollars ([availability.grid], [availability.own-price]).
 */
export function availabilityBetween(deps: Pick<AppDeps, 'db'>, startDate: string, endDate: string): AvailabilityResponse {
  const settings = getOwnerSettings(deps.db);
  return { availability: listAvailability(deps.db, startDate, endDate, settings), rates: nightRates(deps.db, startDate, endDate, settings) };
}

/**
 * Saves one day's `{ price (dollars), isAvailable, isBlocked }` as of the app's clock; the day as
 * saved. The price is kept as the night's own price only when it is one ([availability.own-price]).
 */
export function saveDay(deps: Pick<AppDeps, 'db' | 'now'>, date: string, setting: DaySetting): AvailabilityDay {
  return setAvailability(deps.db, date, setting, deps.now?.());
}

/** Applies one change to the days `from`..`to` (inclusive) in one transaction ([availability.range]); the set days as saved. */
export function saveRange(deps: Pick<AppDeps, 'db' | 'now'>, change: RangeChange): AvailabilityDay[] {
  return applyAvailabilityRange(deps.db, change, deps.now?.());
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
