import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatCents, priceStay } from '@ridgeline/core';
import { createMailer, createStripeGateway, listOwnerNotices, updateOwnerSettings } from '@ridgeline/core/node';
import { airbnbFeed, serve, startFeedServer } from '../test-support/feed-server.js';
import { startSmtpStandIn } from '../test-support/smtp-stand-in.js';
import { startStripeStandIn, type StripeStandIn } from '../test-support/stripe-stand-in.js';
import { createTestApp, setTestPasswords, signedInAgent } from '../test-support/test-app.js';

const WEBHOOK_SECRET = 'whsec_test_notices';
const HOUR = 60 * 60 * 1000;
const T0 = new Date('2026-11-21T15:00:00Z');
const stay = { checkin: '2026-12-10', checkout: '2026-12-13', guests: 4 };
const guest = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '555-0100', message: '', specialRequests: '' };
const TOTAL = priceStay(stay.checkin, stay.checkout)!.totalCents;

let now: Date;
let stripe: StripeStandIn;
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
let feedDown: boolean;
let airbnbEvents: Parameters<typeof airbnbFeed>[0];
let t: ReturnType<typeof createTestApp>;
let server: Server;
let admin: Awaited<ReturnType<typeof signedInAgent>>;

beforeEach(async () => {
  now = T0;
  feedDown = false;
  airbnbEvents = [];
  stripe = await startStripeStandIn();
  smtp = await startSmtpStandIn();
  feeds = await startFeedServer({
    '/airbnb.ics': (req, res) => (feedDown ? res.writeHead(503).end('down') : serve(() => airbnbFeed(airbnbEvents))(req, res)),
  });
  t = createTestApp({}, {}, () => now, {
    payments: createStripeGateway({ secretKey: stripe.secretKey, webhookSecret: WEBHOOK_SECRET, apiBase: stripe.url }),
    mailer: createMailer({ smtpUrl: smtp.url, from: 'Ridgeline <stay@example.com>' }, () => {}),
    feedOptions: { timeoutMs: 1500, sleep: async () => undefined },
  });
  updateOwnerSettings(t.db, { ownerEmail: 'owner@example.com' });
  await setTestPasswords(t.db);
  admin = await signedInAgent(t.app);
  // Stripe's signed webhook deliveries reach the app over HTTP, as in production.
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  stripe.setWebhook({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stripe/webhook`, secret: WEBHOOK_SECRET });
});
afterEach(async () => {
  stripe.setWebhook(undefined);
  await new Promise((r) => server.close(r));
  await t.deps.jobs?.stop();
  t.cleanup();
  await Promise.all([feeds.close(), smtp.close(), stripe.close()]);
});

const ownerMail = () => smtp.received.filter((m) => m.to.includes('owner@example.com'));
const notices = (kind: string) => listOwnerNotices(t.db).filter((n) => n.kind === kind);
const createIntent = () => request(t.app).post('/api/create-payment-intent').send({ amount: TOTAL / 100, bookingData: { ...stay, ...guest } }).expect(200);

/** A guest's checkout paid at Stripe: the webhook and the page both confirm it. */
async function paidBooking() {
  const intent = await createIntent();
  await stripe.confirm(intent.body.paymentIntentId, 'pm_card_visa');
  // 201 from whichever of the page and the webhook stored it first, 200 for the other.
  const res = await request(t.app).post('/api/booking-inquiry').send({ ...guest, ...stay, stripePaymentIntentId: intent.body.paymentIntentId });
  expect([200, 201]).toContain(res.status);
  expect(res.body.booking.paymentStatus).toBe('paid');
  return { id: res.body.booking.id as number, paymentIntentId: intent.body.paymentIntentId as string };
}

/** Adds an Airbnb source and waits for its first sync (started in the background) to end. */
async function addAirbnb() {
  const res = await admin.post('/api/calendar-sources').send({ name: 'Airbnb', icalUrl: feeds.url('/airbnb.ics'), platform: 'airbnb' }).expect(201);
  const id = res.body.source.id as number;
  await expect.poll(async () => (await admin.get('/api/calendar-sources')).body.sources.find((x: { id: number }) => x.id === id)?.lastSyncStatus, { timeout: 20_000 }).not.toBe('never');
  return id;
}
const sync = (id: number) => admin.post(`/api/calendar-sources/${id}/sync`).expect(200);

describe('what the owner is told [owner.notices]', () => {
  it('a new direct booking, once, though the webhook and the page both confirm it', async () => {
    const booking = await paidBooking();
    // The SMTP server has the mail a moment before the notice is marked sent.
    await expect.poll(() => notices('new-booking')[0]?.sentAt ?? null).not.toBeNull();
    expect(ownerMail()).toHaveLength(1);
    expect(notices('new-booking')).toEqual([
      expect.objectContaining({ subject: 'New booking: Dec 10 – Dec 13, 2026 (3 nights, 4 guests)', bookingId: booking.id, sentAt: expect.any(String) }),
    ]);
    const text = notices('new-booking')[0]!.text;
    expect(text).toContain('Ann Lee');
    expect(text).toContain(formatCents(TOTAL));
    expect(text).toContain(`${t.config.publicUrl}/admin?tab=bookings`);
    expect(text).not.toContain('ann@example.com');
    expect(ownerMail()[0]?.subject).toBe('New booking: Dec 10 – Dec 13, 2026 (3 nights, 4 guests)');
    // The hold sweep or a page reload confirming it again tells nothing new.
    await request(t.app).post('/api/booking-inquiry').send({ ...guest, ...stay, stripePaymentIntentId: booking.paymentIntentId });
    await t.deps.jobs!.runNow('owner-notices');
    expect(notices('new-booking')).toHaveLength(1);
    expect(ownerMail()).toHaveLength(1);
    // [booking.timeline]: its history, oldest first, through the API.
    const timeline = await admin.get(`/api/bookings/${booking.id}/timeline`).expect(200);
    expect(timeline.body.events.map((e: { kind: string; detail: string }) => `${e.kind}: ${e.detail}`)).toEqual([
      'created: Booked online',
      `paid: Paid ${formatCents(TOTAL)} by card`,
      'confirmation-emailed: Sent to ann@example.com',
      'owner-notified: E-mailed the owner: New booking: Dec 10 – Dec 13, 2026 (3 nights, 4 guests)',
    ]);
  });

  it('a double booking, once per pair of stays, naming both stays and their channels', async () => {
    const booking = await paidBooking();
    airbnbEvents = [{ uid: 'overlap@airbnb.com', start: '2026-12-12', end: '2026-12-15' }];
    const source = await addAirbnb();
    await expect.poll(() => notices('conflict').length).toBe(1);
    const [notice] = notices('conflict');
    expect(notice).toMatchObject({ subject: 'Double booking: Direct booking and Airbnb share Dec 12 – Dec 13, 2026', bookingId: booking.id });
    expect(notice?.text).toContain('- Direct booking (Ann Lee): Dec 10 – Dec 13, 2026 (3 nights)');
    expect(notice?.text).toContain('- Airbnb: Dec 12 – Dec 15, 2026 (3 nights)');
    await sync(source);
    await expect.poll(() => ownerMail().filter((m) => m.subject.startsWith('Double booking')).length).toBe(1);
    expect(notices('conflict')).toHaveLength(1);
  });

  it('a calendar source failing for more than 6 hours, once per outage', async () => {
    feedDown = true;
    const source = await addAirbnb();
    // Never synced, and made just now: not yet.
    expect(notices('source-failing')).toEqual([]);
    now = new Date(T0.getTime() + 5 * HOUR);
    await sync(source);
    expect(notices('source-failing')).toEqual([]);
    now = new Date(T0.getTime() + 7 * HOUR);
    await sync(source);
    expect(notices('source-failing')).toEqual([expect.objectContaining({ subject: 'Calendar not syncing: Airbnb', bookingId: null })]);
    expect(notices('source-failing')[0]?.text).toContain('It has never been read.');
    now = new Date(T0.getTime() + 8 * HOUR);
    await sync(source);
    expect(notices('source-failing')).toHaveLength(1);
    // It recovers, then fails again: told again only once that outage is 6 hours old.
    feedDown = false;
    now = new Date(T0.getTime() + 9 * HOUR);
    await sync(source);
    feedDown = true;
    now = new Date(T0.getTime() + 12 * HOUR);
    await sync(source);
    expect(notices('source-failing')).toHaveLength(1);
    now = new Date(T0.getTime() + 15 * HOUR + 1000);
    await sync(source);
    expect(notices('source-failing')).toHaveLength(2);
    expect(notices('source-failing')[0]?.text).toContain('Last good sync: 2026-11-22 00:00 UTC.');
    await expect.poll(() => ownerMail().filter((m) => m.subject === 'Calendar not syncing: Airbnb').length).toBe(2);
  });

  it("a failed card payment, from Stripe's signed webhook: the stay and the decline message, no card data", async () => {
    const intent = await createIntent();
    await expect(stripe.confirm(intent.body.paymentIntentId, 'pm_card_chargeDeclined')).rejects.toThrow('Your card was declined.');
    await expect.poll(() => notices('payment-failed').length).toBe(1);
    const [notice] = notices('payment-failed');
    expect(notice?.subject).toBe('Payment failed: Dec 10 – Dec 13, 2026 (3 nights, 4 guests)');
    expect(notice?.text).toContain('Ann Lee');
    expect(notice?.text).toContain('Stripe says: Your card was declined.');
    expect(notice?.text).not.toMatch(/0002|visa|ann@example\.com/i);
    await expect.poll(() => ownerMail().filter((m) => m.subject.startsWith('Payment failed')).length).toBe(1);
    // A second failed attempt is a second failure; the guest then pays and the booking is told.
    await expect(stripe.confirm(intent.body.paymentIntentId, 'pm_card_chargeDeclined')).rejects.toThrow();
    await expect.poll(() => notices('payment-failed').length).toBe(2);
    await stripe.confirm(intent.body.paymentIntentId, 'pm_card_visa');
    await expect.poll(() => notices('new-booking').length).toBe(1);
  });
});
