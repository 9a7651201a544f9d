import { useQuery } from '@tanstack/react-query';
import { staysResponseSchema, type Stay, type StaysResponse } from '@ridgeline/core';
import { apiQuery } from '@/lib/api';
import { adminApi } from '@/lib/query-client';

const staysOf = (data: StaysResponse): Stay[] => data.stays;

/** The stays of `GET /api/stays` at `url` ([stays.list]); the query key is the URL (see `isStaysQueryKey`). */
export function useStays(url: string) {
  return useQuery({ ...apiQuery(url, staysResponseSchema, adminApi.area), select: staysOf });
}
