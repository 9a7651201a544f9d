import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { guestReviewResponseSchema, guestReviewStateSchema, reviewsResponseSchema } from '@ridgeline/core';
import { createBookingInquiry, listBookingEvents, type MailMessage } from '@ridgeline/core/node';
import { REVIEW_REQUESTS_JOB } from '../jobs/job-names.js';
import { paidGuestBooking } from '../test-support/guest-bookings.js';
import { createTestApp, setTestPasswords, signedInAgent } from '../test-support/test-app.js';

let t: ReturnType<typeof createTestApp> | undefined;
afterEach(() => t?.cleanup());

/** An app whose clock the test moves, with an in-memory mailer that can be made to fail. */
function appAt(start: string) {
  const clock = { now: new Date(start) };
  const sent: MailMessage[] = [];
  const mail = { failing: false };
  const mailer = {
    enabled: true,
    async send(message: MailMessage) {
      if (mail.failing) throw new Error('SMTP 451 try again later');
      sent.push(message);
      return { sent: true };
    },
  };
  t = createTestApp({}, {}, () => clock.now, { mailer });
  return { t, clock, sent, mail };
}

const cancel = (db: NonNullable<typeof t>['db'], id: number) => db.prepare("UPDATE booking_inquiries SET cancelled_at = '2026-11-25T12:00:00.000Z', cancelled_by = 'guest' WHERE id = ?").run(id);

describe('the review-requests job ([reviews.request])', () => {
  it('asks each guest once after check-out; none before, none for cancelled, owner stays or stale ones', async () => {
    // 2026-12-12 09:30 in Georgia: the check-out day, before the 10:00 check-out.
    const { t, clock, sent } = appAt('2026-12-12T14:30:00Z');
    const ann = paidGuestBooking(t.db);
    const cancelled = paidGuestBooking(t.db, { email: 'cal@example.com' });
    cancel(t.db, cancelled.id);
    const manual = createBookingInquiry(t.db, { firstName: 'Mo', lastName: 'Phone', email: 'mo@example.com', phone: '', location: '', ipAddress: '', checkin: '2026-12-05', checkout: '2026-12-08', guests: 2, message: '', specialRequests: '', kind: 'manual' });
    createBookingInquiry(t.db, { firstName: 'Own', lastName: 'Er', email: 'own@example.com', phone: '', location: '', ipAddress: '', checkin: '2026-12-05', checkout: '2026-12-08', guests: 2, message: '', specialRequests: '', kind: 'owner' });
    paidGuestBooking(t.db, { checkin: '2026-11-20', checkout: '2026-11-22', email: 'old@example.com' });
    const unpaid = createBookingInquiry(t.db, { firstName: 'Un', lastName: 'Paid', email: 'un@example.com', phone: '', location: '', ipAddress: '', checkin: '2026-12-05', checkout: '2026-12-08', guests: 2, message: '', specialRequests: '' });
    const jobs = t.deps.jobs!;

    await jobs.runNow(REVIEW_REQUESTS_JOB);
    // Only the manual booking has checked out (Dec 8); Ann leaves at 10:00 today.
    expect(sent.map((m) => m.to)).toEqual(['mo@example.com']);

    clock.now = new Date('2026-12-12T15:30:00Z');
    await jobs.runNow(REVIEW_REQUESTS_JOB);
    await jobs.runNow(REVIEW_REQUESTS_JOB);
    clock.now = new Date('2026-12-20T15:30:00Z');
    await jobs.runNow(REVIEW_REQUESTS_JOB);
    expect(sent.map((m) => m.to)).toEqual(['mo@example.com', 'ann@example.com']);
    const annMail = sent[1]!;
    expect(annMail.subject).toBe('How was your stay at Ridgeline?');
    expect(annMail.text).toContain(`${t.config.publicUrl.replace(/\/$/, '')}/review/${ann.guestToken}`);
    expect(listBookingEvents(t.db, ann.id).map((e) => e.kind)).toEqual(['review-requested']);
    expect(listBookingEvents(t.db, cancelled.id)).toEqual([]);
    expect(listBookingEvents(t.db, unpaid.id)).toEqual([]);
    expect(listBookingEvents(t.db, manual.id).map((e) => e.kind)).toEqual(['review-requested']);
    expect(jobs.status().find((j) => j.name === REVIEW_REQUESTS_JOB)?.lastError).toBeNull();
  });

  it('gives the claim back when the mailer fails, and sends it on the next run', async () => {
    const { t, sent, mail } = appAt('2026-12-13T15:00:00Z');
    const ann = paidGuestBooking(t.db);
    mail.failing = true;
    await t.deps.jobs!.runNow(REVIEW_REQUESTS_JOB);
    expect(t.deps.jobs!.status().find((j) => j.name === REVIEW_REQUESTS_JOB)?.lastError).toBe(`review request not sent for booking ${ann.id}: SMTP 451 try again later`);
    expect(listBookingEvents(t.db, ann.id)).toEqual([]);
    mail.failing = false;
    await t.deps.jobs!.runNow(REVIEW_REQUESTS_JOB);
    await t.deps.jobs!.runNow(REVIEW_REQUESTS_JOB);
    expect(sent.map((m) => m.to)).toEqual(['ann@example.com']);
  });
});

