import { describe, expect, it } from 'vitest';
import { hiddenReasonAfter, publicGuestName, reviewSummary } from './reviews.js';

describe('publicGuestName ([reviews.public-name])', () => {
  it.each([
    ['Jane Doe', 'Jane D.'],
    ['  ann   van der lee ', 'ann L.'],
    ['Cher', 'Cher'],
    ['Zoë Ørsted', 'Zoë Ø.'],
    ['   ', 'Guest'],
  ])('%j → %j', (name, shown) => expect(publicGuestName(name)).toBe(shown));
});

describe('hiddenReasonAfter ([reviews.hidden-reason])', () => {
  const published = { isPublished: true, hiddenReason: null };
  const hidden = { isPublished: false, hiddenReason: 'profanity' as const };
  it('records the reason given when a published review is unpublished, other when none', () => {
    expect(hiddenReasonAfter(published, { isPublished: false, hiddenReason: 'personal_data' })).toBe('personal_data');
    expect(hiddenReasonAfter(published, { isPublished: false })).toBe('other');
  });
  it('clears it on publishing and keeps it for other changes', () => {
    expect(hiddenReasonAfter(hidden, { isPublished: true })).toBeNull();
    expect(hiddenReasonAfter(hidden, { isApproved: true } as { isPublished?: boolean })).toBe('profanity');
    expect(hiddenReasonAfter(hidden, { isPublished: false })).toBe('profanity');
    expect(hiddenReasonAfter(hidden, { isPublished: false, hiddenReason: 'off_topic' })).toBe('off_topic');
    expect(hiddenReasonAfter(published, {})).toBeNull();
    expect(hiddenReasonAfter({ isPublished: false, hiddenReason: null }, { isPublished: false })).toBeNull();
  });
});

describe('reviewSummary ([reviews.aggregate])', () => {
  it('counts every review, a 2-star one included', () => {
    expect(reviewSummary([{ rating: 5 }, { rating: 5 }, { rating: 2 }])).toEqual({ count: 3, mean: 4 });
    expect(reviewSummary([])).toEqual({ count: 0, mean: null });
  });
});
