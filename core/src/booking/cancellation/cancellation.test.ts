import { beforeEach, describe, expect, it } from 'vitest';
import type { Booking } from '../bookings.js';
import { createCancellation } from './cancellation.js';
import { DEFAULT_CANCELLATION_POLICY } from '../../settings/cancellation-policy.js';
import { createCheckout } from '../checkout/checkout.js';
import { PaymentProviderError, type PaymentGateway, type RefundView } from '../payment-gateway.js';
import type { BookingStore, CheckoutPorts } from '../ports.js';
import { testBooking } from '../testing/test-bookings.js';
import { memoryRefundStore } from '../testing/test-refund-store.js';
import { DEFAULT_SETTINGS } from '../../settings/schema.js';
import { testGateway } from '../testing/test-gateway.js';

/**
 * Cancellation and refunds ([booking.cancel], [booking.refund], [cancel.refund-due],
 * [stripe.refund-webhook], [stripe.dispute]) against in-memory ports; the server tests
 * (web/server/booking/cancellation.test.ts) run the same flows over SQLite and the Stripe stand-in.
 */

// 2026-11-21 in New York; check-in 30 days later (full refund), 10 days later (50%), 3 days (none).
const NOW = new Date('2026-11-21T15:00:00Z');
const PAID = 100_000;

let bookings: Booking[];
let mem: ReturnType<typeof memoryRefundStore>;
let stripe: ReturnType<typeof fakeStripe>;
let disputes: number[];
let synced: number[];

function booking(overrides: Partial<Booking> = {}): Booking {
  const b = testBooking({
    id: bookings.length + 1,
    createdAt: '2026-11-01T00:00:00Z',
    stripePaymentIntentId: `pi_${bookings.length + 1}`,
    amountPaidCents: PAID,
    cancellationPolicy: DEFAULT_CANCELLATION_POLICY,
    ...overrides,
  });
  bookings.push(b);
  return b;
}

/** Refunds kept in memory with Stripe's rules: at most what is left of the charge, one refund per idempotency key. */
function fakeStripe() {
  const refunds: (RefundView & { key: string })[] = [];
  const calls: string[] = [];
  const state = { down: false, refuse: false };
  const gateway = testGateway({
    async createRefund(input) {
      calls.push(`refund ${input.paymentIntentId} ${input.amountCents} ${input.idempotencyKey}`);
      if (state.down) throw new PaymentProviderError('An error occurred with our connection to Stripe.', undefined, undefined);
      if (state.refuse) throw new PaymentProviderError('Charge ch_1 has already been refunded.', 400, 'charge_already_refunded');
      const same = refunds.find((r) => r.key === input.idempotencyKey);
      if (same) return { ...same };
      const refund = { id: `re_${refunds.length + 1}`, amountCents: input.amountCents, status: 'succeeded', paymentIntentId: input.paymentIntentId, metadata: input.metadata, key: input.idempotencyKey };
      refunds.push(refund);
      return { ...refund };
    },
    async listRefunds(paymentIntentId) {
      return refunds.filter((r) => r.paymentIntentId === paymentIntentId).map(({ key: _key, ...r }) => r);
    },
  });
  return { gateway, refunds, calls, state };
}

function ports(overrides: Partial<CheckoutPorts> = {}): CheckoutPorts {
  const unused = () => {
    throw new Error('not used by the cancellation');
  };
  const events = new Set<string>();
  const store: BookingStore = {
    ...mem.store,
    closedNights: unused,
    ownerNightlyPrices: unused,
    quoteStay: unused,
    settings: () => ({ ...DEFAULT_SETTINGS, cancellationPolicy: { tiers: [{ daysBefore: 30, refundBps: 10_000 }] } }),
    placeHold: unused,
    attachPaymentIntent: unused,
    releaseHold: unused,
    getHoldByPaymentIntent: () => undefined,
    listExpiredHolds: unused,
    findBookingByPaymentIntent: (id) => bookings.find((b) => b.stripePaymentIntentId === id),
    createInquiry: unused,
    confirmBooking: unused,
    claimConfirmationEmail: unused,
    unclaimConfirmationEmail: unused,
    listUnsentConfirmations: unused,
    claimStripeEvent: (id) => !events.has(id) && Boolean(events.add(id)),
    unclaimStripeEvent: (id) => void events.delete(id),
    recordBookingEvent: () => undefined,
  };
  return {
    store,
    payments: stripe.gateway,
    logger: { warn() {}, error() {} },
    now: () => NOW,
    publicUrl: 'https://ridgeline.example',
    onRefundsSynced: (change) => void synced.push(change.after.id),
    onDisputeOpened: (b) => void disputes.push(b.id),
    ...overrides,
  };
}

