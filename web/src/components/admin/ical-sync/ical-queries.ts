/**
 * The calendar-source data of the iCal Sync tab. Keys are URLs; answers are parsed with the
 * contracts of `core/src/api/ical.ts`.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { autoSyncStatusResponseSchema, calendarSourcesResponseSchema, feedUrlsResponseSchema } from '@ridgeline/core';
import { apiQuery } from '@/lib/api';
import { adminApi } from '@/lib/query-client';

export const CALENDAR_SOURCES_QUERY_KEY = ['/api/calendar-sources'] as const;
export const AUTO_SYNC_STATUS_QUERY_KEY = ['/api/ical/auto-sync/status'] as const;
export const CALENDAR_FEED_QUERY_KEY = ['/api/calendar/feed'] as const;

/** [ical.panel], [data.fetching]: the panel refreshes auto-sync status and the source list on load and every 30 s. */
export const CALENDAR_PANEL_REFRESH_MS = 30_000;

/** `GET /api/calendar-sources`. */
export const calendarSourcesQuery = () => apiQuery(CALENDAR_SOURCES_QUERY_KEY[0], calendarSourcesResponseSchema, adminApi.area);

/** `GET /api/calendar/feed`. */
export const calendarFeedQuery = () => apiQuery(CALENDAR_FEED_QUERY_KEY[0], feedUrlsResponseSchema, adminApi.area);

/** `GET /api/calendar-sources` → its `sources`, refreshed on load and every 30 s. */
export function useCalendarSources() {
  return useQuery({
    ...calendarSourcesQuery(),
    select: (data) => data.sources,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: CALENDAR_PANEL_REFRESH_MS,
  });
}

/** `GET /api/ical/auto-sync/status` (the legacy status), refreshed on load and every 30 s. */
export function useAutoSyncStatus() {
  return useQuery({
    ...apiQuery(AUTO_SYNC_STATUS_QUERY_KEY[0], autoSyncStatusResponseSchema, adminApi.area),
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: CALENDAR_PANEL_REFRESH_MS,
  });
}

/** `GET /api/calendar/feed`: the two export feed addresses. */
export function useFeedUrls() {
  return useQuery(calendarFeedQuery());
}

/** Re-reads the source list and the status (after a change or a sync). */
export function refreshCalendarPanel(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: CALENDAR_SOURCES_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: AUTO_SYNC_STATUS_QUERY_KEY }),
  ]).then(() => undefined);
}
