import { useQuery } from '@tanstack/react-query';
import { bookingTimelineResponseSchema, ownerNoticesResponseSchema } from '@ridgeline/core';
import { apiQuery } from '@/lib/api';
import { adminApi } from '@/lib/query-client';

export const OWNER_NOTICES_QUERY_KEY = ['/api/owner-notices'] as const;

/** `GET /api/owner-notices` ([owner.notices]): the newest 50 notices and whether they are e-mailed. */
export function useOwnerNotices() {
  return useQuery({ ...apiQuery(OWNER_NOTICES_QUERY_KEY[0], ownerNoticesResponseSchema, adminApi.area), staleTime: 0 });
}

/** `GET /api/bookings/:id/timeline` ([booking.timeline]), read when `enabled` (the History is open). */
export function useBookingTimeline(bookingId: number, enabled: boolean) {
  return useQuery({
    ...apiQuery(`/api/bookings/${bookingId}/timeline`, bookingTimelineResponseSchema, adminApi.area),
    select: (data) => data.events,
    enabled,
    staleTime: 0,
  });
}
