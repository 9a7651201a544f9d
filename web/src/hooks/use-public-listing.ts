import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** Query key (and URL) of the listing's public facts ([compliance.numbers], [a11y.facts]). */
export const PUBLIC_LISTING_QUERY_KEY = ['/api/listing'] as const;

const publicListingContract = () => import('./public-contracts').then((api) => api.publicListingResponseSchema);

/**
 * `GET /api/listing` through the query cache: the county's numbers (footer) and the owner's
 * accessibility facts (the Accessibility section). The home page reads them from its public data
 * (`usePublicData`), which this query keeps current (`PublicDataSync`).
 */
export function usePublicListingQuery() {
  return useQuery(apiQuery(PUBLIC_LISTING_QUERY_KEY[0], publicListingContract));
}
