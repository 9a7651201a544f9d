import { useQuery } from '@tanstack/react-query';
import { availabilityResponseSchema, type AvailabilityDay, type AvailabilityResponse } from '@ridgeline/core';
import { apiQuery } from '@/lib/api';
import { availabilityUrl } from './grid-month';
import { adminApi } from '@/lib/query-client';

/** Days that are set, by date. */
export type AvailabilityByDate = ReadonlyMap<string, AvailabilityDay>;

function byDate(data: AvailabilityResponse): AvailabilityByDate {
  return new Map(data.availability.map((day) => [day.date, day]));
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
