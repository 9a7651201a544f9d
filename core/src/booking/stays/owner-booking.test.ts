import { beforeEach, describe, expect, it } from 'vitest';
import { createOwnerBookingRequestSchema, ownerBookingFormSchema, type CreateOwnerBookingRequest } from '../../api/bookings.js';
import { datesInRange } from '../../shared/dates.js';
import { formatCents, priceStay, quoteWithOfflinePayment } from '../../pricing/pricing.js';
import { DEFAULT_SETTINGS, type Settings } from '../../settings/schema.js';
import { amountDueCents, paymentStatusLabel, type Booking } from '../bookings.js';
import { createCheckout } from '../checkout/checkout.js';
import { createOwnerBooking } from './owner-booking.js';
import { createPaymentLinks, linkDueCents, settleLinkIntent, type PaymentLinkPorts } from '../checkout/payment-link.js';
import type { PaymentIntentView } from '../payment-gateway.js';
import type { BookingStore, OwnerBookingStore } from '../ports.js';
import type { BookingEventKind } from '../timeline.js';
import { FRESH_BOOKING_LIFE } from '../testing/test-bookings.js';
import { testGateway } from '../testing/test-gateway.js';

/**
 * Bookings made by the owner and their payment links against in-memory ports. The store keeps
 * the SQLite store's rules the services rely on (closed nights refuse the insert, one token and
 * one idempotency key per booking, a link payment credited once); web/server/booking/
 * owner-bookings.test.ts runs the same flows over SQLite and the Stripe stand-in.
 */

const NOW = new Date('2026-11-21T15:00:00Z');
const STAY = { checkin: '2026-12-10', checkout: '2026-12-12', guests: 2 };
const QUOTE = priceStay(STAY.checkin, STAY.checkout)!;
const TOTAL = QUOTE.totalCents;
/** The stay's total once `offline` cents of it were paid outside Stripe: no card fee on them ([money.offline]). */
const totalAfterOffline = (offline: number) => quoteWithOfflinePayment(QUOTE, offline, DEFAULT_SETTINGS.cardFeeBps).totalCents;
/** Paid in full offline: the total without the card fee. */
const PAID_OFFLINE = QUOTE.subtotalWithTaxesCents;

function memoryStore(settings: Settings = DEFAULT_SETTINGS) {
  const bookings: (Booking & { linkToken: string | null; linkKey: string | null; linkIntent: string | null; linkPaid: boolean; confirmationSent: boolean })[] = [];
  const closed = new Set<string>();
  const events: { bookingId: number; kind: BookingEventKind; detail: string }[] = [];
  const find = (id: number) => bookings.find((b) => b.id === id);
  const store: OwnerBookingStore = {
    quoteStay: (checkin, checkout) => priceStay(checkin, checkout),
    settings: () => settings,
    claimConfirmationEmail(id) {
      const b = find(id);
      if (!b || b.confirmationSent) return false;
      b.confirmationSent = true;
      return true;
    },
    unclaimConfirmationEmail: (id) => void (find(id)!.confirmationSent = false),
    insertOwnerBooking(b, created, now) {
      const taken = new Set([...closed, ...bookings.filter((x) => !x.cancelledAt).flatMap((x) => datesInRange(x.checkin, x.checkout))]);
      const closedDates = datesInRange(b.checkin, b.checkout).filter((d) => taken.has(d));
      if (closedDates.length > 0) return { ok: false, closedDates };
      const booking = {
        ...b,
        ...FRESH_BOOKING_LIFE,
        id: bookings.length + 1,
        createdAt: now.toISOString(),
        paymentStatus: b.paymentStatus ?? 'pending',
        stripePaymentIntentId: null,
        stripePaymentDetails: null,
        quote: b.quote ?? null,
        kind: b.kind,
        amountPaidCents: b.amountPaidCents ?? 0,
        cancellationPolicy: b.cancellationPolicy ?? null,
        notes: b.notes ?? '',
        linkToken: null,
        linkKey: null,
        linkIntent: null,
        linkPaid: false,
        confirmationSent: false,
      };
      bookings.push(booking);
      events.push({ bookingId: booking.id, kind: 'created', detail: created });
      return { ok: true, booking: { ...booking } };
    },
    getBooking: (id) => {
      const b = find(id);
      return b && { ...b };
    },
    paymentLinkToken(id) {
      const b = find(id)!;
      b.linkToken ??= `token-of-booking-${id}-xxxxxxxx`;
      return b.linkToken;
    },
    findByPaymentLinkToken: (token) => bookings.find((b) => b.linkToken === token),
    findByPaymentLinkIntent: (pi) => bookings.find((b) => b.linkIntent === pi),
    paymentLinkIntent(id) {
      const b = find(id)!;
      b.linkKey ??= `random-key-${id}`;
      return { idempotencyKey: b.linkKey, paymentIntentId: b.linkIntent };
    },
    attachPaymentLinkIntent: (id, pi) => void (find(id)!.linkIntent = pi),
    creditLinkPayment(id, payment) {
      const b = find(id);
      if (!b || b.linkIntent !== payment.paymentIntentId || b.linkPaid) return undefined;
      b.linkPaid = true;
      if (b.cancelledAt) {
        events.push({ bookingId: id, kind: 'paid', detail: `Paid ${payment.amountCents} after the cancellation` });
        return 'late';
      }
      b.amountPaidCents += payment.amountCents;
      b.paymentStatus = 'paid';
      b.stripePaymentIntentId ??= payment.paymentIntentId;
      events.push({ bookingId: id, kind: 'paid', detail: `Paid ${payment.amountCents}` });
      return 'credited';
    },
    recordBookingEvent: (bookingId, kind, detail) => void events.push({ bookingId, kind, detail }),
  };
  return { store, bookings, closed, events };
}

