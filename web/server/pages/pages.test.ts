import { once } from 'node:events';
import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import sharp from 'sharp';
import request from 'supertest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { AMENITIES, PROPERTY, type PublishedReview, type Review } from '@ridgeline/core';
import { DEMO_REVIEWS } from '@ridgeline/core/node';
import * as entryServer from '../../src/entry-server';
import type { AppDeps } from '../deps.js';
import { paidGuestBooking } from '../test-support/guest-bookings.js';
import { createTestApp, setTestPasswords, signedInAgent } from '../test-support/test-app.js';
import type { PageRenderer } from '../deps.js';

/**
 * The server-rendered public pages ([pages.server-rendered]), their cache ([pages.cache]) and the
 * fast path ([pages.fast-path]), through the real app with the real renderer (src/entry-server.tsx).
 */
let t: ReturnType<typeof createTestApp>;
afterEach(() => t.cleanup());

/** The real renderer, counting its renders. */
function countingRenderer() {
  const counter = { renders: 0 };
  const renderer: PageRenderer = {
    serializeInitialData: entryServer.serializeInitialData,
    renderPage: (input) => {
      counter.renders += 1;
      return entryServer.renderPage(input);
    },
  };
  return { renderer, counter };
}

function build(env: Record<string, string> = {}, extra: Partial<AppDeps> = {}) {
  const { renderer, counter } = countingRenderer();
  t = createTestApp(env, {}, undefined, { renderPage: renderer, ...extra });
  return counter;
}

/** GET `path` over a real socket, the body as sent (supertest would decompress it). */
async function rawGet(app: Express, path: string, headers: Record<string, string>) {
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
  } finally {
    server.close();
  }
}

/** The text of an HTML document, tags dropped, entities of the few kinds React writes decoded. */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** The JSON the page embeds for the browser. */
function embeddedData(html: string) {
  const json = /<script type="application\/json" id="ridgeline-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(json, 'the page embeds its data once').toBeDefined();
  expect(html.match(/id="ridgeline-data"/g)).toHaveLength(1);
  return JSON.parse(json ?? 'null') as { imageConfig: unknown; publishedReviews: { reviews: PublishedReview[] } };
}

const realReview = {
  guestName: 'Ann Real',
  email: 'ann@realguest.test',
  rating: 5,
  title: 'Lovely weekend',
  content: 'We loved the hot tub </script><script>alert(1)</script> & the view.',
  stayDate: '2026-05-02',
  isApproved: true,
  isPublished: true,
};

