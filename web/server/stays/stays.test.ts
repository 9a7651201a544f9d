import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { priceStay } from '@ridgeline/core';
import { createStripeGateway, type StayConflict } from '@ridgeline/core/node';
import { airbnbFeed, serve, startFeedServer } from '../test-support/feed-server.js';
import { startStripeStandIn, type StripeStandIn } from '../test-support/stripe-stand-in.js';
import { type createTestApp, type signedInAgent, createSignedInTestApp } from '../test-support/test-app.js';

const NOW = new Date('2026-11-21T15:00:00Z');
const stay = { checkin: '2026-12-10', checkout: '2026-12-13', guests: 4 };
const guest = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '555-0100', message: '', specialRequests: '' };

let stripe: StripeStandIn;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
let t: ReturnType<typeof createTestApp>;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
let airbnbEvents: Parameters<typeof airbnbFeed>[0];
let conflicts: StayConflict[];

beforeEach(async () => {
  stripe = await startStripeStandIn();
  airbnbEvents = [];
  conflicts = [];
  feeds = await startFeedServer({ '/airbnb.ics': serve(() => airbnbFeed(airbnbEvents)) });
  const payments = createStripeGateway({ secretKey: stripe.secretKey, webhookSecret: 'whsec_test', apiBase: stripe.url });
  ({ admin, ...t } = await createSignedInTestApp({}, {}, () => NOW, { payments, feedOptions: { timeoutMs: 1500, sleep: async () => undefined }, onNewConflict: (c) => conflicts.push(c) }));
});
afterEach(async () => {
  t.cleanup();
  await feeds.close();
  await stripe.close();
});

/** A guest's checkout, paid at Stripe and confirmed by the page, as in the browser. */
async function paidBooking() {
  const intent = await request(t.app)
    .post('/api/create-payment-intent')
    .send({ amount: priceStay(stay.checkin, stay.checkout)!.totalCents / 100, bookingData: { ...stay, ...guest } })
    .expect(200);
  await stripe.confirm(intent.body.paymentIntentId, 'pm_card_visa');
  const res = await request(t.app).post('/api/booking-inquiry').send({ ...guest, ...stay, stripePaymentIntentId: intent.body.paymentIntentId }).expect(201);
  expect(res.body.booking.paymentStatus).toBe('paid');
  return res.body.booking as { id: number };
}

/** Adds an Airbnb source and waits for its first import (started in the background). */
async function addAirbnb() {
  const res = await admin.post('/api/calendar-sources').send({ name: 'Airbnb', icalUrl: feeds.url('/airbnb.ics'), platform: 'airbnb' }).expect(201);
  await expect.poll(async () => (await admin.get('/api/calendar-sources')).body.sources.find((x: { id: number }) => x.id === res.body.source.id)?.lastSyncStatus, { timeout: 20_000 }).toBe('success');
  return res.body.source as { id: number };
}

const stays = (from: string, to: string) => admin.get('/api/stays').query({ from, to });

