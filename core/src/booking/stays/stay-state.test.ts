import { describe, expect, it } from 'vitest';
import { STAY_EVENTS, STAY_STATES, paymentEvent, stayStateOf, transition, type StayEvent, type StayState } from './stay-state.js';

/**
 * The life of a stay, written out here independently of STAY_TRANSITIONS: every pair not listed
 * must be refused.
 */
const ALLOWED: [StayState, StayEvent, StayState, string][] = [
  ['inquiry', 'payment-started', 'awaiting-payment', 'the owner starts a test payment for an inquiry'],
  ['inquiry', 'cancel', 'cancelled', 'an inquiry is cancelled'],
  ['held', 'payment-started', 'awaiting-payment', 'the PaymentIntent is attached to the hold'],
  ['held', 'released', 'cancelled', 'a hold without PaymentIntent is given up (Stripe failed, replaced, expired)'],
  ['awaiting-payment', 'payment-succeeded', 'confirmed', 'Stripe says succeeded for the exact amount'],
  ['awaiting-payment', 'payment-pending', 'awaiting-payment', 'processing or a declined card keeps the stay waiting'],
  ['awaiting-payment', 'payment-cancelled', 'cancelled', 'a cancelled PaymentIntent frees the nights'],
  ['awaiting-payment', 'expired-without-provider', 'cancelled', 'an expired hold while payments are off is released'],
  ['confirmed', 'cancel', 'cancelled', 'a paid booking is cancelled ([booking.cancel])'],
  ['cancelled', 'refund', 'refunded', 'a cancelled booking is refunded ([booking.refund])'],
];

const allowed = new Set(ALLOWED.map(([state, event]) => `${state}|${event}`));
const REFUSED = STAY_STATES.flatMap((state) => STAY_EVENTS.filter((event) => !allowed.has(`${state}|${event}`)).map((event) => [state, event] as const));

describe('transition: allowed', () => {
  it.each(ALLOWED)('%s --%s--> %s (%s)', (state, event, next) => {
    expect(transition(state, event)).toEqual({ ok: true, state: next });
  });
});

describe('transition: refused', () => {
  it.each(REFUSED)('%s refuses %s', (state, event) => {
    const reason = state === 'imported' || state === 'owner-block' ? 'managed-elsewhere' : 'not-allowed';
    expect(transition(state, event)).toEqual({ ok: false, reason, state, event });
  });

  it('a paid booking cannot be paid again, nor released like a hold', () => {
    expect(transition('confirmed', 'payment-succeeded')).toMatchObject({ ok: false, reason: 'not-allowed' });
    expect(transition('confirmed', 'released')).toMatchObject({ ok: false, reason: 'not-allowed' });
  });

  it('a hold with a PaymentIntent is never released without Stripe cancelling it (decision 0005)', () => {
    expect(transition('awaiting-payment', 'released')).toMatchObject({ ok: false, reason: 'not-allowed' });
  });

  it('a confirmed booking is refunded only after it is cancelled', () => {
    expect(transition('confirmed', 'refund')).toMatchObject({ ok: false, reason: 'not-allowed' });
  });
});

describe('paymentEvent: what Stripe says, for a stay of 12345 cents', () => {
  const intent = { status: 'succeeded', amount: 12345, currency: 'usd' };
  it('succeeded for the exact amount in USD is paid', () => {
    expect(paymentEvent(intent, 12345)).toBe('payment-succeeded');
  });
  it('succeeded for another amount or currency is not', () => {
    expect(paymentEvent({ ...intent, amount: 12344 }, 12345)).toBe('payment-pending');
    expect(paymentEvent({ ...intent, currency: 'eur' }, 12345)).toBe('payment-pending');
  });
  it('processing and requires_payment_method keep waiting; canceled is cancelled', () => {
    expect(paymentEvent({ ...intent, status: 'processing' }, 12345)).toBe('payment-pending');
    expect(paymentEvent({ ...intent, status: 'requires_payment_method' }, 12345)).toBe('payment-pending');
    expect(paymentEvent({ ...intent, status: 'canceled' }, 12345)).toBe('payment-cancelled');
  });
});

describe("stayStateOf: today's rows", () => {
  it.each([
    [{ kind: 'hold', status: 'held', paymentIntentId: null }, 'held'],
    [{ kind: 'hold', status: 'held', paymentIntentId: 'pi_1' }, 'awaiting-payment'],
    [{ kind: 'hold', status: 'converted', paymentIntentId: 'pi_1' }, 'confirmed'],
    [{ kind: 'hold', status: 'released', paymentIntentId: 'pi_1' }, 'cancelled'],
    [{ kind: 'hold', status: 'released', paymentIntentId: null }, 'cancelled'],
    [{ kind: 'booking', paymentStatus: 'paid', stripePaymentIntentId: 'pi_1' }, 'confirmed'],
    [{ kind: 'booking', paymentStatus: 'pending', stripePaymentIntentId: 'pi_1' }, 'awaiting-payment'],
    [{ kind: 'booking', paymentStatus: 'pending', stripePaymentIntentId: null }, 'inquiry'],
    [{ kind: 'booking', paymentStatus: 'cancelled', stripePaymentIntentId: 'pi_1' }, 'cancelled'],
    [{ kind: 'booking', paymentStatus: 'refunded', stripePaymentIntentId: 'pi_1' }, 'confirmed'],
    [{ kind: 'booking', paymentStatus: 'partially_refunded', stripePaymentIntentId: 'pi_1' }, 'confirmed'],
    [{ kind: 'booking', paymentStatus: 'refunded', stripePaymentIntentId: 'pi_1', cancelledAt: '2026-11-01T00:00:00Z', refundedCents: 500 }, 'refunded'],
    [{ kind: 'booking', paymentStatus: 'paid', stripePaymentIntentId: 'pi_1', cancelledAt: '2026-11-01T00:00:00Z', refundedCents: 0 }, 'cancelled'],
    [{ kind: 'booking', paymentStatus: 'pending', stripePaymentIntentId: null, cancelledAt: '2026-11-01T00:00:00Z' }, 'cancelled'],
    [{ kind: 'booking', paymentStatus: 'pending', stripePaymentIntentId: null, bookingKind: 'manual' }, 'confirmed'],
    [{ kind: 'booking', paymentStatus: 'pending', stripePaymentIntentId: null, bookingKind: 'owner' }, 'confirmed'],
    [{ kind: 'imported' }, 'imported'],
    [{ kind: 'owner-closed' }, 'owner-block'],
  ] as const)('%j is %s', (row, state) => {
    expect(stayStateOf(row)).toBe(state);
  });
});
