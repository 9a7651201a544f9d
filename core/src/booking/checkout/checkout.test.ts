import { beforeEach, describe, expect, it } from 'vitest';
import type { Booking } from '../bookings.js';
import { FRESH_BOOKING_LIFE } from '../testing/test-bookings.js';
import { memoryRefundStore } from '../testing/test-refund-store.js';
import { datesInRange } from '../../shared/dates.js';
import { priceStay } from '../../pricing/pricing.js';
import { DEFAULT_SETTINGS } from '../../settings/schema.js';
import { createCheckout } from './checkout.js';
import { normalizeEmail, type Hold, type HoldGuest } from '../hold.js';
import { PaymentProviderError, type PaymentIntentView } from '../payment-gateway.js';
import type { BookingStore, CheckoutPorts } from '../ports.js';
import { testGateway } from '../testing/test-gateway.js';

/**
 * The checkout service against in-memory ports. The store keeps the SQLite store's rules that the
 * service relies on (one live hold per guest e-mail and IP, paid bookings and live holds close
 * nights, one booking per PaymentIntent); the server tests (web/server/booking/payments.test.ts)
 * run the same flows over SQLite and the Stripe stand-in.
 */

const NOW = new Date('2026-11-21T15:00:00Z');
const STAY = { checkin: '2026-12-10', checkout: '2026-12-12', guests: 2 };
const TOTAL = priceStay(STAY.checkin, STAY.checkout)!.totalCents;
const GUEST: HoldGuest = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '', location: '', ipAddress: '198.51.100.1', message: '', specialRequests: '' };