describe('GET / without JavaScript', () => {
  it('holds every home section: hero and its picture, highlights, gallery, amenities, location, reviews, footer', async () => {
    build();
    const res = await request(t.app).get('/').expect(200).expect('Content-Type', 'text/html; charset=utf-8');
    const html = res.text;
    const text = textOf(html);
    // Hero, with its <picture> of AVIF/WebP/JPEG sources and the LCP image at high priority.
    expect(html).toMatch(/<section id="home"[^>]*>[\s\S]*?<picture class="contents"><source type="image\/avif"/);
    expect(html).toMatch(/<img src="\/images\/defaults\/hero-960\.jpg"[^>]*fetchPriority="high"/i);
    expect(text).toContain(PROPERTY.name);
    expect(text).toContain(PROPERTY.tagline);
    for (const id of ['home', 'property', 'gallery', 'amenities', 'location', 'testimonials', 'booking']) {
      expect(html, `section #${id}`).toMatch(new RegExp(`<section[^>]* id="${id}"|<section id="${id}"`));
    }
    for (const amenity of AMENITIES) expect(text).toContain(amenity);
    expect(text).toContain('A look around the house');
    expect(text).toContain('Long Creek Falls');
    expect(text).toContain('5 min to downtown');
    // The published (demo) reviews, with author and text; no loading skeleton.
    for (const review of DEMO_REVIEWS) {
      expect(text).toContain(review.guestName);
      expect(text).toContain(review.content);
    }
    expect(html).not.toContain('Loading reviews');
    expect(text).toContain(`© ${new Date().getFullYear()} Ridgeline. All rights reserved.`);
    expect(text).toContain(PROPERTY.contact.email);
    // The page's data, once, as JSON (not script code: the CSP allows no inline script).
    const data = embeddedData(html);
    expect(data.publishedReviews.reviews.map((r) => r.guestName).sort()).toEqual(DEMO_REVIEWS.map((r) => r.guestName).sort());
    expect(data.imageConfig).toEqual((await request(t.app).get('/api/images/config')).body);
    const scriptSrc = (res.headers['content-security-policy'] as string).split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it('escapes what guests wrote: a review cannot end the data element or inject markup', async () => {
    build();
    await setTestPasswords(t.db);
    const admin = await signedInAgent(t.app);
    await admin.post('/api/reviews').send(realReview).expect(201);
    const html = (await request(t.app).get('/').expect(200)).text;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html.match(/<\/script>/g)?.length).toBe(html.match(/<script/g)?.length);
    expect(embeddedData(html).publishedReviews.reviews.find((r) => r.guestName === 'Ann Real')?.content).toBe(realReview.content);
    expect(textOf(html)).toContain(realReview.content);
  });

  it('renders the configured listing and guide links', async () => {
    build({ LISTING_URL: 'https://www.airbnb.com/rooms/424242', GUIDE_URL: 'https://guide.example.com/ridgeline' });
    const html = (await request(t.app).get('/').expect(200)).text;
    expect(html).toContain('href="https://www.airbnb.com/rooms/424242"');
    expect(html).toContain('href="https://guide.example.com/ridgeline"');
  });

  it('renders the 404 page with status 404 for an unknown path, and keeps the SPA shell for the other routes', async () => {
    build();
    const missing = await request(t.app).get('/no-such-page').expect(404).expect('Content-Type', 'text/html; charset=utf-8');
    expect(textOf(missing.text)).toContain('404 Page Not Found');
    expect(missing.headers['x-frame-options']).toBe('DENY');
    for (const path of ['/admin', '/security-console', '/checkout']) {
      const res = await request(t.app).get(path).expect(200);
      expect(res.text, path).toContain('<div id="root"></div>');
      expect(res.text).not.toContain('ridgeline-data');
    }
    await request(t.app).get('/stay/not-a-token').expect(404).expect((res) => expect(res.text).toContain('<div id="root"></div>'));
  });

  it('/checkout is noindex with its own canonical link; / keeps the site canonical', async () => {
    build({ PUBLIC_URL: 'https://stay.example.com' });
    const checkout = (await request(t.app).get('/checkout').expect(200)).text;
    expect(checkout).toContain('<meta name="robots" content="noindex" />');
    expect(checkout).toContain('<link rel="canonical" href="https://stay.example.com/checkout" />');
    expect(checkout).not.toContain('href="https://stay.example.com/"');
    const home = (await request(t.app).get('/').expect(200)).text;
    expect(home).toContain('<link rel="canonical" href="https://stay.example.com/">');
    expect(home).not.toContain('noindex');
  });

  it('a dated landing link is noindex with the canonical /, cached apart from / ([pages.landing-link])', async () => {
    build({ PUBLIC_URL: 'https://stay.example.com' });
    const home = await request(t.app).get('/').set('Accept-Encoding', 'identity').expect(200);
    // A checkout's outcome naming the guest's booking is never indexed either ([checkout.confirmation-panel]).
    for (const query of ['?checkin=2027-03-01&checkout=2027-03-04&guests=4', '?guests=4', '?checkin=nonsense', '?success=true&booking=12', '?booking=12', '?error=booking']) {
      const landing = await request(t.app).get(`/${query}`).set('Accept-Encoding', 'identity').expect(200);
      expect(landing.text, query).toContain('<meta name="robots" content="noindex" />');
      expect(landing.text).toContain('<link rel="canonical" href="https://stay.example.com/">');
      expect(landing.headers.etag).not.toBe(home.headers.etag);
      await request(t.app).get('/').set('If-None-Match', landing.headers.etag as string).set('Accept-Encoding', 'identity').expect(200);
    }
    const again = await request(t.app).get('/').set('Accept-Encoding', 'identity').expect(200);
    expect(again.text).not.toContain('noindex');
    expect(again.headers.etag).toBe(home.headers.etag);
    await request(t.app).get('/').set('If-None-Match', home.headers.etag as string).set('Accept-Encoding', 'identity').expect(304);
    await request(t.app).get('/?utm_source=x').set('Accept-Encoding', 'identity').expect(200).expect((res) => expect(res.text).not.toContain('noindex'));
  });

  it('without a renderer (not built) / is the SPA shell as before', async () => {
    t = createTestApp();
    const res = await request(t.app).get('/').expect(200);
    expect(res.text).toContain('<div id="root"></div>');
  });

  it('falls back to the SPA shell when rendering fails, and renders again on the next request', async () => {
    let fail = true;
    const renderer: PageRenderer = {
      serializeInitialData: entryServer.serializeInitialData,
      renderPage: (input) => (fail ? Promise.reject(new Error('boom')) : entryServer.renderPage(input)),
    };
    t = createTestApp({}, {}, undefined, { renderPage: renderer });
    expect((await request(t.app).get('/').expect(200)).text).toContain('<div id="root"></div>');
    expect((await request(t.app).get('/nope').expect(404)).text).toContain('<div id="root"></div>');
    fail = false;
    expect((await request(t.app).get('/').expect(200)).text).toContain('ridgeline-data');
  });
});

describe('the fast path', () => {
  it('sends brotli, gzip or identity by Accept-Encoding, with Vary and a strong ETag per encoding', async () => {
    build();
    const identity = await request(t.app).get('/').set('Accept-Encoding', 'identity').expect(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    const original = Buffer.from(identity.text);
    const etags = new Set<string>([identity.headers.etag as string]);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0, gzip;q=1', 'gzip', gunzipSync],
    ] as const) {
      const res = await rawGet(t.app, '/', { 'Accept-Encoding': accept });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(decode(res.body).equals(original)).toBe(true);
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
      etags.add(res.headers.etag ?? '');
    }
    expect(etags.size).toBe(3);
  });

  it('answers 304 without a body for a matching If-None-Match, 200 for another', async () => {
    build();
    const first = await request(t.app).get('/').set('Accept-Encoding', 'br').expect(200);
    const etag = first.headers.etag as string;
    const again = await request(t.app).get('/').set('Accept-Encoding', 'br').set('If-None-Match', etag).expect(304);
    expect(again.text ?? '').toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    await request(t.app).get('/').set('Accept-Encoding', 'br').set('If-None-Match', `"other", W/${etag}`).expect(304);
    await request(t.app).get('/').set('Accept-Encoding', 'br').set('If-None-Match', '"other"').expect(200);
    // The ETag names the encoding's bytes: another encoding does not match it.
    await request(t.app).get('/').set('Accept-Encoding', 'gzip').set('If-None-Match', etag).expect(200);
  });

  it('answers HEAD with the headers only', async () => {
    build();
    const get = await request(t.app).get('/').set('Accept-Encoding', 'identity').expect(200);
    const head = await request(t.app).head('/').set('Accept-Encoding', 'identity').expect(200);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.text)));
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.text ?? '').toBe('');
  });

  it('carries the security headers of every response (HSTS over https) and a request id', async () => {
    build({ PUBLIC_URL: 'https://stay.example.com' });
    for (const encoding of ['br', 'identity']) {
      const res = await request(t.app).get('/').set('Accept-Encoding', encoding).expect(200);
      const api = await request(t.app).get('/api/health').expect(200);
      for (const header of [
        'content-security-policy',
        'strict-transport-security',
        'x-content-type-options',
        'x-frame-options',
        'referrer-policy',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-permitted-cross-domain-policies',
      ]) {
        expect(api.headers[header], header).toBeTruthy();
        expect(res.headers[header], header).toBe(api.headers[header]);
      }
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains; preload');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-request-id']).toBeTruthy();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
    const traced = await request(t.app).get('/').set('X-Request-Id', 'trace-123').expect(200);
    expect(traced.headers['x-request-id']).toBe('trace-123');
  });

  it('refuses a blocked address before answering from memory', async () => {
    build({ TRUST_PROXY: '1' });
    await setTestPasswords(t.db);
    await request(t.app).get('/').expect(200); // cached now
    const security = await signedInAgent(t.app, 'security');
    await security.post('/api/security/block-ip').send({ ip: '203.0.113.5', reason: 'scraping' }).expect(200);
    const refused = await request(t.app).get('/').set('X-Forwarded-For', '203.0.113.5').expect(403);
    expect(refused.body.error).toMatch(/blocked/);
    await request(t.app).head('/').set('X-Forwarded-For', '203.0.113.5').expect(403);
    await request(t.app).get('/').set('X-Forwarded-For', '203.0.113.6').expect(200);
  });

  it('renders once and answers the next requests from memory', async () => {
    const counter = build();
    const answers = await Promise.all(Array.from({ length: 5 }, () => request(t.app).get('/').expect(200)));
    await request(t.app).get('/').expect(200);
    expect(counter.renders).toBe(1);
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
  });
});

