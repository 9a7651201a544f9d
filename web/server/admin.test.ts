import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { priceStay } from '@ridgeline/core';
import { createBookingInquiry as storeBooking } from '@ridgeline/core/node';
import { type createTestApp, signedInAgent, createSignedInTestApp } from './test-support/test-app.js';

let t: ReturnType<typeof createTestApp>;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
beforeEach(async () => {
  // 2026-11-21 15:00 UTC is 10:00 in Blue Ridge.
  ({ admin, ...t } = await createSignedInTestApp({}, {}, () => new Date('2026-11-21T15:00:00Z')));
});
afterEach(() => t.cleanup());

const count = (table: string) => (t.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

/** Every admin endpoint ([admin.auth-required]), with a body that would otherwise be valid. */
const ADMIN_ROUTES: [method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object][] = [
  ['get', '/api/reviews'],
  [
    'post',
    '/api/reviews',
    { guestName: 'A', email: 'a@b.co', rating: 5, title: 'T', content: 'C', stayDate: '2026-01-01' },
  ],
  ['put', '/api/reviews/1', { isApproved: false }],
  ['delete', '/api/reviews/1'],
  ['post', '/api/demo-content/remove'],
  ['get', '/api/availability?startDate=2026-11-01&endDate=2026-11-30'],
  ['put', '/api/availability/2026-12-01', { price: 300, isAvailable: true, isBlocked: false }],
  ['put', '/api/availability', { from: '2026-12-01', to: '2026-12-03', isBlocked: true }],
  ['post', '/api/availability/bulk', { price: 300 }],
  ['get', '/api/booking-inquiries'],
  ['post', '/api/test-payment', { bookingId: 1 }],
  ['post', '/api/test-guide-app', { bookingId: 1 }],
  ['get', '/api/stripe-payment/pi_123'],
  ['post', '/api/upload-image'],
  ['put', '/api/images/slots/slide11'],
  ['delete', '/api/images/slots/slide1'],
];

describe('admin endpoints refuse requests without an admin session', () => {
  it.each(ADMIN_ROUTES)('%s %s → 401 and nothing changes', async (method, path, body) => {
    const before = { reviews: count('reviews'), availability: count('availability'), slots: count('image_slots') };
    const anonymous = await request(t.app)[method](path).send(body);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toMatch(/Sign in/);
    const security = await signedInAgent(t.app, 'security');
    expect((await security[method](path).send(body)).status).toBe(401);
    expect({ reviews: count('reviews'), availability: count('availability'), slots: count('image_slots') }).toEqual(
      before,
    );
  });
});

describe('reviews (admin)', () => {
  const valid = {
    guestName: 'Ann Lee',
    email: 'ann@example.com',
    rating: 4,
    title: 'Lovely',
    content: 'Great stay',
    stayDate: '2026-10-02',
  };

  it('lists every review with e-mail and flags', async () => {
    const res = await admin.get('/api/reviews').expect(200);
    expect(res.body.reviews.length).toBe(count('reviews'));
    expect(res.body.reviews[0]).toMatchObject({
      email: expect.stringContaining('@'),
      isApproved: true,
      isPublished: true,
    });
  });

  it('creates a review with both flags off by default, kept off the home page', async () => {
    const res = await admin.post('/api/reviews').send(valid).expect(201);
    expect(res.body.review).toMatchObject({ ...valid, isApproved: false, isPublished: false });
    const pub = await request(t.app).get('/api/reviews/published');
    expect(pub.body.reviews.map((r: { id: number }) => r.id)).not.toContain(res.body.review.id);
  });

  it.each([
    [{ ...valid, guestName: '  ' }, 'guestName'],
    [{ ...valid, email: 'not-an-email' }, 'email'],
    [{ ...valid, rating: 0 }, 'rating'],
    [{ ...valid, rating: 6 }, 'rating'],
    [{ ...valid, rating: 4.5 }, 'rating'],
    [{ ...valid, rating: '5' }, 'rating'],
    [{ ...valid, title: '' }, 'title'],
    [{ ...valid, content: undefined }, 'content'],
    [{ ...valid, stayDate: '2026-02-30' }, 'stayDate'],
    [{ ...valid, isPublished: 'yes' }, 'isPublished'],
  ])('rejects %j naming %s, storing nothing', async (body, field) => {
    const before = count('reviews');
    const res = await admin.post('/api/reviews').send(body).expect(400);
    expect(res.body.field).toBe(field);
    expect(count('reviews')).toBe(before);
  });

  it('approves, publishes, unapproves (staying published) and unpublishes', async () => {
    const { body } = await admin.post('/api/reviews').send(valid);
    const id = body.review.id;
    const published = async () =>
      (await request(t.app).get('/api/reviews/published')).body.reviews.some((r: { id: number }) => r.id === id);
    expect((await admin.put(`/api/reviews/${id}`).send({ isPublished: true }).expect(409)).body.error).toMatch(
      /Approve/,
    );
    await admin.put(`/api/reviews/${id}`).send({ isApproved: true }).expect(200);
    await admin.put(`/api/reviews/${id}`).send({ isPublished: true }).expect(200);
    expect(await published()).toBe(true);
    const unapproved = await admin.put(`/api/reviews/${id}`).send({ isApproved: false }).expect(200);
    expect(unapproved.body.review).toMatchObject({ isApproved: false, isPublished: true });
    expect(await published()).toBe(true);
    await admin.put(`/api/reviews/${id}`).send({ isPublished: false }).expect(200);
    expect(await published()).toBe(false);
  });

  it('deletes a review; unknown and malformed ids answer 404 and 400', async () => {
    const before = count('reviews');
    await admin.delete('/api/reviews/1').expect(200);
    expect(count('reviews')).toBe(before - 1);
    await admin.delete('/api/reviews/1').expect(404);
    expect((await admin.delete('/api/reviews/abc').expect(400)).body.field).toBe('id');
    expect((await admin.put('/api/reviews/2').send({}).expect(400)).body.error).toMatch(/isApproved/);
  });
});

describe('availability (admin)', () => {
  it('sets a day and reads it back in dollars, only within the asked range', async () => {
    await admin
      .put('/api/availability/2026-12-24')
      .send({ price: 450, isAvailable: true, isBlocked: false })
      .expect(200);
    await admin.put('/api/availability/2026-12-25').send({ price: 0, isAvailable: false, isBlocked: true }).expect(200);
    await admin
      .put('/api/availability/2027-01-05')
      .send({ price: 300, isAvailable: false, isBlocked: false })
      .expect(200);
    const res = await admin.get('/api/availability?startDate=2026-12-01&endDate=2026-12-31').expect(200);
    expect(res.body.availability).toEqual([
      { date: '2026-12-24', price: 450, isAvailable: true, isBlocked: false, priceSource: 'own' },
      { date: '2026-12-25', price: 0, isAvailable: false, isBlocked: true, priceSource: 'own' },
    ]);
    // Every night of the range, set or not, with its effective price ([availability.grid]).
    expect(res.body.rates).toHaveLength(31);
    expect(res.body.rates[0]).toEqual({ date: '2026-12-01', price: 300, priceSource: 'base' });
    expect(res.body.rates[23]).toEqual({ date: '2026-12-24', price: 450, priceSource: 'own' });
    await admin
      .put('/api/availability/2026-12-24')
      .send({ price: 500, isAvailable: false, isBlocked: false })
      .expect(200);
    const again = await admin.get('/api/availability?startDate=2026-12-24&endDate=2026-12-24');
    expect(again.body.availability).toEqual([{ date: '2026-12-24', price: 500, isAvailable: false, isBlocked: false, priceSource: 'own' }]);
  });

  it.each([
    ['/api/availability/2026-13-01', { price: 1, isAvailable: true, isBlocked: false }, 'date'],
    ['/api/availability/2026-12-01', { price: -1, isAvailable: true, isBlocked: false }, 'price'],
    ['/api/availability/2026-12-01', { price: 99.5, isAvailable: true, isBlocked: false }, 'price'],
    ['/api/availability/2026-12-01', { price: '300', isAvailable: true, isBlocked: false }, 'price'],
    ['/api/availability/2026-12-01', { price: 300, isAvailable: 'true', isBlocked: false }, 'isAvailable'],
    ['/api/availability/2026-12-01', { price: 300, isAvailable: true }, 'isBlocked'],
  ])('PUT %s %j → 400 naming %s', async (path, body, field) => {
    const res = await admin.put(path).send(body).expect(400);
    expect(res.body.field).toBe(field);
    expect(count('availability')).toBe(0);
  });

  it.each([
    ['?startDate=2026-12-01', 'endDate'],
    ['?startDate=2026-12-31&endDate=2026-12-01', 'endDate'],
    ['?startDate=2026-01-01&endDate=2028-01-01', 'endDate'],
    ['?startDate=yesterday&endDate=2026-12-01', 'startDate'],
  ])('GET with %s → 400 naming %s', async (query, field) => {
    expect((await admin.get(`/api/availability${query}`).expect(400)).body.field).toBe(field);
  });

  it("applies a price to the next 30 days from today in the property's zone, in one go", async () => {
    // A day that was blocked gets opened again ([availability.update]: available true, blocked false).
    await admin.put('/api/availability/2026-11-25').send({ price: 100, isAvailable: false, isBlocked: true });
    const res = await admin.post('/api/availability/bulk').send({ price: 325 }).expect(200);
    expect(res.body).toEqual({ success: true, startDate: '2026-11-21', endDate: '2026-12-20', days: 30 });
    const days = (await admin.get('/api/availability?startDate=2026-11-01&endDate=2026-12-31')).body.availability;
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ date: '2026-11-21', price: 325, isAvailable: true, isBlocked: false, priceSource: 'own' });
    expect(days.every((d: { price: number; isBlocked: boolean }) => d.price === 325 && !d.isBlocked)).toBe(true);
    expect((await admin.post('/api/availability/bulk').send({ price: -5 }).expect(400)).body.field).toBe('price');
  });
});