describe('the review link: GET and POST /api/review/{token} ([reviews.request], [reviews.verified])', () => {
  const REVIEW = { rating: 5, title: 'A perfect week', content: 'The view from the deck!\nWe will be back.' };

  it('takes one review after check-out, pending and verified, and shows it to the owner', async () => {
    const { t, clock } = appAt('2026-12-11T15:00:00Z');
    await setTestPasswords(t.db);
    const ann = paidGuestBooking(t.db);
    const path = `/api/review/${ann.guestToken}`;

    // During the stay: not yet.
    expect(guestReviewStateSchema.parse((await request(t.app).get(path).expect(200)).body)).toEqual({ guestName: 'Ann Lee', checkin: '2026-12-10', checkout: '2026-12-12', alreadyReviewed: false, canReview: false });
    expect((await request(t.app).post(path).send(REVIEW).expect(409)).body).toMatchObject({ error: 'You can leave a review once your stay is over.', reason: 'not-checked-out' });

    clock.now = new Date('2026-12-13T15:00:00Z');
    expect((await request(t.app).get(path).expect(200)).body).toMatchObject({ canReview: true, alreadyReviewed: false });
    const created = await request(t.app).post(path).send(REVIEW).expect(201);
    expect(guestReviewResponseSchema.parse(created.body)).toMatchObject({ success: true, review: { rating: 5, title: 'A perfect week', stayDate: '2026-12-10' } });
    expect(created.text).not.toContain('ann@example.com');

    // A second submit (a double click, or later) is refused; the first stands.
    expect((await request(t.app).post(path).send({ ...REVIEW, rating: 1 }).expect(409)).body).toMatchObject({ reason: 'already-reviewed' });
    expect((await request(t.app).get(path).expect(200)).body).toMatchObject({ canReview: false, alreadyReviewed: true });

    const admin = await signedInAgent(t.app);
    const { reviews } = reviewsResponseSchema.parse((await admin.get('/api/reviews').expect(200)).body);
    const mine = reviews.filter((r) => r.verifiedStay);
    expect(mine).toEqual([expect.objectContaining({ guestName: 'Ann Lee', email: 'ann@example.com', rating: 5, isApproved: false, isPublished: false, verifiedStay: true, stayDate: '2026-12-10' })]);
    expect(reviews.filter((r) => !r.verifiedStay).length).toBeGreaterThan(0);
    // Pending: not on the public page.
    expect(JSON.stringify((await request(t.app).get('/api/reviews/published').expect(200)).body)).not.toContain('A perfect week');
    expect(listBookingEvents(t.db, ann.id).map((e) => e.kind)).toEqual(['review-received']);
  });

  it('answers 404 for unknown and malformed tokens, 400 naming the field, 409 for a cancelled stay', async () => {
    const { t } = appAt('2026-12-20T15:00:00Z');
    const ann = paidGuestBooking(t.db);
    const unknown = await request(t.app).get(`/api/review/${'C'.repeat(32)}`).expect(404);
    expect((await request(t.app).get('/api/review/x').expect(404)).body).toEqual(unknown.body);
    expect((await request(t.app).post(`/api/review/${'C'.repeat(32)}`).send(REVIEW).expect(404)).body).toEqual(unknown.body);
    const path = `/api/review/${ann.guestToken}`;
    expect((await request(t.app).post(path).send({ ...REVIEW, rating: 6 }).expect(400)).body).toMatchObject({ field: 'rating' });
    expect((await request(t.app).post(path).send({ ...REVIEW, title: '  ' }).expect(400)).body).toMatchObject({ field: 'title' });
    expect((await request(t.app).post(path).send({ ...REVIEW, guestName: 'Someone else' }).expect(400)).body.error).toMatch(/guestName/);
    const count = () => (t.db.prepare('SELECT count(*) AS n FROM reviews WHERE booking_id IS NOT NULL').get() as { n: number }).n;
    expect(count()).toBe(0);
    cancel(t.db, ann.id);
    expect((await request(t.app).post(path).send(REVIEW).expect(409)).body).toMatchObject({ reason: 'cancelled' });
    expect(count()).toBe(0);
  });
});
