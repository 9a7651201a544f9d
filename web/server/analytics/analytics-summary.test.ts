import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnalyticsSummary } from '@ridgeline/core';
import { createBookingInquiry } from '@ridgeline/core/node';
import { HOUSEKEEPING_JOB } from '../jobs/job-names.js';
import { createTestApp, setTestPasswords, signedInAgent } from '../test-support/test-app.js';

// 15:00 UTC is 10:00 in Blue Ridge: the property days are Nov 20 and Nov 21.
const DAY1 = new Date('2026-11-20T15:00:00Z');
const DAY2 = new Date('2026-11-21T15:00:00Z');
let clock = DAY1;
let t: ReturnType<typeof createTestApp>;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
beforeEach(async () => {
  clock = DAY1;
  t = createTestApp({}, {}, () => clock);
  await setTestPasswords(t.db);
  admin = await signedInAgent(t.app);
});
afterEach(() => t.cleanup());

/** One beacon from the browser whose User-Agent is `ua` (every request comes from 127.0.0.1 here). */
const send = (ua: string, body: Record<string, string>) => request(t.app).post('/api/analytics/pageview').set('User-Agent', ua).send(body).expect(204);
const summary = async (from: string, to: string) => (await admin.get('/api/analytics/summary').query({ from, to }).expect(200)).body as AnalyticsSummary;

describe('visitors without cookies or IP addresses ([analytics.visitors])', () => {
  it('sets no cookie, stores no IP address, and keeps only the current day’s salt', async () => {
    const res = await send('Browser A', { path: '/', referrer: '' });
    expect(res.headers['set-cookie']).toBeUndefined();
    clock = DAY2;
    await send('Browser A', { path: '/' });
    const rows = t.db.prepare('SELECT * FROM page_views ORDER BY id').all() as Record<string, unknown>[];
    expect(JSON.stringify(rows)).not.toMatch(/127\.0\.0\.1|Browser A/);
    expect(rows.map((r) => r.day)).toEqual(['2026-11-20', '2026-11-21']);
    // The same browser on two days: two unrelated hashes.
    expect(rows[0]!.visitor_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(rows[1]!.visitor_hash).not.toBe(rows[0]!.visitor_hash);
    expect(t.db.prepare('SELECT day FROM analytics_salts').all()).toEqual([{ day: '2026-11-21' }]);
  });

  it('the daily housekeeping deletes a past day’s salt even when no visit came since', async () => {
    await send('Browser A', { path: '/' });
    clock = DAY2;
    await t.deps.jobs!.runNow(HOUSEKEEPING_JOB);
    expect(t.db.prepare('SELECT COUNT(*) AS n FROM analytics_salts').get()).toEqual({ n: 0 });
  });

  it('refuses an unknown event with 400 naming `event` and stores nothing', async () => {
    const res = await request(t.app).post('/api/analytics/pageview').send({ path: '/', event: 'purchase' }).expect(400);
    expect(res.body.field).toBe('event');
    expect((t.db.prepare('SELECT COUNT(*) AS n FROM page_views').get() as { n: number }).n).toBe(0);
  });
});

describe('GET /api/analytics/summary ([analytics.summary], [analytics.funnel])', () => {
  it('refuses without an admin session and names a bad `from` or `to`', async () => {
    await request(t.app).get('/api/analytics/summary?from=2026-11-01&to=2026-11-02').expect(401);
    expect((await admin.get('/api/analytics/summary?to=2026-11-02').expect(400)).body.field).toBe('from');
    expect((await admin.get('/api/analytics/summary?from=2026-11-05&to=2026-11-02').expect(400)).body.field).toBe('to');
    expect((await admin.get('/api/analytics/summary?from=2025-01-01&to=2026-11-02').expect(400)).body.field).toBe('to');
    expect((await admin.get('/api/analytics/summary?from=2026-13-01&to=2026-11-02').expect(400)).body.field).toBe('from');
  });

  it('counts views and visitors per day, referrers and landing pages of visits, and the funnel', async () => {
    await send('A', { path: '/', referrer: 'https://www.google.com/search?q=cabin' });
    await send('A', { path: '/checkout', referrer: 'https://www.google.com/search?q=cabin' });
    await send('A', { path: '/', event: 'booking-seen' });
    await send('A', { path: '/checkout', event: 'checkout-started' });
    await send('B', { path: '/', referrer: '' });
    await send('B', { path: '/', event: 'booking-seen' });
    await send('B', { path: '/', event: 'booking-seen' });
    await send('C', { path: '/reviews', referrer: 'https://news.ycombinator.com/item?id=1' });
    // A reload: the site itself as referrer counts as direct.
    await send('D', { path: '/', referrer: 'http://127.0.0.1/' });
    const guest = { firstName: 'Ann', lastName: 'Lee', email: 'a@example.com', phone: '', location: '', ipAddress: '', guests: 2, message: '', specialRequests: '' };
    createBookingInquiry(t.db, { ...guest, checkin: '2026-12-01', checkout: '2026-12-03', paymentStatus: 'paid' }, DAY1);
    createBookingInquiry(t.db, { ...guest, checkin: '2026-12-05', checkout: '2026-12-07', paymentStatus: 'pending' }, DAY1);
    clock = DAY2;
    await send('A', { path: '/', referrer: 'https://google.com/' });

    const s = await summary('2026-11-19', '2026-11-21');
    expect(s.days).toEqual([
      { date: '2026-11-19', views: 0, visitors: 0 },
      { date: '2026-11-20', views: 5, visitors: 4 },
      { date: '2026-11-21', views: 1, visitors: 1 },
    ]);
    expect(s.totals).toEqual({ views: 6, visitors: 5 });
    expect(s.referrers).toEqual([
      { referrer: 'Direct or unknown', visits: 2 },
      { referrer: 'google.com', visits: 2 },
      { referrer: 'news.ycombinator.com', visits: 1 },
    ]);
    expect(s.landingPages).toEqual([
      { path: '/', visits: 4 },
      { path: '/reviews', visits: 1 },
    ]);
    expect(s.funnel).toEqual([
      { step: 'visits', label: 'Visits', count: 5, bps: 10000, stepBps: 10000 },
      { step: 'booking-seen', label: 'Booking section seen', count: 2, bps: 4000, stepBps: 4000 },
      { step: 'checkout-started', label: 'Checkout started', count: 1, bps: 2000, stepBps: 5000 },
      { step: 'paid', label: 'Paid', count: 1, bps: 2000, stepBps: 10000 },
    ]);
    // Outside the span: nothing.
    const before = await summary('2026-11-01', '2026-11-19');
    expect(before.totals).toEqual({ views: 0, visitors: 0 });
    expect(before.funnel.map((f) => f.count)).toEqual([0, 0, 0, 0]);
  });
});
