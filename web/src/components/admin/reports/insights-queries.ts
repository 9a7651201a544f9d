/**
 * The owner's hosting metrics ([insights.*]), read by the Overview and the Reports tab (the
 * visits, read by the lazily loaded insights alone, are in traffic-queries.ts). Read again each time the Reports
 * tab or the Overview opens: bookings, syncs and visits change them without this page knowing.
 */
import { useQuery } from '@tanstack/react-query';
import { reportsSummarySchema } from '@ridgeline/core';
import { apiQuery } from '@/lib/api';
import { adminApi } from '@/lib/query-client';

/** `GET /api/reports/summary?year=YYYY`: the year's hosting metrics with last year's beside them. */
export function useReportsSummary(year: number) {
  return useQuery({ ...apiQuery(`/api/reports/summary?year=${year}`, reportsSummarySchema, adminApi.area), staleTime: 0 });
}


/** The URL of the printable yearly owner statement ([insights.statement]). */
export const statementUrl = (year: number) => `/api/reports/statement?year=${year}`;
