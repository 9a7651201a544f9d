import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { priceStay } from '@ridgeline/core';
import { airbnbFeed, serve, startFeedServer } from '../test-support/feed-server.js';
import { startPaymentsTestApp } from '../test-support/payments-test-app.js';
import type { StripeStandIn } from '../test-support/stripe-stand-in.js';
import { setTestPasswords, signedInAgent, type createTestApp } from '../test-support/test-app.js';
import { HOLD_SWEEP_JOB } from '../jobs/job-names.js';

/**
 * The public calendar and the quote answer from memory ([availability.cache]); each kind of write
 * is followed at once by both answers: read, write, read shows the change.
 */
const WEBHOOK_SECRET = 'whsec_calendar_cache';
const NOW = new Date('2026-11-21T15:00:00Z');
const STAY = { checkin: '2026-12-10', checkout: '2026-12-12', guests: 2 };
const GUEST = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '555-0100', message: '', specialRequests: '' };

let clock: Date;
let stripe: StripeStandIn;
let t: ReturnType<typeof createTestApp>;
let stop: () => Promise<void>;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
let feedEvents: { uid: string; start: string; end: string }[];

beforeEach(async () => {
  clock = NOW;
  feedEvents = [{ uid: 'r1@airbnb.com', start: '2026-12-10', end: '2026-12-12' }];
  feeds = await startFeedServer({ '/airbnb.ics': serve(() => airbnbFeed(feedEvents)) });
  ({ t, stripe, stop } = await startPaymentsTestApp(WEBHOOK_SECRET, () => clock, { feedOptions: { timeoutMs: 1500, sleep: async () => undefined } }));
  await setTestPasswords(t.db);
  admin = await signedInAgent(t.app);
});
afterEach(async () => {
  await stop();
  await feeds.close();
});

/** The public calendar's nights of `STAY` (or another): bookable and price in dollars. */
const days = async (stay: { checkin: string; checkout: string } = STAY) =>
  (await request(t.app).get('/api/availability/public').query({ startDate: stay.checkin, endDate: stay.checkout }).expect(200)).body.days.slice(0, -1) as { date: string; bookable: boolean; price: number }[];
const bookable = async (stay: { checkin: string; checkout: string } = STAY) => (await days(stay)).map((d) => d.bookable);
/** The quote's status: 200 open, 409 closed, 400 against the rules. */
const quote = (stay: { checkin: string; checkout: string; guests: number } = STAY) => request(t.app).get('/api/quote').query(stay);
const startPayment = (stay = STAY, email = GUEST.email) =>
  request(t.app)
    .post('/api/create-payment-intent')
    .send({ amount: priceStay(stay.checkin, stay.checkout)!.totalCents / 100, bookingData: { ...stay, ...GUEST, email } })
    .expect(200);

/** Both answers say the stay's nights are open (true) or closed (false). */
async function expectOpen(open: boolean, stay: { checkin: string; checkout: string } = STAY) {
  expect(await bookable(stay)).toEqual([open, open]);
  await quote({ ...stay, guests: 2 }).expect(open ? 200 : 409);
}

