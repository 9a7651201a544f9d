import { useQuery } from '@tanstack/react-query';
import type { AvailabilityDay } from '@ridgeline/core';
import { availabilityUrl } from './calendar-month';
import { adminApi } from '@/lib/query-client';

/** Response of `GET /api/availability` ([availability.update], field `availability`). */
export interface AvailabilityResponse {
  availability: AvailabilityDay[];
}

/** Days that are set, by date. */
export type AvailabilityByDate = ReadonlyMap<string, AvailabilityDay>;

function byDate(data: AvailabilityResponse): AvailabilityByDate {
  const days = Array.isArray(data?.availability) ? data.availability : [];
  return new Map(days.map((day) => [day.date, day]));
}

/**
 * The owner's availability around the viewed month (the month before to the month after,
 * [availability.grid]). The query key is the URL, so any change can refresh it with `isAvailabilityQueryKey`.
 */
export function useAvailability(month: string) {
  return useQuery<AvailabilityResponse, Error, AvailabilityByDate>({
    meta: adminApi.meta,
    queryKey: [availabilityUrl(month)],
    select: byDate,
  });
}
