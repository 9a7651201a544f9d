/**
 * The owner's insights data ([insights.*], [analytics.summary]). Read again each time the Reports
 * tab or the Overview opens: bookings, syncs and visits change them without this page knowing.
 */
import { useQuery } from '@tanstack/react-query';
import { analyticsSummarySchema, reportsSummarySchema } from '@ridgeline/core';
import { apiQuery } from '@/lib/api';
import { adminApi } from '@/lib/query-client';

/** `GET /api/reports/summary?year=YYYY`: the year's hosting metrics with last year's beside them. */
export function useReportsSummary(year: number) {
  return useQuery({ ...apiQuery(`/api/reports/summary?year=${year}`, reportsSummarySchema, adminApi.area), staleTime: 0 });
}

/** `GET /api/analytics/summary?from&to` (property days, both included). */
export function useAnalyticsSummary(from: string, to: string) {
  return useQuery({ ...apiQuery(`/api/analytics/summary?from=${from}&to=${to}`, analyticsSummarySchema, adminApi.area), staleTime: 0 });
}

/** The URL of the printable yearly owner statement ([insights.statement]). */
export const statementUrl = (year: number) => `/api/reports/statement?year=${year}`;