function memoryStore() {
  const holds: Hold[] = [];
  const bookings: (Booking & { confirmationSent: boolean })[] = [];
  const ownerClosed = new Set<string>();
  const events = new Set<string>();
  const timeline: { bookingId: number; kind: string }[] = [];
  const nightsOf = (s: { checkin: string; checkout: string }) => datesInRange(s.checkin, s.checkout);
  const closedNights = (checkin: string, checkout: string, except: number[] = []) => {
    const closed = new Set([...ownerClosed]);
    for (const b of bookings) if (b.paymentStatus === 'paid') nightsOf(b).forEach((d) => closed.add(d));
    for (const h of holds) if (h.status === 'held' && !except.includes(h.id)) nightsOf(h).forEach((d) => closed.add(d));
    return datesInRange(checkin, checkout).filter((d) => closed.has(d));
  };
  const release = (id: number) => {
    const hold = holds.find((h) => h.id === id);
    if (hold?.status === 'held') hold.status = 'released';
  };
  const store: BookingStore = {
    ...memoryRefundStore(bookings).store,
    closedNights: (checkin, checkout) => closedNights(checkin, checkout),
    ownerNightlyPrices: () => new Map(),
    quoteStay: (checkin, checkout) => priceStay(checkin, checkout),
    settings: () => DEFAULT_SETTINGS,
    placeHold(stay, now, settled, maxHeldNights) {
      const email = normalizeEmail(stay.guest.email);
      const clientKey = stay.clientKey ?? stay.guest.ipAddress;
      const earlier = holds.filter(
        (h) => h.status === 'held' && ((h.clientKey !== '' && h.clientKey === clientKey) || (h.guestEmail !== '' && h.guestEmail === email)) && !settled.paid.has(h.id),
      );
      for (const h of earlier) if (settled.cancelled.has(h.id)) release(h.id);
      const closedDates = closedNights(stay.checkin, stay.checkout, earlier.map((h) => h.id));
      if (closedDates.length > 0) return { ok: false, reason: 'closed', closedDates };
      // [checkout.hold-cap], simplified: the first expiry as `freeAt`.
      const counted = holds.filter((h) => h.status === 'held' && h.expiresAt > now.toISOString() && !earlier.includes(h));
      if (counted.reduce((n, h) => n + nightsOf(h).length, nightsOf(stay).length) > maxHeldNights) {
        return { ok: false, reason: 'held-nights', maxHeldNights, freeAt: counted.map((h) => h.expiresAt).sort()[0] ?? null };
      }
      const toCancel = earlier.filter((h) => h.paymentIntentId !== null && !settled.cancelled.has(h.id));
      if (toCancel.length > 0) return { ok: false, reason: 'replace', holds: toCancel.map((h) => ({ ...h })) };
      for (const h of earlier) release(h.id);
      const hold: Hold = {
        id: holds.length + 1,
        checkin: stay.checkin,
        checkout: stay.checkout,
        guests: stay.guests,
        guest: stay.guest,
        quote: stay.quote,
        paymentIntentId: null,
        status: 'held',
        expiresAt: new Date(now.getTime() + 15 * 60_000).toISOString(),
        clientKey,
        guestEmail: email,
        idempotencyKey: `key-${holds.length + 1}`,
      };
      holds.push(hold);
      return { ok: true, hold: { ...hold }, replaced: earlier.map((h) => h.id) };
    },
    attachPaymentIntent(holdId, paymentIntentId) {
      const hold = holds.find((h) => h.id === holdId && h.status === 'held');
      if (!hold) return false;
      hold.paymentIntentId = paymentIntentId;
      return true;
    },
    releaseHold: release,
    getHoldByPaymentIntent: (id) => {
      const hold = holds.find((h) => h.paymentIntentId === id);
      return hold && { ...hold };
    },
    listExpiredHolds: (now) => holds.filter((h) => h.status === 'held' && h.expiresAt <= now.toISOString()).map((h) => ({ ...h })),
    findBookingByPaymentIntent: (id) => bookings.find((b) => b.stripePaymentIntentId === id),
    createInquiry(b, now) {
      const booking = {
        ...b,
        id: bookings.length + 1,
        createdAt: now.toISOString(),
        paymentStatus: b.paymentStatus ?? 'pending',
        stripePaymentIntentId: b.stripePaymentIntentId ?? null,
        stripePaymentDetails: b.stripePaymentDetails ?? null,
        quote: b.quote ?? null,
        ...FRESH_BOOKING_LIFE,
        status: b.paymentStatus === 'paid' ? ('confirmed' as const) : b.stripePaymentIntentId ? ('pending' as const) : ('inquiry' as const),
        amountPaidCents: b.amountPaidCents ?? 0,
        cancellationPolicy: b.cancellationPolicy ?? null,
        confirmationSent: false,
      };
      bookings.push(booking);
      return booking;
    },
    confirmBooking(b, holdId, now) {
      const convert = () => holds.filter((h) => h.id === holdId).forEach((h) => (h.status = 'converted'));
      const existing = bookings.find((x) => x.stripePaymentIntentId === b.stripePaymentIntentId);
      if (existing) {
        if (b.paymentStatus === 'paid' && existing.paymentStatus !== 'paid') {
          existing.paymentStatus = 'paid';
          existing.status = 'confirmed';
          existing.stripePaymentDetails = b.stripePaymentDetails ?? null;
          convert();
        }
        return { booking: existing, created: false };
      }
      const created = store.createInquiry(b, now);
      if (b.paymentStatus === 'paid') convert();
      return { booking: created, created: true };
    },
    claimConfirmationEmail(id) {
      const booking = bookings.find((b) => b.id === id);
      if (!booking || booking.confirmationSent) return false;
      booking.confirmationSent = true;
      return true;
    },
    unclaimConfirmationEmail(id) {
      const booking = bookings.find((b) => b.id === id);
      if (booking) booking.confirmationSent = false;
    },
    listUnsentConfirmations: (since) =>
      bookings.filter((b) => b.paymentStatus === 'paid' && b.stripePaymentIntentId && !b.confirmationSent && b.email !== '' && b.createdAt >= since.toISOString()),
    claimStripeEvent: (id) => !events.has(id) && Boolean(events.add(id)),
    recordBookingEvent: (bookingId, kind) => void timeline.push({ bookingId, kind }),
    unclaimStripeEvent: (id) => void events.delete(id),
  };
  return { store, holds, bookings, ownerClosed, events, timeline };
}

