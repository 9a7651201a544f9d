import { describe, expect, it } from 'vitest';
import { EMPTY_REVIEW_FORM, checkReviewForm, type ReviewFormValues } from './review-form-values';

const filled: ReviewFormValues = {
  ...EMPTY_REVIEW_FORM,
  guestName: '  Ana Ruiz ',
  email: ' ana@example.com',
  stayDate: '2026-10-03',
  title: ' Wonderful ',
  content: 'Great views.\n',
};

describe('checkReviewForm', () => {
  it('sends a review left at the form\'s defaults with rating 5 and both flags off (SPEC §3)', () => {
    expect(checkReviewForm(filled)).toMatchObject({ ok: true, body: { rating: 5, isApproved: false, isPublished: false } });
  });

  it('builds the trimmed POST body', () => {
    expect(checkReviewForm({ ...filled, rating: '4', isApproved: true })).toEqual({
      ok: true,
      body: {
        guestName: 'Ana Ruiz',
        email: 'ana@example.com',
        rating: 4,
        title: 'Wonderful',
        content: 'Great views.',
        stayDate: '2026-10-03',
        isApproved: true,
        isPublished: false,
      },
    });
  });

  it.each(['guestName', 'email', 'title', 'content', 'stayDate'] as const)(
    'reports Missing Fields when %s is blank',
    (field) => {
      expect(checkReviewForm({ ...filled, [field]: '   ' })).toEqual({
        ok: false,
        title: 'Missing Fields',
        description: 'Please fill in all required fields',
      });
    },
  );

  it('refuses a rating outside 1-5 or not whole', () => {
    for (const rating of ['', '0', '6', '4.5', 'x', '-1']) {
      expect(checkReviewForm({ ...filled, rating }), rating).toMatchObject({ ok: false, title: 'Invalid Rating' });
    }
    expect(checkReviewForm({ ...filled, rating: '1' }).ok).toBe(true);
  });
});