describe('the public calendar and the quote are never stale ([availability.cache])', () => {
  it("after the owner's day settings: unavailable, blocked, a price", async () => {
    await expectOpen(true);
    await admin.put('/api/availability/2026-12-11').send({ price: 300, isAvailable: false, isBlocked: false }).expect(200);
    expect(await bookable()).toEqual([true, false]);
    expect((await quote().expect(409)).body.closedDates).toEqual(['2026-12-11']);
    await admin.put('/api/availability/2026-12-11').send({ price: 300, isAvailable: true, isBlocked: true }).expect(200);
    expect(await bookable()).toEqual([true, false]);
    await admin.put('/api/availability/2026-12-11').send({ price: 425, isAvailable: true, isBlocked: false }).expect(200);
    expect((await days()).map((d) => d.price)).toEqual([300, 425]);
    expect((await quote().expect(200)).body.accommodationCents).toBe(72500);
  });

  it("after the owner's 30-day price", async () => {
    const tomorrow = { checkin: '2026-11-22', checkout: '2026-11-24', guests: 2 };
    expect((await days(tomorrow)).map((d) => d.price)).toEqual([300, 300]);
    await admin.post('/api/availability/bulk').send({ price: 350 }).expect(200);
    expect((await days(tomorrow)).map((d) => d.price)).toEqual([350, 350]);
    expect((await quote(tomorrow).expect(200)).body.accommodationCents).toBe(70000);
  });

  it("after the owner's settings: rates, stay rules, advance notice", async () => {
    expect((await quote().expect(200)).body.accommodationCents).toBe(60000);
    await admin.put('/api/settings').send({ baseNightlyRateCents: 27500 }).expect(200);
    expect((await days()).map((d) => d.price)).toEqual([275, 275]);
    expect((await quote().expect(200)).body.accommodationCents).toBe(55000);
    await admin.put('/api/settings').send({ minNights: 3 }).expect(200);
    expect((await quote().expect(400)).body).toMatchObject({ rule: 'minNights' });
    // A refusal is not kept past the change that lifts it.
    await admin.put('/api/settings').send({ minNights: 2 }).expect(200);
    await quote().expect(200);
    await admin.put('/api/settings').send({ advanceNoticeDays: 30 }).expect(200);
    expect(await bookable()).toEqual([false, false]);
  });

  it('after a hold is placed, replaced by the same guest, and placed again', async () => {
    await expectOpen(true);
    await startPayment();
    await expectOpen(false);
    // The same guest starts another stay: the first hold is released ([checkout.hold-abuse]).
    await startPayment({ checkin: '2026-12-20', checkout: '2026-12-22', guests: 2 });
    await expectOpen(true);
    await expectOpen(false, { checkin: '2026-12-20', checkout: '2026-12-22' });
  });

  it('after the hold sweeper releases an expired hold, not before ([checkout.hold-expiry])', async () => {
    await startPayment();
    await expectOpen(false);
    clock = new Date(NOW.getTime() + 16 * 60_000);
    // Past its 15 minutes, still held until its PaymentIntent is cancelled: exactly as the database says.
    await expectOpen(false);
    await t.deps.jobs!.runNow(HOLD_SWEEP_JOB);
    expect(t.db.prepare('SELECT status FROM holds').all()).toEqual([{ status: 'released' }]);
    await expectOpen(true);
  });

  it('after a payment confirms the booking (webhook), and after the owner cancels it', async () => {
    const intent = await startPayment();
    await stripe.confirm(intent.body.paymentIntentId, 'pm_card_visa');
    const booking = t.db.prepare("SELECT id FROM booking_inquiries WHERE payment_status = 'paid'").get() as { id: number };
    expect(t.db.prepare('SELECT status FROM holds').all()).toEqual([{ status: 'converted' }]);
    // Closed by the paid booking now, no longer by the hold.
    await expectOpen(false);
    await admin.post(`/api/bookings/${booking.id}/cancel`).send({ refundCents: 0 }).expect(200);
    await expectOpen(true);
  });

  it("after the owner's own bookings (manual and owner stays)", async () => {
    await expectOpen(true);
    await admin.post('/api/bookings').send({ kind: 'owner', ...STAY, firstName: 'Sam' }).expect(201);
    await expectOpen(false);
    const other = { checkin: '2026-12-14', checkout: '2026-12-16' };
    await expectOpen(true, other);
    await admin.post('/api/bookings').send({ kind: 'manual', ...other, guests: 2, firstName: 'Mary', lastName: 'Jones', email: 'mary@example.com', phone: '555-0101', amountPaidCents: 0 }).expect(201);
    await expectOpen(false, other);
  });

  it('after calendar syncs: an import, a changed feed, a source switched off and removed', async () => {
    await expectOpen(true);
    const created = await admin.post('/api/calendar-sources').send({ name: 'Airbnb', icalUrl: feeds.url('/airbnb.ics'), platform: 'airbnb' }).expect(201);
    const id = created.body.source.id as number;
    // The first sync runs in the background, in the feed worker (its own database connection).
    await expect.poll(async () => (await bookable()).includes(true), { timeout: 20_000 }).toBe(false);
    await quote().expect(409);
    feedEvents = [{ uid: 'r2@airbnb.com', start: '2026-12-20', end: '2026-12-22' }];
    await admin.post(`/api/calendar-sources/${id}/sync`).expect(200);
    await expectOpen(true);
    await expectOpen(false, { checkin: '2026-12-20', checkout: '2026-12-22' });
    await admin.patch(`/api/calendar-sources/${id}`).send({ isActive: false }).expect(200);
    await expectOpen(true, { checkin: '2026-12-20', checkout: '2026-12-22' });
    await admin.patch(`/api/calendar-sources/${id}`).send({ isActive: true }).expect(200);
    await expectOpen(false, { checkin: '2026-12-20', checkout: '2026-12-22' });
    await admin.delete(`/api/calendar-sources/${id}`).expect(200);
    await expectOpen(true, { checkin: '2026-12-20', checkout: '2026-12-22' });
  });

  it("follows the injected clock: a new day moves the advance notice and booking window with no write", async () => {
    const today = { checkin: '2026-11-21', checkout: '2026-11-23' };
    expect(await bookable(today)).toEqual([true, true]);
    clock = new Date(NOW.getTime() + 86_400_000);
    expect(await bookable(today)).toEqual([false, true]);
    expect((await quote({ ...today, guests: 2 }).expect(400)).body.field).toBe('checkin');
  });
});
