import type { Review } from '@ridgeline/core';

export interface ReviewStats {
  /** Reviews not approved yet. */
  pending: number;
  published: number;
  /** Mean rating of every review to one decimal; "0.0" when there is none ([admin.overview]). */
  averageRating: string;
}

export function reviewStats(reviews: readonly Review[]): ReviewStats {
  const total = reviews.reduce((sum, r) => sum + r.rating, 0);
  return {
    pending: reviews.filter((r) => !r.isApproved).length,
    published: reviews.filter((r) => r.isPublished).length,
    averageRating: (reviews.length ? total / reviews.length : 0).toFixed(1),
  };
}