/** A payment provider keeping its PaymentIntents in memory, with Stripe's cancel rules. */
function fakeStripe() {
  const intents = new Map<string, PaymentIntentView>();
  const calls: string[] = [];
  const state = {
    down: false,
    createFails: undefined as Error | undefined,
    /** runs while Stripe "answers" a create (a concurrent request of the same guest) */
    duringCreate: undefined as (() => void) | undefined,
  };
  const get = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw new PaymentProviderError(`No such payment_intent: '${id}'`, 404, 'resource_missing');
    return intent;
  };
  const unreachable = () => new PaymentProviderError('An error occurred with our connection to Stripe.', undefined, undefined);
  const gateway = testGateway({
    async createPaymentIntent(input) {
      calls.push(`create ${input.idempotencyKey}`);
      state.duringCreate?.();
      if (state.createFails) throw state.createFails;
      const id = `pi_${intents.size + 1}`;
      const intent = { id, status: 'requires_payment_method', amount: input.amountCents, currency: 'usd', clientSecret: `${id}_secret`, metadata: input.metadata, card: null };
      intents.set(id, intent);
      return { ...intent };
    },
    async retrievePaymentIntent(id) {
      calls.push(`retrieve ${id}`);
      if (state.down) throw unreachable();
      return { ...get(id) };
    },
    async cancelPaymentIntent(id) {
      calls.push(`cancel ${id}`);
      if (state.down) throw unreachable();
      const intent = get(id);
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        throw new PaymentProviderError(`You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`, 400, 'payment_intent_unexpected_state');
      }
      intent.status = 'canceled';
      return { ...intent };
    },
  });
  const pay = (id: string, status = 'succeeded') => {
    get(id).status = status;
  };
  return { gateway, intents, calls, state, pay };
}

let mem: ReturnType<typeof memoryStore>;
let stripe: ReturnType<typeof fakeStripe>;
let clock: Date;
let mail: { to: string; subject: string }[];
let confirmed: number[];
let logs: { level: string; message: string }[];
let rechecks: number;

function ports(overrides: Partial<CheckoutPorts> = {}): CheckoutPorts {
  return {
    store: mem.store,
    payments: stripe.gateway,
    calendars: { recheckStale: async () => void (rechecks += 1) },
    mailer: { send: async (m) => void mail.push({ to: m.to, subject: m.subject }) },
    logger: { warn: (message) => void logs.push({ level: 'warn', message }), error: (message) => void logs.push({ level: 'error', message }) },
    now: () => clock,
    publicUrl: 'https://ridgeline.example',
    onConfirmed: (b) => void confirmed.push(b.id),
    ...overrides,
  };
}

beforeEach(() => {
  mem = memoryStore();
  stripe = fakeStripe();
  clock = NOW;
  mail = [];
  confirmed = [];
  logs = [];
  rechecks = 0;
});

/** Starts paying for STAY as GUEST changed by `extra`, the client being the guest's address unless `clientKey` says. */
const start = (checkout = createCheckout(ports()), extra: Partial<HoldGuest> = {}, clientKey = extra.ipAddress ?? GUEST.ipAddress) =>
  checkout.startPayment({ ...STAY, amountCents: TOTAL, guest: { ...GUEST, ...extra }, clientKey });

describe('quote', () => {
  it("answers the server's total, a stay-rule problem, or the closed nights", () => {
    const checkout = createCheckout(ports());
    expect(checkout.quote(STAY.checkin, STAY.checkout, STAY.guests)).toMatchObject({ ok: true, quote: { totalCents: TOTAL, nights: 2 } });
    // A past check-in is refused, offering the nearest bookable stay of the same length ([booking.nearest-stay]).
    expect(checkout.quote('2026-11-01', '2026-11-03', 2)).toEqual({
      ok: false, reason: 'invalid-stay', field: 'checkin', message: 'must not be in the past',
      nearest: { checkin: '2026-11-21', checkout: '2026-11-23' },
    });
    mem.ownerClosed.add('2026-12-11');
    expect(checkout.quote(STAY.checkin, STAY.checkout, STAY.guests)).toEqual({
      ok: false, reason: 'closed', closedDates: ['2026-12-11'], nearest: { checkin: '2026-12-09', checkout: '2026-12-11' },
    });
  });
});

