import { brotliDecompressSync } from 'node:zlib';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from './test-support/test-app.js';

let t: ReturnType<typeof createTestApp>;
beforeEach(() => (t = createTestApp({ LISTING_URL: 'https://www.airbnb.com/rooms/123?a=1&b="2"' })));
afterEach(() => t.cleanup());

describe('GET /api/health', () => {
  it('answers ok when the database answers', async () => {
    const res = await request(t.app).get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers 503 when the database is gone', async () => {
    t.db.close();
    const res = await request(t.app).get('/api/health').expect(503);
    expect(res.body.status).toBe('unavailable');
  });
});

describe('GET /api/images/config', () => {
  it('returns the stored config in the [images.config] shape', async () => {
    const res = await request(t.app).get('/api/images/config').expect(200).expect('Content-Type', /json/);
    expect(Object.keys(res.body)).toEqual(['property', 'carousel', 'location']);
    expect(res.body.property.hero).toBe('/images/defaults/hero.jpg');
    expect(res.body.carousel.slide10).toBe('/images/defaults/slide10.jpg');
    expect(res.body.location).toEqual({
      mountains: '/images/defaults/mountains.jpg',
      railway: '/images/defaults/railway.jpg',
      golf: '/images/defaults/golf.jpg',
    });
  });
});

describe('GET /api/reviews/published', () => {
  it('lists the published reviews without e-mail addresses', async () => {
    const res = await request(t.app).get('/api/reviews/published').expect(200);
    expect(res.body.reviews.length).toBeGreaterThan(0);
    for (const review of res.body.reviews) {
      expect(Object.keys(review).sort()).toEqual(['content', 'createdAt', 'guestName', 'id', 'rating', 'source', 'stayDate', 'stayMonth', 'title']);
    }
    expect(JSON.stringify(res.body)).not.toContain('@');
  });

  it('leaves out unpublished reviews', async () => {
    t.db.prepare('UPDATE reviews SET is_published = 0 WHERE id = 1').run();
    const res = await request(t.app).get('/api/reviews/published').expect(200);
    expect(res.body.reviews.map((r: { id: number }) => r.id)).not.toContain(1);
  });
});

describe('POST /api/analytics/pageview', () => {
  const count = () => (t.db.prepare('SELECT COUNT(*) AS n FROM page_views').get() as { n: number }).n;

  it('stores a page view and answers 204', async () => {
    await request(t.app).post('/api/analytics/pageview').send({ path: '/checkout', referrer: 'https://example.com/' }).expect(204);
    expect(t.db.prepare('SELECT path, referrer FROM page_views').all()).toEqual([{ path: '/checkout', referrer: 'https://example.com/' }]);
  });

  it.each([
    [{}, 'path'],
    [{ path: 42 }, 'path'],
    [{ path: 'no-slash' }, 'path'],
    [{ path: '/x', referrer: 7 }, 'referrer'],
    [{ path: `/${'a'.repeat(3000)}` }, 'path'],
  ])('rejects %j with 400 naming %s and stores nothing', async (body, field) => {
    const res = await request(t.app).post('/api/analytics/pageview').send(body).expect(400);
    expect(res.body.field).toBe(field);
    expect(res.body.error).toMatch(new RegExp(`^${field}: `));
    expect(count()).toBe(0);
  });

  it('answers 400 for invalid JSON and 413 for a huge body', async () => {
    const bad = await request(t.app).post('/api/analytics/pageview').set('Content-Type', 'application/json').send('{"path":').expect(400);
    expect(bad.body).toEqual({ error: 'The request body is not valid JSON' });
    const huge = await request(t.app).post('/api/analytics/pageview').send({ path: '/', referrer: 'x'.repeat(200_000) }).expect(413);
    expect(huge.body.error).toMatch(/too large/);
    expect(count()).toBe(0);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await request(t.app).post('/api/analytics/pageview').set('Content-Type', 'text/plain').send('path=/').expect(400);
    expect(res.body.error).toMatch(/body/);
  });
});

describe('unknown API routes', () => {
  it('answer a JSON 404', async () => {
    const res = await request(t.app).get('/api/does-not-exist').expect(404).expect('Content-Type', /json/);
    expect(res.body.error).toMatch(/No API route/);
    await request(t.app).delete('/api/images/config').expect(404);
  });
});

describe('the single-page app', () => {
  it.each(['/', '/admin', '/security-console', '/calendar-auth', '/checkout', '/rental-agreement'])('serves index.html at %s', async (route) => {
    const res = await request(t.app).get(route).expect(200).expect('Content-Type', /html/);
    expect(res.text).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the app with status 404 on unknown paths so the client shows its 404 page', async () => {
    const res = await request(t.app).get('/no/such/page').expect(404).expect('Content-Type', /html/);
    expect(res.text).toContain('<div id="root">');
  });

  it('sends index.html brotli- or gzip-compressed as the client accepts', async () => {
    const br = await request(t.app).get('/').set('Accept-Encoding', 'br').expect(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.text).toContain('<div id="root">');
    const gz = await request(t.app).get('/admin').set('Accept-Encoding', 'gzip').expect(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await request(t.app).get('/').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
  });

  it('answers a missing file with a plain 404', async () => {
    const res = await request(t.app).get('/images/missing.jpg').expect(404);
    expect(res.text).toBe('Not found');
  });

  it('fills in the run-time settings, escaped for an attribute', async () => {
    const res = await request(t.app).get('/');
    expect(res.text).toContain('href="http://localhost:3000/"');
    expect(res.text).toContain('content="https://www.airbnb.com/rooms/123?a=1&amp;b=&quot;2&quot;"');
    expect(res.text).toContain('content="http://localhost:3000/#location"');
    expect(res.text).not.toContain('__');
  });

  it('sends the precompressed brotli copy of an asset when the client accepts it', async () => {
    const res = await request(t.app)
      .get('/assets/index-abc123.js')
      .set('Accept-Encoding', 'gzip, br')
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    // superagent may already have decoded the body.
    const body = res.body as Buffer;
    const text = body.toString().includes('console.log') ? body.toString() : brotliDecompressSync(body).toString();
    expect(text).toMatch(/^\/\* precompressed \*\/console\.log/);
    const plain = await request(t.app).get('/assets/index-abc123.js').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('caches hashed assets for a year as immutable and compresses them', async () => {
    const res = await request(t.app).get('/assets/index-abc123.js').set('Accept-Encoding', 'br, gzip').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toMatch(/^(br|gzip)$/);
  });
});

describe('security headers', () => {
  it('sends an enforced CSP without inline scripts, frame denial and nosniff, and no X-Powered-By', async () => {
    const res = await request(t.app).get('/');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy-report-only']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS for one year with subdomains and preload when served over https', async () => {
    const https = createTestApp({ PUBLIC_URL: 'https://stay.example.com' });
    try {
      const res = await request(https.app).get('/api/health');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains; preload');
    } finally {
      https.cleanup();
    }
  });

  it('gives every response a request id, keeping a sane incoming one', async () => {
    const own = await request(t.app).get('/api/health');
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await request(t.app).get('/api/health').set('X-Request-Id', 'abc-123');
    expect(given.headers['x-request-id']).toBe('abc-123');
    const hostile = await request(t.app).get('/api/health').set('X-Request-Id', '<script>');
    expect(hostile.headers['x-request-id']).not.toBe('<script>');
  });
});
