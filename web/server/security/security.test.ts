import Stripe from 'stripe';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStripeGateway } from '@ridgeline/core/node';
import { snapshotDatabase } from '../test-support/db-snapshot.js';
import { concretePath, registeredRoutes } from '../test-support/routes.js';
import { startStripeStandIn, type StripeStandIn } from '../test-support/stripe-stand-in.js';
import { TEST_ADMIN_PASSWORD, TEST_SECURITY_PASSWORD, createTestApp, setTestPasswords, signInOverHttp, signedInAgent } from '../test-support/test-app.js';

let t: ReturnType<typeof createTestApp>;
beforeEach(async () => {
  // One trusted proxy: X-Forwarded-For's last address is the client, so tests can act as many IPs.
  t = createTestApp({ TRUST_PROXY: '1' });
  await setTestPasswords(t.db);
});
afterEach(() => t.cleanup());

const events = (kind: string) => (t.db.prepare('SELECT * FROM security_events WHERE event = ?').all(kind) as { ip: string; route: string; outcome: string; detail: string }[]);

describe('every registered route is guarded by its area', () => {
  it('finds the admin and security routes', () => {
    const routes = registeredRoutes(t.app);
    expect(routes.filter((r) => r.area === 'admin').length).toBeGreaterThanOrEqual(14);
    expect(routes.filter((r) => r.area === 'security').map((r) => r.path)).toEqual(
      expect.arrayContaining(['/api/security/status', '/api/security/block-ip', '/api/security/unblock-ip']),
    );
  });

  it('admin routes answer 401 without a session and with only a security session; security routes with only an admin session', async () => {
    const admin = await signedInAgent(t.app, 'admin');
    const security = await signedInAgent(t.app, 'security');
    for (const route of registeredRoutes(t.app).filter((r) => r.area)) {
      const path = concretePath(route.path);
      const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
      const wrong = route.area === 'admin' ? security : admin;
      const anonymous = await request(t.app)[method](path).send({});
      expect(anonymous.status, `${route.method} ${path} anonymous`).toBe(401);
      expect((await wrong[method](path).send({})).status, `${route.method} ${path} with the other area's session`).toBe(401);
    }
  });
});