describe('the public reads ([availability.cache])', () => {
  it('read the calendar port for the calendar and the quote, while startPayment checks the store itself', async () => {
    // A calendar port that (wrongly) says every night is open at another price: only the two public reads may follow it.
    const stale = { ...mem.store, closedNights: () => [], quoteStay: (checkin: string, checkout: string) => ({ ...priceStay(checkin, checkout)!, totalCents: 1 }) };
    const checkout = createCheckout(ports({ calendar: stale }));
    mem.ownerClosed.add('2026-12-10');
    expect(checkout.quote(STAY.checkin, STAY.checkout, STAY.guests)).toMatchObject({ ok: true, quote: { totalCents: 1 } });
    expect(checkout.availability('2026-12-10', '2026-12-10').days).toEqual([{ date: '2026-12-10', bookable: true, price: 300 }]);
    expect(await checkout.startPayment({ ...STAY, amountCents: 1, guest: GUEST, clientKey: GUEST.ipAddress })).toMatchObject({ ok: false, reason: 'amount-mismatch', quote: { totalCents: TOTAL } });
    expect(await start(checkout)).toEqual({ ok: false, reason: 'closed', closedDates: ['2026-12-10'] });
    expect(stripe.calls).toEqual([]);
  });
});

describe('startPayment', () => {
  it('holds the nights, creates the PaymentIntent with the hold\'s random key and attaches it', async () => {
    const result = await start();
    expect(result).toMatchObject({ ok: true, intent: { amount: TOTAL, status: 'requires_payment_method' }, hold: { paymentIntentId: 'pi_1' } });
    expect(rechecks).toBe(1);
    expect(stripe.calls).toEqual(['create ridgeline-hold-key-1']);
    expect(mem.holds[0]).toMatchObject({ status: 'held', paymentIntentId: 'pi_1' });
    expect(createCheckout(ports()).quote(STAY.checkin, STAY.checkout, STAY.guests)).toMatchObject({ ok: false, reason: 'closed' });
  });

  it('refuses an amount that is not the server\'s total: the quote, nothing held, nothing charged', async () => {
    const result = await createCheckout(ports()).startPayment({ ...STAY, amountCents: TOTAL - 1, guest: GUEST, clientKey: GUEST.ipAddress });
    expect(result).toMatchObject({ ok: false, reason: 'amount-mismatch', quote: { totalCents: TOTAL } });
    expect(mem.holds).toEqual([]);
    expect(stripe.calls).toEqual([]);
    expect(rechecks).toBe(0);
  });

  it('refuses closed nights after re-reading the calendars, without asking Stripe', async () => {
    mem.ownerClosed.add('2026-12-10');
    expect(await start()).toEqual({ ok: false, reason: 'closed', closedDates: ['2026-12-10'] });
    expect(rechecks).toBe(1);
    expect(stripe.calls).toEqual([]);
  });

  it('answers payments-unavailable without a provider, before looking at the stay', async () => {
    const checkout = createCheckout(ports({ payments: undefined }));
    expect(await checkout.startPayment({ ...STAY, checkin: 'nope', amountCents: TOTAL, guest: GUEST, clientKey: GUEST.ipAddress })).toEqual({ ok: false, reason: 'payments-unavailable' });
  });

  it('releases the hold when Stripe fails, with Stripe\'s message, so the guest can try again', async () => {
    stripe.state.createFails = new PaymentProviderError('Your card was declined.', 402, 'card_declined');
    expect(await start()).toEqual({ ok: false, reason: 'provider-failed', message: 'Your card was declined.' });
    expect(mem.holds[0]?.status).toBe('released');
    expect(logs).toContainEqual({ level: 'error', message: 'creating a PaymentIntent failed' });
    stripe.state.createFails = new Error('socket hang up');
    expect(await start()).toEqual({ ok: false, reason: 'provider-failed', message: undefined });
    stripe.state.createFails = undefined;
    expect(await start()).toMatchObject({ ok: true });
  });

  it('cancels its PaymentIntent when a newer checkout of the guest replaced the hold while Stripe answered', async () => {
    stripe.state.duringCreate = () => mem.store.releaseHold(1);
    expect(await start()).toEqual({ ok: false, reason: 'replaced' });
    expect(stripe.intents.get('pi_1')?.status).toBe('canceled');
  });

  it("replaces the guest's earlier hold: its PaymentIntent is cancelled at Stripe, then its nights are freed", async () => {
    await start();
    const second = await start(createCheckout(ports()), { ipAddress: '203.0.113.9', email: 'ANN@example.com ' });
    expect(second).toMatchObject({ ok: true, hold: { id: 2 } });
    expect(stripe.intents.get('pi_1')?.status).toBe('canceled');
    expect(mem.holds.map((h) => h.status)).toEqual(['released', 'held']);
  });

  it('keeps the earlier hold when Stripe cannot be reached to cancel it', async () => {
    await start();
    stripe.state.down = true;
    expect(await start()).toEqual({ ok: false, reason: 'provider-unreachable' });
    expect(mem.holds.map((h) => h.status)).toEqual(['held']);
  });

  it('keeps an earlier hold the guest already paid for, and does not replace it', async () => {
    await start();
    stripe.pay('pi_1');
    const second = await createCheckout(ports()).startPayment({ checkin: '2027-01-10', checkout: '2027-01-12', guests: 2, amountCents: priceStay('2027-01-10', '2027-01-12')!.totalCents, guest: GUEST, clientKey: GUEST.ipAddress });
    expect(second).toMatchObject({ ok: true });
    expect(mem.holds.map((h) => h.status)).toEqual(['held', 'held']);
  });

  it("replaces the hold of the same client (`clientKey`, e.g. one IPv6 /64) whatever the guest's exact address ([checkout.hold-abuse])", async () => {
    await start(createCheckout(ports()), { ipAddress: '2001:db8:1:2::1' }, '2001:db8:1:2::/64');
    const second = await createCheckout(ports()).startPayment({
      checkin: '2027-01-10',
      checkout: '2027-01-12',
      guests: 2,
      amountCents: priceStay('2027-01-10', '2027-01-12')!.totalCents,
      guest: { ...GUEST, email: 'bo@example.com', ipAddress: '2001:db8:1:2::2' },
      clientKey: '2001:db8:1:2::/64',
    });
    expect(second).toMatchObject({ ok: true, hold: { clientKey: '2001:db8:1:2::/64', guest: { ipAddress: '2001:db8:1:2::2' } } });
    expect(stripe.intents.get('pi_1')?.status).toBe('canceled');
    expect(mem.holds.map((h) => h.status)).toEqual(['released', 'held']);
  });

  it('refuses a hold past `maxHeldNights` held nights without asking Stripe, and logs it ([checkout.hold-cap])', async () => {
    const january = { checkin: '2027-01-10', checkout: '2027-01-12', guests: 2, amountCents: priceStay('2027-01-10', '2027-01-12')!.totalCents };
    const bo = { guest: { ...GUEST, email: 'bo@example.com', ipAddress: '203.0.113.9' }, clientKey: '203.0.113.9' };
    expect(await start(createCheckout(ports({ maxHeldNights: 3 })))).toMatchObject({ ok: true });
    const refused = await createCheckout(ports({ maxHeldNights: 3 })).startPayment({ ...january, ...bo });
    expect(refused).toEqual({ ok: false, reason: 'held-nights', maxHeldNights: 3, freeAt: '2026-11-21T15:15:00.000Z' });
    expect(stripe.calls).toEqual(['create ridgeline-hold-key-1']);
    expect(mem.holds).toHaveLength(1);
    expect(logs).toContainEqual({ level: 'warn', message: 'held nights at their limit, checkout refused' });
    // Without `maxHeldNights` the default (60) applies.
    expect(await createCheckout(ports()).startPayment({ ...january, ...bo })).toMatchObject({ ok: true });
  });
});

