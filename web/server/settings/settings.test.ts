import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStripeGateway } from '@ridgeline/core/node';
import { DEFAULT_SETTINGS, FANNIN_COUNTY_TAXES, priceStay } from '@ridgeline/core';
import { startStripeStandIn, type StripeStandIn } from '../test-support/stripe-stand-in.js';
import { createTestApp, setTestPasswords, signedInAgent } from '../test-support/test-app.js';

// 2026-11-21 15:00 UTC is 10:00 in Blue Ridge.
const NOW = new Date('2026-11-21T15:00:00Z');
const guest = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '', message: '', specialRequests: '' };
/** An owner's set-up: a summer season at $450 with a 3-night minimum, $5 per night tax, 10% off a week. */
const SUMMER_SETUP = {
  seasons: [{ name: 'Summer', start: '2027-06-01', end: '2027-08-31', nightlyRateCents: 45_000, minNights: 3 }],
  taxes: [...DEFAULT_SETTINGS.taxes, { name: 'Hotel-motel fee', kind: 'perNight', cents: 500 }],
  lengthOfStayDiscounts: [{ minNights: 7, bps: 1_000 }],
};

let stripe: StripeStandIn;
let t: ReturnType<typeof createTestApp>;
beforeEach(async () => {
  stripe = await startStripeStandIn();
  const payments = createStripeGateway({ secretKey: stripe.secretKey, webhookSecret: 'whsec_x', apiBase: stripe.url });
  t = createTestApp({}, {}, () => NOW, { payments });
  await setTestPasswords(t.db);
});
afterEach(async () => {
  t.cleanup();
  await stripe.close();
});

const storedSettings = () => t.db.prepare("SELECT value FROM settings WHERE key = 'owner_settings'").get() as { value: string } | undefined;
const quote = (checkin: string, checkout: string, guests = 2) => request(t.app).get('/api/quote').query({ checkin, checkout, guests });
const createIntent = (checkin: string, checkout: string, amountCents: number, guests = 2) =>
  request(t.app).post('/api/create-payment-intent').send({ amount: amountCents / 100, bookingData: { checkin, checkout, guests, ...guest } });

describe('GET/PUT /api/settings ([settings.api])', () => {
  it('refuses both without an admin session (401), changing nothing', async () => {
    await request(t.app).get('/api/settings').expect(401);
    await request(t.app).put('/api/settings').send({ minNights: 2 }).expect(401);
    const security = await signedInAgent(t.app, 'security');
    await security.put('/api/settings').send({ minNights: 2 }).expect(401);
    expect(storedSettings()).toBeUndefined();
  });

  it('answers the defaults before the first save, then the whole new object after a partial PUT, audit-logged', async () => {
    const agent = await signedInAgent(t.app);
    const first = await agent.get('/api/settings').expect(200);
    expect(first.body).toEqual(DEFAULT_SETTINGS);
    expect(first.headers['cache-control']).toBe('no-store');
    const res = await agent.put('/api/settings').send({ baseNightlyRateCents: 32_500, extraGuestFee: { includedGuests: 6, centsPerNight: 2_000 } }).expect(200);
    expect(res.body).toEqual({ ...DEFAULT_SETTINGS, baseNightlyRateCents: 32_500, extraGuestFee: { includedGuests: 6, centsPerNight: 2_000 } });
    await agent.put('/api/settings').send({ minNights: 2 }).expect(200);
    expect((await agent.get('/api/settings')).body).toMatchObject({ baseNightlyRateCents: 32_500, minNights: 2, cleaningFeeCents: 40_000 });
    const audit = t.db.prepare("SELECT area, action, detail FROM audit_log WHERE action = 'settings saved' ORDER BY id").all() as { area: string; detail: string }[];
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ area: 'admin', detail: 'baseNightlyRateCents=32500 extraGuestFee={…}' });
  });

  it.each([
    [{ baseNightlyRateCents: '300' }, 'baseNightlyRateCents'],
    [{ baseNightlyRateCents: null }, 'baseNightlyRateCents'],
    [{ cardFeeBps: -5 }, 'cardFeeBps'],
    [{ taxes: [{ name: 'X', kind: 'percent' }] }, 'taxes.0.bps'],
    [{ taxes: 'none' }, 'taxes'],
    [{ seasons: [{ name: 'S', start: '2027-07-01', end: '2027-06-01' }] }, 'seasons.0.end'],
    [{ lengthOfStayDiscounts: [{ minNights: 7, bps: 1000 }, { minNights: 7, bps: 2000 }] }, 'lengthOfStayDiscounts.1.minNights'],
    [{ maxGuests: 4, extraGuestFee: { includedGuests: 5, centsPerNight: 100 } }, 'extraGuestFee.includedGuests'],
    [{ minNights: 90 }, 'minNights'],
    [{ checkOutTime: '25:00' }, 'checkOutTime'],
    [{ unknownField: 1 }, 'body'],
  ])('refuses %j with 400 naming %s, saving nothing', async (body, field) => {
    const agent = await signedInAgent(t.app);
    await agent.put('/api/settings').send({ cleaningFeeCents: 100 }).expect(200);
    const before = storedSettings();
    const res = await agent.put('/api/settings').send(body).expect(400);
    expect(res.body.field).toBe(field);
    expect(res.body.error).toMatch(new RegExp(`^${field.replace(/\./g, '\\.')}: `));
    expect(storedSettings()).toEqual(before);
  });
});

