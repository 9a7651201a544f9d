import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { publishedReviewsResponseSchema, reviewSavedResponseSchema, reviewsResponseSchema, type Review } from '@ridgeline/core';
import { paidGuestBooking } from '../test-support/guest-bookings.js';
import { createTestApp, setTestPasswords, signedInAgent } from '../test-support/test-app.js';

/**
 * Reviews you can stand behind (issue 26 §5): each review's source and stay month
 * ([reviews.source]), a verified stay's short public name ([reviews.public-name]), every rating in
 * the public summary ([reviews.aggregate]) and an audited reason for each unpublish
 * ([reviews.hidden-reason]).
 */
let t: ReturnType<typeof createTestApp>;
afterEach(() => t.cleanup());

async function build() {
  // After the stay of paidGuestBooking (Dec 10–12), so its guest may review it.
  t = createTestApp({}, {}, () => new Date('2026-12-14T15:00:00Z'));
  await setTestPasswords(t.db);
  return signedInAgent(t.app);
}
type Agent = Awaited<ReturnType<typeof build>>;

const adminReviews = async (admin: Agent) => reviewsResponseSchema.parse((await admin.get('/api/reviews').expect(200)).body).reviews;
const published = async () => publishedReviewsResponseSchema.parse((await request(t.app).get('/api/reviews/published').expect(200)).body).reviews;
const copied = { guestName: 'Bo Platform', email: 'bo@example.com', rating: 2, title: 'Too cold', content: 'The hot tub was off.', stayDate: '2026-06-14', isApproved: true, isPublished: true };

async function create(admin: Agent, body: object): Promise<Review> {
  return reviewSavedResponseSchema.parse((await admin.post('/api/reviews').send(body).expect(201)).body).review;
}

async function auditEntries(): Promise<{ action: string; detail: string }[]> {
  const console = await signedInAgent(t.app, 'security');
  return (await console.get('/api/security/audit-log?filter=review').expect(200)).body.entries as { action: string; detail: string }[];
}

describe('review sources and stay months ([reviews.source])', () => {
  it('stores the platform the owner copied a review from, guestbook when none, and the stay month', async () => {
    const admin = await build();
    const airbnb = await create(admin, { ...copied, source: 'airbnb' });
    expect(airbnb).toMatchObject({ source: 'airbnb', stayMonth: '2026-06', stayDate: '2026-06-14', hiddenReason: null, verifiedStay: false });
    const own = await create(admin, { ...copied, guestName: 'Cy Book', stayDate: '2025-11-02' });
    expect(own).toMatchObject({ source: 'guestbook', stayMonth: '2025-11' });
    for (const source of ['vrbo', 'booking']) expect((await create(admin, { ...copied, source })).source).toBe(source);

    const pub = await published();
    expect(pub.find((r) => r.id === airbnb.id)).toMatchObject({ source: 'airbnb', stayMonth: '2026-06', guestName: 'Bo Platform' });
    for (const review of pub) expect(review).not.toHaveProperty('hiddenReason');
    // The seeded demo reviews say so, for the structured data to leave them out.
    expect((await adminReviews(admin)).filter((r) => r.isDemo).every((r) => r.source === 'demo')).toBe(true);
    expect(pub.filter((r) => r.source === 'demo').length).toBeGreaterThan(0);
  });

  it.each(['direct', 'demo', 'tripadvisor', 3])('refuses source %j with 400 naming the field, and stores nothing', async (source) => {
    const admin = await build();
    const before = await adminReviews(admin);
    const res = await admin.post('/api/reviews').send({ ...copied, source }).expect(400);
    expect(res.body).toMatchObject({ field: 'source', error: expect.stringContaining('guestbook, airbnb, vrbo, booking') });
    expect(await adminReviews(admin)).toEqual(before);
  });

  it('a review from the review link is direct, shown as "Ann L." to the public and in full to the owner ([reviews.public-name])', async () => {
    const admin = await build();
    const ann = paidGuestBooking(t.db);
    const left = await request(t.app).post(`/api/review/${ann.guestToken}`).send({ rating: 4, title: 'Lovely', content: 'We will be back.' }).expect(201);
    const id = (left.body as { review: { id: number } }).review.id;
    expect((await adminReviews(admin)).find((r) => r.id === id)).toMatchObject({ source: 'direct', verifiedStay: true, guestName: 'Ann Lee', stayMonth: '2026-12' });
    await admin.put(`/api/reviews/${id}`).send({ isApproved: true, isPublished: true }).expect(200);
    const shown = (await published()).find((r) => r.id === id);
    expect(shown).toMatchObject({ guestName: 'Ann L.', source: 'direct', stayMonth: '2026-12' });
  });
});

