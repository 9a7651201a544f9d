import { describe, expect, it } from 'vitest';
import { IMAGE_CONFIG_QUERY_KEY } from '@/hooks/use-image-config';
import { PUBLISHED_REVIEWS_QUERY_KEY } from '@/hooks/use-published-reviews';
import type { InitialPageData } from './initial-data';
import { createQueryClient } from './query-client';
import { seedQueryClient } from './seed-query-client';

const data: InitialPageData = {
  imageConfig: { property: { hero: '/uploads/hero-0123456789abcdef.jpg' }, carousel: {}, location: {} } as InitialPageData['imageConfig'],
  publishedReviews: {
    reviews: [{ id: 1, guestName: 'Ann', rating: 5, title: 'Great', content: 'Nice', stayDate: '2026-05-01' }],
  } as InitialPageData['publishedReviews'],
};

describe('seeding the query cache with the embedded data ([pages.server-rendered])', () => {
  it('seeds the query cache under the keys the home page reads', () => {
    const client = createQueryClient();
    seedQueryClient(client, data);
    expect(client.getQueryData(IMAGE_CONFIG_QUERY_KEY)).toEqual(data.imageConfig);
    expect(client.getQueryData(PUBLISHED_REVIEWS_QUERY_KEY)).toEqual(data.publishedReviews);
  });

  it('keeps what the cache fetched after the page was read, and dates the seed as of the read', () => {
    const client = createQueryClient();
    const newer = { reviews: [] } as InitialPageData['publishedReviews'];
    client.setQueryData(PUBLISHED_REVIEWS_QUERY_KEY, newer, { updatedAt: 2_000 });
    seedQueryClient(client, data, 1_000);
    expect(client.getQueryData(PUBLISHED_REVIEWS_QUERY_KEY)).toBe(newer);
    expect(client.getQueryState(IMAGE_CONFIG_QUERY_KEY)?.dataUpdatedAt).toBe(1_000);
  });
});