describe('the grid keeps prices ([availability.own-price], [availability.range])', () => {
  const FRI = '2026-12-04';
  const SAT = '2026-12-05';
  const SUN = '2026-12-06';
  const stored = (date: string) => t.db.prepare('SELECT price_cents, is_available, is_blocked FROM availability WHERE date = ?').get(date);
  const days = async (from: string, to: string) => (await admin.get(`/api/availability?startDate=${from}&endDate=${to}`).expect(200)).body;
  beforeEach(async () => {
    await admin.put('/api/settings').send({ baseNightlyRateCents: 32_500, weekendNightlyRateCents: 39_500 }).expect(200);
  });

  it('shows the weekend rate on Friday and Saturday, and block + reopen (one request each) keeps it', async () => {
    expect((await days(FRI, SUN)).rates).toEqual([
      { date: FRI, price: 395, priceSource: 'weekend' },
      { date: SAT, price: 395, priceSource: 'weekend' },
      { date: SUN, price: 325, priceSource: 'base' },
    ]);
    const blocked = await admin.put('/api/availability').send({ from: FRI, to: SUN, isBlocked: true }).expect(200);
    expect(blocked.body).toMatchObject({ success: true, from: FRI, to: SUN, days: 3 });
    expect(blocked.body.availability.map((d: { isBlocked: boolean; price: number; priceSource: string }) => [d.isBlocked, d.price, d.priceSource])).toEqual([
      [true, 395, 'weekend'],
      [true, 395, 'weekend'],
      [true, 325, 'base'],
    ]);
    expect(stored(FRI)).toEqual({ price_cents: null, is_available: 1, is_blocked: 1 });
    await admin.put('/api/availability').send({ from: FRI, to: SUN, isBlocked: false, isAvailable: true }).expect(200);
    expect((await days(FRI, SUN)).availability.map((d: { price: number; priceSource: string }) => `${d.price} ${d.priceSource}`)).toEqual(['395 weekend', '395 weekend', '325 base']);
    // A guest's quote prices the weekend nights at the weekend rate too.
    expect(stored(SAT)).toEqual({ price_cents: null, is_available: 1, is_blocked: 0 });
  });

  it("the SPEC's one-day PUT never writes a night's default rate as its own price when only blocking", async () => {
    await admin.put(`/api/availability/${SAT}`).send({ price: 395, isAvailable: true, isBlocked: true }).expect(200);
    expect(stored(SAT)).toMatchObject({ price_cents: null, is_blocked: 1 });
    const day = await admin.put(`/api/availability/${SAT}`).send({ price: 410, isAvailable: true, isBlocked: false }).expect(200);
    expect(day.body.day).toEqual({ date: SAT, price: 410, isAvailable: true, isBlocked: false, priceSource: 'own' });
  });

  it('sets own prices on a range, resets them to the default, and sets days back to Not Set', async () => {
    await admin.put('/api/availability').send({ from: FRI, to: SUN, price: 450 }).expect(200);
    expect((await days(FRI, SUN)).rates.map((r: { price: number }) => r.price)).toEqual([450, 450, 450]);
    const reset = await admin.put('/api/availability').send({ from: FRI, to: SAT, resetPrice: true }).expect(200);
    expect(reset.body.availability.map((d: { price: number; priceSource: string; isAvailable: boolean }) => [d.price, d.priceSource, d.isAvailable])).toEqual([
      [395, 'weekend', true],
      [395, 'weekend', true],
    ]);
    // Resetting a Not Set day leaves it Not Set.
    await admin.put('/api/availability').send({ from: '2026-12-10', to: '2026-12-11', resetPrice: true }).expect(200);
    expect(stored('2026-12-10')).toBeUndefined();
    await admin.put('/api/availability').send({ from: SAT, to: SUN, notSet: true }).expect(200);
    expect((await days(FRI, SUN)).availability.map((d: { date: string }) => d.date)).toEqual([FRI]);
    expect((await days(FRI, SUN)).rates[2]).toEqual({ date: SUN, price: 325, priceSource: 'base' });
  });

  it.each([
    [{ from: '2026-12-05', to: '2026-12-04', isBlocked: true }, 'to'],
    [{ from: '2026-12-01', to: '2027-12-02', isBlocked: true }, 'to'],
    [{ from: '2026-02-30', to: '2026-03-02', isBlocked: true }, 'from'],
    [{ from: '2026-12-01', to: '2026-12-02' }, 'price'],
    [{ from: '2026-12-01', to: '2026-12-02', price: 12.5 }, 'price'],
    [{ from: '2026-12-01', to: '2026-12-02', price: 300, resetPrice: true }, 'resetPrice'],
    [{ from: '2026-12-01', to: '2026-12-02', notSet: true, isBlocked: true }, 'notSet'],
    [{ from: '2026-12-01', to: '2026-12-02', isBlocked: 'yes' }, 'isBlocked'],
  ])('PUT /api/availability %j → 400 naming %s, nothing changed', async (body, field) => {
    await admin.put('/api/availability/2026-12-01').send({ price: 500, isAvailable: true, isBlocked: false }).expect(200);
    const res = await admin.put('/api/availability').send(body).expect(400);
    expect(res.body.field).toBe(field);
    expect(count('availability')).toBe(1);
    expect(stored('2026-12-01')).toEqual({ price_cents: 50_000, is_available: 1, is_blocked: 0 });
  });
});