beforeEach(() => {
  bookings = [];
  mem = memoryRefundStore(bookings);
  stripe = fakeStripe();
  disputes = [];
  synced = [];
});

describe('cancel: the policy refund by default ([cancel.refund-due])', () => {
  it.each([
    ['2026-12-21', PAID, 'refunded'],
    ['2026-12-01', PAID / 2, 'partially_refunded'],
  ])('a stay checking in on %s is refunded %i and marked %s', async (checkin, cents, status) => {
    const b = booking({ checkin });
    const result = await createCancellation(ports()).cancel({ bookingId: b.id, by: 'owner', reason: 'Guest asked' });
    expect(result).toMatchObject({ ok: true, refund: { amountCents: cents, status: 'succeeded', stripeRefundId: 're_1' } });
    expect(stripe.calls).toEqual([expect.stringMatching(new RegExp(`^refund pi_1 ${cents} ridgeline-refund-[0-9a-f]{32}$`))]);
    expect(bookings[0]).toMatchObject({ status: 'cancelled', cancelledBy: 'owner', cancelReason: 'Guest asked', refundedCents: cents, paymentStatus: status, cancelledAt: NOW.toISOString() });
  });

  it('inside the last tier nothing is refunded, Stripe is not asked, and the payment status stays paid', async () => {
    const b = booking({ checkin: '2026-11-24' });
    const result = await createCancellation(ports()).cancel({ bookingId: b.id, by: 'guest' });
    expect(result).toMatchObject({ ok: true, refund: null, booking: { status: 'cancelled', cancelledBy: 'guest', paymentStatus: 'paid', refundedCents: 0 } });
    expect(stripe.calls).toEqual([]);
  });

  it("uses the setting's policy for a booking without a frozen one", async () => {
    const b = booking({ checkin: '2026-12-01', cancellationPolicy: null });
    // The settings in `ports()` refund all of it 30 days ahead only: 10 days ahead gives nothing.
    const result = await createCancellation(ports()).cancel({ bookingId: b.id, by: 'guest' });
    expect(result).toMatchObject({ ok: true, refund: null });
  });

  it('a guest always gets the policy amount, whatever they send', async () => {
    const b = booking({ checkin: '2026-12-01' });
    const result = await createCancellation(ports()).cancel({ bookingId: b.id, by: 'guest', refundCents: PAID });
    expect(result).toMatchObject({ ok: true, refund: { amountCents: PAID / 2 } });
  });
});

describe('cancel: the owner chooses the amount', () => {
  it('refunds the amount given, even above the policy', async () => {
    const b = booking({ checkin: '2026-11-24' });
    const result = await createCancellation(ports()).cancel({ bookingId: b.id, by: 'owner', refundCents: 12_345 });
    expect(result).toMatchObject({ ok: true, refund: { amountCents: 12_345 }, booking: { refundedCents: 12_345, paymentStatus: 'partially_refunded' } });
  });

  it('0 cancels without a refund', async () => {
    const b = booking();
    const result = await createCancellation(ports()).cancel({ bookingId: b.id, by: 'owner', refundCents: 0 });
    expect(result).toMatchObject({ ok: true, refund: null, booking: { status: 'cancelled', paymentStatus: 'paid' } });
    expect(stripe.calls).toEqual([]);
  });

  it('refuses more than was paid less what was refunded, and changes nothing', async () => {
    const b = booking({ refundedCents: 30_000, paymentStatus: 'partially_refunded' });
    const result = await createCancellation(ports()).cancel({ bookingId: b.id, by: 'owner', refundCents: 70_001 });
    expect(result).toEqual({ ok: false, reason: 'refund-too-large', refundableCents: 70_000 });
    expect(bookings[0]?.cancelledAt).toBeNull();
    expect(stripe.calls).toEqual([]);
    expect(mem.refunds).toEqual([]);
  });
});

