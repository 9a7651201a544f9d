import { describe, expect, it } from 'vitest';
import type { Booking } from '../bookings.js';
import type { NewLedgerEntry } from '../ledger.js';
import { withdrawOpenPayments, type KnownIntent, type OpenPaymentPorts } from './open-payments.js';
import { PaymentProviderError, type PaymentIntentView } from '../payment-gateway.js';

/** [money.cancel-open-payments]: what a cancel does with the PaymentIntents of the stay still open. */

const NOW = new Date('2026-11-21T15:00:00Z');
const booking = { id: 4, cancelledAt: NOW.toISOString() } as Booking;
const intent = (id: string, status: string, amountReceived = 0): PaymentIntentView => ({ id, status, amount: 50_000, currency: 'usd', clientSecret: null, metadata: {}, card: null, amountReceived });

function fixture(intents: KnownIntent[], stripe: Record<string, string>, faults: { cancel?: Record<string, Error>; retrieve?: Record<string, Error> } = {}) {
  const calls: string[] = [];
  const money: NewLedgerEntry[] = [];
  const events: string[] = [];
  const errors: string[] = [];
  let late = 0;
  const ports: OpenPaymentPorts = {
    store: {
      listStayIntents: () => intents,
      recordMoney: (_id, entry) => {
        const created = !money.some((m) => m.kind === entry.kind && m.stripeObjectId === entry.stripeObjectId);
        if (created) money.push(entry);
        return { created };
      },
      recordEvent: (_id, kind, detail) => void events.push(`${kind}: ${detail}`),
    },
    payments: {
      retrievePaymentIntent: async (id) => {
        calls.push(`retrieve ${id}`);
        if (faults.retrieve?.[id]) throw faults.retrieve[id];
        return intent(id, stripe[id]!, stripe[id] === 'succeeded' ? 50_000 : 0);
      },
      cancelPaymentIntent: async (id) => {
        calls.push(`cancel ${id}`);
        const fault = faults.cancel?.[id];
        if (fault) {
          // Paid in the instant before the cancel arrived.
          stripe[id] = 'succeeded';
          throw fault;
        }
        stripe[id] = 'canceled';
        return intent(id, 'canceled');
      },
    },
    logger: { warn: () => {}, error: (message) => void errors.push(message) },
    now: () => NOW,
    onLatePayment: () => void (late += 1),
  };
  return { ports, calls, money, events, errors, late: () => late };
}

describe('withdrawOpenPayments', () => {
  it('cancels what is still open, leaves charged and cancelled intents alone and records a charge Stripe made unheard', async () => {
    const f = fixture(
      [
        { paymentIntentId: 'pi_checkout', charged: true },
        { paymentIntentId: 'pi_link', charged: false },
        { paymentIntentId: 'pi_page', charged: false },
        { paymentIntentId: 'pi_old', charged: false },
      ],
      { pi_link: 'requires_payment_method', pi_page: 'succeeded', pi_old: 'canceled' },
    );
    expect(await withdrawOpenPayments(f.ports, booking)).toEqual({ cancelled: ['pi_link'], charged: ['pi_page'], failed: [] });
    expect(f.calls).toEqual(['retrieve pi_link', 'cancel pi_link', 'retrieve pi_page', 'retrieve pi_old']);
    expect(f.money).toEqual([{ kind: 'charge', amountCents: 50_000, at: NOW.toISOString(), source: 'stripe', stripeObjectId: 'pi_page', paymentIntentId: 'pi_page', note: 'Paid as the booking was cancelled' }]);
    expect(f.events).toEqual(['paid: Paid $500.00 by card as the booking was cancelled; it is refunded in full']);
    expect(f.late()).toBe(1);
  });

  it('reads an intent again when Stripe refuses the cancel because it was just paid, and logs a Stripe failure without throwing', async () => {
    const unexpected = new PaymentProviderError('You cannot cancel this PaymentIntent because it has a status of succeeded.', 400, 'payment_intent_unexpected_state');
    const down = new PaymentProviderError('An error occurred with our connection to Stripe. Request was retried 2 times.', undefined, undefined);
    const f = fixture(
      [
        { paymentIntentId: 'pi_link', charged: false },
        { paymentIntentId: 'pi_page', charged: false },
      ],
      { pi_link: 'requires_payment_method', pi_page: 'requires_payment_method' },
      { cancel: { pi_link: unexpected }, retrieve: { pi_page: down } },
    );
    expect(await withdrawOpenPayments(f.ports, booking)).toEqual({ cancelled: [], charged: ['pi_link'], failed: ['pi_page'] });
    expect(f.calls).toEqual(['retrieve pi_link', 'cancel pi_link', 'retrieve pi_link', 'retrieve pi_page']);
    expect(f.money.map((m) => `${m.kind} ${m.paymentIntentId}`)).toEqual(['charge pi_link']);
    expect(f.errors).toHaveLength(1);
    expect(f.late()).toBe(1);
  });

  it('does nothing without Stripe, and tells nothing when the charge was recorded already', async () => {
    const none = fixture([{ paymentIntentId: 'pi_link', charged: false }], { pi_link: 'succeeded' });
    expect(await withdrawOpenPayments({ ...none.ports, payments: undefined }, booking)).toEqual({ cancelled: [], charged: [], failed: [] });
    const f = fixture([{ paymentIntentId: 'pi_link', charged: false }], { pi_link: 'succeeded' });
    await withdrawOpenPayments(f.ports, booking);
    expect(await withdrawOpenPayments(f.ports, booking)).toEqual({ cancelled: [], charged: [], failed: [] });
    expect(f.events).toHaveLength(1);
    expect(f.late()).toBe(1);
  });
});
