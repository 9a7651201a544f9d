import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PUBLIC_LISTING, defaultImageConfig } from '@ridgeline/core';
import PublicDataSync from '@/components/home/public-data-sync';
import { IMAGE_CONFIG_QUERY_KEY } from '@/hooks/use-image-config';
import { PUBLISHED_REVIEWS_QUERY_KEY } from '@/hooks/use-published-reviews';
import type { InitialPageData } from './initial-data';
import { PublicDataProvider, usePublicData } from './public-data';
import { queryClient } from './query-client';
import { QueryProvider } from './query-provider';

const review = (id: number, title: string) => ({
  id,
  guestName: 'Ann',
  rating: 5,
  source: 'guestbook' as const,
  stayMonth: '2026-05',
  title,
  content: 'Lovely stay',
  stayDate: '2026-05-01',
  createdAt: '2026-05-05T12:00:00.000Z',
});

const embedded: InitialPageData = {
  imageConfig: defaultImageConfig() as InitialPageData['imageConfig'],
  publishedReviews: { reviews: [review(1, 'Embedded')] },
  listing: { ...DEFAULT_PUBLIC_LISTING, taxCertificateNumber: 'AET-1' },
};

/** What a home section would read: each answer's state and the review titles. */
function Reader() {
  const { imageConfig, publishedReviews } = usePublicData();
  return (
    <p data-testid="reader">
      {`config ${imageConfig.status}; reviews ${publishedReviews.status}: ${publishedReviews.data?.reviews.map((r) => r.title).join(', ') ?? ''}`}
    </p>
  );
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the public pages’ data ([pages.server-rendered], [data.fetching])', () => {
  it('starts as the embedded data, or pending on a page that embedded none', () => {
    const view = render(
      <PublicDataProvider initial={embedded}>
        <Reader />
      </PublicDataProvider>,
    );
    expect(screen.getByTestId('reader').textContent).toBe('config success; reviews success: Embedded');
    view.unmount();
    render(
      <PublicDataProvider initial={undefined}>
        <Reader />
      </PublicDataProvider>,
    );
    expect(screen.getByTestId('reader').textContent).toBe('config pending; reviews pending: ');
  });

  it('is kept current through the query cache: nothing refetched that the page has, newer reviews shown', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ reviews: [review(2, 'Newer')] }));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <PublicDataProvider initial={embedded}>
        <Reader />
        <QueryProvider>
          <PublicDataSync />
        </QueryProvider>
      </PublicDataProvider>,
    );
    // The embedded answers seed the cache: no request for what the page already shows.
    expect(queryClient.getQueryData(IMAGE_CONFIG_QUERY_KEY)).toBe(embedded.imageConfig);
    expect(fetchMock).not.toHaveBeenCalled();

    // The owner published a review (the dashboard invalidates the query): the page shows it.
    await act(() => queryClient.invalidateQueries({ queryKey: PUBLISHED_REVIEWS_QUERY_KEY }));
    await vi.waitFor(() => expect(screen.getByTestId('reader').textContent).toBe('config success; reviews success: Newer'));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/reviews/published']);
  });

  it('fetches at once on a page that embedded nothing, and says when the reviews cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (url) =>
        String(url) === '/api/images/config' ? Response.json(defaultImageConfig()) : new Response('down', { status: 503 }),
      ),
    );
    render(
      <PublicDataProvider initial={undefined}>
        <Reader />
        <QueryProvider>
          <PublicDataSync />
        </QueryProvider>
      </PublicDataProvider>,
    );
    await vi.waitFor(() => expect(screen.getByTestId('reader').textContent).toBe('config success; reviews error: '));
  });
});