describe('GET /api/stays [stays.list] [stays.conflict]', () => {
  it('flags an imported Airbnb stay overlapping a paid direct booking, both of them; the turnover and the block are not', async () => {
    const booking = await paidBooking();
    airbnbEvents = [
      { uid: 'overlap@airbnb.com', start: '2026-12-12', end: '2026-12-15' },
      { uid: 'turnover@airbnb.com', start: '2026-12-15', end: '2026-12-17' },
      { uid: 'echo@airbnb.com', start: '2026-12-10', end: '2026-12-13', blocked: true },
    ];
    const source = await addAirbnb();
    const res = await stays('2026-12-01', '2027-01-01').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      stays: [
        { id: `booking-${booking.id}`, channel: 'direct', checkin: '2026-12-10', checkout: '2026-12-13', guestName: 'Ann Lee', status: 'confirmed', bookingId: booking.id, conflict: true },
        { id: `import-${source.id}-echo@airbnb.com`, channel: 'block', checkin: '2026-12-10', checkout: '2026-12-13', guestName: null, status: 'imported', bookingId: null, conflict: false },
        { id: `import-${source.id}-overlap@airbnb.com`, channel: 'airbnb', checkin: '2026-12-12', checkout: '2026-12-15', guestName: null, status: 'imported', bookingId: null, conflict: true },
        { id: `import-${source.id}-turnover@airbnb.com`, channel: 'airbnb', checkin: '2026-12-15', checkout: '2026-12-17', guestName: null, status: 'imported', bookingId: null, conflict: false },
      ],
    });
    // Switching the source off removes its stays, and with them the conflict.
    await admin.patch(`/api/calendar-sources/${source.id}`).send({ isActive: false }).expect(200);
    expect((await stays('2026-12-01', '2027-01-01').expect(200)).body.stays).toEqual([expect.objectContaining({ id: `booking-${booking.id}`, conflict: false })]);
  });

  it('tells onNewConflict of each new double booking once: after the sync that made it, not after the next one', async () => {
    const booking = await paidBooking();
    expect(conflicts).toEqual([]);
    airbnbEvents = [
      { uid: 'overlap@airbnb.com', start: '2026-12-12', end: '2026-12-15' },
      { uid: 'turnover@airbnb.com', start: '2026-12-15', end: '2026-12-17' },
    ];
    const source = await addAirbnb();
    await expect.poll(() => conflicts.length, { timeout: 10_000 }).toBe(1);
    expect(conflicts[0]?.stays.map((s) => s.id)).toEqual([`booking-${booking.id}`, `import-${source.id}-overlap@airbnb.com`]);
    await admin.post(`/api/calendar-sources/${source.id}/sync`).expect(200);
    expect(conflicts).toHaveLength(1);
    // A second reservation over the same booking is a new conflict.
    airbnbEvents.push({ uid: 'second@airbnb.com', start: '2026-12-09', end: '2026-12-11' });
    await admin.post(`/api/calendar-sources/${source.id}/sync`).expect(200);
    expect(conflicts.map((c) => c.stays.map((s) => s.id))).toEqual([
      [`booking-${booking.id}`, `import-${source.id}-overlap@airbnb.com`],
      [`booking-${booking.id}`, `import-${source.id}-second@airbnb.com`],
    ]);
  });

  it('checks when a payment confirms a stay over a reservation imported while the guest paid', async () => {
    const intent = await request(t.app)
      .post('/api/create-payment-intent')
      .send({ amount: priceStay(stay.checkin, stay.checkout)!.totalCents / 100, bookingData: { ...stay, ...guest } })
      .expect(200);
    airbnbEvents = [{ uid: 'late@airbnb.com', start: '2026-12-11', end: '2026-12-12' }];
    const source = await addAirbnb();
    // The hold against the import is not reported: it is paid or gone within minutes.
    expect(conflicts).toEqual([]);
    await stripe.confirm(intent.body.paymentIntentId, 'pm_card_visa');
    const res = await request(t.app).post('/api/booking-inquiry').send({ ...guest, ...stay, stripePaymentIntentId: intent.body.paymentIntentId }).expect(201);
    expect(conflicts.map((c) => c.stays.map((s) => s.id))).toEqual([[`booking-${res.body.booking.id}`, `import-${source.id}-late@airbnb.com`]]);
  });

  it('shows a live hold and an owner block', async () => {
    const intent = await request(t.app)
      .post('/api/create-payment-intent')
      .send({ amount: priceStay(stay.checkin, stay.checkout)!.totalCents / 100, bookingData: { ...stay, ...guest } })
      .expect(200);
    expect(intent.body.paymentIntentId).toBeTruthy();
    await admin.put('/api/availability/2026-12-20').send({ price: 300, isAvailable: false, isBlocked: false }).expect(200);
    await admin.put('/api/availability/2026-12-21').send({ price: 300, isAvailable: true, isBlocked: true }).expect(200);
    const res = await stays('2026-12-01', '2027-01-01').expect(200);
    expect(res.body.stays).toEqual([
      expect.objectContaining({ channel: 'hold', checkin: '2026-12-10', checkout: '2026-12-13', guestName: 'Ann Lee', status: 'awaiting-payment', bookingId: null, conflict: false }),
      { id: 'block-2026-12-20', channel: 'block', checkin: '2026-12-20', checkout: '2026-12-22', guestName: null, status: 'owner-block', bookingId: null, conflict: false },
    ]);
  });

  it.each([
    [{ to: '2027-01-01' }, 'from'],
    [{ from: '2026-12-01' }, 'to'],
    [{ from: '2026-12-1', to: '2027-01-01' }, 'from'],
    [{ from: '2026-02-30', to: '2027-01-01' }, 'from'],
    [{ from: '2026-12-01', to: 'tomorrow' }, 'to'],
    [{ from: '2026-12-01', to: '2026-12-01' }, 'to'],
    [{ from: '2026-12-10', to: '2026-12-01' }, 'to'],
    [{ from: '2026-01-01', to: '2027-02-06' }, 'to'],
    [{ from: ['2026-12-01', '2026-12-02'], to: '2027-01-01' }, 'from'],
  ])('answers 400 naming the field for %j', async (query, field) => {
    const res = await admin.get('/api/stays').query(query).expect(400);
    expect(res.body).toMatchObject({ field, error: expect.stringContaining(field) });
  });

  it('accepts a span of exactly 400 days', async () => {
    await stays('2026-01-01', '2027-02-05').expect(200);
  });

  it('refuses a request without an admin session [admin.auth-required]', async () => {
    const res = await request(t.app).get('/api/stays').query({ from: '2026-12-01', to: '2027-01-01' }).expect(401);
    expect(res.body.error).toBe('Sign in to the admin dashboard first');
  });
});