function fakeStripe() {
  const intents = new Map<string, PaymentIntentView>();
  const byKey = new Map<string, string>();
  const calls: string[] = [];
  const gateway = testGateway({
    async createPaymentIntent(input) {
      calls.push(`create ${input.amountCents} ${input.idempotencyKey}`);
      const known = byKey.get(input.idempotencyKey);
      if (known) return { ...intents.get(known)! };
      const id = `pi_${intents.size + 1}`;
      intents.set(id, { id, status: 'requires_payment_method', amount: input.amountCents, currency: 'usd', clientSecret: `${id}_secret`, metadata: input.metadata, card: null });
      byKey.set(input.idempotencyKey, id);
      return { ...intents.get(id)! };
    },
    async retrievePaymentIntent(id) {
      calls.push(`retrieve ${id}`);
      return { ...intents.get(id)! };
    },
  });
  const pay = (id: string) => {
    intents.get(id)!.status = 'succeeded';
    intents.get(id)!.card = { brand: 'visa', last4: '4242' };
  };
  return { gateway, intents, calls, pay };
}

let mem: ReturnType<typeof memoryStore>;
let stripe: ReturnType<typeof fakeStripe>;
let mail: { to: string; subject: string; text: string }[];

const ports = (): PaymentLinkPorts => ({
  store: mem.store,
  payments: stripe.gateway,
  mailer: { send: async (m) => void mail.push(m) },
  logger: { warn: () => {}, error: () => {} },
  now: () => NOW,
  publicUrl: 'https://ridgeline.example',
});

const request = (over: Partial<CreateOwnerBookingRequest> = {}): CreateOwnerBookingRequest => ({
  kind: 'manual',
  ...STAY,
  firstName: 'Mary',
  lastName: 'Jones',
  email: 'mary@example.com',
  phone: '555-0101',
  amountPaidCents: 0,
  notes: 'Called on Monday',
  offlineMethod: 'other',
  asCredit: false,
  ...over,
});
const create = (over: Partial<CreateOwnerBookingRequest> = {}) => createOwnerBooking({ store: mem.store, now: () => NOW }, request(over));

beforeEach(() => {
  mem = memoryStore();
  stripe = fakeStripe();
  mail = [];
});

