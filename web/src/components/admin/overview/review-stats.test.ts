import type { Review } from '@ridgeline/core';
import { describe, expect, it } from 'vitest';
import { reviewStats } from './review-stats';

const review = (rating: number, isApproved: boolean, isPublished: boolean): Review => ({
  id: rating,
  guestName: 'Guest',
  email: 'g@example.com',
  rating,
  title: 't',
  content: 'c',
  stayDate: '2026-01-01',
  isApproved,
  isPublished,
  isDemo: false,
  verifiedStay: false,
  source: 'guestbook',
  stayMonth: '2026-06',
  hiddenReason: null,
  createdAt: '2026-01-02T00:00:00.000Z',
});

describe('reviewStats', () => {
  it('counts pending (not approved) and published reviews independently', () => {
    // Unapproving does not unpublish ([reviews.flags]): a published, unapproved review counts in both.
    const stats = reviewStats([review(5, true, true), review(4, false, true), review(3, false, false)]);
    expect(stats.pending).toBe(2);
    expect(stats.published).toBe(2);
  });

  it('averages every rating to one decimal, "0.0" without reviews', () => {
    expect(reviewStats([review(5, true, true), review(4, true, true), review(4, false, false)]).averageRating).toBe(
      '4.3',
    );
    expect(reviewStats([]).averageRating).toBe('0.0');
  });
});
