import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@ridgeline/core/node';
import { TEST_ADMIN_PASSWORD, createTestApp, setTestPasswords } from '../test-support/test-app.js';

const DESKTOP = 'app://ridgeline';

const corsHeaders = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((h) => h.startsWith('access-control-'));

describe('CORS for the desktop app (web/server/http/cors.ts)', () => {
  let t: ReturnType<typeof createTestApp>;
  beforeEach(async () => {
    t = createTestApp();
    await setTestPasswords(t.db);
  });
  afterEach(() => t.cleanup());

  it('answers the desktop origin’s preflight with exactly its origin, methods and headers, no credentials', async () => {
    const res = await request(t.app)
      .options('/api/booking-inquiries')
      .set('Origin', DESKTOP)
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'authorization')
      .expect(204);
    expect(res.headers['access-control-allow-origin']).toBe(DESKTOP);
    expect(res.headers['access-control-allow-methods']).toBe('GET, POST, PUT, PATCH, DELETE');
    expect(res.headers['access-control-allow-headers']).toBe('Authorization, Content-Type');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers.vary).toMatch(/Origin/);
  });

  it('lets the desktop app sign in and call an admin endpoint with the bearer token', async () => {
    const login = await request(t.app)
      .post('/api/auth/login')
      .set('Origin', DESKTOP)
      .send({ password: TEST_ADMIN_PASSWORD, client: 'desktop' })
      .expect(200);
    expect(login.headers['access-control-allow-origin']).toBe(DESKTOP);
    const token = login.body.token as string;
    const res = await request(t.app)
      .get('/api/booking-inquiries')
      .set('Origin', DESKTOP)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(res.headers['access-control-allow-origin']).toBe(DESKTOP);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('keeps CORS headers on refusals, so the app can read them', async () => {
    const res = await request(t.app).get('/api/booking-inquiries').set('Origin', DESKTOP).expect(401);
    expect(res.headers['access-control-allow-origin']).toBe(DESKTOP);
  });

  it.each(['https://evil.example', 'null', 'app://ridgeline.evil.com', 'http://localhost:3000', 'file://'])(
    'gives another origin (%s) no CORS header at all',
    async (origin) => {
      const preflight = await request(t.app)
        .options('/api/booking-inquiries')
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'DELETE')
        .set('Access-Control-Request-Headers', 'authorization');
      expect(corsHeaders(preflight.headers)).toEqual([]);
      const res = await request(t.app).get('/api/health').set('Origin', origin).expect(200);
      expect(corsHeaders(res.headers)).toEqual([]);
    },
  );

  it('sends none without an Origin header and none outside /api', async () => {
    expect(corsHeaders((await request(t.app).get('/api/health').expect(200)).headers)).toEqual([]);
    const page = await request(t.app).get('/admin').set('Origin', DESKTOP).expect(200);
    expect(corsHeaders(page.headers)).toEqual([]);
  });

  it('allows the origins DESKTOP_ORIGINS lists instead (e.g. a test renderer), and only those', async () => {
    const other = createTestApp({ DESKTOP_ORIGINS: 'http://127.0.0.1:5174, app://ridgeline' });
    try {
      const allowed = await request(other.app).get('/api/health').set('Origin', 'http://127.0.0.1:5174').expect(200);
      expect(allowed.headers['access-control-allow-origin']).toBe('http://127.0.0.1:5174');
      const refused = await request(other.app).get('/api/health').set('Origin', 'http://127.0.0.1:5175').expect(200);
      expect(corsHeaders(refused.headers)).toEqual([]);
    } finally {
      other.cleanup();
    }
  });
});

describe('DESKTOP_ORIGINS', () => {
  it('defaults to app://ridgeline', () => {
    expect(loadConfig({}).desktopOrigins).toEqual([DESKTOP]);
  });

  it.each(['*', 'null', 'app://ridgeline/', 'https://a.example/path', 'file://', 'ridgeline'])(
    'refuses %s',
    (value) => {
      expect(() => loadConfig({ DESKTOP_ORIGINS: value })).toThrow(ConfigError);
      expect(() => loadConfig({ DESKTOP_ORIGINS: value })).toThrow(/DESKTOP_ORIGINS/);
    },
  );
});
