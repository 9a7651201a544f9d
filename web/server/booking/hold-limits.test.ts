import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays, priceStay } from '@ridgeline/core';
import { startPaymentsTestApp } from '../test-support/payments-test-app.js';
import type { StripeStandIn } from '../test-support/stripe-stand-in.js';
import type { createTestApp } from '../test-support/test-app.js';

/**
 * Holds cannot close the calendar ([checkout.hold-abuse], [checkout.hold-cap], decision 0007):
 * through the real server and the Stripe stand-in. TRUST_PROXY=1 so each request speaks as the
 * address in its X-Forwarded-For.
 */
const WEBHOOK_SECRET = 'whsec_hold_limits';
const NOW = new Date('2026-11-21T15:00:00Z');

let clock: Date;
let stripe: StripeStandIn;
let t: ReturnType<typeof createTestApp>;
let stop: () => Promise<void>;

async function start(env: Record<string, string> = {}) {
  ({ t, stripe, stop } = await startPaymentsTestApp(WEBHOOK_SECRET, () => clock, {}, { TRUST_PROXY: '1', ...env }));
}
beforeEach(async () => {
  clock = NOW;
  await start();
});
afterEach(async () => stop());

/** `nights` nights from `checkin`. */
const stayOf = (checkin: string, nights: number) => ({ checkin, checkout: addDays(checkin, nights) });
/** `POST /api/create-payment-intent` for `dates` at the server's price, by `email` from `ip`. */
const startPayment = (dates: { checkin: string; checkout: string }, ip: string, email: string) =>
  request(t.app)
    .post('/api/create-payment-intent')
    .set('X-Forwarded-For', ip)
    .send({
      amount: priceStay(dates.checkin, dates.checkout)!.totalCents / 100,
      bookingData: { ...dates, guests: 2, firstName: 'Ann', lastName: 'Lee', email, phone: '', message: '', specialRequests: '' },
    });
const liveHolds = () => (t.db.prepare("SELECT payment_intent_id AS pi FROM holds WHERE status = 'held' ORDER BY id").all() as { pi: string | null }[]).map((r) => r.pi);
const holdCount = () => (t.db.prepare('SELECT COUNT(*) AS n FROM holds').get() as { n: number }).n;

describe('one live hold per client, addresses grouped as the /api rate limit groups them ([checkout.hold-abuse])', () => {
  it('three addresses of one IPv6 /64 keep one live hold between them; another /64 keeps its own', async () => {
    const first = await startPayment(stayOf('2026-12-10', 2), '2001:db8:1:2::1', 'a@example.com').expect(200);
    const second = await startPayment(stayOf('2027-01-10', 2), '2001:db8:1:2:ffff:ffff:ffff:fffe', 'b@example.com').expect(200);
    const third = await startPayment(stayOf('2027-02-10', 2), '2001:DB8:1:2:0:0:0:3', 'c@example.com').expect(200);
    const elsewhere = await startPayment(stayOf('2027-03-10', 2), '2001:db8:1:3::1', 'd@example.com').expect(200);
    expect(liveHolds()).toEqual([third.body.paymentIntentId, elsewhere.body.paymentIntentId]);
    expect(stripe.intents.get(first.body.paymentIntentId)?.status).toBe('canceled');
    expect(stripe.intents.get(second.body.paymentIntentId)?.status).toBe('canceled');
    // Their nights are open again.
    await request(t.app).get('/api/quote').query({ ...stayOf('2026-12-10', 2), guests: 2 }).expect(200);
  });

  it('IPv4 clients are grouped by exact address (an IPv4-mapped IPv6 spelling is the same address)', async () => {
    const one = await startPayment(stayOf('2026-12-10', 2), '198.51.100.1', 'a@example.com').expect(200);
    const two = await startPayment(stayOf('2027-01-10', 2), '198.51.100.2', 'b@example.com').expect(200);
    const mapped = await startPayment(stayOf('2027-02-10', 2), '::ffff:198.51.100.1', 'c@example.com').expect(200);
    expect(liveHolds()).toEqual([two.body.paymentIntentId, mapped.body.paymentIntentId]);
    expect(stripe.intents.get(one.body.paymentIntentId)?.status).toBe('canceled');
  });
});

