/**
 * The Google Calendar connection and cleaning settings the Calendar tab and /calendar-auth read.
 * Keys are URLs; answers are parsed with the contracts of `core/src/api/google-calendar.ts`.
 */
import { useQuery } from '@tanstack/react-query';
import { calendarStatusSchema, cleaningSettingsResponseSchema } from '@ridgeline/core';
import { apiQuery } from '@/lib/api';
import { adminApi } from '@/lib/query-client';

export const CALENDAR_STATUS_QUERY_KEY = ['/api/calendar/status'] as const;
export const CLEANING_SETTINGS_QUERY_KEY = ['/api/cleaning-settings'] as const;

/** `GET /api/cleaning-settings`. */
export const cleaningSettingsQuery = () => apiQuery(CLEANING_SETTINGS_QUERY_KEY[0], cleaningSettingsResponseSchema, adminApi.area);

/** `GET /api/calendar/status` */
export function useCalendarStatus() {
  return useQuery({ ...apiQuery(CALENDAR_STATUS_QUERY_KEY[0], calendarStatusSchema, adminApi.area), staleTime: 0 });
}

/** `GET /api/cleaning-settings` → its `settings`. */
export function useCleaningSettings() {
  return useQuery({ ...cleaningSettingsQuery(), select: (data) => data.settings });
}
