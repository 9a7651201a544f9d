/**
 * The calendar-source data of the iCal Sync tab. Keys are URLs (the default query function GETs
 * `queryKey[0]`).
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { AutoSyncStatus, CalendarSource, CalendarSourcesResponse, FeedUrls } from './calendar-source';
import { adminApi } from '@/lib/query-client';

export const CALENDAR_SOURCES_QUERY_KEY = ['/api/calendar-sources'] as const;
export const AUTO_SYNC_STATUS_QUERY_KEY = ['/api/ical/auto-sync/status'] as const;
export const CALENDAR_FEED_QUERY_KEY = ['/api/calendar/feed'] as const;

/** [ical.panel], [data.fetching]: the panel refreshes auto-sync status and the source list on load and every 30 s. */
export const CALENDAR_PANEL_REFRESH_MS = 30_000;

/** `GET /api/calendar-sources` → its `sources`, refreshed on load and every 30 s. */
export function useCalendarSources() {
  return useQuery<CalendarSourcesResponse, Error, CalendarSource[]>({
    meta: adminApi.meta,
    queryKey: CALENDAR_SOURCES_QUERY_KEY,
    select: (data) => data.sources,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: CALENDAR_PANEL_REFRESH_MS,
  });
}

/** `GET /api/ical/auto-sync/status` (the legacy status), refreshed on load and every 30 s. */
export function useAutoSyncStatus() {
  return useQuery<AutoSyncStatus>({
    meta: adminApi.meta,
    queryKey: AUTO_SYNC_STATUS_QUERY_KEY,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: CALENDAR_PANEL_REFRESH_MS,
  });
}

/** `GET /api/calendar/feed`: the two export feed addresses. */
export function useFeedUrls() {
  return useQuery<FeedUrls>({ meta: adminApi.meta, queryKey: CALENDAR_FEED_QUERY_KEY });
}

/** Re-reads the source list and the status (after a change or a sync). */
export function refreshCalendarPanel(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: CALENDAR_SOURCES_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: AUTO_SYNC_STATUS_QUERY_KEY }),
  ]).then(() => undefined);
}
