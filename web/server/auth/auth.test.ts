import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  TEST_ADMIN_PASSWORD,
  TEST_SECURITY_PASSWORD,
  createTestApp,
  setTestPasswords,
  signedInAgent,
} from '../test-support/test-app.js';

let t: ReturnType<typeof createTestApp>;
beforeEach(async () => {
  t = createTestApp();
  await setTestPasswords(t.db);
});
afterEach(() => t.cleanup());

describe('POST /api/auth/login', () => {
  it('sets an httpOnly, SameSite=Strict session cookie for the right password', async () => {
    const res = await request(t.app).post('/api/auth/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200);
    expect(res.body).toEqual({ success: true });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^rl_admin_session=[\w-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('marks the cookie Secure when the site is served over https', async () => {
    const https = createTestApp({ PUBLIC_URL: 'https://stay.example.com' });
    try {
      await setTestPasswords(https.db);
      const res = await request(https.app).post('/api/auth/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200);
      expect(String(res.headers['set-cookie'])).toMatch(/Secure/);
    } finally {
      https.cleanup();
    }
  });

  it('answers 401 "Incorrect password" and sets nothing for a wrong one', async () => {
    const res = await request(t.app).post('/api/auth/login').send({ password: 'wrong-password' }).expect(401);
    expect(res.body).toEqual({ error: 'Incorrect password' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('does not accept the security password for the admin area, nor the reverse', async () => {
    await request(t.app).post('/api/auth/login').send({ password: TEST_SECURITY_PASSWORD }).expect(401);
    const res = await request(t.app).post('/api/security/login').send({ password: TEST_ADMIN_PASSWORD }).expect(401);
    expect(res.body).toEqual({ error: 'Incorrect security password' });
  });

  it('answers 400 naming the field for a bad body', async () => {
    expect((await request(t.app).post('/api/auth/login').send({}).expect(400)).body.field).toBe('password');
    expect((await request(t.app).post('/api/auth/login').send({ password: 42 }).expect(400)).body.field).toBe('password');
    expect((await request(t.app).post('/api/auth/login').send({ password: 'x', client: 'toaster' }).expect(400)).body.field).toBe('client');
  });

  it('gives the desktop app a bearer token that works without cookies', async () => {
    const res = await request(t.app).post('/api/auth/login').send({ password: TEST_ADMIN_PASSWORD, client: 'desktop' }).expect(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body.token).toMatch(/^[\w-]{43}$/);
    await request(t.app).get('/api/reviews').set('Authorization', `Bearer ${res.body.token}`).expect(200);
    await request(t.app).get('/api/reviews').set('Authorization', 'Bearer not-a-token').expect(401);
  });

  it('throttles an IP after 10 failures in 15 minutes, even for the right password', async () => {
    for (let i = 0; i < 10; i += 1) await request(t.app).post('/api/auth/login').send({ password: `wrong-${i}` }).expect(401);
    const res = await request(t.app).post('/api/auth/login').send({ password: TEST_ADMIN_PASSWORD }).expect(429);
    expect(res.body.error).toMatch(/Too many failed sign-in attempts/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('does not count successful sign-ins toward the throttle', async () => {
    for (let i = 0; i < 12; i += 1) await request(t.app).post('/api/auth/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200);
  });
});

describe('sessions', () => {
  it('reports the session, and logout ends it for good', async () => {
    const agent = await signedInAgent(t.app);
    expect((await agent.get('/api/auth/session').expect(200)).body).toEqual({ authenticated: true });
    await agent.get('/api/reviews').expect(200);
    const out = await agent.post('/api/auth/logout').expect(200);
    expect(String(out.headers['set-cookie'])).toMatch(/rl_admin_session=;/);
    expect((await agent.get('/api/auth/session')).body).toEqual({ authenticated: false });
    await agent.get('/api/reviews').expect(401);
  });

  it('keeps the admin and security sessions separate', async () => {
    const admin = await signedInAgent(t.app, 'admin');
    expect((await admin.get('/api/security/session')).body).toEqual({ authenticated: false });
    const security = await signedInAgent(t.app, 'security');
    expect((await security.get('/api/auth/session')).body).toEqual({ authenticated: false });
    await security.get('/api/reviews').expect(401);
  });

  it('stores only a hash of the session token', async () => {
    const res = await request(t.app).post('/api/auth/login').send({ password: TEST_ADMIN_PASSWORD, client: 'desktop' });
    const stored = t.db.prepare('SELECT token_hash FROM sessions').all() as { token_hash: string }[];
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toBe(res.body.token);
    expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('CSRF protection for cookie sessions', () => {
  it('refuses a cross-site state change carrying the session cookie', async () => {
    const agent = await signedInAgent(t.app);
    const before = (t.db.prepare('SELECT COUNT(*) AS n FROM reviews').get() as { n: number }).n;
    const res = await agent.delete('/api/reviews/1').set('Origin', 'https://evil.example').expect(403);
    expect(res.body.error).toBe('Cross-site request refused');
    await agent.delete('/api/reviews/1').set('Sec-Fetch-Site', 'cross-site').expect(403);
    expect((t.db.prepare('SELECT COUNT(*) AS n FROM reviews').get() as { n: number }).n).toBe(before);
  });

  it('lets a same-origin request through', async () => {
    const agent = await signedInAgent(t.app);
    await agent.delete('/api/reviews/1').set('Origin', 'http://localhost:3000').set('Sec-Fetch-Site', 'same-origin').expect(200);
  });
});