describe('confirmPayment', () => {
  const confirm = (paymentIntentId = 'pi_1', guest: Partial<HoldGuest> = {}, stay = STAY) =>
    createCheckout(ports()).confirmPayment({ ...stay, paymentIntentId, guest: { ...GUEST, ...guest } });

  it('is idempotent: one booking per PaymentIntent, created once, e-mailed once', async () => {
    await start();
    stripe.pay('pi_1');
    const first = await confirm();
    const second = await confirm();
    expect(first).toMatchObject({ ok: true, created: true, booking: { id: 1, paymentStatus: 'paid' } });
    expect(second).toMatchObject({ ok: true, created: false, booking: { id: 1, paymentStatus: 'paid' } });
    expect(mem.bookings).toHaveLength(1);
    expect(mail).toEqual([{ to: 'ann@example.com', subject: 'Your stay at Ridgeline is confirmed: 2026-12-10 to 2026-12-12' }]);
    expect(mem.holds[0]?.status).toBe('converted');
    expect(confirmed).toContain(1);
  });

  it('stores a payment not yet succeeded as pending, and upgrades it once paid', async () => {
    await start();
    stripe.pay('pi_1', 'processing');
    expect(await confirm()).toMatchObject({ ok: true, created: true, booking: { paymentStatus: 'pending' } });
    expect(mail).toEqual([]);
    expect(confirmed).toEqual([]);
    stripe.pay('pi_1');
    expect(await confirm()).toMatchObject({ ok: true, created: false, booking: { paymentStatus: 'paid' } });
    expect(confirmed).toEqual([1]);
  });

  it('never marks paid a payment for another amount', async () => {
    await start();
    stripe.pay('pi_1');
    stripe.intents.get('pi_1')!.amount = TOTAL - 100;
    expect(await confirm()).toMatchObject({ ok: true, booking: { paymentStatus: 'pending' } });
  });

  it('refuses other dates or another e-mail, a payment not started here, and Stripe 404 or down', async () => {
    await start();
    stripe.pay('pi_1');
    expect(await confirm('pi_1', { email: 'bo@example.com' })).toEqual({ ok: false, reason: 'mismatch' });
    expect(await confirm('pi_1', {}, { ...STAY, checkout: '2026-12-13' })).toEqual({ ok: false, reason: 'mismatch' });
    expect(await confirm('pi_other')).toEqual({ ok: false, reason: 'unknown-payment' });
    stripe.state.down = true;
    expect(await confirm()).toEqual({ ok: false, reason: 'provider-unreachable' });
    stripe.state.down = false;
    stripe.intents.delete('pi_1');
    expect(await confirm()).toEqual({ ok: false, reason: 'no-such-intent' });
    expect(mem.bookings).toEqual([]);
  });

  it('answers a paid booking without Stripe, but only to its own guest', async () => {
    await start();
    stripe.pay('pi_1');
    await confirm();
    const offline = createCheckout(ports({ payments: undefined }));
    expect(await offline.confirmPayment({ ...STAY, paymentIntentId: 'pi_1', guest: GUEST })).toMatchObject({ ok: true, created: false });
    expect(await offline.confirmPayment({ ...STAY, paymentIntentId: 'pi_1', guest: { ...GUEST, email: 'x@example.com' } })).toEqual({ ok: false, reason: 'mismatch' });
    expect(await offline.confirmPayment({ ...STAY, paymentIntentId: 'pi_2', guest: GUEST })).toEqual({ ok: false, reason: 'payments-unavailable' });
  });

  it('keeps the booking paid when the e-mail fails, and the retry sends it once', async () => {
    await start();
    stripe.pay('pi_1');
    let failing = true;
    const mailer = { send: async (m: { to: string; subject: string }) => (failing ? Promise.reject(new Error('SMTP down')) : void mail.push({ to: m.to, subject: m.subject })) };
    const checkout = createCheckout(ports({ mailer }));
    expect(await checkout.confirmPayment({ ...STAY, paymentIntentId: 'pi_1', guest: GUEST })).toMatchObject({ ok: true, booking: { paymentStatus: 'paid' } });
    expect(logs).toContainEqual({ level: 'warn', message: 'confirmation e-mail failed; the confirmation-emails job will retry' });
    const since = new Date(NOW.getTime() - 48 * 3_600_000);
    expect(await checkout.resendConfirmations(since)).toEqual([{ bookingId: 1, error: 'SMTP down' }]);
    expect(mem.timeline).toEqual([]);
    failing = false;
    expect(await checkout.resendConfirmations(since)).toEqual([]);
    expect(await checkout.resendConfirmations(since)).toEqual([]);
    expect(mail).toHaveLength(1);
    // [booking.timeline]: the e-mail that went out, once.
    expect(mem.timeline).toEqual([{ bookingId: 1, kind: 'confirmation-emailed' }]);
  });

  it('records no confirmation-emailed when the mailer only logged it (no SMTP)', async () => {
    await start();
    stripe.pay('pi_1');
    const checkout = createCheckout(ports({ mailer: { send: async () => ({ sent: false }) } }));
    expect(await checkout.confirmPayment({ ...STAY, paymentIntentId: 'pi_1', guest: GUEST })).toMatchObject({ ok: true });
    expect(mem.timeline).toEqual([]);
  });
});

