import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PUBLIC_LISTING, defaultImageConfig } from '@ridgeline/core';
import { createQueryClient } from '@/lib/query-client';
import { ListingCheckCard } from './listing-check-card';

/** The Overview's listing check ([listing.check]) against the three answers it reads. */

const review = { id: 1, guestName: 'Ann Lee', email: 'ann@example.com', rating: 2, title: 'Cold', content: 'The heat failed.', stayDate: '2026-06-12', isApproved: true, isPublished: true, isDemo: false, verifiedStay: false, source: 'airbnb', stayMonth: '2026-06', hiddenReason: null, createdAt: '2026-06-20T12:00:00.000Z' };

function serve(answers: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (url) => {
      const path = new URL(String(url), 'http://localhost').pathname;
      return path in answers ? Response.json(answers[path]) : new Response('no', { status: 404 });
    }),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderCard = (onOpenTab = vi.fn()) => {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ListingCheckCard onOpenTab={onOpenTab} />
    </QueryClientProvider>,
  );
  return onOpenTab;
};

describe('ListingCheckCard', () => {
  it('names what is missing, each linking to the tab that fixes it', async () => {
    serve({ '/api/listing': DEFAULT_PUBLIC_LISTING, '/api/images/config': defaultImageConfig(), '/api/reviews': { reviews: [{ ...review, source: 'demo', isDemo: true }] } });
    const onOpenTab = renderCard();
    const list = await screen.findByRole('list', { name: 'Missing from the listing' });
    const items = within(list).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'No Fannin County tax certificate numberFill in the certificate number',
      'No published guest review (sample reviews do not count)Add or publish a review',
      'No accessibility factsDescribe the accessibility',
    ]);
    fireEvent.click(within(list).getByRole('link', { name: 'Add or publish a review' }));
    expect(onOpenTab).toHaveBeenCalledWith('reviews');
  });

  it('says so when nothing is missing; a 2-star review counts', async () => {
    serve({
      '/api/listing': { ...DEFAULT_PUBLIC_LISTING, taxCertificateNumber: 'AET-1', accessibilityFacts: 'Two steps.' },
      '/api/images/config': defaultImageConfig(),
      '/api/reviews': { reviews: [review] },
    });
    renderCard();
    expect(await screen.findByText('Your listing has everything Google asks for.')).toBeTruthy();
  });
});