describe('anonymous holds close at most MAX_HELD_NIGHTS nights at once ([checkout.hold-cap])', () => {
  /** Ten 14-night stays one after the other from 2027-01-04, each from its own IPv4 address and e-mail. */
  const tenStays = Array.from({ length: 10 }, (_, i) => ({ dates: stayOf(addDays('2027-01-04', 14 * i), 14), ip: `198.51.100.${i + 1}`, email: `guest${i + 1}@example.com` }));

  it('ten IPv4 addresses cannot close the calendar: past 60 nights a new hold answers 429 with a JSON message and changes nothing', async () => {
    const answers = [];
    for (const s of tenStays) answers.push(await startPayment(s.dates, s.ip, s.email));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 429, 429, 429, 429, 429, 429]);
    const refused = answers[4]!;
    expect(refused.body).toEqual({ success: false, reason: 'held-nights', error: expect.stringMatching(/^Too many nights are being held .* Please try again in 15 minutes\.$/) });
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(refused.headers['retry-after'])).toBe(15 * 60);
    // Nothing was held or created at Stripe for the refused ones.
    expect(holdCount()).toBe(4);
    expect(stripe.intents.size).toBe(4);
    // Up to the limit exactly (56 + 4 = 60 nights) is still fine; one night more is not.
    await startPayment(stayOf('2027-05-01', 4), '203.0.113.1', 'x@example.com').expect(200);
    await startPayment(stayOf('2027-06-01', 1), '203.0.113.2', 'y@example.com').expect(429);
    await request(t.app).get('/api/quote').query({ ...tenStays[5]!.dates, guests: 2 }).expect(200);
  });

  it('counts only live holds: once they are past their 15 minutes, new holds are taken again', async () => {
    for (const s of tenStays.slice(0, 4)) await startPayment(s.dates, s.ip, s.email).expect(200);
    clock = new Date(NOW.getTime() + 10 * 60_000);
    const refused = await startPayment(tenStays[4]!.dates, tenStays[4]!.ip, tenStays[4]!.email).expect(429);
    expect(Number(refused.headers['retry-after'])).toBe(5 * 60);
    expect(refused.body).toMatchObject({ success: false, reason: 'held-nights' });
    clock = new Date(NOW.getTime() + 15 * 60_000 + 1000);
    await startPayment(tenStays[4]!.dates, tenStays[4]!.ip, tenStays[4]!.email).expect(200);
  });

  it("a guest's new checkout replacing their own hold counts without the nights it frees", async () => {
    await startPayment(stayOf('2027-01-04', 40), '198.51.100.1', 'ann@example.com').expect(200);
    await startPayment(stayOf('2027-03-01', 20), '198.51.100.2', 'bo@example.com').expect(200);
    const replacing = await startPayment(stayOf('2027-05-01', 40), '198.51.100.1', 'ann@example.com').expect(200);
    expect(liveHolds()).toHaveLength(2);
    expect(liveHolds()).toContain(replacing.body.paymentIntentId);
  });

  it('concurrent checkouts never exceed the limit together', async () => {
    const answers = await Promise.all(tenStays.slice(0, 6).map((s) => startPayment(s.dates, s.ip, s.email)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 429, 429]);
    const held = t.db.prepare("SELECT SUM(julianday(checkout) - julianday(checkin)) AS nights FROM holds WHERE status = 'held'").get() as { nights: number };
    expect(held.nights).toBe(56);
  });

  it('MAX_HELD_NIGHTS sets the limit', async () => {
    await stop();
    await start({ MAX_HELD_NIGHTS: '5' });
    await startPayment(stayOf('2027-01-04', 3), '198.51.100.1', 'a@example.com').expect(200);
    await startPayment(stayOf('2027-02-04', 3), '198.51.100.2', 'b@example.com').expect(429);
    await startPayment(stayOf('2027-02-04', 2), '198.51.100.2', 'b@example.com').expect(200);
    // A stay longer than the limit could never be held: no Retry-After, and the guest is told so.
    const tooLong = await startPayment(stayOf('2027-03-04', 6), '198.51.100.3', 'c@example.com').expect(429);
    expect(tooLong.body).toEqual({ success: false, reason: 'held-nights', error: 'This stay is longer than the 5 nights that can be held while paying online. Please contact us to book it.' });
    expect(tooLong.headers['retry-after']).toBeUndefined();
  });
});