describe('recordInquiry', () => {
  it('stores a pending inquiry with the server\'s quote, closing no night', () => {
    const checkout = createCheckout(ports());
    expect(checkout.recordInquiry({ ...STAY, guest: GUEST })).toMatchObject({ ok: true, booking: { paymentStatus: 'pending', quote: { totalCents: TOTAL } } });
    expect(checkout.quote(STAY.checkin, STAY.checkout, STAY.guests)).toMatchObject({ ok: true });
    expect(checkout.recordInquiry({ ...STAY, checkout: STAY.checkin, guest: GUEST })).toEqual({ ok: false, reason: 'invalid-stay', field: 'checkout', message: 'must be after check-in' });
  });
});

describe('handlePaymentEvent', () => {
  const event = (id: string, type: string, paymentIntentId = 'pi_1') => ({ id, type, paymentIntent: { ...stripe.intents.get(paymentIntentId)! } });

  it('confirms on succeeded from Stripe\'s latest state, once per event id', async () => {
    await start();
    stripe.pay('pi_1');
    const checkout = createCheckout(ports());
    expect(await checkout.handlePaymentEvent(event('evt_1', 'payment_intent.succeeded'))).toBe('handled');
    expect(await checkout.handlePaymentEvent(event('evt_1', 'payment_intent.succeeded'))).toBe('duplicate');
    expect(mem.bookings).toMatchObject([{ paymentStatus: 'paid' }]);
  });

  it('releases the hold on canceled but not on payment_failed (the guest may try another card)', async () => {
    await start();
    const checkout = createCheckout(ports());
    const failures: string[] = [];
    const checkoutTold = createCheckout(ports({ onPaymentFailed: (f) => void failures.push(`${f.eventId} ${f.intent.id} hold ${f.hold.id}`) }));
    expect(await checkoutTold.handlePaymentEvent(event('evt_0', 'payment_intent.payment_failed'))).toBe('handled');
    expect(await checkoutTold.handlePaymentEvent(event('evt_0', 'payment_intent.payment_failed'))).toBe('duplicate');
    // [owner.notices]: each failure is told once.
    expect(failures).toEqual(['evt_0 pi_1 hold 1']);
    expect(await checkout.handlePaymentEvent(event('evt_1', 'payment_intent.payment_failed'))).toBe('handled');
    expect(mem.holds[0]?.status).toBe('held');
    await stripe.gateway.cancelPaymentIntent('pi_1');
    expect(await checkout.handlePaymentEvent(event('evt_2', 'payment_intent.canceled'))).toBe('handled');
    expect(mem.holds[0]?.status).toBe('released');
  });

  it('forgets the event when handling fails, so Stripe\'s retry is processed', async () => {
    await start();
    stripe.pay('pi_1');
    stripe.state.down = true;
    const checkout = createCheckout(ports());
    expect(await checkout.handlePaymentEvent(event('evt_1', 'payment_intent.succeeded'))).toBe('failed');
    expect(logs).toContainEqual({ level: 'error', message: 'webhook handling failed' });
    stripe.state.down = false;
    expect(await checkout.handlePaymentEvent(event('evt_1', 'payment_intent.succeeded'))).toBe('handled');
    expect(mem.bookings).toHaveLength(1);
  });
});