describe('createOwnerBooking', () => {
  it("stores a phone booking with the server's quote, the amount paid and its payment status", () => {
    const unpaid = create();
    expect(unpaid).toMatchObject({ ok: true, booking: { kind: 'manual', paymentStatus: 'unpaid', amountPaidCents: 0, quote: { totalCents: TOTAL }, notes: 'Called on Monday' } });
    expect(mem.events).toEqual([{ bookingId: 1, kind: 'created', detail: 'Phone booking recorded by the owner' }]);
    expect(create({ checkin: '2026-12-20', checkout: '2026-12-22', amountPaidCents: 5000 })).toMatchObject({ ok: true, booking: { paymentStatus: 'partially_paid', amountPaidCents: 5000 } });
    // The card fee is not charged on money paid outside Stripe, and more than the total is refused
    // unless kept as the guest's credit ([money.offline]).
    expect(create({ checkin: '2026-12-24', checkout: '2026-12-26', amountPaidCents: TOTAL })).toMatchObject({ ok: false, reason: 'invalid-stay', field: 'amountPaidCents' });
    const paid = create({ checkin: '2026-12-24', checkout: '2026-12-26', amountPaidCents: PAID_OFFLINE });
    expect(paid).toMatchObject({ ok: true, booking: { paymentStatus: 'paid', quote: { cardFeeCents: 0, totalCents: PAID_OFFLINE } } });
    expect(create({ checkin: '2026-12-28', checkout: '2026-12-30', amountPaidCents: TOTAL, asCredit: true })).toMatchObject({ ok: true, booking: { paymentStatus: 'paid', amountPaidCents: TOTAL } });
    // Paid money freezes the policy of the moment.
    expect(paid.ok && paid.booking.cancellationPolicy).toEqual(DEFAULT_SETTINGS.cancellationPolicy);
    expect(unpaid.ok && unpaid.booking.cancellationPolicy).toBeNull();
  });

  it('stores an owner stay without quote or payment', () => {
    expect(create({ kind: 'owner', lastName: '', email: '', phone: '' })).toMatchObject({
      ok: true,
      booking: { kind: 'owner', quote: null, paymentStatus: 'not_applicable', amountPaidCents: 0, lastName: '' },
    });
    expect(mem.events[0]).toMatchObject({ kind: 'created', detail: 'Owner stay' });
  });

  it('refuses closed nights with the dates, storing nothing', () => {
    mem.closed.add('2026-12-11');
    expect(create()).toEqual({ ok: false, reason: 'closed', closedDates: ['2026-12-11'] });
    expect(mem.bookings).toEqual([]);
    expect(mem.events).toEqual([]);
  });

  it("is not bound by the owner's selling rules, but by the fixed stay rules and the guest limit", () => {
    mem = memoryStore({ ...DEFAULT_SETTINGS, minNights: 5, advanceNoticeDays: 30, maxGuests: 6 });
    expect(create()).toMatchObject({ ok: true });
    expect(create({ checkin: '2026-11-01', checkout: '2026-11-03' })).toEqual({ ok: false, reason: 'invalid-stay', field: 'checkin', message: 'must not be in the past' });
    expect(create({ checkin: '2027-01-01', checkout: '2027-03-15' })).toMatchObject({ ok: false, reason: 'invalid-stay', field: 'checkout' });
    expect(create({ checkin: '2027-01-01', checkout: '2027-01-03', guests: 7 })).toEqual({ ok: false, reason: 'invalid-stay', field: 'guests', message: 'must be from 1 to 6' });
    expect(mem.bookings).toHaveLength(1);
  });
});

describe('the request contract', () => {
  const parse = (body: object) => createOwnerBookingRequestSchema.safeParse(body);
  const firstField = (body: object) => {
    const r = parse(body);
    return r.success ? undefined : r.error.issues[0]!.path.join('.');
  };
  it('accepts a phone booking and an owner stay, defaulting the optional fields', () => {
    expect(parse({ kind: 'owner', ...STAY, firstName: 'Sam' })).toMatchObject({ success: true, data: { lastName: '', email: '', amountPaidCents: 0, notes: '' } });
    expect(parse({ kind: 'manual', ...STAY, firstName: 'Mary', lastName: 'Jones', amountPaidCents: 100 }).success).toBe(true);
  });
  it('names the bad field', () => {
    expect(firstField({ kind: 'guest', ...STAY, firstName: 'a', lastName: 'b' })).toBe('kind');
    expect(firstField({ kind: 'manual', ...STAY, checkin: '2026-13-01', firstName: 'a', lastName: 'b' })).toBe('checkin');
    expect(firstField({ kind: 'manual', ...STAY, checkout: STAY.checkin, firstName: 'a', lastName: 'b' })).toBe('checkout');
    expect(firstField({ kind: 'manual', ...STAY, guests: 0, firstName: 'a', lastName: 'b' })).toBe('guests');
    expect(firstField({ kind: 'manual', ...STAY, lastName: 'b' })).toBe('firstName');
    expect(firstField({ kind: 'manual', ...STAY, firstName: 'a' })).toBe('lastName');
    expect(firstField({ kind: 'manual', ...STAY, firstName: 'a', lastName: 'b', email: 'nope' })).toBe('email');
    expect(firstField({ kind: 'manual', ...STAY, firstName: 'a', lastName: 'b', amountPaidCents: 1.5 })).toBe('amountPaidCents');
    expect(firstField({ kind: 'manual', ...STAY, firstName: 'a', lastName: 'b', amountPaidCents: -1 })).toBe('amountPaidCents');
    expect(firstField({ kind: 'owner', ...STAY, firstName: 'a', amountPaidCents: 100 })).toBe('amountPaidCents');
  });
  it("turns the form's dollars into the request's cents", () => {
    const form = { kind: 'manual', ...STAY, guests: '2', firstName: 'Mary', lastName: 'Jones', email: '', phone: '', notes: '' };
    expect(ownerBookingFormSchema.parse({ ...form, amountPaid: '250.5' })).toMatchObject({ amountPaidCents: 25050, guests: 2 });
    expect(ownerBookingFormSchema.parse({ ...form, amountPaid: '' })).toMatchObject({ amountPaidCents: 0 });
    expect(ownerBookingFormSchema.safeParse({ ...form, amountPaid: '-3' }).error?.issues[0]?.path).toEqual(['amountPaid']);
  });
});

