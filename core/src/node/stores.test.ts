import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE_PATH } from '../images/images.js';
import { getImageConfig, setImageSlot } from './images/images-store.js';
import { countPageViews, recordPageView } from './analytics/page-views-store.js';
import { createReview, listPublishedReviews, listReviews } from './reviews/reviews-store.js';
import { DEMO_REVIEWS, seedDemoContent } from './seed.js';
import { createTestDatabase } from './test-db.js';

let t: ReturnType<typeof createTestDatabase>;
beforeEach(() => (t = createTestDatabase()));
afterEach(() => t.cleanup());

describe('image config store', () => {
  it('starts empty: every property and location key blank, no carousel slides', () => {
    expect(getImageConfig(t.db)).toEqual({
      property: { hero: '', overview: '', aerial: '', entrance: '', kitchen: '' },
      carousel: {},
      location: { mountains: '', railway: '', golf: '' },
    });
  });

  it('stores paths per slot, in slide order, and stores the placeholder as empty', () => {
    setImageSlot(t.db, 'slide10', '/uploads/ten.webp');
    setImageSlot(t.db, 'slide2', '/uploads/two.webp');
    setImageSlot(t.db, 'hero', '/uploads/hero.webp');
    setImageSlot(t.db, 'golf', PLACEHOLDER_IMAGE_PATH);
    const config = getImageConfig(t.db);
    expect(Object.keys(config.carousel)).toEqual(['slide2', 'slide10']);
    expect(config.property.hero).toBe('/uploads/hero.webp');
    expect(config.location.golf).toBe('');
    setImageSlot(t.db, 'hero', '/uploads/hero2.webp');
    expect(getImageConfig(t.db).property.hero).toBe('/uploads/hero2.webp');
  });

  it('refuses unknown slots', () => {
    expect(() => setImageSlot(t.db, 'slide33', '/x.jpg')).toThrow(RangeError);
    expect(() => setImageSlot(t.db, 'banner', '/x.jpg')).toThrow(RangeError);
  });
});

describe('reviews store', () => {
  it('lists only published reviews publicly, newest stay first, without e-mail', () => {
    createReview(t.db, { ...DEMO_REVIEWS[0]!, stayDate: '2026-01-01', isPublished: true });
    createReview(t.db, { ...DEMO_REVIEWS[1]!, stayDate: '2026-05-01', isPublished: true, isApproved: false });
    createReview(t.db, { ...DEMO_REVIEWS[2]!, stayDate: '2026-06-01', isPublished: false });
    const published = listPublishedReviews(t.db);
    expect(published.map((r) => r.stayDate)).toEqual(['2026-05-01', '2026-01-01']);
    expect(published[0]).not.toHaveProperty('email');
    expect(listReviews(t.db)).toHaveLength(3);
  });

  it('keeps text exactly as given (rendering escapes it)', () => {
    const review = createReview(t.db, { ...DEMO_REVIEWS[0]!, content: '<img src=x onerror=alert(1)> “quotes”' });
    expect(listReviews(t.db).find((r) => r.id === review.id)?.content).toBe('<img src=x onerror=alert(1)> “quotes”');
  });
});

describe('seedDemoContent', () => {
  it('fills the default images and the published demo reviews', () => {
    seedDemoContent(t.db);
    const config = getImageConfig(t.db);
    expect(config.property.hero).toBe('/images/defaults/hero.jpg');
    expect(Object.keys(config.carousel)).toHaveLength(10);
    const reviews = listPublishedReviews(t.db);
    expect(reviews).toHaveLength(DEMO_REVIEWS.length);
    expect(reviews.every((r) => r.rating >= 1 && r.rating <= 5)).toBe(true);
  });
});

describe('page views', () => {
  it('counts views per path', () => {
    recordPageView(t.db, { path: '/', referrer: '' });
    recordPageView(t.db, { path: '/', referrer: 'https://google.com/' });
    recordPageView(t.db, { path: '/checkout', referrer: '' });
    expect(countPageViews(t.db)).toEqual([
      { path: '/', views: 2 },
      { path: '/checkout', views: 1 },
    ]);
  });
});
