/** The owner's settings as the dashboard reads them (`GET /api/settings`, [settings.api]). */
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_CALENDAR_PRICE_DOLLARS, settingsResponseSchema } from '@ridgeline/core';
import { apiQuery } from '@/lib/api';
import { adminApi } from '@/lib/query-client';

export const SETTINGS_QUERY_KEY = ['/api/settings'] as const;

/** `GET /api/settings`: the whole settings object (cents, basis points). */
export function useOwnerSettings() {
  return useQuery(apiQuery(SETTINGS_QUERY_KEY[0], settingsResponseSchema, adminApi.area));
}

/**
 * The base nightly rate in whole dollars ([pricing.nightly]): what the availability grid shows on
 * a Not Set day and what its panels pre-fill, so the owner sees the price guests pay. The
 * default rate until the settings have loaded.
 */
export function useBaseNightlyDollars(): number {
  const settings = useOwnerSettings();
  return settings.data ? Math.round(settings.data.baseNightlyRateCents / 100) : DEFAULT_CALENDAR_PRICE_DOLLARS;
}
