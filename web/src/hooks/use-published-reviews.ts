import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** Query key (and URL) of the reviews the owner published. */
export const PUBLISHED_REVIEWS_QUERY_KEY = ['/api/reviews/published'] as const;

/** The contract, loaded apart: the home page shows the reviews, and zod stays out of its first bundle. */
const publishedReviewsContract = () => import('./public-contracts').then((api) => api.publishedReviewsResponseSchema);

/** The published guest reviews shown on the home page, newest as the server orders them. */
export function usePublishedReviews() {
  return useQuery({
    ...apiQuery(PUBLISHED_REVIEWS_QUERY_KEY[0], publishedReviewsContract),
    select: (data) => data.reviews,
  });
}
