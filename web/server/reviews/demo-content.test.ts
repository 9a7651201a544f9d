import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublishedReview, Review } from '@ridgeline/core';
import { DEMO_REVIEWS } from '@ridgeline/core/node';
import { createTestApp, setTestPasswords, signedInAgent } from '../test-support/test-app.js';

/** Demo content ([reviews.demo]): marked in the admin list, hidden when off, removed in one action. */
let t: ReturnType<typeof createTestApp>;
afterEach(() => t.cleanup());

async function build(env: Record<string, string> = {}) {
  t = createTestApp(env); // seeded with the demo reviews, as a first run with DEMO_CONTENT
  await setTestPasswords(t.db);
  return signedInAgent(t.app);
}

const adminReviews = async (agent: Awaited<ReturnType<typeof signedInAgent>>) =>
  (await agent.get('/api/reviews').expect(200)).body.reviews as Review[];
const published = async () => (await request(t.app).get('/api/reviews/published').expect(200)).body.reviews as PublishedReview[];
const real = { guestName: 'Ann Real', email: 'ann@realguest.test', rating: 5, title: 'Lovely', content: 'We loved it.', stayDate: '2026-05-02', isApproved: true, isPublished: true };

describe('demo content', () => {
  it('marks demo reviews for the admin, never for the public, and never for a review the owner creates', async () => {
    const admin = await build();
    const created = (await admin.post('/api/reviews').send({ ...real, isDemo: true }).expect(201)).body.review as Review;
    expect(created.isDemo).toBe(false);
    const reviews = await adminReviews(admin);
    expect(reviews.filter((r) => r.isDemo).map((r) => r.guestName).sort()).toEqual(DEMO_REVIEWS.map((r) => r.guestName).sort());
    expect(reviews.find((r) => r.id === created.id)?.isDemo).toBe(false);
    const pub = await published();
    expect(pub).toHaveLength(DEMO_REVIEWS.length + 1);
    for (const review of pub) expect(review).not.toHaveProperty('isDemo');
  });

  it('POST /api/demo-content/remove deletes every demo review and nothing else, once', async () => {
    const admin = await build();
    const created = (await admin.post('/api/reviews').send(real).expect(201)).body.review as Review;
    const res = await admin.post('/api/demo-content/remove').expect(200);
    expect(res.body).toEqual({ removed: { reviews: DEMO_REVIEWS.length } });
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await adminReviews(admin)).map((r) => r.id)).toEqual([created.id]);
    expect((await published()).map((r) => r.guestName)).toEqual(['Ann Real']);
    expect((await admin.post('/api/demo-content/remove').expect(200)).body).toEqual({ removed: { reviews: 0 } });
  });

  it('with DEMO_CONTENT=false the public list leaves demo reviews out; the admin still sees them to remove', async () => {
    const admin = await build({ DEMO_CONTENT: 'false' });
    expect(await published()).toEqual([]);
    expect((await adminReviews(admin)).filter((r) => r.isDemo)).toHaveLength(DEMO_REVIEWS.length);
  });
});
