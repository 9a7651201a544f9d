import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnalyticsSummary } from '@ridgeline/core';
import { createBookingInquiry } from '@ridgeline/core/node';
import { HOUSEKEEPING_JOB } from '../jobs/job-names.js';
import { type createTestApp, type signedInAgent, createSignedInTestApp } from '../test-support/test-app.js';

// 15:00 UTC is 10:00 in Blue Ridge: the property days are Nov 20 and Nov 21.
const DAY1 = new Date('2026-11-20T15:00:00Z');
const DAY2 = new Date('2026-11-21T15:00:00Z');
let clock = DAY1;
let t: ReturnType<typeof createTestApp>;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
beforeEach(async () => {
  clock = DAY1;
  // One trusted proxy: X-Forwarded-For's last address is the client, so tests can be many visitors.
  ({ admin, ...t } = await createSignedInTestApp({ TRUST_PROXY: '1' }, {}, () => clock));
});
afterEach(() => t.cleanup());

/** Real User-Agent strings: two versions of Chrome, Firefox, Safari, Edge and a bot. */
const UA = {
  chrome120: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  chrome121: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.6167.85 Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  safari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
  curl: 'curl/8.5.0',
};
/** The address of each test visitor A, B, C… */
const ADDRESS: Record<string, string> = { A: '203.0.113.1', B: '203.0.113.2', C: '203.0.113.3', D: '203.0.113.4' };

/** One beacon from visitor `who` (an address of ADDRESS, or an address itself) with User-Agent `ua`. */
const sendAs = (who: string, ua: string, body: Record<string, string>) =>
  request(t.app)
    .post('/api/analytics/pageview')
    .set('X-Forwarded-For', ADDRESS[who] ?? who)
    .set('User-Agent', ua)
    .send(body)
    .expect(204);
/** One beacon from visitor `who` with Chrome. */
const send = (who: string, body: Record<string, string>) => sendAs(who, UA.chrome120, body);
const summary = async (from: string, to: string) => (await admin.get('/api/analytics/summary').query({ from, to }).expect(200)).body as AnalyticsSummary;

describe('visitors without cookies or IP addresses ([analytics.visitors])', () => {
  it('sets no cookie, stores no IP address, and keeps only the current day’s salt', async () => {
    const res = await send('A', { path: '/', referrer: '' });
    expect(res.headers['set-cookie']).toBeUndefined();
    clock = DAY2;
    await send('A', { path: '/' });
    const rows = t.db.prepare('SELECT * FROM page_views ORDER BY id').all() as Record<string, unknown>[];
    expect(JSON.stringify(rows)).not.toMatch(/203\.0\.113\.1|Chrome/);
    expect(rows.map((r) => r.day)).toEqual(['2026-11-20', '2026-11-21']);
    // The same browser on two days: two unrelated hashes.
    expect(rows[0]!.visitor_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(rows[1]!.visitor_hash).not.toBe(rows[0]!.visitor_hash);
    expect(t.db.prepare('SELECT day FROM analytics_salts').all()).toEqual([{ day: '2026-11-21' }]);
  });

  it('the daily housekeeping deletes a past day’s salt even when no visit came since', async () => {
    await send('A', { path: '/' });
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

describe('one visitor per day, address and browser family ([analytics.visitors])', () => {
  it('counts two versions of one browser from one address once, and each other browser family apart', async () => {
    await sendAs('A', UA.chrome120, { path: '/' });
    // The browser updated itself during the day: the same visitor.
    await sendAs('A', UA.chrome121, { path: '/reviews' });
    await sendAs('A', UA.firefox, { path: '/' });
    await sendAs('A', UA.safari, { path: '/' });
    await sendAs('A', UA.edge, { path: '/' });
    await sendAs('A', UA.curl, { path: '/' });
    await sendAs('A', '', { path: '/' });
    // Another address with the same browser: another visitor.
    await sendAs('B', UA.chrome121, { path: '/' });
    const s = await summary('2026-11-20', '2026-11-20');
    // Chrome, Firefox, Safari, Edge and "other" (curl and no User-Agent) from A, Chrome from B.
    expect(s.totals).toEqual({ views: 8, visitors: 6 });
  });
});

describe('funnel steps count only after a page view of the same visitor that day ([analytics.funnel])', () => {
  it('leaves out steps sent without a page view before them, or after one of another visitor or day', async () => {
    // A: a page view, then both steps: counted.
    await send('A', { path: '/' });
    await send('A', { path: '/', event: 'booking-seen' });
    await send('A', { path: '/checkout', event: 'checkout-started' });
    // B: steps only, never a page view (a script posting events).
    await send('B', { path: '/', event: 'booking-seen' });
    await send('B', { path: '/checkout', event: 'checkout-started' });
    // C: a step before its page view.
    await send('C', { path: '/', event: 'booking-seen' });
    await send('C', { path: '/' });
    // D: a page view with Firefox, a step with Chrome: another visitor.
    await sendAs('D', UA.firefox, { path: '/' });
    await sendAs('D', UA.chrome120, { path: '/', event: 'booking-seen' });
    // A again the next day: a step without that day's page view.
    clock = DAY2;
    await send('A', { path: '/checkout', event: 'checkout-started' });

    const s = await summary('2026-11-20', '2026-11-21');
    expect(s.funnel.map((f) => [f.step, f.count])).toEqual([
      ['visits', 3],
      ['booking-seen', 1],
      ['checkout-started', 1],
      ['paid', 0],
    ]);
  });
});

describe('paths and referrers are capped at 500 characters ([analytics.page-view])', () => {
  it('keeps the first 500 characters of a long path and referrer, and still refuses what is not a path', async () => {
    const path = `/${'p'.repeat(999)}`;
    const referrer = `https://www.google.com/search?q=${'r'.repeat(1500)}`;
    await send('A', { path, referrer });
    expect(t.db.prepare('SELECT path, referrer FROM page_views').get()).toEqual({ path: path.slice(0, 500), referrer: referrer.slice(0, 500) });
    expect((await request(t.app).post('/api/analytics/pageview').send({ path: 'no-slash' }).expect(400)).body.field).toBe('path');
  });
});

describe('page views older than 13 months are deleted by the daily housekeeping job ([analytics.retention])', () => {
  it('deletes the views and funnel steps of days before the same date 13 months ago, and keeps the rest', async () => {
    // 10:00 in Blue Ridge on each day.
    const at = (day: string) => new Date(`${day}T15:00:00Z`);
    for (const day of ['2025-09-30', '2025-10-20', '2025-10-21', '2026-06-01']) {
      clock = at(day);
      await send('A', { path: '/' });
      await send('A', { path: '/', event: 'booking-seen' });
    }
    clock = at('2026-11-21');
    await t.deps.jobs!.runNow(HOUSEKEEPING_JOB);
    const left = t.db.prepare('SELECT day, kind FROM page_views ORDER BY id').all() as { day: string; kind: string }[];
    expect(left).toEqual([
      { day: '2025-10-21', kind: 'pageview' },
      { day: '2025-10-21', kind: 'booking-seen' },
      { day: '2026-06-01', kind: 'pageview' },
      { day: '2026-06-01', kind: 'booking-seen' },
    ]);
  });
});
