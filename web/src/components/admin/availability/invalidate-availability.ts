import type { QueryClient } from '@tanstack/react-query';
import { isStaysQueryKey } from '../stays/stay-nights';
import { isAvailabilityQueryKey } from './grid-month';

/**
 * Refreshes every cached availability read (each month viewed, and the public calendar) and the
 * stays shown with it ([availability.stays]: owner blocks and imports change them).
 */
export function invalidateAvailability(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => isAvailabilityQueryKey(query.queryKey) || isStaysQueryKey(query.queryKey) });
}