describe('payment status labels', () => {
  it('reads as words', () => {
    expect(['paid', 'pending', 'unpaid', 'partially_paid', 'not_applicable', 'partially_refunded', '', 'requires_action'].map(paymentStatusLabel)).toEqual([
      'Paid',
      'Pending',
      'Unpaid',
      'Partially paid',
      'Owner stay',
      'Partially refunded',
      'Pending',
      'Requires action',
    ]);
  });
});

describe('payment links', () => {
  const booked = (amountPaidCents = 10000) => {
    const r = create({ amountPaidCents });
    if (!r.ok) throw new Error('not created');
    return r.booking;
  };

  it('sends the link for what is left to pay, keeping its token', async () => {
    const b = booked();
    const links = createPaymentLinks(ports());
    const sent = await links.send(b.id);
    expect(sent).toEqual({ ok: true, url: 'https://ridgeline.example/checkout?link=token-of-booking-1-xxxxxxxx', amountDueCents: totalAfterOffline(10000) - 10000, emailed: true, mail: 'sent' });
    expect(mail[0]).toMatchObject({ to: 'mary@example.com', subject: expect.stringContaining('Pay for your stay') });
    expect(mail[0]!.text).toContain(sent.ok ? sent.url : '');
    expect(mail[0]!.text).toContain(`Amount due: ${formatCents(totalAfterOffline(10000) - 10000)}`);
    expect(await links.send(b.id)).toMatchObject({ ok: true, url: sent.ok ? sent.url : '' });
    expect(mem.events.filter((e) => e.kind === 'payment-link-sent')).toHaveLength(2);
  });

  it('asks the balance due from the net paid ([money.net-paid]): refunds count, for a phone booking and a changed direct one', () => {
    const b = booked();
    const total = b.quote!.totalCents;
    expect(linkDueCents({ ...b, amountPaidCents: total, refundedCents: 5_000 })).toBe(5_000);
    expect(amountDueCents({ ...b, amountPaidCents: total, refundedCents: 5_000 })).toBe(5_000);
    const direct = { ...b, kind: 'direct' as const, status: 'confirmed' as const, balance: null };
    expect(linkDueCents({ ...direct, amountPaidCents: total, refundedCents: 7_000 })).toBe(7_000);
    expect(linkDueCents({ ...direct, amountPaidCents: total, refundedCents: 0 })).toBe(0);
  });

  it('refuses an owner stay, a paid booking and an unknown id', async () => {
    const links = createPaymentLinks(ports());
    const owner = create({ kind: 'owner' });
    const paid = create({ checkin: '2026-12-20', checkout: '2026-12-22', amountPaidCents: PAID_OFFLINE });
    expect(await links.send(owner.ok ? owner.booking.id : 0)).toMatchObject({ ok: false, reason: 'nothing-due' });
    expect(await links.send(paid.ok ? paid.booking.id : 0)).toMatchObject({ ok: false, reason: 'nothing-due' });
    expect(await links.send(99)).toEqual({ ok: false, reason: 'not-found' });
    expect(mail).toEqual([]);
  });

  it('creates one PaymentIntent for the amount due, credits it once whichever confirmation comes first', async () => {
    const b = booked();
    const links = createPaymentLinks(ports());
    await links.send(b.id);
    const token = mem.bookings[0]!.linkToken!;
    expect(links.view('another-token-xxxxxxxx')).toEqual({ ok: false, reason: 'not-found' });
    expect(links.view(token)).toMatchObject({ ok: true, amountDueCents: totalAfterOffline(10000) - 10000 });
    const first = await links.startPayment(token);
    const again = await links.startPayment(token);
    expect(first).toMatchObject({ ok: true, intent: { id: 'pi_1', amount: totalAfterOffline(10000) - 10000, metadata: { bookingId: '1', paymentLink: 'true' } } });
    expect(again).toMatchObject({ ok: true, intent: { id: 'pi_1' } });
    expect(stripe.calls.filter((c) => c.startsWith('create'))).toEqual([`create ${totalAfterOffline(10000) - 10000} ridgeline-payment-link-random-key-1`]);

    expect(await links.confirm(token, 'pi_1')).toEqual({ ok: true, paid: false, cancelled: false });
    expect(await links.confirm(token, 'pi_2')).toEqual({ ok: false, reason: 'mismatch' });
    stripe.pay('pi_1');
    // The webhook first, then the page: one credit, one confirmation.
    const eventStore: Pick<BookingStore, 'claimStripeEvent' | 'unclaimStripeEvent' | 'getHoldByPaymentIntent'> = {
      claimStripeEvent: () => true,
      unclaimStripeEvent: () => {},
      getHoldByPaymentIntent: () => undefined,
    };
    const withEvents = createCheckout({ ...ports(), store: eventStore as BookingStore, ownerBookings: mem.store });
    expect(await withEvents.handlePaymentEvent({ id: 'evt_1', type: 'payment_intent.succeeded', paymentIntent: stripe.intents.get('pi_1')! })).toBe('handled');
    expect(await links.confirm(token, 'pi_1')).toEqual({ ok: true, paid: true, cancelled: false });
    expect(mem.bookings[0]).toMatchObject({ paymentStatus: 'paid', amountPaidCents: totalAfterOffline(10000), stripePaymentIntentId: 'pi_1' });
    expect(amountDueCents(mem.bookings[0]!)).toBe(0);
    expect(mem.events.filter((e) => e.kind === 'paid')).toHaveLength(1);
    expect(mail.filter((m) => m.subject.includes('is confirmed'))).toHaveLength(1);
    expect(links.view(token)).toEqual({ ok: false, reason: 'settled', status: 'paid' });
  });

  it('credits an intent paid meanwhile instead of handing it out again', async () => {
    const b = booked();
    const links = createPaymentLinks(ports());
    await links.send(b.id);
    const token = mem.bookings[0]!.linkToken!;
    await links.startPayment(token);
    stripe.pay('pi_1');
    expect(await links.startPayment(token)).toEqual({ ok: false, reason: 'settled', status: 'paid' });
    expect(mem.bookings[0]).toMatchObject({ paymentStatus: 'paid', amountPaidCents: totalAfterOffline(10000) });
    expect(stripe.calls.filter((c) => c.startsWith('create'))).toHaveLength(1);
  });

  it('never credits nor confirms a payment made after the cancel: recorded once, its refund run ([money.late-payment])', async () => {
    const b = booked();
    let late = 0;
    const links = createPaymentLinks({ ...ports(), onLatePayment: () => void (late += 1) });
    await links.send(b.id);
    const token = mem.bookings[0]!.linkToken!;
    await links.startPayment(token);
    mem.bookings[0]!.cancelledAt = NOW.toISOString();
    stripe.pay('pi_1');
    expect(await links.confirm(token, 'pi_1')).toEqual({ ok: true, paid: false, cancelled: true });
    expect(await links.confirm(token, 'pi_1')).toEqual({ ok: true, paid: false, cancelled: true });
    expect(late).toBe(1);
    expect(mem.bookings[0]).toMatchObject({ paymentStatus: 'partially_paid', amountPaidCents: 10000, stripePaymentIntentId: null });
    expect(mem.events.filter((e) => e.kind === 'paid')).toEqual([{ bookingId: 1, kind: 'paid', detail: `Paid ${totalAfterOffline(10000) - 10000} after the cancellation` }]);
    expect(mail.filter((m) => m.subject.includes('is confirmed'))).toEqual([]);
    expect(await settleLinkIntent(ports(), stripe.intents.get('pi_1')!)).toBe('cancelled');
  });

  it('never credits a payment of another amount', async () => {
    const b = booked();
    const links = createPaymentLinks(ports());
    await links.send(b.id);
    const token = mem.bookings[0]!.linkToken!;
    await links.startPayment(token);
    stripe.intents.get('pi_1')!.amount = 100;
    stripe.pay('pi_1');
    expect(await links.confirm(token, 'pi_1')).toEqual({ ok: true, paid: false, cancelled: false });
    expect(mem.bookings[0]).toMatchObject({ paymentStatus: 'partially_paid', amountPaidCents: 10000 });
  });
});
