import { useQuery } from '@tanstack/react-query';
import { availabilityResponseSchema, type AvailabilityDay, type AvailabilityResponse, type NightRate } from '@ridgeline/core';
import { apiQuery } from '@/lib/api';
import { availabilityUrl } from './grid-month';
import { adminApi } from '@/lib/query-client';

/** Days that are set, and every night's effective price and its source ([availability.grid]), by date. */
export interface AvailabilityByDate {
  days: ReadonlyMap<string, AvailabilityDay>;
  rates: ReadonlyMap<string, NightRate>;
}

function byDate(data: AvailabilityResponse): AvailabilityByDate {
  return { days: new Map(data.availability.map((day) => [day.date, day])), rates: new Map(data.rates.map((rate) => [rate.date, rate])) };
}

/**
 * The owner's availability around the viewed month (the month before to the month after,
 * [availability.grid]). The query key is the URL, so any change can refresh it with `isAvailabilityQueryKey`.
 */
export function useAvailability(month: string) {
  return useQuery({
    ...apiQuery(availabilityUrl(month), availabilityResponseSchema, adminApi.area),
    select: byDate,
  });
}
