import { useEffect, useState } from 'react';
import { useImageConfig } from '@/hooks/use-image-config';
import { usePublishedReviewsQuery } from '@/hooks/use-published-reviews';
import { usePublicListingQuery } from '@/hooks/use-public-listing';
import { seedQueryClient } from '@/lib/seed-query-client';
import { usePublicData } from '@/lib/public-data';
import { queryClient } from '@/lib/query-client';

/**
 * Keeps the home page's public data current through React Query ([data.fetching]): the image
 * config polls every 15 s, the reviews load once and again after the owner changes them. The
 * embedded data seeds the cache first (as of when it was read), so nothing is fetched that the
 * page already has. Renders nothing. Loaded on its own (`lazyWithQueries`), after the first load.
 */
export default function PublicDataSync() {
  const { embedded, update } = usePublicData();
  useState(() => {
    if (embedded) seedQueryClient(queryClient, embedded.data, embedded.readAt);
  });
  const config = useImageConfig();
  const reviews = usePublishedReviewsQuery();
  const listing = usePublicListingQuery();
  useEffect(() => update({ listing: { data: listing.data, status: listing.status } }), [listing.data, listing.status, update]);
  useEffect(() => update({ imageConfig: { data: config.data, status: config.status } }), [config.data, config.status, update]);
  useEffect(
    () => update({ publishedReviews: { data: reviews.data, status: reviews.status } }),
    [reviews.data, reviews.status, update],
  );
  return null;
}
