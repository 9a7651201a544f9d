import { utimesSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, setTestPasswords, signedInAgent } from '../test-support/test-app.js';

/** `/sitemap.xml` ([seo.sitemap]) and `/robots.txt` ([seo.robots]) through the real app. */
let t: ReturnType<typeof createTestApp>;
afterEach(() => t.cleanup());

const PUBLIC_URL = 'https://ridgeline.example';
const BUILT = new Date('2026-11-01T08:00:00Z');

function build() {
  const clock = { now: new Date('2026-12-01T12:00:00Z') };
  t = createTestApp({ PUBLIC_URL: `${PUBLIC_URL}/` }, {}, () => clock.now);
  // The build's index.html, as of the release.
  utimesSync(path.join(t.deps.clientDir!, 'index.html'), BUILT, BUILT);
  return clock;
}

const sitemap = async () => {
  const res = await request(t.app).get('/sitemap.xml').expect(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  return res.text;
};

describe('GET /sitemap.xml ([seo.sitemap])', () => {
  it('lists the home page by absolute URL in the sitemaps.org schema, last changed at the build on a fresh site', async () => {
    build();
    const xml = await sitemap();
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url>',
        `    <loc>${PUBLIC_URL}/</loc>`,
        '    <lastmod>2026-11-01T08:00:00Z</lastmod>',
        '  </url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
    // Not the checkout, guest, review or owner pages: they are noindex.
    for (const hidden of ['/checkout', '/stay/', '/review/', '/admin', '/security-console']) expect(xml).not.toContain(hidden);
  });

  it("moves <lastmod> to the owner's last change of what the page shows, and never back to the build", async () => {
    const clock = build();
    await setTestPasswords(t.db);
    const admin = await signedInAgent(t.app);
    clock.now = new Date('2026-12-02T09:15:30.456Z');
    const created = await admin
      .post('/api/reviews')
      .send({ guestName: 'Ann', email: 'ann@example.com', rating: 2, title: 'Cold', content: 'Hot tub off.', stayDate: '2026-06-01', isApproved: true, isPublished: true })
      .expect(201);
    expect(await sitemap()).toContain('<lastmod>2026-12-02T09:15:30Z</lastmod>');

    clock.now = new Date('2026-12-03T10:00:00Z');
    await admin.put(`/api/reviews/${(created.body as { review: { id: number } }).review.id}`).send({ isPublished: false, hiddenReason: 'off_topic' }).expect(200);
    expect(await sitemap()).toContain('<lastmod>2026-12-03T10:00:00Z</lastmod>');

    // A refused change changes nothing.
    clock.now = new Date('2026-12-04T10:00:00Z');
    await admin.put('/api/reviews/999999').send({ isPublished: false }).expect(404);
    expect(await sitemap()).toContain('<lastmod>2026-12-03T10:00:00Z</lastmod>');

    // A newer build is a change of the page too.
    const rebuilt = new Date('2026-12-05T00:00:00Z');
    utimesSync(path.join(t.deps.clientDir!, 'index.html'), rebuilt, rebuilt);
    expect(await sitemap()).toContain('<lastmod>2026-12-05T00:00:00Z</lastmod>');
  });

  it('answers HEAD too and is not behind a session', async () => {
    build();
    await request(t.app).head('/sitemap.xml').expect(200).expect('Content-Type', 'application/xml; charset=utf-8');
  });
});

describe('GET /robots.txt ([seo.robots])', () => {
  it('allows the public pages, disallows the owner, checkout, stay and review pages, and names the sitemap', async () => {
    build();
    const res = await request(t.app).get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin',
        'Disallow: /security-console',
        'Disallow: /checkout',
        'Disallow: /stay/',
        'Disallow: /review/',
        'Disallow: /calendar-auth',
        '',
        `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });
});
