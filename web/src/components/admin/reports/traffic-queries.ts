import { useQuery } from '@tanstack/react-query';
import { analyticsSummarySchema } from '@ridgeline/core';
import { apiQuery } from '@/lib/api';
import { adminApi } from '@/lib/query-client';

/**
 * `GET /api/analytics/summary?from&to` ([analytics.summary]; property days, both included). Read
 * again each time the Reports tab opens. Only the lazily loaded insights section imports it.
 */
export function useAnalyticsSummary(from: string, to: string) {
  return useQuery({ ...apiQuery(`/api/analytics/summary?from=${from}&to=${to}`, analyticsSummarySchema, adminApi.area), staleTime: 0 });
}