describe('the public summary ([reviews.aggregate])', () => {
  it('counts a published 2-star review like any other', async () => {
    const admin = await build();
    await admin.post('/api/demo-content/remove').expect(200);
    await create(admin, { ...copied, rating: 5, guestName: 'Five Star' });
    const low = await create(admin, { ...copied, rating: 2, source: 'vrbo' });
    const pub = await published();
    expect(pub.map((r) => r.rating).sort()).toEqual([2, 5]);
    expect(pub.find((r) => r.id === low.id)).toMatchObject({ rating: 2, source: 'vrbo', stayMonth: '2026-06' });
  });
});

describe('unpublishing with a reason ([reviews.hidden-reason])', () => {
  it('stores the reason, audits it with the rating, records other when none is given, and clears it on publishing', async () => {
    const admin = await build();
    const low = await create(admin, copied);

    const hidden = reviewSavedResponseSchema.parse((await admin.put(`/api/reviews/${low.id}`).send({ isPublished: false, hiddenReason: 'profanity' }).expect(200)).body).review;
    expect(hidden).toMatchObject({ isPublished: false, hiddenReason: 'profanity' });
    expect((await adminReviews(admin)).find((r) => r.id === low.id)?.hiddenReason).toBe('profanity');
    expect((await published()).some((r) => r.id === low.id)).toBe(false);

    // Re-publishing clears it.
    const again = reviewSavedResponseSchema.parse((await admin.put(`/api/reviews/${low.id}`).send({ isPublished: true }).expect(200)).body).review;
    expect(again).toMatchObject({ isPublished: true, hiddenReason: null });

    // The SPEC's Unpublish without a reason records `other`.
    const plain = reviewSavedResponseSchema.parse((await admin.put(`/api/reviews/${low.id}`).send({ isPublished: false }).expect(200)).body).review;
    expect(plain.hiddenReason).toBe('other');
    // Approving it meanwhile keeps the reason.
    await admin.put(`/api/reviews/${low.id}`).send({ isApproved: false }).expect(200);
    expect((await adminReviews(admin)).find((r) => r.id === low.id)?.hiddenReason).toBe('other');

    const entries = (await auditEntries()).filter((e) => e.action === 'review updated' && e.detail.includes('unpublished'));
    expect(entries.map((e) => e.detail.split(` id=`)[0])).toEqual(['unpublished 2-star review hiddenReason=other', 'unpublished 2-star review hiddenReason=profanity']);
    expect(entries[0]!.detail).toContain(`id=${low.id}`);
  });

  it.each([
    [{ isPublished: false, hiddenReason: 'too_negative' }, 'must be one of personal_data, profanity, off_topic, other'],
    [{ isPublished: false, hiddenReason: '' }, 'must be one of'],
    [{ isPublished: true, hiddenReason: 'other' }, 'is given only with isPublished: false'],
    [{ isApproved: true, hiddenReason: 'other' }, 'is given only with isPublished: false'],
  ])('refuses %j with 400 field hiddenReason and changes nothing', async (body, message) => {
    const admin = await build();
    const low = await create(admin, copied);
    const res = await admin.put(`/api/reviews/${low.id}`).send(body).expect(400);
    expect(res.body).toMatchObject({ field: 'hiddenReason', error: expect.stringContaining(message) });
    expect((await adminReviews(admin)).find((r) => r.id === low.id)).toEqual(low);
  });
});