describe('sweepExpiredHolds', () => {
  const expire = () => (clock = new Date(NOW.getTime() + 16 * 60_000));

  it('leaves holds within their 15 minutes alone', async () => {
    await start();
    expect(await createCheckout(ports()).sweepExpiredHolds()).toEqual({ released: 0, confirmed: 0, failed: 0 });
    expect(stripe.calls).toEqual(['create ridgeline-hold-key-1']);
  });

  it('confirms an expired hold whose payment succeeded (the webhook was missed)', async () => {
    await start();
    stripe.pay('pi_1');
    expire();
    expect(await createCheckout(ports()).sweepExpiredHolds()).toEqual({ released: 0, confirmed: 1, failed: 0 });
    expect(mem.bookings).toMatchObject([{ paymentStatus: 'paid' }]);
    expect(mem.holds[0]?.status).toBe('converted');
  });

  it('keeps a processing payment for the next pass', async () => {
    await start();
    stripe.pay('pi_1', 'processing');
    expire();
    expect(await createCheckout(ports()).sweepExpiredHolds()).toEqual({ released: 0, confirmed: 0, failed: 0 });
    expect(mem.holds[0]?.status).toBe('held');
  });

  it('otherwise cancels the PaymentIntent first, then releases the nights', async () => {
    await start();
    expire();
    expect(await createCheckout(ports()).sweepExpiredHolds()).toEqual({ released: 1, confirmed: 0, failed: 0 });
    expect(stripe.calls.slice(1)).toEqual(['retrieve pi_1', 'cancel pi_1']);
    expect(stripe.intents.get('pi_1')?.status).toBe('canceled');
    expect(mem.holds[0]?.status).toBe('released');
  });

  it('releases an already cancelled PaymentIntent without cancelling again', async () => {
    await start();
    await stripe.gateway.cancelPaymentIntent('pi_1');
    expire();
    expect(await createCheckout(ports()).sweepExpiredHolds()).toEqual({ released: 1, confirmed: 0, failed: 0 });
    expect(stripe.calls.filter((c) => c.startsWith('cancel'))).toEqual(['cancel pi_1']);
  });

  it('keeps the nights when Stripe is down, logging the hold for the next pass', async () => {
    await start();
    stripe.state.down = true;
    expire();
    expect(await createCheckout(ports()).sweepExpiredHolds()).toEqual({ released: 0, confirmed: 0, failed: 1 });
    expect(mem.holds[0]?.status).toBe('held');
    expect(logs).toContainEqual({ level: 'warn', message: 'expired hold left for the next sweep' });
  });

  it('releases a hold without PaymentIntent, and any hold while payments are off', async () => {
    stripe.state.createFails = new Error('down');
    mem.store.placeHold({ ...STAY, guest: GUEST, quote: priceStay(STAY.checkin, STAY.checkout)! }, NOW, { cancelled: new Set(), paid: new Set() }, 60);
    await createCheckout(ports()).startPayment({ checkin: '2027-01-10', checkout: '2027-01-12', guests: 2, amountCents: priceStay('2027-01-10', '2027-01-12')!.totalCents, guest: { ...GUEST, email: 'bo@example.com', ipAddress: '203.0.113.9' }, clientKey: '203.0.113.9' });
    stripe.state.createFails = undefined;
    const feb = { checkin: '2027-02-10', checkout: '2027-02-12', guests: 2 };
    await createCheckout(ports()).startPayment({ ...feb, amountCents: priceStay(feb.checkin, feb.checkout)!.totalCents, guest: { ...GUEST, email: 'cy@example.com', ipAddress: '192.0.2.7' }, clientKey: '192.0.2.7' });
    expire();
    expect(mem.holds.map((h) => [h.status, h.paymentIntentId])).toEqual([
      ['held', null],
      ['released', null],
      ['held', 'pi_1'],
    ]);
    expect(await createCheckout(ports({ payments: undefined })).sweepExpiredHolds()).toEqual({ released: 2, confirmed: 0, failed: 0 });
    expect(mem.holds.map((h) => h.status)).toEqual(['released', 'released', 'released']);
  });
});
