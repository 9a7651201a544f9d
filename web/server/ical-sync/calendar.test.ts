import type { ServerResponse } from 'node:http';
import ICAL from 'ical.js';
import ical from 'node-ical';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCalendarSource, getCalendarSource, listImportedEvents } from '@ridgeline/core/node';
import { createCalendarSync } from './calendar-sync.js';
import { airbnbFeed, bookingComFeed, serve, startFeedServer, vrboFeed } from '../test-support/feed-server.js';
import { createTestApp, setTestPasswords, signedInAgent, createSignedInTestApp } from '../test-support/test-app.js';

const NOW = new Date('2026-11-21T15:00:00Z');
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
let t: ReturnType<typeof createTestApp>;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
let vrboEvents: Parameters<typeof vrboFeed>[0];

beforeEach(async () => {
  vrboEvents = [
    { uid: 'vrbo-1', start: '2026-12-20', end: '2026-12-23', name: 'Maria' },
    { uid: 'vrbo-2', start: '2027-01-02', end: '2027-01-04', blocked: true },
    { uid: 'vrbo-3', start: '2027-01-10', end: '2027-01-12', name: 'Sam', cancelled: true },
  ];
  feeds = await startFeedServer({
    '/airbnb.ics': serve(() => airbnbFeed([{ uid: 'a1b2c3d4e5@airbnb.com', start: '2026-12-10', end: '2026-12-13' }, { uid: 'blk@airbnb.com', start: '2026-12-15', end: '2026-12-16', blocked: true }])),
    '/vrbo.ics': serve(() => vrboFeed(vrboEvents)),
    '/booking.ics': serve(() => bookingComFeed([{ uid: 'bcom-1', start: '2027-02-01', end: '2027-02-03' }])),
    '/html.ics': (_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!DOCTYPE html><html><body>Log in</body></html>'),
    '/forbidden.ics': (_req, res) => res.writeHead(403).end('no'),
    '/garbage.ics': serve(() => 'BEGIN:VCALENDAR\r\nthis is not: valid\r\nBEGIN:VEVENT\r\nDTSTART:nonsense\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n'),
    '/hang.ics': () => undefined,
    '/big.ics': serve(() =>
      airbnbFeed(
        Array.from({ length: 5000 }, (_, i) => {
          const start = new Date(Date.UTC(2026, 11, 1) + i * 86_400_000 * 0.1);
          const s = start.toISOString().slice(0, 10);
          return { uid: `big-${i}@airbnb.com`, start: s, end: new Date(start.getTime() + 86_400_000).toISOString().slice(0, 10) };
        }),
      ),
    ),
  });
  ({ admin, ...t } = await createSignedInTestApp({}, {}, () => NOW, { feedOptions: { timeoutMs: 5000, sleep: async () => undefined } }));
});
afterEach(async () => {
  t.cleanup();
  await feeds.close();
});

async function addSource(path: string, platform = 'airbnb', name = path) {
  const res = await admin.post('/api/calendar-sources').send({ name, icalUrl: feeds.url(path), platform }).expect(201);
  // Adding starts a first sync in the background; wait for it (the first one also starts the
  // feed-parsing worker, which takes seconds from TypeScript source).
  const source = async () => (await admin.get('/api/calendar-sources')).body.sources.find((x: { id: number }) => x.id === res.body.source.id);
  await expect.poll(async () => (await source()).lastSyncStatus, { timeout: 20_000 }).toBeTruthy();
  return source();
}
const quote = (checkin: string, checkout: string) => request(t.app).get('/api/quote').query({ checkin, checkout, guests: 2 });

describe('importing other platforms calendars', () => {
  it('closes Airbnb nights (check-out day stays bookable) and sends a Ridgeline User-Agent', async () => {
    const source = await addSource('/airbnb.ics');
    expect(source).toMatchObject({ lastSyncStatus: 'success', eventsProcessed: 2, bookingsCreated: 1, platform: 'airbnb' });
    expect((await quote('2026-12-12', '2026-12-13').expect(409)).body.closedDates).toEqual(['2026-12-12']);
    await quote('2026-12-13', '2026-12-14').expect(200);
    await quote('2026-12-15', '2026-12-16').expect(409);
    expect(feeds.requests[0]?.userAgent).toMatch(/^Ridgeline\//);
    const days = (await request(t.app).get('/api/availability/public').query({ startDate: '2026-12-09', endDate: '2026-12-13' })).body.days;
    expect(days.map((d: { bookable: boolean }) => d.bookable)).toEqual([true, false, false, false, true]);
  });

  it('follows VRBO: reservations and blocks close, cancelled ones do not, vanished ones reopen, changed UIDs move', async () => {
    const source = await addSource('/vrbo.ics', 'vrbo');
    expect(source.eventsProcessed).toBe(2);
    await quote('2026-12-21', '2026-12-22').expect(409);
    await quote('2027-01-10', '2027-01-12').expect(200);
    // The guest cancels on VRBO: the event silently disappears; a changed stay comes with a new UID.
    vrboEvents = [{ uid: 'vrbo-1-changed', start: '2026-12-27', end: '2026-12-29', name: 'Maria' }];
    const sync = await admin.post(`/api/calendar-sources/${source.id}/sync`).expect(200);
    expect(sync.body).toMatchObject({ success: true, eventsProcessed: 1, bookingsCreated: 1 });
    await quote('2026-12-21', '2026-12-22').expect(200);
    await quote('2027-01-02', '2027-01-03').expect(200);
    await quote('2026-12-27', '2026-12-28').expect(409);
  });

  it('reads Booking.com feeds with escaped commas in PRODID', async () => {
    const source = await addSource('/booking.ics', 'booking');
    expect(source).toMatchObject({ lastSyncStatus: 'success', eventsProcessed: 1 });
    await quote('2027-02-02', '2027-02-03').expect(409);
  });

  it.each([
    ['/html.ics', /web page/],
    ['/forbidden.ics', /HTTP 403/],
    ['/missing.ics', /HTTP 404/],
    ['/hang.ics', /did not answer within/],
  ])('a failed sync (%s) keeps everything imported before and records the reason', async (path, reason) => {
    const source = await addSource('/airbnb.ics');
    feeds.routes['/airbnb.ics'] = feeds.routes[path] ?? ((_req, res) => res.writeHead(404).end());
    const res = await admin.post(`/api/calendar-sources/${source.id}/sync`).expect(200);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(reason);
    const after = (await admin.get('/api/calendar-sources')).body.sources[0];
    expect(after).toMatchObject({ lastSyncStatus: 'error', lastSuccessTime: source.lastSuccessTime });
    expect(after.lastSyncMessage).toMatch(reason);
    expect(listImportedEvents(t.db, source.id)).toHaveLength(2);
    await quote('2026-12-11', '2026-12-12').expect(409);
  });

  it('a server shutdown ends a hanging read at once and records it before the database closes', async () => {
    // A read that would wait a minute for its feed: close() must not wait for it.
    const sync = createCalendarSync({ ...t.deps, feedOptions: { timeoutMs: 60_000, sleep: async () => undefined } });
    const source = createCalendarSource(t.db, { name: 'Hanging', icalUrl: feeds.url('/hang.ics'), platform: 'airbnb' }, NOW);
    const result = sync.syncSource(source);
    await expect.poll(() => feeds.requests.some((r) => r.path === '/hang.ics')).toBe(true);
    await sync.close();
    await expect(result).resolves.toMatchObject({ success: false, message: 'The server stopped before the calendar was read' });
    expect(getCalendarSource(t.db, source.id)).toMatchObject({ lastSyncStatus: 'error', lastSyncMessage: 'The server stopped before the calendar was read' });
  });

  it('retries 429 with Retry-After, then succeeds', async () => {
    let calls = 0;
    feeds.routes['/limited.ics'] = (_req, res) => {
      calls += 1;
      if (calls < 3) res.writeHead(429, { 'Retry-After': '2' }).end('slow down');
      else res.writeHead(200, { 'Content-Type': 'text/calendar' }).end(airbnbFeed([{ uid: 'r@airbnb.com', start: '2026-12-01', end: '2026-12-02' }]));
    };
    const source = await addSource('/limited.ics');
    expect(source.lastSyncStatus).toBe('success');
    expect(calls).toBe(3);
  });

  it('reports a 429 that does not clear as Too Many Requests', async () => {
    feeds.routes['/always429.ics'] = (_req, res) => res.writeHead(429, { 'Retry-After': '1' }).end();
    const source = await addSource('/always429.ics');
    expect(source.lastSyncStatus).toBe('error');
    expect(source.lastSyncMessage).toMatch(/429.*Too Many Requests/);
  });

  it('imports a feed of 5,000 events', async () => {
    const source = await addSource('/big.ics');
    expect(source).toMatchObject({ lastSyncStatus: 'success', eventsProcessed: 5000 });
    expect(listImportedEvents(t.db, source.id)).toHaveLength(5000);
  });

  it('keeps earlier imports when the body cannot be parsed', async () => {
    const source = await addSource('/airbnb.ics');
    feeds.routes['/airbnb.ics'] = feeds.routes['/garbage.ics']!;
    await admin.post(`/api/calendar-sources/${source.id}/sync`).expect(200);
    expect(listImportedEvents(t.db, source.id)).toHaveLength(2);
  });
});

describe('calendar sources API', () => {
  it('tests a feed without importing it', async () => {
    // Adding syncs in the background: wait for that to end (a fixed sleep raced the feed worker).
    const source = await addSource('/vrbo.ics', 'vrbo', 'VRBO');
    t.db.prepare('DELETE FROM imported_events').run();
    const res = await admin.post(`/api/calendar-sources/${source.id}/test`).expect(200);
    expect(res.body).toMatchObject({ success: true, connected: true, eventsFound: 2, error: null });
    expect(res.body.sampleEvents[0]).toEqual({ summary: 'Reserved - Maria', start: '2026-12-20', end: '2026-12-23' });
    expect(listImportedEvents(t.db, source.id)).toHaveLength(0);
  });

  it('validates new sources: name, http(s) URL, platform (default airbnb)', async () => {
    expect((await admin.post('/api/calendar-sources').send({ name: ' ', icalUrl: feeds.url('/a.ics') }).expect(400)).body.field).toBe('name');
    expect((await admin.post('/api/calendar-sources').send({ name: 'x', icalUrl: 'file:///etc/passwd' }).expect(400)).body.field).toBe('icalUrl');
    expect((await admin.post('/api/calendar-sources').send({ name: 'x', icalUrl: 'javascript:alert(1)' }).expect(400)).body.field).toBe('icalUrl');
    expect((await admin.post('/api/calendar-sources').send({ name: 'x', icalUrl: feeds.url('/a.ics'), platform: 'expedia' }).expect(400)).body.field).toBe('platform');
    const ok = await admin.post('/api/calendar-sources').send({ name: 'Cal', icalUrl: 'webcal://127.0.0.1:1/x.ics' }).expect(201);
    expect(ok.body.source).toMatchObject({ platform: 'airbnb', icalUrl: 'https://127.0.0.1:1/x.ics', isActive: true, autoSyncEnabled: true });
  });

  it('toggles auto-sync, reports the legacy status, and deleting a source reopens its nights', async () => {
    const source = await addSource('/airbnb.ics');
    expect((await admin.get('/api/ical/auto-sync/status')).body).toMatchObject({ autoSyncEnabled: true, lastSyncTime: expect.any(String) });
    const off = await admin.patch(`/api/calendar-sources/${source.id}`).send({ autoSyncEnabled: false }).expect(200);
    expect(off.body.source.autoSyncEnabled).toBe(false);
    expect((await admin.get('/api/ical/auto-sync/status')).body.autoSyncEnabled).toBe(false);
    expect((await admin.patch(`/api/calendar-sources/${source.id}`).send({ autoSyncEnabled: 'no' }).expect(400)).body.field).toBe('autoSyncEnabled');
    await admin.delete(`/api/calendar-sources/${source.id}`).expect(200);
    await quote('2026-12-11', '2026-12-12').expect(200);
    await admin.delete(`/api/calendar-sources/${source.id}`).expect(404);
  });
});

describe('export feed', () => {
  async function feedText(kind: 'platformFeedUrl' | 'ownerFeedUrl') {
    const urls = (await admin.get('/api/calendar/feed').expect(200)).body;
    const path = new URL(urls[kind]).pathname + new URL(urls[kind]).search;
    const res = await request(t.app).get(path).expect(200).expect('Content-Type', /text\/calendar/);
    return res.text;
  }

  beforeEach(async () => {
    await admin.put('/api/availability/2026-12-24').send({ price: 300, isAvailable: true, isBlocked: true });
    await admin.put('/api/availability/2026-12-25').send({ price: 300, isAvailable: false, isBlocked: false });
    t.db
      .prepare(
        `INSERT INTO booking_inquiries (first_name, last_name, email, phone, checkin, checkout, guests, message, payment_status, created_at)
         VALUES ('Ann', 'Lee, Jr.', 'ann@example.com', '555-0100', '2027-01-05', '2027-01-08', 4, 'Late; arrival' || char(10) || 'at 9', 'paid', '2026-11-01T00:00:00Z'),
                ('Bo', 'Pending', 'bo@example.com', '', '2027-02-05', '2027-02-08', 2, '', 'pending', '2026-11-01T00:00:00Z')`,
      )
      .run();
    await addSource('/airbnb.ics');
  });

  it('publishes owner blocks and paid bookings as all-day events, without guest data or imports', async () => {
    const text = await feedText('platformFeedUrl');
    const events = Object.values(ical.sync.parseICS(text)).filter((e) => e?.type === 'VEVENT') as unknown as { uid: string; summary: string; start: Date; end: Date }[];
    expect(events.map((e) => e.summary).sort()).toEqual(['Not available', 'Reserved']);
    expect(text).toContain('DTSTART;VALUE=DATE:20261224');
    expect(text).toContain('DTEND;VALUE=DATE:20261226');
    expect(text).toContain('DTSTART;VALUE=DATE:20270105');
    expect(text).toContain('DTEND;VALUE=DATE:20270108');
    expect(text).not.toMatch(/Ann|Lee|ann@example|555-0100/);
    expect(text).not.toContain('airbnb.com');
    expect(text).not.toContain('20270205');
    // Stable UIDs: the same feed twice names its events the same.
    expect(await feedText('platformFeedUrl')).toContain(events.find((e) => e.summary === 'Reserved')!.uid);
  });

  it('gives the owner variant guest details, escaped, and is valid for ical.js', async () => {
    const text = await feedText('ownerFeedUrl');
    expect(text).toContain('SUMMARY:Reserved: Ann Lee\\, Jr. (4 guests)');
    expect(text).toContain('Late\\; arrival\\nat 9');
    const component = new ICAL.Component(ICAL.parse(text));
    const vevents = component.getAllSubcomponents('vevent');
    expect(vevents).toHaveLength(2);
    const booking = vevents.map((v) => new ICAL.Event(v)).find((e) => e.summary.startsWith('Reserved'))!;
    expect(booking.startDate.isDate).toBe(true);
    expect(booking.startDate.toString()).toBe('2027-01-05');
    expect(booking.endDate.toString()).toBe('2027-01-08');
    expect(booking.description).toContain('ann@example.com');
  });

  it('answers 404 without the right token, and rotating a token retires the old URL', async () => {
    await request(t.app).get('/api/calendar/feed.ics').expect(404);
    await request(t.app).get('/api/calendar/feed.ics?token=wrong').expect(404);
    const before = (await admin.get('/api/calendar/feed')).body.platformFeedUrl;
    const rotated = await admin.post('/api/calendar/feed/rotate').send({ variant: 'platform' }).expect(200);
    expect(rotated.body.platformFeedUrl).not.toBe(before);
    await request(t.app).get(new URL(before).pathname + new URL(before).search).expect(404);
    await request(t.app).get(new URL(rotated.body.platformFeedUrl).pathname + new URL(rotated.body.platformFeedUrl).search).expect(200);
    expect((await admin.post('/api/calendar/feed/rotate').send({ variant: 'x' }).expect(400)).body.field).toBe('variant');
  });
});

describe('live re-check before taking a payment', () => {
  it('re-reads a calendar older than 15 minutes and refuses nights another platform just sold', async () => {
    const { startStripeStandIn } = await import('../test-support/stripe-stand-in.js');
    const { createStripeGateway } = await import('@ridgeline/core/node');
    const { priceStay } = await import('@ridgeline/core');
    const stripe = await startStripeStandIn();
    let clock = NOW;
    const app = createTestApp({}, {}, () => clock, {
      feedOptions: { timeoutMs: 5000, sleep: async () => undefined },
      payments: createStripeGateway({ secretKey: stripe.secretKey, apiBase: stripe.url }),
    });
    try {
      await setTestPasswords(app.db);
      const owner = await signedInAgent(app.app);
      let sold = false;
      feeds.routes['/live.ics'] = serve(() => airbnbFeed(sold ? [{ uid: 'new@airbnb.com', start: '2027-03-01', end: '2027-03-04' }] : []));
      const created = await owner.post('/api/calendar-sources').send({ name: 'Airbnb', icalUrl: feeds.url('/live.ics') }).expect(201);
      // Let the background first sync end (a fixed sleep raced the feed worker's start).
      const synced = async () => (await owner.get('/api/calendar-sources')).body.sources.find((s: { id: number }) => s.id === created.body.source.id).lastSyncStatus;
      await expect.poll(synced, { timeout: 20_000 }).toBeTruthy();
      const body = { amount: priceStay('2027-03-02', '2027-03-03')!.totalCents / 100, bookingData: { checkin: '2027-03-02', checkout: '2027-03-03', guests: 2, firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' } };
      // Airbnb sells the nights; 10 minutes later our copy is still fresh enough: no re-read.
      sold = true;
      clock = new Date(NOW.getTime() + 10 * 60_000);
      const fetchesBefore = feeds.requests.filter((r) => r.path === '/live.ics').length;
      const fresh = await request(app.app).post('/api/create-payment-intent').send(body);
      expect(fresh.status).toBe(200);
      expect(feeds.requests.filter((r) => r.path === '/live.ics').length).toBe(fetchesBefore);
      // 20 minutes after the last sync the feed is re-read first, and the stay is refused.
      clock = new Date(NOW.getTime() + 20 * 60_000);
      const stale = await request(app.app).post('/api/create-payment-intent').send({ ...body, bookingData: { ...body.bookingData, checkin: '2027-03-01', checkout: '2027-03-02' }, amount: priceStay('2027-03-01', '2027-03-02')!.totalCents / 100 });
      expect(stale.status).toBe(409);
      expect(stale.body.closedDates).toEqual(['2027-03-01']);
    } finally {
      app.cleanup();
      await stripe.close();
    }
  });
});

describe('a hanging calendar during checkout ([checkout.calendar-recheck])', () => {
  it('takes the payment on the last good sync within the budget, logs it, and stores the late answer', async () => {
    const { startStripeStandIn } = await import('../test-support/stripe-stand-in.js');
    const { createStripeGateway } = await import('@ridgeline/core/node');
    const { priceStay } = await import('@ridgeline/core');
    const { createLogger } = await import('../logger.js');
    const stripe = await startStripeStandIn();
    const logs: { level: string; message: string; feeds?: { name: string; reason: string }[] }[] = [];
    let clock = NOW;
    const app = createTestApp({}, {}, () => clock, {
      logger: createLogger({ write: (line: string) => void logs.push(JSON.parse(line)) }),
      // The feed's own timeout stays long: only the checkout's budget may end the wait.
      feedOptions: { timeoutMs: 60_000, sleep: async () => undefined, recheckBudgetMs: 300 },
      payments: createStripeGateway({ secretKey: stripe.secretKey, apiBase: stripe.url }),
    });
    const held: ServerResponse[] = [];
    try {
      await setTestPasswords(app.db);
      const owner = await signedInAgent(app.app);
      feeds.routes['/slow.ics'] = serve(() => airbnbFeed([]));
      const created = await owner.post('/api/calendar-sources').send({ name: 'Slow Airbnb', icalUrl: feeds.url('/slow.ics') }).expect(201);
      const id = created.body.source.id as number;
      const lastSuccess = async () => (await owner.get('/api/calendar-sources')).body.sources.find((s: { id: number }) => s.id === id).lastSuccessTime as string | null;
      await expect.poll(lastSuccess, { timeout: 20_000 }).toBeTruthy();
      const firstSuccess = await lastSuccess();
      expect(firstSuccess).toBeTruthy();

      // The platform stops answering (the request is held open, never ended).
      feeds.routes['/slow.ics'] = (_req, res) => void held.push(res);
      clock = new Date(NOW.getTime() + 20 * 60_000);
      const body = { amount: priceStay('2027-03-02', '2027-03-03')!.totalCents / 100, bookingData: { checkin: '2027-03-02', checkout: '2027-03-03', guests: 2, firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' } };
      const res = await request(app.app).post('/api/create-payment-intent').send(body);
      expect(res.status).toBe(200);
      expect(held).toHaveLength(1);
      const warning = logs.find((l) => l.level === 'warn' && /relying on the last good sync/.test(l.message));
      expect(warning?.feeds).toEqual([expect.objectContaining({ name: 'Slow Airbnb', reason: expect.stringMatching(/still reading in the background/) })]);

      // The read was not abandoned: when the platform finally answers, the store is updated.
      held[0]!.writeHead(200, { 'Content-Type': 'text/calendar' }).end(airbnbFeed([{ uid: 'late@airbnb.com', start: '2027-03-05', end: '2027-03-07' }]));
      await expect.poll(lastSuccess, { timeout: 20_000 }).not.toBe(firstSuccess);
      expect(listImportedEvents(app.db, id).map((e) => e.uid)).toEqual(['late@airbnb.com']);
    } finally {
      for (const res of held) if (!res.writableEnded) res.destroy();
      app.cleanup();
      await stripe.close();
    }
  });
});

describe('large and repeating feeds ([ical.parse])', () => {
  it('imports a feed with an hourly RRULE without failing the sync', async () => {
    feeds.routes['/hourly.ics'] = serve(() =>
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
        'BEGIN:VEVENT',
        'UID:hourly-check@google.com',
        'DTSTAMP:20261120T120000Z',
        'DTSTART:20250101T000000Z',
        'DTEND:20250101T001500Z',
        'RRULE:FREQ=HOURLY',
        'SUMMARY:Blocked',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    const source = await addSource('/hourly.ics');
    expect(source).toMatchObject({ lastSyncStatus: 'success' });
    expect(source.eventsProcessed).toBeGreaterThan(800);
    await quote('2027-05-01', '2027-05-02').expect(409);
  });

  it('answers /api/health while a 60,000-event feed is parsed', async () => {
    // 60,000 one-night events, as short as RFC 5545 allows, to stay under the 10 MB feed limit.
    const day = (i: number, plus = 0) => new Date(Date.UTC(2026, 11, 1) + ((i % 700) + plus) * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
    const body = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Big//EN',
      ...Array.from({ length: 60_000 }, (_, i) => `BEGIN:VEVENT\r\nUID:e${i}\r\nDTSTAMP:20261120T120000Z\r\nDTSTART;VALUE=DATE:${day(i)}\r\nDTEND;VALUE=DATE:${day(i, 1)}\r\nSUMMARY:Reserved\r\nEND:VEVENT`),
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    // Small at first, so the background sync that adding a source starts is quick.
    feeds.routes['/huge.ics'] = serve(() => airbnbFeed([]));
    // The real fetch, telling the test the moment the server has read the whole feed: from then
    // on only parsing and storing are left.
    let bodyRead!: () => void;
    const read = new Promise<void>((r) => (bodyRead = r));
    let watch = false;
    const watchingFetch: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (!watch || !res.body) return res;
      const reader = res.body.getReader();
      const stream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { done, value } = await reader.read();
          if (!done) return controller.enqueue(value);
          controller.close();
          bodyRead();
        },
      });
      return new Response(stream, { status: res.status, headers: res.headers });
    };
    const app = createTestApp({}, {}, () => NOW, { fetch: watchingFetch, feedOptions: { timeoutMs: 30_000, sleep: async () => undefined } });
    try {
      await setTestPasswords(app.db);
      const owner = await signedInAgent(app.app);
      const created = await owner.post('/api/calendar-sources').send({ name: 'Huge', icalUrl: feeds.url('/huge.ics'), platform: 'airbnb' }).expect(201);
      const id = created.body.source.id as number;
      // Adding a source syncs it in the background; let that first read end.
      await expect.poll(async () => (await owner.get('/api/calendar-sources')).body.sources.find((x: { id: number }) => x.id === id).lastSyncStatus, { timeout: 20_000 }).toBeTruthy();

      feeds.routes['/huge.ics'] = serve(() => body);
      watch = true;
      const order: string[] = [];
      const sync = owner.post(`/api/calendar-sources/${id}/sync`).then((res) => {
        order.push('sync');
        return res;
      });
      await read;
      const health = request(app.app)
        .get('/api/health')
        .then((res) => {
          order.push('health');
          return res;
        });
      const [syncRes, healthRes] = await Promise.all([sync, health]);
      expect(healthRes.status).toBe(200);
      expect(syncRes.body).toMatchObject({ success: true, eventsProcessed: 60_000 });
      // Parsed on the main thread, the feed would hold the health check until the sync answered.
      expect(order).toEqual(['health', 'sync']);
    } finally {
      app.cleanup();
    }
  });
});