describe('booking inquiries (admin)', () => {
  it('lists inquiries with the [bookings.list] names, newest first, with their quote', async () => {
    expect((await admin.get('/api/booking-inquiries').expect(200)).body).toEqual([]);
    const base = {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      phone: '',
      location: '',
      ipAddress: '203.0.113.9',
      guests: 4,
      message: 'Hi',
      specialRequests: '',
    };
    storeBooking(
      t.db,
      { ...base, checkin: '2026-12-10', checkout: '2026-12-12', quote: priceStay('2026-12-10', '2026-12-12') ?? null },
      new Date('2026-11-01T00:00:00Z'),
    );
    storeBooking(
      t.db,
      { ...base, firstName: 'Bo', checkin: '2027-01-10', checkout: '2027-01-11', paymentStatus: 'paid' },
      new Date('2026-11-02T00:00:00Z'),
    );
    const res = await admin.get('/api/booking-inquiries').expect(200);
    expect(res.body.map((b: { firstName: string }) => b.firstName)).toEqual(['Bo', 'Ann']);
    expect(Object.keys(res.body[1]).sort()).toEqual(
      [
        'checkin',
        'checkout',
        'createdAt',
        'email',
        'firstName',
        'guests',
        'id',
        'ipAddress',
        'lastName',
        'location',
        'message',
        'paymentStatus',
        'phone',
        'quote',
        'specialRequests',
        'stripePaymentDetails',
        'stripePaymentIntentId',
        'kind',
        'status',
        'amountPaidCents',
        'refundedCents',
        'cancelledAt',
        'cancelledBy',
        'cancelReason',
        'cancellationPolicy',
        'notes',
        'guestToken',
        'disputeStatus',
        'balance',
        'stripeCustomerId',
        'stripePaymentMethodId',
        'agreement',
      ].sort(),
    );
    expect(res.body[1]).toMatchObject({
      paymentStatus: 'pending',
      status: 'inquiry',
      kind: 'direct',
      stripePaymentIntentId: null,
      quote: { totalCents: 116699 },
      // [agreement.record]: an inquiry accepted no rental agreement.
      agreement: null,
    });
    expect(res.body[1].guestToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(res.body[1].guestToken).not.toBe(res.body[0].guestToken);
    expect(res.body[0].paymentStatus).toBe('paid');
  });

  it('answers 503 with a message for payment actions until payments are set up', async () => {
    expect((await admin.post('/api/test-payment').send({ bookingId: 1 }).expect(503)).body.error).toMatch(/not set up/);
    expect((await admin.post('/api/test-guide-app').send({ bookingId: 1 }).expect(503)).body.error).toMatch(
      /not set up/,
    );
    expect((await admin.post('/api/test-payment').send({ bookingId: 'x' }).expect(400)).body.field).toBe('bookingId');
  });
});

describe('image upload (admin)', () => {
  const png = (w: number, h: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();

  it('re-encodes an image by content into WebP + JPEG, points the slot at it and serves it', async () => {
    const res = await admin
      .post('/api/upload-image')
      .field('imageId', 'hero')
      .attach('image', await png(3000, 2000), 'photo.png')
      .expect(200);
    expect(res.body).toMatchObject({
      success: true,
      newPath: expect.stringMatching(/^\/uploads\/hero-[0-9a-f]{16}\.jpg$/),
    });
    expect(res.body.originalSize).toBeGreaterThan(0);
    expect(res.body.compressedSize).toBeGreaterThan(0);
    expect((await request(t.app).get('/api/images/config')).body.property.hero).toBe(res.body.newPath);
    const jpg = await request(t.app).get(res.body.newPath).expect(200).expect('Content-Type', 'image/jpeg');
    expect(jpg.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(jpg.body as Buffer).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(2560);
    await request(t.app)
      .get(res.body.newPath.replace('.jpg', '.webp'))
      .expect(200)
      .expect('Content-Type', 'image/webp');
  });

  it('refuses a file that is not an image whatever its name, changing nothing', async () => {
    const before = (await request(t.app).get('/api/images/config')).body;
    const res = await admin
      .post('/api/upload-image')
      .field('imageId', 'hero')
      .attach('image', Buffer.from('<?php echo 1; ?>'), { filename: 'evil.jpg', contentType: 'image/jpeg' })
      .expect(400);
    expect(res.body).toMatchObject({ success: false, field: 'image' });
    expect((await request(t.app).get('/api/images/config')).body).toEqual(before);
  });

  it('answers 400 without a file or for an unknown slot, and 413 over 25 MB', async () => {
    expect((await admin.post('/api/upload-image').field('imageId', 'hero').expect(400)).body.field).toBe('image');
    expect(
      (
        await admin
          .post('/api/upload-image')
          .field('imageId', '../../etc/passwd')
          .attach('image', await png(10, 10), 'a.png')
          .expect(400)
      ).body.field,
    ).toBe('imageId');
    const big = Buffer.alloc(25 * 1024 * 1024 + 1, 1);
    const res = await admin.post('/api/upload-image').field('imageId', 'hero').attach('image', big, 'big.jpg');
    expect(res.status).toBe(413);
    expect(res.body.error).toMatch(/25 MB/);
  });

  it('refuses an image over about 50 megapixels with 413 and says why, changing nothing ([images.processing])', async () => {
    const before = (await request(t.app).get('/api/images/config')).body;
    const huge = await sharp({ create: { width: 10000, height: 6000, channels: 3, background: '#2a6' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const res = await admin
      .post('/api/upload-image')
      .field('imageId', 'hero')
      .attach('image', huge, 'huge.png')
      .expect(413);
    expect(res.body).toMatchObject({ success: false, field: 'image' });
    expect(res.body.error).toMatch(/10000 × 6000 pixels \(60\.0 megapixels\); the largest accepted is 52 megapixels/);
    expect((await request(t.app).get('/api/images/config')).body).toEqual(before);
    expect(readdirSync(path.join(t.config.dataDir, 'upload-spool'))).toEqual([]);
  });

  it('takes eight uploads at once, one after another, and leaves no spooled file behind ([images.processing])', async () => {
    const slots = ['hero', 'overview', 'aerial', 'entrance', 'kitchen', 'mountains', 'railway', 'golf'];
    const responses = await Promise.all(
      slots.map(async (slot, i) =>
        admin
          .post('/api/upload-image')
          .field('imageId', slot)
          .attach('image', await png(1200 + i * 100, 900), `${slot}.png`),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(slots.map(() => 200));
    const config = (await request(t.app).get('/api/images/config')).body;
    expect(slots.map((slot) => config.property[slot] ?? config.location[slot])).toEqual(
      responses.map((r) => r.body.newPath),
    );
    for (const r of responses)
      await request(t.app).get(r.body.newPath).expect(200).expect('Content-Type', 'image/jpeg');
    expect(readdirSync(path.join(t.config.dataDir, 'upload-spool'))).toEqual([]);
    // Each upload is also encoded in nine responsive files ([images.variants]), one after another.
  }, 240_000);

  it('adds a carousel slot to management and removes it again, keeping other slots', async () => {
    await admin.put('/api/images/slots/slide11').expect(200);
    expect((await request(t.app).get('/api/images/config')).body.carousel.slide11).toBe('');
    await admin.delete('/api/images/slots/slide11').expect(200);
    expect((await request(t.app).get('/api/images/config')).body.carousel).not.toHaveProperty('slide11');
    await admin.delete('/api/images/slots/slide11').expect(404);
    expect((await admin.delete('/api/images/slots/hero').expect(400)).body.field).toBe('key');
    expect((await admin.put('/api/images/slots/slide33').expect(400)).body.field).toBe('key');
  });
});
