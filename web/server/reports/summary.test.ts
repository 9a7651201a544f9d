import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReportsSummary } from '@ridgeline/core';
import { createBookingInquiry } from '@ridgeline/core/node';
import { testBookingInput, testQuote } from '@ridgeline/core/testing';
import { airbnbFeed, serve, startFeedServer } from '../test-support/feed-server.js';
import { type createTestApp, type signedInAgent, createSignedInTestApp } from '../test-support/test-app.js';

// 2026-11-21 15:00 UTC is 10:00 in Blue Ridge: "this year" is 2026.
const NOW = new Date('2026-11-21T15:00:00Z');
function book(
  checkin: string,
  checkout: string,
  prices: number[],
  extra: Parameters<typeof createBookingInquiry>[1] extends infer T ? Partial<T> : never,
  at = NOW,
) {
  const q = prices.length > 0 ? testQuote(checkin, checkout, (_date, i) => prices[i] ?? 0) : null;
  return createBookingInquiry(
    t.db,
    testBookingInput({ checkin, checkout, quote: q, amountPaidCents: q?.totalCents ?? 0, ...extra }),
    at,
  );
}

let feeds: Awaited<ReturnType<typeof startFeedServer>>;
let t: ReturnType<typeof createTestApp>;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
beforeEach(async () => {
  feeds = await startFeedServer({
    '/airbnb.ics': serve(() =>
      airbnbFeed([
        { uid: 'a1b2c3d4e5@airbnb.com', start: '2026-11-03', end: '2026-11-06' },
        { uid: 'blk@airbnb.com', start: '2026-11-27', end: '2026-11-29', blocked: true },
      ]),
    ),
  });
  ({ admin, ...t } = await createSignedInTestApp({}, {}, () => NOW, { feedOptions: { timeoutMs: 1500, sleep: async () => undefined } }));
});
afterEach(async () => {
  t.cleanup();
  await feeds.close();
});

/** The stays of the hand computation below (NOW is 2026-11-21). */
async function seedYear() {
  // Direct: Oct 30 – Nov 2 at $200, $250, $300, booked Sep 30 (lead 30 days).
  book('2026-10-30', '2026-11-02', [20000, 25000, 30000], {}, new Date('2026-09-30T15:00:00Z'));
  // Manual: Nov 10 – 12 at $150 a night, recorded today (after check-in: lead 0).
  book('2026-11-10', '2026-11-12', [15000, 15000], { kind: 'manual', paymentStatus: 'unpaid', amountPaidCents: 0 });
  // Owner stay Nov 20 – 25: closes 5 nights.
  book('2026-11-20', '2026-11-25', [], { kind: 'owner', paymentStatus: 'unpaid' });
  // Cancelled and unpaid direct bookings count nowhere.
  const cancelled = book('2026-11-14', '2026-11-16', [90000, 90000], {});
  t.db
    .prepare("UPDATE booking_inquiries SET cancelled_at = ?, cancelled_by = 'owner' WHERE id = ?")
    .run(NOW.toISOString(), cancelled.id);
  book('2026-11-16', '2026-11-18', [90000, 90000], { paymentStatus: 'pending', amountPaidCents: 0 });
  // Last year: one direct stay of 2 nights.
  book('2025-11-05', '2025-11-07', [10000, 10000], {}, new Date('2025-10-01T15:00:00Z'));
  // Airbnb: a reservation Nov 3 – 6 and a host block Nov 27 – 29; the owner closes Nov 30.
  const source = await admin
    .post('/api/calendar-sources')
    .send({ name: 'Airbnb', icalUrl: feeds.url('/airbnb.ics'), platform: 'airbnb' })
    .expect(201);
  await expect
    .poll(
      async () =>
        (await admin.get('/api/calendar-sources')).body.sources.find(
          (x: { id: number }) => x.id === source.body.source.id,
        ).lastSyncStatus,
      { timeout: 20_000 },
    )
    .toBe('success');
  await admin.put('/api/availability/2026-11-30').send({ price: 250, isAvailable: false, isBlocked: true }).expect(200);
}

const summary = async (year?: string) =>
  (
    await admin
      .get('/api/reports/summary')
      .query(year ? { year } : {})
      .expect(200)
  ).body as ReportsSummary;