describe('cancel: never twice', () => {
  it('a second cancel answers not-cancellable and asks Stripe nothing', async () => {
    const b = booking();
    const cancellation = createCancellation(ports());
    await cancellation.cancel({ bookingId: b.id, by: 'owner' });
    const again = await cancellation.cancel({ bookingId: b.id, by: 'owner' });
    expect(again).toMatchObject({ ok: false, reason: 'not-cancellable', booking: { status: 'cancelled' } });
    expect(stripe.calls).toHaveLength(1);
  });

  it('two clicks at once refund once', async () => {
    const b = booking();
    const cancellation = createCancellation(ports());
    const results = await Promise.all([cancellation.cancel({ bookingId: b.id, by: 'owner' }), cancellation.cancel({ bookingId: b.id, by: 'owner' })]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(stripe.refunds).toHaveLength(1);
    expect(bookings[0]).toMatchObject({ refundedCents: PAID, paymentStatus: 'refunded' });
  });

  it('an unknown booking is not-found', async () => {
    expect(await createCancellation(ports()).cancel({ bookingId: 99, by: 'owner' })).toEqual({ ok: false, reason: 'not-found' });
  });

  it('a booking still awaiting its payment is not cancellable', async () => {
    const b = booking({ paymentStatus: 'pending', amountPaidCents: 0, status: 'pending' });
    expect(await createCancellation(ports()).cancel({ bookingId: b.id, by: 'owner' })).toMatchObject({ ok: false, reason: 'not-cancellable' });
  });
});

describe('cancel: Stripe failing', () => {
  it('a refusal leaves the booking uncancelled; the retry asks with a new key and succeeds', async () => {
    const b = booking();
    stripe.state.refuse = true;
    const failed = await createCancellation(ports()).cancel({ bookingId: b.id, by: 'owner' });
    expect(failed).toEqual({ ok: false, reason: 'provider-failed', message: 'Charge ch_1 has already been refunded.' });
    expect(bookings[0]).toMatchObject({ cancelledAt: null, refundedCents: 0, paymentStatus: 'paid' });
    expect(mem.refunds[0]?.status).toBe('failed');
    stripe.state.refuse = false;
    const retried = await createCancellation(ports()).cancel({ bookingId: b.id, by: 'owner' });
    expect(retried).toMatchObject({ ok: true, refund: { amountCents: PAID } });
    const keys = stripe.calls.map((c) => c.split(' ')[3]);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('a timeout keeps the refund requested; the retry reuses its key and amount, so Stripe refunds once', async () => {
    const b = booking();
    stripe.state.down = true;
    // Stripe did refund, but the answer was lost: simulate by refunding under the key first.
    const lost = await createCancellation(ports()).cancel({ bookingId: b.id, by: 'owner', refundCents: 40_000 });
    expect(lost).toMatchObject({ ok: false, reason: 'provider-failed' });
    expect(bookings[0]?.cancelledAt).toBeNull();
    stripe.state.down = false;
    const key = stripe.calls[0]?.split(' ')[3] as string;
    await stripe.gateway.createRefund({ paymentIntentId: 'pi_1', amountCents: 40_000, idempotencyKey: key, metadata: {} });
    const retried = await createCancellation(ports()).cancel({ bookingId: b.id, by: 'owner', refundCents: 1_000 });
    expect(retried).toMatchObject({ ok: true, refund: { amountCents: 40_000, stripeRefundId: 're_1' } });
    expect(stripe.calls.map((c) => c.split(' ')[3])).toEqual([key, key, key]);
    expect(stripe.refunds).toHaveLength(1);
    expect(bookings[0]).toMatchObject({ refundedCents: 40_000, paymentStatus: 'partially_refunded', status: 'cancelled' });
  });

  it('an idempotency error keeps the refund and its key (the first request may have refunded)', async () => {
    const b = booking();
    const gateway = { ...stripe.gateway, createRefund: () => Promise.reject(new PaymentProviderError('Keys for idempotent requests can only be used with the same parameters', 400, 'idempotency_error')) };
    expect(await createCancellation(ports({ payments: gateway })).cancel({ bookingId: b.id, by: 'owner' })).toMatchObject({ ok: false, reason: 'provider-failed' });
    expect(mem.refunds[0]?.status).toBe('requested');
  });

  it('a retry by the guest of a cancel the owner started sends what the owner sent', async () => {
    const b = booking();
    stripe.state.down = true;
    await createCancellation(ports()).cancel({ bookingId: b.id, by: 'owner' });
    stripe.state.down = false;
    const sent: Record<string, string>[] = [];
    const gateway = { ...stripe.gateway, createRefund: (input: Parameters<PaymentGateway['createRefund']>[0]) => (sent.push(input.metadata), stripe.gateway.createRefund(input)) };
    expect(await createCancellation(ports({ payments: gateway })).cancel({ bookingId: b.id, by: 'guest' })).toMatchObject({ ok: true });
    expect(sent[0]?.cancelledBy).toBe('owner');
  });

  it('without a payment provider a due refund answers payments-unavailable and changes nothing', async () => {
    const b = booking();
    expect(await createCancellation(ports({ payments: undefined })).cancel({ bookingId: b.id, by: 'owner' })).toEqual({ ok: false, reason: 'payments-unavailable' });
    expect(bookings[0]?.cancelledAt).toBeNull();
  });
});

describe('cancel: bookings without a card payment', () => {
  it('an inquiry cancels without a refund', async () => {
    const b = booking({ paymentStatus: 'pending', stripePaymentIntentId: null, amountPaidCents: 0, status: 'inquiry' });
    expect(await createCancellation(ports()).cancel({ bookingId: b.id, by: 'owner' })).toMatchObject({ ok: true, refund: null, booking: { status: 'cancelled' } });
  });

  it('a manual booking paid another way cancels without a Stripe refund, and refuses a refund amount', async () => {
    const b = booking({ kind: 'manual', paymentStatus: 'pending', stripePaymentIntentId: null, amountPaidCents: 50_000 });
    const cancellation = createCancellation(ports());
    expect(await cancellation.cancel({ bookingId: b.id, by: 'owner', refundCents: 100 })).toEqual({ ok: false, reason: 'refund-too-large', refundableCents: 0 });
    expect(await cancellation.cancel({ bookingId: b.id, by: 'guest' })).toMatchObject({ ok: true, refund: null, booking: { status: 'cancelled', refundedCents: 0 } });
    expect(stripe.calls).toEqual([]);
  });

  it('quote: what the policy and the card payment allow today', () => {
    booking({ checkin: '2026-12-01' });
    booking({ kind: 'owner', paymentStatus: 'pending', stripePaymentIntentId: null, amountPaidCents: 0 });
    const cancellation = createCancellation(ports());
    expect(cancellation.quote(1)).toMatchObject({ policyRefundCents: PAID / 2, refundableCents: PAID, policy: DEFAULT_CANCELLATION_POLICY });
    expect(cancellation.quote(2)).toMatchObject({ policyRefundCents: 0, refundableCents: 0 });
    expect(cancellation.quote(3)).toBeUndefined();
  });
});

describe('webhooks: charge.refunded and charge.dispute.created', () => {
  const charge = (refunded: number, refunds: RefundView[] = []) => ({ id: 'ch_1', paymentIntentId: 'pi_1', amountCents: PAID, amountRefundedCents: refunded, refunds });

  it('a refund made in the dashboard is recorded once, without cancelling the stay', async () => {
    booking();
    await stripe.gateway.createRefund({ paymentIntentId: 'pi_1', amountCents: 25_000, idempotencyKey: 'dashboard', metadata: {} });
    const checkout = createCheckout(ports());
    const event = { id: 'evt_1', type: 'charge.refunded', paymentIntent: null, charge: charge(25_000) };
    expect(await checkout.handlePaymentEvent(event)).toBe('handled');
    expect(await checkout.handlePaymentEvent({ ...event, id: 'evt_2' })).toBe('handled');
    expect(bookings[0]).toMatchObject({ refundedCents: 25_000, paymentStatus: 'partially_refunded', cancelledAt: null, status: 'confirmed' });
    expect(mem.refunds).toMatchObject([{ stripeRefundId: 're_1', amountCents: 25_000, source: 'stripe', status: 'succeeded' }]);
    expect(synced).toEqual([1]);
  });

  it("a late webhook of our own refund adds nothing; an early one is matched by our key", async () => {
    const b = booking();
    // Early: Stripe refunded and told us before the cancel wrote its answer (the answer was lost).
    stripe.state.down = true;
    await createCancellation(ports()).cancel({ bookingId: b.id, by: 'owner' });
    stripe.state.down = false;
    const key = stripe.calls[0]?.split(' ')[3] as string;
    await stripe.gateway.createRefund({ paymentIntentId: 'pi_1', amountCents: PAID, idempotencyKey: key, metadata: { ridgeline_refund_key: key.replace('ridgeline-refund-', '') } });
    await createCheckout(ports()).handlePaymentEvent({ id: 'evt_1', type: 'charge.refunded', paymentIntent: null, charge: charge(PAID) });
    expect(mem.refunds).toMatchObject([{ source: 'owner', stripeRefundId: 're_1', status: 'succeeded' }]);
    expect(bookings[0]).toMatchObject({ refundedCents: PAID, paymentStatus: 'refunded', cancelledAt: null });
    // The retry finishes the cancellation without asking Stripe again.
    const calls = stripe.calls.length;
    expect(await createCancellation(ports()).cancel({ bookingId: b.id, by: 'owner' })).toMatchObject({ ok: true, refund: { amountCents: PAID, stripeRefundId: 're_1' } });
    expect(stripe.calls).toHaveLength(calls);
    // Late: the webhook again changes nothing.
    await createCheckout(ports()).handlePaymentEvent({ id: 'evt_2', type: 'charge.refunded', paymentIntent: null, charge: charge(PAID) });
    expect(mem.refunds).toHaveLength(1);
    expect(bookings[0]).toMatchObject({ refundedCents: PAID, status: 'cancelled' });
  });

  it('a dispute flags the booking and tells the server once', async () => {
    booking();
    const dispute = { id: 'dp_1', chargeId: 'ch_1', paymentIntentId: 'pi_1', amountCents: PAID, status: 'needs_response', reason: 'fraudulent' };
    const checkout = createCheckout(ports());
    await checkout.handlePaymentEvent({ id: 'evt_1', type: 'charge.dispute.created', paymentIntent: null, dispute });
    await checkout.handlePaymentEvent({ id: 'evt_2', type: 'charge.dispute.created', paymentIntent: null, dispute });
    expect(bookings[0]?.disputeStatus).toBe('needs_response');
    expect(disputes).toEqual([1]);
  });

  it('a closed dispute records its outcome and tells the server once per status, even before the created event', async () => {
    booking();
    const closed: string[] = [];
    const checkout = createCheckout(ports({ onDisputeClosed: (_b, d) => void closed.push(d.status) }));
    const dispute = { id: 'dp_1', chargeId: 'ch_1', paymentIntentId: 'pi_1', amountCents: PAID, status: 'won', reason: 'fraudulent' };
    // Out of order: closed first still flags the booking.
    await checkout.handlePaymentEvent({ id: 'evt_c1', type: 'charge.dispute.closed', paymentIntent: null, dispute });
    await checkout.handlePaymentEvent({ id: 'evt_c2', type: 'charge.dispute.closed', paymentIntent: null, dispute });
    expect(bookings[0]?.disputeStatus).toBe('won');
    expect(closed).toEqual(['won']);
    expect(disputes).toEqual([1]);
  });

  it('a charge of no booking of ours is ignored', async () => {
    await createCheckout(ports()).handlePaymentEvent({ id: 'evt_1', type: 'charge.refunded', paymentIntent: null, charge: { ...charge(100), paymentIntentId: 'pi_other' } });
    expect(synced).toEqual([]);
  });
});
