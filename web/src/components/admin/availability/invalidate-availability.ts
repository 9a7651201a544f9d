import type { QueryClient } from '@tanstack/react-query';
import { isAvailabilityQueryKey } from './calendar-month';

/** Refreshes every cached availability read (each month viewed, and the public calendar). */
export function invalidateAvailability(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => isAvailabilityQueryKey(query.queryKey) });
}