describe('quotes, rules and payments follow the stored settings ([pricing.total], [booking.rules])', () => {
  it('with default settings the quote is exactly priceStay and lists its lines', async () => {
    const res = await quote('2026-12-10', '2026-12-12').expect(200);
    expect(res.body).toMatchObject(priceStay('2026-12-10', '2026-12-12')!);
    expect(res.body.taxes).toEqual([{ name: 'State tax', cents: 4_120, bps: 400 }, { name: 'County tax', cents: 6_180, bps: 600 }]);
    expect(res.body.fees).toEqual([{ name: 'Cleaning fee', cents: 40_000 }, { name: 'Service fee', cents: 3_000 }]);
    expect(res.body.discounts).toEqual([]);
  });

  it('a summer set-up: the quote, the PaymentIntent and the stored hold follow it; a 2-night summer stay is refused naming the rule', async () => {
    const agent = await signedInAgent(t.app);
    await agent.put('/api/settings').send(SUMMER_SETUP).expect(200);

    const short = await quote('2027-06-12', '2027-06-14').expect(400);
    // The nearest 2-night stay checks in before the season that asks for 3 ([booking.nearest-stay]).
    expect(short.body).toEqual({
      error: 'Minimum stay is 3 nights for check-in on Jun 12', rule: 'minNights', field: 'checkout',
      nearest: { checkin: '2027-05-31', checkout: '2027-06-02' },
    });
    const refused = await createIntent('2027-06-12', '2027-06-14', 100_000).expect(400);
    expect(refused.body).toMatchObject({ error: 'Minimum stay is 3 nights for check-in on Jun 12', rule: 'minNights', field: 'bookingData.checkout' });
    expect(stripe.intents.size).toBe(0);

    // 7 nights × $450 = 315000, 10% off = 31500; + 40000 + 3000 = 326500; taxes 13060 + 19590 + 3500; card fee 3% of 362650.
    const week = (await quote('2027-06-12', '2027-06-19').expect(200)).body;
    expect(week).toMatchObject({ accommodationCents: 315_000, subtotalCents: 326_500, stateTaxCents: 13_060, countyTaxCents: 19_590, subtotalWithTaxesCents: 362_650, cardFeeCents: 10_880, totalCents: 373_530 });
    expect(week.discounts).toEqual([{ name: '10% off 7+ nights', cents: 31_500, bps: 1_000 }]);
    expect(week.taxes[2]).toEqual({ name: 'Hotel-motel fee', cents: 3_500, centsPerNight: 500 });

    const intent = await createIntent('2027-06-12', '2027-06-19', 373_530).expect(200);
    expect(stripe.intents.get(intent.body.paymentIntentId)?.amount).toBe(373_530);
    const hold = JSON.parse((t.db.prepare('SELECT quote_json FROM holds').get() as { quote_json: string }).quote_json);
    expect(hold).toMatchObject({ totalCents: 373_530, discounts: week.discounts, taxes: week.taxes, terms: { seasons: SUMMER_SETUP.seasons, lengthOfStayDiscounts: [{ minNights: 7, bps: 1_000 }] } });
    // The old default price is no longer what is charged.
    await createIntent('2027-09-06', '2027-09-08', priceStay('2027-09-06', '2027-09-08')!.totalCents + 1).expect(409);
  });

  it('refuses the other rules from the quote and the payment with { error, rule }', async () => {
    const agent = await signedInAgent(t.app);
    await agent.put('/api/settings').send({ maxNights: 5, advanceNoticeDays: 3, bookingWindowDays: 30, maxGuests: 6 }).expect(200);
    expect((await quote('2026-11-22', '2026-11-25').expect(400)).body).toMatchObject({ rule: 'advanceNotice', error: "Check-in needs at least 3 days' notice" });
    expect((await quote('2026-12-22', '2026-12-25').expect(400)).body).toMatchObject({ rule: 'bookingWindow', error: 'Check-in can be at most 30 days ahead' });
    expect((await quote('2026-12-01', '2026-12-07').expect(400)).body).toMatchObject({ rule: 'maxNights', error: 'Maximum stay is 5 nights' });
    expect((await quote('2026-12-01', '2026-12-03', 7).expect(400)).body).toMatchObject({ rule: 'maxGuests', error: 'At most 6 guests can stay', field: 'guests' });
    expect((await createIntent('2026-12-01', '2026-12-03', 100_000, 7).expect(400)).body).toMatchObject({ rule: 'maxGuests', field: 'bookingData.guests' });
    await quote('2026-11-24', '2026-11-29', 6).expect(200);
    // Rules beyond the old fixed limits are the owner's to widen.
    await agent.put('/api/settings').send({ maxNights: 90, bookingWindowDays: 700 }).expect(200);
    await quote('2028-10-01', '2028-12-20').expect(200);
  });

  it('the extra-guest fee follows the guests of the quote and of the PaymentIntent', async () => {
    const agent = await signedInAgent(t.app);
    await agent.put('/api/settings').send({ extraGuestFee: { includedGuests: 4, centsPerNight: 2_500 } }).expect(200);
    const four = (await quote('2026-12-10', '2026-12-12', 4)).body;
    const six = (await quote('2026-12-10', '2026-12-12', 6)).body;
    expect(four.totalCents).toBe(priceStay('2026-12-10', '2026-12-12')!.totalCents);
    expect(six.fees[2]).toEqual({ name: 'Extra guests (2 × 2 nights)', cents: 10_000 });
    expect(six.subtotalCents - four.subtotalCents).toBe(10_000);
    await createIntent('2026-12-10', '2026-12-12', four.totalCents, 6).expect(409);
    await createIntent('2026-12-10', '2026-12-12', six.totalCents, 6).expect(200);
  });

  it("a paid booking keeps the quote it was sold at when the settings change later ([settings.snapshot])", async () => {
    const agent = await signedInAgent(t.app);
    const q = (await quote('2026-12-10', '2026-12-12')).body;
    const intent = await createIntent('2026-12-10', '2026-12-12', q.totalCents).expect(200);
    await stripe.confirm(intent.body.paymentIntentId);
    await request(t.app).post('/api/booking-inquiry').send({ ...guest, checkin: '2026-12-10', checkout: '2026-12-12', guests: 2, stripePaymentIntentId: intent.body.paymentIntentId }).expect(201);
    await agent.put('/api/settings').send({ baseNightlyRateCents: 50_000, taxes: [...FANNIN_COUNTY_TAXES] }).expect(200);
    const [booking] = (await agent.get('/api/booking-inquiries').expect(200)).body;
    expect(booking.quote).toMatchObject({ totalCents: 116_699, accommodationCents: 60_000, taxes: q.taxes, terms: { baseNightlyRateCents: 30_000 } });
    expect((await quote('2027-01-10', '2027-01-12')).body.accommodationCents).toBe(100_000);
  });

  it("the guest's availability shows own price > season > weekend > base, and no bookable nights inside the notice", async () => {
    const agent = await signedInAgent(t.app);
    await agent.put('/api/settings').send({ baseNightlyRateCents: 28_000, weekendNightlyRateCents: 36_000, advanceNoticeDays: 2, seasons: [{ name: 'Holidays', start: '2026-12-24', end: '2026-12-31', nightlyRateCents: 52_500 }] }).expect(200);
    t.db.prepare("INSERT INTO availability VALUES ('2026-12-25', 61000, 1, 0, 'x')").run();
    const { days } = (await request(t.app).get('/api/availability/public').query({ startDate: '2026-11-21', endDate: '2026-12-26' }).expect(200)).body as { days: { date: string; bookable: boolean; price: number }[] };
    const byDate = Object.fromEntries(days.map((d) => [d.date, d]));
    expect(byDate['2026-12-02']?.price).toBe(280); // Wednesday
    expect(byDate['2026-12-04']?.price).toBe(360); // Friday
    expect(byDate['2026-12-05']?.price).toBe(360); // Saturday
    expect(byDate['2026-12-26']?.price).toBe(525); // a Saturday in the season: the season wins
    expect(byDate['2026-12-25']?.price).toBe(610); // the night's own price wins
    expect([byDate['2026-11-21']?.bookable, byDate['2026-11-22']?.bookable, byDate['2026-11-23']?.bookable]).toEqual([false, false, true]);
    const rules = await agent.put('/api/settings').send({ minNights: 2, seasons: [{ name: 'Holidays', start: '2026-12-24', end: '2026-12-31', minNights: 4 }, { name: 'Spring', start: '2027-04-01', end: '2027-04-30', nightlyRateCents: 35_000 }] }).expect(200);
    expect(rules.body.minNights).toBe(2);
    const after = (await request(t.app).get('/api/availability/public').query({ startDate: '2026-12-01', endDate: '2026-12-02' })).body;
    expect(after.stayRules).toEqual({ minNights: 2, maxNights: 60, bookingWindowDays: 548, seasonMinimums: [{ start: '2026-12-24', end: '2026-12-31', minNights: 4 }] });
  });
});