describe('reviews you can stand behind on the rendered page (issue 26 §5)', () => {
  it('shows each stay month and source, counts a 2-star review in the mean, and names a verified guest "Ann L."', async () => {
    // After paidGuestBooking's stay (Dec 10–12), so its guest may review it.
    build({}, { now: () => new Date('2026-12-14T15:00:00Z') });
    await setTestPasswords(t.db);
    const admin = await signedInAgent(t.app);
    await admin.post('/api/demo-content/remove').expect(200);
    await admin.post('/api/reviews').send({ ...realReview, content: 'Fine.', rating: 5, stayDate: '2026-06-20' }).expect(201);
    await admin.post('/api/reviews').send({ ...realReview, guestName: 'Bo Cold', content: 'Cold.', rating: 2, stayDate: '2026-06-14', source: 'vrbo' }).expect(201);
    const ann = paidGuestBooking(t.db);
    const left = await request(t.app).post(`/api/review/${ann.guestToken}`).send({ rating: 2, title: 'Meh', content: 'Noisy road.' }).expect(201);
    await admin.put(`/api/reviews/${(left.body as { review: { id: number } }).review.id}`).send({ isApproved: true, isPublished: true }).expect(200);

    const text = textOf((await request(t.app).get('/').expect(200)).text);
    // ([reviews.aggregate]) (5 + 2 + 2) / 3 = 3.0 from 3 reviews.
    expect(text).toContain('3.0 average rating out of 5 from 3 reviews');
    expect(text).toContain('Ann L. Stayed December 2026 · Verified stay');
    expect(text).toContain('Bo Cold Stayed June 2026 · From Vrbo');
    expect(text).toContain('Ann Real Stayed June 2026 · From our guest book');
    expect(text).not.toContain('Ann Lee');
  });
});

