import { useQuery } from '@tanstack/react-query';
import type { Stay, StaysResponse } from '@ridgeline/core';
import { adminApi } from '@/lib/query-client';

const staysOf = (data: StaysResponse): Stay[] => (Array.isArray(data?.stays) ? data.stays : []);

/** The stays of `GET /api/stays` at `url` ([stays.list]); the query key is the URL (see `isStaysQueryKey`). */
export function useStays(url: string) {
  return useQuery<StaysResponse, Error, Stay[]>({ meta: adminApi.meta, queryKey: [url], select: staysOf });
}
