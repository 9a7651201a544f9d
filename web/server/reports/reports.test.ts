import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, FANNIN_COUNTY_TAXES, priceStay, type TaxReport } from '@ridgeline/core';
import { createBookingInquiry, createStripeGateway } from '@ridgeline/core/node';
import { airbnbFeed, serve, startFeedServer, vrboFeed } from '../test-support/feed-server.js';
import { startStripeStandIn, type StripeStandIn } from '../test-support/stripe-stand-in.js';
import { type createTestApp, signedInAgent, createSignedInTestApp } from '../test-support/test-app.js';

// 2026-11-21 15:00 UTC is 10:00 in Blue Ridge: "this year" is 2026.
const NOW = new Date('2026-11-21T15:00:00Z');
const guest = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: '',
  message: '',
  specialRequests: '',
};
const HOTEL_MOTEL_FEE = { name: 'Hotel-motel fee', kind: 'perNight', cents: 500 } as const;

let stripe: StripeStandIn;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
let t: ReturnType<typeof createTestApp>;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
beforeEach(async () => {
  stripe = await startStripeStandIn();
  feeds = await startFeedServer({
    '/airbnb.ics': serve(() =>
      airbnbFeed([
        { uid: 'a1b2c3d4e5@airbnb.com', start: '2026-12-14', end: '2026-12-17' },
        { uid: 'blk@airbnb.com', start: '2026-12-20', end: '2026-12-22', blocked: true },
        { uid: 'f6a7b8c9d0@airbnb.com', start: '2027-01-05', end: '2027-01-07' },
      ]),
    ),
    '/vrbo.ics': serve(() => vrboFeed([{ uid: 'vrbo-1', start: '2026-12-26', end: '2026-12-30', name: 'Maria' }])),
  });
  const payments = createStripeGateway({ secretKey: stripe.secretKey, webhookSecret: 'whsec_x', apiBase: stripe.url });
  ({ admin, ...t } = await createSignedInTestApp({}, {}, () => NOW, { payments, feedOptions: { timeoutMs: 1500, sleep: async () => undefined } }));
});
afterEach(async () => {
  t.cleanup();
  await stripe.close();
  await feeds.close();
});

const taxReport = async (year?: string) =>
  (
    await admin
      .get('/api/reports/tax')
      .query(year ? { year } : {})
      .expect(200)
  ).body as TaxReport;

/** A guest books and pays through the real checkout (Stripe stand-in), as in payments.test.ts. */
async function bookAndPay(checkin: string, checkout: string) {
  const q = (await request(t.app).get('/api/quote').query({ checkin, checkout, guests: 2 }).expect(200)).body;
  const intent = await request(t.app)
    .post('/api/create-payment-intent')
    .send({ amount: q.totalCents / 100, bookingData: { checkin, checkout, guests: 2, ...guest } })
    .expect(200);
  await stripe.confirm(intent.body.paymentIntentId);
  await request(t.app)
    .post('/api/booking-inquiry')
    .send({ ...guest, checkin, checkout, guests: 2, stripePaymentIntentId: intent.body.paymentIntentId })
    .expect(201);
  return q as { subtotalCents: number; taxes: { name: string; cents: number }[] };
}

async function addSource(path: string, platform: string) {
  const res = await admin
    .post('/api/calendar-sources')
    .send({ name: path, icalUrl: feeds.url(path), platform })
    .expect(201);
  // Adding starts a first sync in the background (calendar.test.ts): wait for it.
  await expect
    .poll(
      async () =>
        (await admin.get('/api/calendar-sources')).body.sources.find((s: { id: number }) => s.id === res.body.source.id)
          .lastSyncStatus,
      { timeout: 20_000 },
    )
    .toBe('success');
}

/** The months with a paid stay (every month of the year is a row, [reports.tax-returns]). */
const booked = (report: TaxReport) => report.months.filter((m) => m.bookings > 0);

