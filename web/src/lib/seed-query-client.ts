import type { QueryClient } from '@tanstack/react-query';
import { IMAGE_CONFIG_QUERY_KEY } from '@/hooks/use-image-config';
import { PUBLISHED_REVIEWS_QUERY_KEY } from '@/hooks/use-published-reviews';
import { PUBLIC_LISTING_QUERY_KEY } from '@/hooks/use-public-listing';
import type { InitialPageData } from './initial-data';

/**
 * Puts `data` in `client`'s cache under the keys of the public data's queries, as of `updatedAt`
 * (ms since the epoch; default now). A key the cache already holds newer data for is left alone:
 * what the app fetched since the page was read wins.
 */
export function seedQueryClient(client: QueryClient, data: InitialPageData, updatedAt = Date.now()): void {
  const seed = (key: readonly [string], value: unknown) => {
    if ((client.getQueryState(key)?.dataUpdatedAt ?? 0) >= updatedAt) return;
    client.setQueryData(key, value, { updatedAt });
  };
  seed(IMAGE_CONFIG_QUERY_KEY, data.imageConfig);
  seed(PUBLISHED_REVIEWS_QUERY_KEY, data.publishedReviews);
  if (data.listing) seed(PUBLIC_LISTING_QUERY_KEY, data.listing);
}