describe('the page cache is rebuilt when what the pages show changes', () => {
  async function owner(env: Record<string, string> = {}) {
    const counter = build(env);
    await setTestPasswords(t.db);
    return { counter, admin: await signedInAgent(t.app) };
  }
  const home = async () => (await request(t.app).get('/').set('Accept-Encoding', 'identity').expect(200)).text;
  const notFound = async () => (await request(t.app).get('/nope').set('Accept-Encoding', 'identity').expect(404)).text;

  it('a review created published, unpublished, published again, deleted', async () => {
    const { admin } = await owner();
    expect(textOf(await home())).not.toContain('Ann Real');
    const review = (await admin.post('/api/reviews').send(realReview).expect(201)).body.review as Review;
    expect(textOf(await home())).toContain('Ann Real');
    expect(embeddedData(await home()).publishedReviews.reviews.map((r) => r.guestName)).toContain('Ann Real');
    await admin.put(`/api/reviews/${review.id}`).send({ isPublished: false }).expect(200);
    expect(textOf(await home())).not.toContain('Ann Real');
    expect(embeddedData(await home()).publishedReviews.reviews.map((r) => r.guestName)).not.toContain('Ann Real');
    await admin.put(`/api/reviews/${review.id}`).send({ isPublished: true }).expect(200);
    expect(textOf(await home())).toContain('Ann Real');
    await admin.delete(`/api/reviews/${review.id}`).expect(200);
    expect(textOf(await home())).not.toContain('Ann Real');
  });

  it('the demo reviews removed: the page says no review yet', async () => {
    const { admin } = await owner();
    expect(textOf(await home())).toContain(DEMO_REVIEWS[0]?.guestName);
    await admin.post('/api/demo-content/remove').expect(200);
    const text = textOf(await home());
    expect(text).not.toContain(DEMO_REVIEWS[0]?.guestName);
    expect(text).toContain('No reviews yet');
  });

  it('an image replaced: the page shows the upload; a carousel slot added and removed', async () => {
    const { admin } = await owner();
    expect(await home()).toContain('/images/defaults/kitchen');
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2a6' } }).png().toBuffer();
    const upload = await admin.post('/api/upload-image').field('imageId', 'kitchen').attach('image', png, 'kitchen.png').expect(200);
    const html = await home();
    expect(html).toContain(upload.body.newPath as string);
    expect(embeddedData(html).imageConfig).toMatchObject({ property: { kitchen: upload.body.newPath } });
    const before = (await request(t.app).get('/').set('Accept-Encoding', 'identity')).headers.etag;
    await admin.put('/api/images/slots/slide11').expect(200);
    const added = await request(t.app).get('/').set('Accept-Encoding', 'identity');
    expect(added.headers.etag).not.toBe(before);
    expect(embeddedData(added.text).imageConfig).toMatchObject({ carousel: { slide11: '' } });
    await admin.delete('/api/images/slots/slide11').expect(200);
    expect(embeddedData(await home()).imageConfig).not.toMatchObject({ carousel: { slide11: '' } });
  });

  it('the hero replaced: the page preloads the upload in the format and widths its picture lists', async () => {
    const { admin } = await owner();
    const preload = (html: string) => /<link rel="preload" as="image"[^>]*>/.exec(html)?.[0];
    expect(preload(await home())).toBe(
      '<link rel="preload" as="image" href="/images/defaults/hero-960.jpg" imagesrcset="/images/defaults/hero-480.avif 480w, /images/defaults/hero-960.avif 960w, /images/defaults/hero-1600.avif 1600w" imagesizes="100vw" type="image/avif" fetchpriority="high" />',
    );
    // The 404 page has no hero, so nothing to preload.
    expect(preload(await notFound())).toBeUndefined();
    const jpeg = await sharp({ create: { width: 1800, height: 1200, channels: 3, background: '#246' } }).jpeg().toBuffer();
    const upload = await admin.post('/api/upload-image').field('imageId', 'hero').attach('image', jpeg, 'hero.jpg').expect(200);
    const stem = (upload.body.newPath as string).replace(/\.jpg$/, '');
    const link = preload(await home());
    expect(link).toContain(`href="${upload.body.newPath as string}"`);
    expect(link).toContain(`imagesrcset="${stem}-480.avif 480w, ${stem}-960.avif 960w, ${stem}-1600.avif 1600w"`);
    expect(link).not.toContain('/images/defaults/hero');
  });

  /** The home page's JSON-LD block, parsed. */
  const jsonLdOf = (html: string) => JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null') as Record<string, unknown>;
  const metaOf = (html: string, attr: string) => new RegExp(`<meta ${attr} content="([^"]*)"`).exec(html)?.[1];

  it('the listing saved: the page, its title, social card and JSON-LD show it at once ([listing.public], [listing.structured-data])', async () => {
    const { admin } = await owner();
    const before = await home();
    expect(/<title>([^<]*)<\/title>/.exec(before)?.[1]).toBe('Ridgeline | A mountain estate above Blue Ridge, Georgia');
    expect(jsonLdOf(before)).toMatchObject({ name: 'Ridgeline', containsPlace: { numberOfBedrooms: 5 } });
    // Exactly one title and one JSON-LD block: index.html's fresh-install defaults were replaced.
    expect(before.match(/<title>/g)).toHaveLength(1);
    expect(before.match(/application\/ld\+json/g)).toHaveLength(1);
    const listing = (await request(t.app).get('/api/listing').expect(200)).body as { amenities: { key: string }[]; bedrooms: unknown[] };
    await admin
      .put('/api/listing')
      .send({
        name: 'Ridgeline Lodge',
        amenities: listing.amenities.map((a) => (a.key === 'hotTub' ? { key: 'hotTub', note: 'Seats six, open all year.' } : a)),
        bedrooms: [...listing.bedrooms, { name: 'Bunk room', beds: [{ type: 'bunk', count: 2 }] }],
      })
      .expect(200);
    const after = await home();
    const text = textOf(after);
    expect(text).toContain('Ridgeline Lodge');
    expect(text).toContain('Seats six, open all year.');
    expect(text).toContain('Bunk room');
    expect(text).toContain('2 Bunk beds');
    expect(/<title>([^<]*)<\/title>/.exec(after)?.[1]).toBe('Ridgeline Lodge | A mountain estate above Blue Ridge, Georgia');
    expect(metaOf(after, 'property="og:title"')).toBe('Ridgeline Lodge | A mountain estate above Blue Ridge, Georgia');
    expect(metaOf(after, 'property="og:site_name"')).toBe('Ridgeline Lodge');
    const data = jsonLdOf(after);
    expect(data).toMatchObject({ name: 'Ridgeline Lodge', containsPlace: { numberOfBedrooms: 6 } });
    expect((data.containsPlace as { bed: unknown[] }).bed).toContainEqual({ '@type': 'BedDetails', numberOfBeds: 2, typeOfBed: 'Bunk' });
    expect((data.image as string[]).length).toBeGreaterThanOrEqual(8);
  });

  it('the JSON-LD leaves out the demo reviews, and a name cannot end its block', async () => {
    const { admin } = await owner({ DEMO_CONTENT: 'true' });
    expect(jsonLdOf(await home())).not.toHaveProperty('review');
    await admin.put('/api/listing').send({ name: 'Lodge </script><script>alert(1)</script>' }).expect(200);
    const html = await home();
    expect(html).not.toContain('</script><script>alert(1)');
    expect(jsonLdOf(html).name).toBe('Lodge </script><script>alert(1)</script>');
  });

  it('the hero replaced: the social card is the upload cropped to 1200 × 630 ([listing.social-card])', async () => {
    const { admin } = await owner({ PUBLIC_URL: 'https://stay.example.com' });
    expect(metaOf(await home(), 'property="og:image"')).toBe('https://stay.example.com/og-image.jpg');
    const jpeg = await sharp({ create: { width: 1800, height: 1200, channels: 3, background: '#246' } }).jpeg().toBuffer();
    const upload = await admin.post('/api/upload-image').field('imageId', 'hero').attach('image', jpeg, 'hero.jpg').expect(200);
    const card = (upload.body.newPath as string).replace(/\.jpg$/, '-card.jpg');
    const html = await home();
    expect(metaOf(html, 'property="og:image"')).toBe(`https://stay.example.com${card}`);
    expect(metaOf(html, 'name="twitter:image"')).toBe(`https://stay.example.com${card}`);
    const served = await request(t.app).get(card).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    const meta = await sharp(served.body as Buffer).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
  });

  it('a setting saved: both pages are rendered again; a refused save renders nothing', async () => {
    const { admin, counter } = await owner();
    await home();
    await notFound();
    expect(counter.renders).toBe(2);
    await admin.put('/api/settings').send({ minNights: -1 }).expect(400);
    await home();
    expect(counter.renders).toBe(2);
    await admin.put('/api/settings').send({ minNights: 3 }).expect(200);
    await home();
    await notFound();
    expect(counter.renders).toBe(4);
  });

  it('a change while a page renders is not lost: that render is not kept', async () => {
    let release: () => void = () => {};
    let calls = 0;
    const renderer: PageRenderer = {
      serializeInitialData: entryServer.serializeInitialData,
      renderPage: async (input) => {
        calls += 1;
        if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
        return entryServer.renderPage(input);
      },
    };
    t = createTestApp({}, {}, undefined, { renderPage: renderer });
    await setTestPasswords(t.db);
    const admin = await signedInAgent(t.app);
    const slow = request(t.app).get('/').then((r) => r);
    await expect.poll(() => calls).toBe(1);
    await admin.post('/api/reviews').send(realReview).expect(201);
    release();
    await slow;
    expect(textOf(await home())).toContain('Ann Real');
    expect(calls).toBe(2);
  });
});