describe('GET /api/reports/tax ([reports.tax])', () => {
  it('refuses without an admin session (401)', async () => {
    await request(t.app).get('/api/reports/tax').expect(401);
    const security = await signedInAgent(t.app, 'security');
    await security.get('/api/reports/tax').expect(401);
  });

  it('refuses a year that is not four digits from 2000 to 2100 with 400 naming the field', async () => {
    for (const query of ['year=abc', 'year=26', 'year=1999', 'year=2101', 'year=2026-01', 'year=2026&year=2027']) {
      const res = await admin.get(`/api/reports/tax?${query}`).expect(400);
      expect(res.body.error, query).toMatch(/^year: /);
    }
  });

  it('an empty year answers twelve zero months, no columns and no platform stays; the default year is this year', async () => {
    const report = await taxReport();
    expect(report).toMatchObject({
      year: 2026,
      columns: [],
      stays: [],
      platformStays: [],
      totals: { bookings: 0, totalTaxCents: 0 },
    });
    expect(report.months.map((m) => [m.month, m.totalTaxCents, m.dueDate])).toEqual(
      Array.from({ length: 12 }, (_, i) => [
        `2026-${String(i + 1).padStart(2, '0')}`,
        0,
        i === 11 ? '2027-01-20' : `2026-${String(i + 2).padStart(2, '0')}-20`,
      ]),
    );
    // The authorities to file with come from today's tax lines ([reports.tax-returns]).
    expect(report.authorities).toEqual(['State tax', 'County tax']);
  });

  it("a paid booking's month carries its own tax lines and due date, unchanged by later settings; unpaid ones are left out", async () => {
    await admin
      .put('/api/settings')
      .send({ taxes: [...DEFAULT_SETTINGS.taxes, HOTEL_MOTEL_FEE] })
      .expect(200);
    const q = await bookAndPay('2026-12-10', '2026-12-12');
    // Someone who never paid, and a refunded stay: no tax to file.
    const base = {
      ...guest,
      location: '',
      ipAddress: '',
      guests: 2,
      quote: priceStay('2026-12-03', '2026-12-05') ?? null,
    };
    createBookingInquiry(t.db, { ...base, checkin: '2026-12-03', checkout: '2026-12-05' }, NOW);
    // A refunded stay is a cancelled one ([booking.cancel]): its nights and taxes are gone.
    const refunded = createBookingInquiry(
      t.db,
      { ...base, checkin: '2026-12-03', checkout: '2026-12-05', paymentStatus: 'refunded' },
      NOW,
    );
    t.db.prepare('UPDATE booking_inquiries SET cancelled_at = ? WHERE id = ?').run(NOW.toISOString(), refunded.id);
    // The owner switches to the Fannin County preset afterwards: the booked stay keeps its lines.
    await admin
      .put('/api/settings')
      .send({ taxes: [...FANNIN_COUNTY_TAXES] })
      .expect(200);

    const report = await taxReport('2026');
    expect(report.columns.map((c) => c.label)).toEqual([
      'State tax 4%',
      'County tax 6%',
      'Hotel-motel fee $5.00/night',
    ]);
    const [state, county, fee] = report.columns.map((c) => c.key) as [string, string, string];
    const cents = Object.fromEntries(q.taxes.map((l) => [l.name, l.cents]));
    expect(booked(report)).toEqual([
      {
        month: '2026-12',
        bookings: 1,
        nights: 2,
        taxableSubtotalCents: q.subtotalCents,
        taxCents: { [state]: cents['State tax'], [county]: cents['County tax'], [fee]: 1000 },
        totalTaxCents: q.taxes.reduce((s, l) => s + l.cents, 0),
        dueDate: '2027-01-20',
        filed: [],
      },
    ]);
    expect(report.stays.map((s) => [s.checkin, s.guest])).toEqual([['2026-12-10', 'Ann Lee']]);
    expect(booked(await taxReport('2027'))).toEqual([]);
  });

  it('lists reservations imported from Airbnb and VRBO apart, per month and platform, by check-in year; blocks are not stays', async () => {
    await addSource('/airbnb.ics', 'airbnb');
    await addSource('/vrbo.ics', 'vrbo');
    const report = await taxReport('2026');
    expect(report.platformStays).toEqual([
      { month: '2026-12', platform: 'airbnb', platformName: 'Airbnb', stays: 1, nights: 3 },
      { month: '2026-12', platform: 'vrbo', platformName: 'VRBO', stays: 1, nights: 4 },
    ]);
    // Imported stays carry no amounts and never enter the direct bookings' months.
    expect(booked(report)).toEqual([]);
    expect((await taxReport('2027')).platformStays).toEqual([
      { month: '2027-01', platform: 'airbnb', platformName: 'Airbnb', stays: 1, nights: 2 },
    ]);
  });
});