describe('security console API', () => {
  it('reports the running configuration ([security.status])', async () => {
    const security = await signedInAgent(t.app, 'security');
    const res = await security.get('/api/security/status').expect(200);
    expect(res.body.security).toEqual({
      cspEnabled: true,
      rateLimitingEnabled: true,
      ipBlockingEnabled: true,
      hstsEnabled: false,
      hstsMaxAge: 31536000,
      hstsIncludeSubDomains: true,
      hstsPreload: true,
      requestValidationEnabled: true,
      securityLoggingEnabled: true,
      environment: 'test',
      rateLimit: { max: 100, windowMinutes: 15 },
      blockedIpCount: 0,
    });
    expect((await request(t.app).get('/').expect(200)).headers['strict-transport-security']).toBeUndefined();
    await security.post('/api/security/block-ip').send({ ip: '203.0.113.0/24' }).expect(200);
    await security.post('/api/security/block-ip').send({ ip: '198.51.100.4' }).expect(200);
    expect((await security.get('/api/security/status').expect(200)).body.security.blockedIpCount).toBe(2);

    const prod = createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://stay.example.com', RATE_LIMIT_MAX: '0' });
    try {
      await setTestPasswords(prod.db);
      // Over https the cookie is Secure, which plain-http supertest would not send back: use a bearer token.
      const login = await request(prod.app).post('/api/security/login').send({ password: 'test-security-password', client: 'desktop' }).expect(200);
      const status = await request(prod.app).get('/api/security/status').set('Authorization', `Bearer ${login.body.token}`).expect(200);
      expect(status.body.security).toMatchObject({
        hstsEnabled: true,
        rateLimitingEnabled: false,
        environment: 'production',
        rateLimit: { max: 0, windowMinutes: 15 },
        blockedIpCount: 0,
      });
      // What the status says is what the server does: HSTS is sent, and /api is not limited.
      expect((await request(prod.app).get('/').expect(200)).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains; preload');
      const server = prod.app.listen(0);
      try {
        for (let i = 0; i < 101; i += 1) await request(server).get('/api/health').expect(200);
      } finally {
        server.close();
      }
    } finally {
      prod.cleanup();
    }
  });

  it('blocks an address at once on every route, matching IPv4-mapped IPv6, and unblocks it', async () => {
    const security = await signedInAgent(t.app, 'security');
    const res = await security.post('/api/security/block-ip').send({ ip: ' ::ffff:203.0.113.5 ', reason: 'scraping' }).expect(200);
    expect(res.body).toMatchObject({ success: true, block: { ip: '203.0.113.5', reason: 'scraping' } });
    expect(res.body.warning).toBeUndefined();
    for (const path of ['/', '/admin', '/api/health', '/api/images/config', '/assets/index-abc123.js', '/api/nope']) {
      const refused = await request(t.app).get(path).set('X-Forwarded-For', '203.0.113.5').expect(403);
      expect(refused.body.error).toMatch(/blocked/);
    }
    await request(t.app).post('/api/analytics/pageview').set('X-Forwarded-For', '::ffff:203.0.113.5').send({ path: '/' }).expect(403);
    await request(t.app).get('/api/health').set('X-Forwarded-For', '203.0.113.6').expect(200);
    expect((await security.get('/api/security/blocked-ips')).body.blocked).toEqual([expect.objectContaining({ ip: '203.0.113.5', reason: 'scraping' })]);
    await security.post('/api/security/unblock-ip').send({ ip: '203.0.113.5' }).expect(200);
    await request(t.app).get('/api/health').set('X-Forwarded-For', '203.0.113.5').expect(200);
    await security.post('/api/security/unblock-ip').send({ ip: '203.0.113.5' }).expect(404);
    expect(events('ip_blocked')[0]?.detail).toBe('203.0.113.5');
    expect(events('blocked_request').length).toBeGreaterThan(0);
    expect(events('ip_unblocked')).toHaveLength(1);
  });

  it('refuses a blocked address on every registered route and method, signed in or not, changing nothing', async () => {
    const admin = await signedInAgent(t.app, 'admin');
    const security = await signedInAgent(t.app, 'security');
    await security.post('/api/security/block-ip').send({ ip: '203.0.113.66' }).expect(200);
    const routes = registeredRoutes(t.app);
    expect(routes.length).toBeGreaterThan(20);
    const before = snapshotDatabase(t.db);
    const targets = [
      ...routes.map((r) => ({ method: r.method.toLowerCase(), path: concretePath(r.path), area: r.area })),
      ...['/', '/admin', '/security-console', '/checkout', '/nope', '/assets/index-abc123.js', '/images/pic.jpg', '/uploads/x.jpg'].map((path) => ({ method: 'get', path, area: undefined })),
      { method: 'head', path: '/', area: undefined },
      { method: 'options', path: '/api/reviews', area: undefined },
    ];
    for (const { method, path, area } of targets) {
      const clients = [request(t.app), area === 'security' ? security : admin];
      for (const client of clients) {
        const req = (client as unknown as Record<string, (p: string) => request.Test>)[method]!(path).set('X-Forwarded-For', '203.0.113.66');
        const res = await (method === 'get' || method === 'head' ? req : req.send({ ip: '203.0.113.66', password: 'x', price: 1, isApproved: true, bookingId: 1 }));
        expect(res.status, `${method.toUpperCase()} ${path}`).toBe(403);
        if (method !== 'head') expect(res.body.error, `${method.toUpperCase()} ${path}`).toMatch(/blocked/);
      }
    }
    expect(snapshotDatabase(t.db)).toEqual(before);
    // The block is what refused them: another address gets through.
    await request(t.app).get('/api/health').set('X-Forwarded-For', '203.0.113.67').expect(200);
  });

  it('keeps blocks across restarts (persisted in SQLite)', async () => {
    const security = await signedInAgent(t.app, 'security');
    await security.post('/api/security/block-ip').send({ ip: '2001:DB8::7' }).expect(200);
    const { createApp } = await import('../app.js');
    const restarted = createApp({ db: t.db, config: t.config, logger: { info() {}, warn() {}, error() {} } });
    await request(restarted).get('/api/health').set('X-Forwarded-For', '2001:db8:0:0:0:0:0:7').expect(403);
  });

  it('warns, but allows, blocking the address in use', async () => {
    const security = await signedInAgent(t.app, 'security');
    const res = await security.post('/api/security/block-ip').set('X-Forwarded-For', '198.51.100.1').send({ ip: '198.51.100.1' }).expect(200);
    expect(res.body.warning).toMatch(/address you are using/);
  });

  it('validates the body: trimmed non-empty text', async () => {
    const security = await signedInAgent(t.app, 'security');
    expect((await security.post('/api/security/block-ip').send({ ip: '   ' }).expect(400)).body.field).toBe('ip');
    expect((await security.post('/api/security/block-ip').send({}).expect(400)).body.field).toBe('ip');
    expect((await security.post('/api/security/block-ip').send({ ip: 5 }).expect(400)).body.field).toBe('ip');
    expect((t.db.prepare('SELECT COUNT(*) AS n FROM ip_blocks').get() as { n: number }).n).toBe(0);
  });

  it('blocks a CIDR range on every route, stored as network/prefix, and unblocks it by the same text ([security.ip-block])', async () => {
    const security = await signedInAgent(t.app, 'security');
    const res = await security.post('/api/security/block-ip').send({ ip: ' 203.0.113.77/24 ', reason: 'botnet' }).expect(200);
    expect(res.body).toMatchObject({ success: true, block: { ip: '203.0.113.0/24', reason: 'botnet' } });
    expect(res.body.warning).toBeUndefined();
    for (const ip of ['203.0.113.0', '203.0.113.9', '203.0.113.255', '::ffff:203.0.113.20']) {
      for (const path of ['/', '/api/health', '/assets/index-abc123.js', '/images/pic.jpg', '/api/nope']) {
        const refused = await request(t.app).get(path).set('X-Forwarded-For', ip).expect(403);
        expect(refused.body.error, `${ip} ${path}`).toBe('Access from your IP address has been blocked.');
      }
    }
    await request(t.app).get('/api/health').set('X-Forwarded-For', '203.0.114.1').expect(200);
    await request(t.app).get('/api/health').set('X-Forwarded-For', '203.0.112.255').expect(200);
    expect((await security.get('/api/security/blocked-ips')).body.blocked).toEqual([expect.objectContaining({ ip: '203.0.113.0/24', reason: 'botnet' })]);
    // Any spelling of the same range unblocks it.
    await security.post('/api/security/unblock-ip').send({ ip: '203.0.113.1/24' }).expect(200);
    await request(t.app).get('/api/health').set('X-Forwarded-For', '203.0.113.9').expect(200);
    await security.post('/api/security/unblock-ip').send({ ip: '203.0.113.0/24' }).expect(404);
    expect(events('ip_blocked')[0]?.detail).toBe('203.0.113.0/24');
  });

  it('blocks an IPv6 range, across restarts', async () => {
    const security = await signedInAgent(t.app, 'security');
    await security.post('/api/security/block-ip').send({ ip: '2001:DB8:0:5::1/48' }).expect(200);
    expect((await security.get('/api/security/blocked-ips')).body.blocked[0].ip).toBe('2001:db8::/48');
    const { createApp } = await import('../app.js');
    const restarted = createApp({ db: t.db, config: t.config, logger: { info() {}, warn() {}, error() {} } });
    for (const app of [t.app, restarted]) {
      await request(app).get('/').set('X-Forwarded-For', '2001:db8:0:ffff::1').expect(403);
      await request(app).post('/api/analytics/pageview').set('X-Forwarded-For', '2001:db8::9').send({ path: '/' }).expect(403);
      await request(app).get('/api/health').set('X-Forwarded-For', '2001:db8:1::1').expect(200);
    }
  });

  it('warns when the range holds the address in use', async () => {
    const security = await signedInAgent(t.app, 'security');
    const res = await security.post('/api/security/block-ip').set('X-Forwarded-For', '198.51.100.1').send({ ip: '198.51.100.0/30' }).expect(200);
    expect(res.body.warning).toMatch(/address you are using now is in this range/);
  });

  it('refuses a malformed range with 400 naming ip, changing nothing; other text is still stored as typed ([security.ip-block])', async () => {
    const security = await signedInAgent(t.app, 'security');
    await security.post('/api/security/block-ip').send({ ip: '192.0.2.0/24' }).expect(200);
    const before = snapshotDatabase(t.db);
    for (const ip of ['10.0.0.0/33', '2001:db8::/129', '10.0.0/24', '10.0.0.0/x', '300.0.0.0/8']) {
      for (const path of ['/api/security/block-ip', '/api/security/unblock-ip']) {
        const res = await security.post(path).send({ ip }).expect(400);
        expect(res.body, `${path} ${ip}`).toMatchObject({ field: 'ip', error: expect.stringMatching(/^ip: .*CIDR range/) });
      }
    }
    expect(snapshotDatabase(t.db)).toEqual(before);
    await request(t.app).get('/api/health').set('X-Forwarded-For', '192.0.2.1').expect(403);
    const text = await security.post('/api/security/block-ip').send({ ip: 'office printer' }).expect(200);
    expect(text.body.block.ip).toBe('office printer');
  });

  it('logs logins and failures of both areas, and validation rejections, with IP and route', async () => {
    await request(t.app).post('/api/auth/login').set('X-Forwarded-For', '192.0.2.10').send({ password: 'nope-nope' }).expect(401);
    await request(t.app).post('/api/security/login').set('X-Forwarded-For', '192.0.2.11').send({ password: 'nope-nope' }).expect(401);
    await signInOverHttp(t.app, 'admin');
    await request(t.app).post('/api/analytics/pageview').set('X-Forwarded-For', '192.0.2.12').send({ path: 'bad' }).expect(400);
    expect(events('login_failed').map((e) => [e.ip, e.route, e.detail])).toEqual([
      ['192.0.2.10', '/api/auth/login', 'admin'],
      ['192.0.2.11', '/api/security/login', 'security'],
    ]);
    expect(events('login')).toHaveLength(1);
    expect(events('validation_rejected')[0]).toMatchObject({ ip: '192.0.2.12', route: '/api/analytics/pageview', outcome: 'refused 400' });
    const security = await signInOverHttp(t.app, 'security');
    const listed = await security.get('/api/security/events?limit=3').expect(200);
    expect(listed.body.events).toHaveLength(3);
    expect(listed.body.events[0].event).toBe('login');
  });
});

describe('client IP and the trusted proxy chain', () => {
  it('ignores X-Forwarded-For with TRUST_PROXY=0, so a spoofed header neither evades nor frames', async () => {
    const direct = createTestApp({ TRUST_PROXY: '0' });
    try {
      await setTestPasswords(direct.db);
      const security = await signedInAgent(direct.app, 'security');
      await security.post('/api/security/block-ip').send({ ip: '203.0.113.9' }).expect(200);
      await request(direct.app).get('/api/health').set('X-Forwarded-For', '203.0.113.9').expect(200);
      await security.post('/api/security/block-ip').send({ ip: '127.0.0.1' }).expect(200);
      await request(direct.app).get('/api/health').set('X-Forwarded-For', '8.8.8.8').expect(403);
    } finally {
      direct.cleanup();
    }
  });
});

describe('rate limiting ([security.rate-limit]: 100 requests per 15-minute window)', () => {
  it('answers the 101st /api request from one IP with 429, Retry-After and a JSON message', async () => {
    for (let i = 0; i < 100; i += 1) await request(t.app).get('/api/health').set('X-Forwarded-For', '192.0.2.50').expect(200);
    const res = await request(t.app).get('/api/images/config').set('X-Forwarded-For', '192.0.2.50').expect(429);
    expect(res.body.error).toMatch(/limit is 100 per 15 minutes/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another address, static files, and the signed-in owner are not affected.
    await request(t.app).get('/api/health').set('X-Forwarded-For', '192.0.2.51').expect(200);
    await request(t.app).get('/').set('X-Forwarded-For', '192.0.2.50').expect(200);
    expect(events('rate_limited')[0]).toMatchObject({ ip: '192.0.2.50', outcome: 'refused 429' });
  });

  it('counts the addresses of one IPv6 /64 together, and different /64s apart ([security.rate-limit])', async () => {
    const server = t.app.listen(0);
    try {
      for (let i = 0; i < 100; i += 1) await request(server).get('/api/health').set('X-Forwarded-For', '2001:db8:1:2::1').expect(200);
      await request(server).get('/api/health').set('X-Forwarded-For', '2001:db8:1:2::2').expect(429);
      await request(server).get('/api/health').set('X-Forwarded-For', '2001:db8:1:2:ffff:ffff:ffff:ffff').expect(429);
      await request(server).get('/api/health').set('X-Forwarded-For', '2001:db8:1:3::1').expect(200);
      // IPv4 clients are not grouped, and an IPv4-mapped address counts as its IPv4 address.
      for (let i = 0; i < 100; i += 1) await request(server).get('/api/health').set('X-Forwarded-For', '::ffff:192.0.2.60').expect(200);
      await request(server).get('/api/health').set('X-Forwarded-For', '192.0.2.60').expect(429);
      await request(server).get('/api/health').set('X-Forwarded-For', '192.0.2.61').expect(200);
    } finally {
      server.close();
    }
  });

  it('keeps sign-in out of the /api budget, both ways ([auth.throttle])', async () => {
    const server = t.app.listen(0);
    const ip = '192.0.2.70';
    try {
      // Failed sign-ins are counted by the sign-in limiter only…
      for (let i = 0; i < 5; i += 1) await request(server).post('/api/auth/login').set('X-Forwarded-For', ip).send({ password: 'wrong-password' }).expect(401);
      for (let i = 0; i < 100; i += 1) await request(server).get('/api/health').set('X-Forwarded-For', ip).expect(200);
      await request(server).get('/api/health').set('X-Forwarded-For', ip).expect(429);
      // …and a used-up /api budget does not stop the owner signing in to either area.
      await request(server).post('/api/auth/login').set('X-Forwarded-For', ip).send({ password: 'wrong-password' }).expect(401);
      await request(server).post('/api/auth/login').set('X-Forwarded-For', ip).send({ password: TEST_ADMIN_PASSWORD }).expect(200);
      await request(server).post('/api/security/login').set('X-Forwarded-For', ip).send({ password: TEST_SECURITY_PASSWORD }).expect(200);
    } finally {
      server.close();
    }
  });

  it('does not count the signed-in owner', async () => {
    const admin = await signedInAgent(t.app, 'admin');
    for (let i = 0; i < 105; i += 1) await admin.get('/api/reviews').expect(200);
  });
});

describe('the Stripe webhook and the rate limit ([security.rate-limit])', () => {
  const WEBHOOK_SECRET = 'whsec_rate_limit_test';
  let stripe: StripeStandIn;
  let hooked: ReturnType<typeof createTestApp>;
  beforeEach(async () => {
    stripe = await startStripeStandIn();
    const payments = createStripeGateway({ secretKey: stripe.secretKey, webhookSecret: WEBHOOK_SECRET, apiBase: stripe.url });
    hooked = createTestApp({ TRUST_PROXY: '1' }, {}, undefined, { payments });
  });
  afterEach(async () => {
    hooked.cleanup();
    await stripe.close();
  });

  /** One event as Stripe sends it: JSON body, `Stripe-Signature: t=…,v1=…` over the raw bytes. */
  const delivery = (n: number, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify({ id: `evt_limit_${n}`, object: 'event', type: 'charge.succeeded', data: { object: { id: `ch_${n}`, object: 'charge' } } });
    return { payload, header: new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret }) };
  };

  it('lets 150 signed deliveries from one IP through', async () => {
    const server = hooked.app.listen(0);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 150; i += 1) {
        const { payload, header } = delivery(i);
        const res = await request(server).post('/api/stripe/webhook').set('X-Forwarded-For', '3.18.12.63').set('Content-Type', 'application/json').set('Stripe-Signature', header).send(payload);
        statuses.push(res.status);
      }
      expect(statuses.filter((status) => status >= 200 && status < 300)).toHaveLength(150);
      expect(hooked.db.prepare('SELECT COUNT(*) AS n FROM stripe_events').get()).toEqual({ n: 150 });
      // Its budget is untouched: other /api calls from that address still get through.
      await request(server).get('/api/health').set('X-Forwarded-For', '3.18.12.63').expect(200);
    } finally {
      server.close();
    }
  });

  it('still limits an unsigned or forged flood from one IP', async () => {
    const server = hooked.app.listen(0);
    try {
      for (let i = 0; i < 100; i += 1) {
        const { payload } = delivery(i);
        const forged = i % 2 === 0 ? delivery(i, 'whsec_wrong').header : 't=1,v1=deadbeef';
        await request(server).post('/api/stripe/webhook').set('X-Forwarded-For', '192.0.2.80').set('Content-Type', 'application/json').set('Stripe-Signature', forged).send(payload).expect(400);
      }
      const { payload } = delivery(100);
      await request(server).post('/api/stripe/webhook').set('X-Forwarded-For', '192.0.2.80').set('Content-Type', 'application/json').send(payload).expect(429);
      expect(hooked.db.prepare("SELECT COUNT(*) AS n FROM security_events WHERE event = 'webhook_signature_failed'").get()).toEqual({ n: 100 });
      expect(hooked.db.prepare('SELECT COUNT(*) AS n FROM stripe_events').get()).toEqual({ n: 0 });
    } finally {
      server.close();
    }
  });
});
