import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { createTestApp, setTestPasswords, signedInAgent } from '../test-support/test-app.js';
import { apiFastPath } from './api-fast-path.js';

/**
 * [api.fast-path]: the public calendar and the quote skip the rest of the chain, and answer
 * exactly as the full app does. The full app is reached with the same path and a trailing slash
 * (Express routes match it; the fast path takes exact paths only).
 */
const NOW = new Date('2026-11-21T15:00:00Z');
const STAY = { checkin: '2026-12-10', checkout: '2026-12-12', guests: '2' };

let t: ReturnType<typeof createTestApp>;
beforeEach(async () => {
  t = createTestApp({ TRUST_PROXY: '1' }, {}, () => NOW);
  await setTestPasswords(t.db);
});
afterEach(() => t.cleanup());

const events = (kind: string) => t.db.prepare('SELECT ip, route, outcome, detail FROM security_events WHERE event = ?').all(kind) as { ip: string; route: string; outcome: string; detail: string }[];

/** Headers that differ between two answers by nature (time, id, the rate limit's count). */
const PER_RESPONSE = new Set(['date', 'x-request-id', 'ratelimit', 'ratelimit-policy', 'connection', 'keep-alive']);
const sameHeaders = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_RESPONSE.has(name)));

describe('the public calendar and the quote on the fast path ([api.fast-path])', () => {
  it('answer exactly as the full chain: status, body and headers, for good and bad input, GET and HEAD, any encoding and origin', async () => {
    const admin = await signedInAgent(t.app);
    await admin.put('/api/availability/2026-12-20').send({ price: 300, isAvailable: false, isBlocked: false }).expect(200);
    await admin.put('/api/settings').send({ maxNights: 14 }).expect(200);
    const queries: [string, Record<string, string>, number][] = [
      ['/api/availability/public', { startDate: '2026-12-01', endDate: '2026-12-31' }, 200],
      ['/api/availability/public', { startDate: '2026-12-01', endDate: '2027-03-01' }, 200],
      ['/api/availability/public', { startDate: 'soon', endDate: '2026-12-31' }, 400],
      ['/api/availability/public', {}, 400],
      ['/api/quote', STAY, 200],
      ['/api/quote', { ...STAY, checkin: '2026-12-19', checkout: '2026-12-22' }, 409],
      ['/api/quote', { ...STAY, checkout: '2026-12-10' }, 400],
      ['/api/quote', { ...STAY, guests: '0' }, 400],
      ['/api/quote', { ...STAY, checkin: '2026-11-20' }, 400],
      ['/api/quote', { ...STAY, checkin: '2027-01-04', checkout: '2027-01-24' }, 400],
    ];
    const variants: Record<string, string>[] = [{}, { 'Accept-Encoding': 'gzip, deflate, br' }, { 'Accept-Encoding': 'gzip' }, { Origin: 'app://ridgeline' }, { Origin: 'https://elsewhere.example' }];
    let client = 0;
    for (const [path, query, status] of queries) {
      for (const variant of variants) {
        for (const method of ['get', 'head'] as const) {
          // One address per pair, so the rate limit's budget is the same for both answers.
          client += 1;
          const headers = { ...variant, 'X-Forwarded-For': `10.0.${client >> 8}.${client & 255}` };
          const what = `${method.toUpperCase()} ${path} ${JSON.stringify(query)} ${JSON.stringify(headers)}`;
          const fast = await request(t.app)[method](path).query(query).set(headers);
          const full = await request(t.app)[method](`${path}/`).query(query).set(headers);
          expect(fast.status, what).toBe(status);
          expect(full.status, what).toBe(status);
          expect(fast.body, what).toEqual(full.body);
          expect(sameHeaders(fast.headers as Record<string, string>), what).toEqual(sameHeaders(full.headers as Record<string, string>));
          expect(fast.headers['x-request-id'], what).toMatch(/^[\w-]{36}$/);
        }
      }
    }
    // The same ETag, and a matching If-None-Match gets 304, as from the full chain.
    const first = await request(t.app).get('/api/quote').query(STAY).expect(200);
    expect(first.headers.etag).toMatch(/^W\//);
    await request(t.app).get('/api/quote').query(STAY).set('If-None-Match', first.headers.etag as string).expect(304);
    await request(t.app).get('/api/quote/').query(STAY).set('If-None-Match', first.headers.etag as string).expect(304);
  });

  it('a refused query is logged to the security log as the full chain logs it ([api.errors])', async () => {
    const bad = await request(t.app).get('/api/quote').query({ ...STAY, guests: 'many' }).set('X-Forwarded-For', '192.0.2.7').expect(400);
    expect(bad.body).toMatchObject({ field: 'guests' });
    expect(events('validation_rejected')).toEqual([expect.objectContaining({ ip: '192.0.2.7', route: '/api/quote', outcome: 'refused 400' })]);
  });

  it('count toward the /api rate limit, shared with every other /api route, and get its 429 ([security.rate-limit])', async () => {
    t.cleanup();
    t = createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_MAX: '3' }, {}, () => NOW);
    const as = (ip: string) => ({ 'X-Forwarded-For': ip });
    await request(t.app).get('/api/quote').query(STAY).set(as('192.0.2.50')).expect(200);
    await request(t.app).get('/api/health').set(as('192.0.2.50')).expect(200);
    const last = await request(t.app).get('/api/availability/public').query({ startDate: '2026-12-01', endDate: '2026-12-31' }).set(as('192.0.2.50')).expect(200);
    expect(last.headers.ratelimit).toMatch(/remaining=0/);
    const refused = await request(t.app).get('/api/quote').query(STAY).set(as('192.0.2.50')).expect(429);
    expect(refused.body.error).toMatch(/limit is 3 per 15 minutes/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await request(t.app).get('/api/health').set(as('192.0.2.50')).expect(429);
    expect(events('rate_limited')[0]).toMatchObject({ ip: '192.0.2.50', route: '/api/quote', outcome: 'refused 429' });
    // Another address is not affected.
    await request(t.app).get('/api/quote').query(STAY).set(as('192.0.2.51')).expect(200);
  });

  it('refuse a blocked address with 403 ([security.ip-block])', async () => {
    const security = await signedInAgent(t.app, 'security');
    await security.post('/api/security/block-ip').send({ ip: '203.0.113.5' }).expect(200);
    for (const path of ['/api/quote', '/api/availability/public']) {
      const refused = await request(t.app).get(path).query(STAY).set('X-Forwarded-For', '203.0.113.5').expect(403);
      expect(refused.body.error).toBe('Access from your IP address has been blocked.');
    }
    expect(events('blocked_request').map((e) => e.route)).toEqual(['/api/quote', '/api/availability/public']);
  });

  it('write the request log line every /api request gets, with its request id', async () => {
    t.cleanup();
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger({ write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
    t = createTestApp({}, {}, () => NOW, { logger });
    await request(t.app).get('/api/quote').query(STAY).set('X-Request-Id', 'quote-1').expect(200);
    await request(t.app).get('/api/availability/public').query({ startDate: 'x' }).set('X-Request-Id', 'calendar-1').expect(400);
    await expect.poll(() => lines.filter((l) => l.message === 'request').length).toBe(2);
    expect(lines.find((l) => l.requestId === 'quote-1')).toMatchObject({ level: 'info', message: 'request', req: { method: 'GET', path: '/api/quote' }, res: { status: 200 } });
    expect(Object.keys(lines.find((l) => l.requestId === 'quote-1')!)).toEqual(['level', 'time', 'requestId', 'req', 'res', 'ms', 'message']);
    expect(lines.find((l) => l.requestId === 'calendar-1')).toMatchObject({ message: 'request', req: { method: 'GET', path: '/api/availability/public' }, res: { status: 400 } });
    // No query string in the log ([guest data stays out of logs]).
    expect(JSON.stringify(lines)).not.toContain('2026-12-10');
  });
});

describe('apiFastPath', () => {
  /** An app with the fast path for `/fast` (middleware `a`, `b`, then the handler), else `slow`. */
  function appWith(handler: RequestHandler, before: RequestHandler[]) {
    const app = express();
    const onError: ErrorRequestHandler = (err: Error, _req, res, _next) => void res.status(418).json({ caught: err.message });
    app.use(apiFastPath([['/fast', handler]], { before, onError }));
    app.use(express.json());
    app.all('/{*any}', (req, res) => void res.json({ slow: req.method, body: req.body as unknown }));
    return app;
  }
  const order: string[] = [];
  const mark = (name: string): RequestHandler => (_req, _res, next) => {
    order.push(name);
    next();
  };

  it('runs the middleware in order then the handler, for GET and HEAD of the exact path only', async () => {
    order.length = 0;
    const app = appWith((_req, res) => void res.json({ fast: true }), [mark('a'), mark('b')]);
    expect((await request(app).get('/fast').expect(200)).body).toEqual({ fast: true });
    await request(app).head('/fast').expect(200);
    expect(order).toEqual(['a', 'b', 'a', 'b']);
    expect((await request(app).post('/fast').send({ x: 1 }).expect(200)).body).toEqual({ slow: 'POST', body: { x: 1 } });
    expect((await request(app).get('/fast/').expect(200)).body).toMatchObject({ slow: 'GET' });
    expect((await request(app).get('/other').expect(200)).body).toMatchObject({ slow: 'GET' });
    // A GET with a body goes to the full chain (its body parser would have read it).
    expect((await request(app).get('/fast').send({ x: 2 }).expect(200)).body).toEqual({ slow: 'GET', body: { x: 2 } });
    expect(order).toHaveLength(4);
  });

  it('sends errors thrown, passed to next or rejected to the error handler, and stops there', async () => {
    order.length = 0;
    const thrown = appWith(() => {
      throw new Error('thrown');
    }, [mark('a')]);
    expect((await request(thrown).get('/fast').expect(418)).body).toEqual({ caught: 'thrown' });
    const passed = appWith(() => undefined, [(_req, _res, next) => next(new Error('passed')), mark('never')]);
    expect((await request(passed).get('/fast').expect(418)).body).toEqual({ caught: 'passed' });
    const rejected = appWith(async () => Promise.reject(new Error('rejected')), []);
    expect((await request(rejected).get('/fast').expect(418)).body).toEqual({ caught: 'rejected' });
    expect(order).toEqual(['a']);
  });

  it('lets a middleware answer by itself (a refusal): nothing after it runs', async () => {
    order.length = 0;
    const app = appWith(mark('handler'), [(_req, res) => void res.status(403).json({ error: 'no' }), mark('b')]);
    expect((await request(app).get('/fast').expect(403)).body).toEqual({ error: 'no' });
    expect(order).toEqual([]);
  });
});