describe('GET /api/reports/summary ([insights.occupancy], [insights.adr], [insights.revpar], [insights.revenue])', () => {
  it('refuses without an admin session (401) and a bad year with 400 naming `year`', async () => {
    await request(t.app).get('/api/reports/summary').expect(401);
    for (const query of ['year=abc', 'year=1999', 'year=2101', 'year=2026&year=2027']) {
      const res = await admin.get(`/api/reports/summary?${query}`).expect(400);
      expect(res.body.field, query).toBe('year');
      expect(res.body.error, query).toMatch(/^year: /);
    }
  });

  it('an empty year: twelve months, every night available, nothing booked; the default year is this year', async () => {
    const s = await summary();
    expect(s.year).toBe(2026);
    expect(s.months.map((m) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`),
    );
    expect(s.totals).toMatchObject({
      nightsAvailable: 365,
      nightsBooked: 0,
      occupancyBps: 0,
      revenueCents: 0,
      averageLeadDays: null,
    });
    expect(s.previousYear.year).toBe(2025);
  });

  it('matches a hand computation over direct, manual, owner, cancelled, imported and blocked stays', async () => {
    await seedYear();
    const s = await summary('2026');
    // November: 30 nights − owner 5 − block 2 − closed 1 = 22 available; booked Nov 1 (direct),
    // Nov 3–5 (Airbnb), Nov 10–11 (manual) = 6; sold 3; accommodation $300 + $300.
    expect(s.months[10]).toEqual({
      month: '2026-11',
      nightsAvailable: 22,
      nightsBooked: 6,
      nightsSold: 3,
      occupancyBps: 2727,
      adrCents: 20000,
      revparCents: 2727,
      accommodationCents: 60000,
      feesCents: 11000,
      taxesCents: 5000,
      revenueCents: 76000,
      bookings: 2,
    });
    // October: the direct stay's first two nights, its fees and taxes (check-in month).
    expect(s.months[9]).toEqual({
      month: '2026-10',
      nightsAvailable: 31,
      nightsBooked: 2,
      nightsSold: 2,
      occupancyBps: 645,
      adrCents: 22500,
      revparCents: 1452,
      accommodationCents: 45000,
      feesCents: 11000,
      taxesCents: 5000,
      revenueCents: 61000,
      bookings: 1,
    });
    expect(s.totals).toMatchObject({
      nightsAvailable: 365 - 8,
      nightsBooked: 8,
      nightsSold: 5,
      accommodationCents: 105000,
      revenueCents: 137000,
      bookings: 3,
      adrCents: 21000,
      occupancyBps: Math.round((8 * 10000) / 357),
      averageStayNights: 2.7,
      averageLeadDays: 15,
    });
    expect(s.channels).toEqual([
      { channel: 'direct', nights: 3 },
      { channel: 'manual', nights: 2 },
      { channel: 'airbnb', nights: 3 },
      { channel: 'vrbo', nights: 0 },
      { channel: 'booking', nights: 0 },
    ]);
    expect(s.leadTime.map((b) => b.count)).toEqual([1, 0, 1, 0, 0, 0]);
    expect(s.lengthOfStay.map((b) => b.count)).toEqual([0, 1, 2, 0, 0, 0, 0, 0]);
    expect(s.previousYear.months[10]).toMatchObject({
      nightsBooked: 2,
      accommodationCents: 20000,
      revenueCents: 36000,
    });
    expect(s.previousYear.totals).toMatchObject({ nightsAvailable: 365, nightsBooked: 2, bookings: 1 });
  });
});

describe('GET /api/reports/statement ([insights.statement])', () => {
  it('refuses without an admin session and names a bad year', async () => {
    await request(t.app).get('/api/reports/statement?year=2026').expect(401);
    expect((await admin.get('/api/reports/statement?year=20x6').expect(400)).body.field).toBe('year');
  });

  it('answers a printable page with revenue, taxes collected, payouts and occupancy by month', async () => {
    await seedYear();
    const res = await admin.get('/api/reports/statement?year=2026').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.text;
    expect(html).toContain('<h1>Owner statement 2026</h1>');
    expect(html).toContain('made on 2026-11-21');
    // November: 22 available, 6 booked, 27.3%, ADR $200, accommodation $600, fees $110, taxes $50,
    // revenue $760; payouts: the cancelled stay's $1,960.00 was not refunded (the owner keeps it).
    expect(html).toContain(
      '<tr><th scope="row">November</th><td>22</td><td>6</td><td>27.3%</td><td>$200.00</td><td>$600.00</td><td>$110.00</td><td>$50.00</td><td>$760.00</td><td>$1,960.00</td></tr>',
    );
    // October: the direct stay paid $910.00.
    expect(html).toContain(
      '<tr><th scope="row">October</th><td>31</td><td>2</td><td>6.5%</td><td>$225.00</td><td>$450.00</td><td>$110.00</td><td>$50.00</td><td>$610.00</td><td>$910.00</td></tr>',
    );
    // Taxes collected are the tax report's ([reports.tax]): paid direct bookings not cancelled,
    // here the October stay's $50 (a cancelled stay furnished no room, whatever the owner kept).
    expect(html).toContain('<tr><th scope="row">Tax</th><td>$50.00</td></tr>');
    expect(html).toContain('Airbnb, VRBO and Booking.com collected the taxes of their 3 nights.');
  });
});
