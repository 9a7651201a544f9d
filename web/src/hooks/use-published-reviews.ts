import { useQuery } from '@tanstack/react-query';
import type { PublishedReview } from '@ridgeline/core';

/** Query key (and URL) of the reviews the owner published. */
export const PUBLISHED_REVIEWS_QUERY_KEY = ['/api/reviews/published'] as const;

/** Response of `GET /api/reviews/published`. */
export interface PublishedReviewsResponse {
  reviews: PublishedReview[];
}

/** The published guest reviews shown on the home page, newest as the server orders them. */
export function usePublishedReviews() {
  return useQuery<PublishedReviewsResponse, Error, PublishedReview[]>({
    queryKey: PUBLISHED_REVIEWS_QUERY_KEY,
    select: (data) => (Array.isArray(data?.reviews) ? data.reviews : []),
  });
}
