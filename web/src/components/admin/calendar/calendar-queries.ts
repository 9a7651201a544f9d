/**
 * The Google Calendar connection and cleaning settings the Calendar tab and /calendar-auth read.
 * Keys are URLs (the default query function GETs `queryKey[0]`).
 */
import { useQuery } from '@tanstack/react-query';
import type { CalendarStatus, CleaningSettings } from '@ridgeline/core';
import { adminApi } from '@/lib/query-client';

export const CALENDAR_STATUS_QUERY_KEY = ['/api/calendar/status'] as const;
export const CLEANING_SETTINGS_QUERY_KEY = ['/api/cleaning-settings'] as const;

/** `GET /api/calendar/status` */
export function useCalendarStatus() {
  return useQuery<CalendarStatus>({ meta: adminApi.meta, queryKey: CALENDAR_STATUS_QUERY_KEY, staleTime: 0 });
}

/** `GET /api/cleaning-settings` → its `settings`. */
export function useCleaningSettings() {
  return useQuery<{ settings: CleaningSettings }, Error, CleaningSettings>({
    meta: adminApi.meta,
    queryKey: CLEANING_SETTINGS_QUERY_KEY,
    select: (data) => data.settings,
  });
}
