import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** Query key (and URL) of the reviews the owner published. */
export const PUBLISHED_REVIEWS_QUERY_KEY = ['/api/reviews/published'] as const;

/** The contract, loaded apart: the home page shows the reviews, and zod stays out of its first bundle. */
const publishedReviewsContract = () => import('./public-contracts').then((api) => api.publishedReviewsResponseSchema);

/**
 * `GET /api/reviews/published` through the query cache: the published guest reviews, newest as
 * the server orders them. The home page reads them from its public data (`usePublicData`), which
 * this query keeps current (`PublicDataSync`).
 */
export function usePublishedReviewsQuery() {
  return useQuery(apiQuery(PUBLISHED_REVIEWS_QUERY_KEY[0], publishedReviewsContract));
}
