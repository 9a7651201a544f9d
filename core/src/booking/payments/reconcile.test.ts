import { describe, expect, it } from 'vitest';
import type { LedgerEntry, NewLedgerEntry } from '../ledger.js';
import { PaymentProviderError, type ChargeMoney, type DisputeView, type PaymentGateway, type PaymentIntentMoney, type RefundView } from '../payment-gateway.js';
import { reconcileBooking, reconcileBookings, type ReconcileFinding, type ReconcilePorts, type ReconcileStore } from './reconcile.js';

/** The reconciliation ([money.reconcile]) against a fake Stripe and an in-memory ledger. */

const NOW = new Date('2026-11-27T15:00:00Z');

function memoryStore(known: Record<number, string[]> = {}) {
  const entries: LedgerEntry[] = [];
  const findings: ReconcileFinding[] = [];
  const store: ReconcileStore = {
    listBookingsToReconcile: () => [...new Set([...Object.keys(known).map(Number), ...entries.map((e) => e.bookingId)])].sort((a, b) => a - b),
    intentIdsOf: (bookingId) => [...new Set([...(known[bookingId] ?? []), ...entries.filter((e) => e.bookingId === bookingId && e.paymentIntentId).map((e) => e.paymentIntentId!)])],
    holdIdOf: () => null,
    bookingIdOfHold: () => undefined,
    entriesOf: (bookingId) => entries.filter((e) => e.bookingId === bookingId),
    findEntry: (kind, id) => entries.find((e) => e.kind === kind && e.stripeObjectId === id),
    recordMoney: (bookingId, entry, now) => {
      if (entry.stripeObjectId && entries.some((e) => e.kind === entry.kind && e.stripeObjectId === entry.stripeObjectId)) return { created: false };
      entries.push({ id: entries.length + 1, bookingId, note: '', method: 'card', stripeObjectId: null, paymentIntentId: null, ...entry, at: entry.at ?? now.toISOString() });
      return { created: true };
    },
    openFindings: (bookingId) => findings.filter((f) => f.bookingId === bookingId && !f.resolvedAt),
    addFinding: (bookingId, paymentIntentId, text, now) => {
      const f = { id: findings.length + 1, bookingId, paymentIntentId, text, foundAt: now.toISOString(), resolvedAt: null };
      findings.push(f);
      return f;
    },
    resolveFinding: (id, now) => {
      const f = findings.find((x) => x.id === id);
      if (f) f.resolvedAt = now.toISOString();
    },
  };
  const record = (bookingId: number, entry: Omit<NewLedgerEntry, 'at' | 'source'> & { source?: NewLedgerEntry['source'] }) => store.recordMoney(bookingId, { at: NOW.toISOString(), source: 'stripe', ...entry }, NOW);
  return { store, entries, findings, record };
}

const charge = (amount: number, extra: Partial<ChargeMoney> = {}): ChargeMoney => ({
  id: `ch_${Math.random().toString(36).slice(2)}`,
  amountCents: amount,
  amountCapturedCents: amount,
  captured: true,
  status: 'succeeded',
  refunds: [],
  created: '2026-11-20T10:00:00.000Z',
  ...extra,
});
const refund = (id: string, amount: number, status = 'succeeded'): RefundView => ({ id, amountCents: amount, status, paymentIntentId: null, metadata: {}, created: '2026-11-25T10:00:00.000Z' });
const dispute = (id: string, amount: number, status: string): DisputeView => ({ id, chargeId: null, paymentIntentId: null, amountCents: amount, status, reason: 'fraudulent', created: '2026-11-26T10:00:00.000Z' });

function intent(id: string, bookingId: number, charges: ChargeMoney[], extra: Partial<PaymentIntentMoney> = {}, status = 'succeeded'): PaymentIntentMoney {
  return {
    intent: { id, status, amount: charges[0]?.amountCents ?? 0, currency: 'usd', clientSecret: null, metadata: { bookingId: String(bookingId) }, card: null },
    captureMethod: 'automatic',
    charges,
    disputes: [],
    ...extra,
  };
}

/** A Stripe that holds `intents` and is read through the gateway's two reconciliation calls. */
function fakeStripe(intents: Map<string, PaymentIntentMoney>) {
  const reads: string[] = [];
  const gateway = {
    readPaymentIntentMoney: async (id: string) => {
      reads.push(id);
      const found = intents.get(id);
      if (!found) throw new PaymentProviderError(`No such payment_intent: '${id}'`, 404, 'resource_missing');
      return structuredClone(found);
    },
    searchPaymentIntents: async (query: { bookingId: number } | { holdId: number }) =>
      [...intents.values()].filter((m) => 'bookingId' in query && m.intent.metadata.bookingId === String(query.bookingId)).map((m) => m.intent),
  } as unknown as PaymentGateway;
  return { gateway, reads };
}

function portsOf(store: ReconcileStore, gateway: PaymentGateway) {
  const notices: { bookingId: number; subject: string; text: string; key: string }[] = [];
  const ports: ReconcilePorts = {
    store,
    payments: gateway,
    logger: { warn() {}, error() {} },
    now: () => NOW,
    notifyOwner: (bookingId, subject, text, key) => void notices.push({ bookingId, subject, text, key }),
  };
  return { ports, notices };
}

describe('reconcileBooking ([money.reconcile])', () => {
  it('adds a refund and a dispute made only at Stripe with source reconcile, once however often it runs', async () => {
    const m = memoryStore();
    m.record(1, { kind: 'charge', amountCents: 50_000, stripeObjectId: 'pi_1', paymentIntentId: 'pi_1' });
    const stripe = new Map([['pi_1', intent('pi_1', 1, [charge(50_000, { refunds: [refund('re_1', 10_000), refund('re_failed', 5_000, 'failed')] })], { disputes: [dispute('dp_1', 40_000, 'lost')] })]]);
    const { ports, notices } = portsOf(m.store, fakeStripe(stripe).gateway);

    const first = await reconcileBooking(ports, 1);
    expect(first.added.map((e) => [e.kind, e.stripeObjectId, e.amountCents, e.source])).toEqual([
      ['refund', 're_1', 10_000, 'reconcile'],
      ['dispute_opened', 'dp_1', 40_000, 'reconcile'],
      ['dispute_lost', 'dp_1', 40_000, 'reconcile'],
    ]);
    // Stripe's own time of the refund, on the PaymentIntent it came from.
    expect(m.entries.find((e) => e.stripeObjectId === 're_1')).toMatchObject({ at: '2026-11-25T10:00:00.000Z', paymentIntentId: 'pi_1', bookingId: 1 });
    expect(first.opened).toEqual([]);

    const second = await reconcileBooking(ports, 1);
    expect(second.added).toEqual([]);
    expect(m.entries).toHaveLength(4);
    expect(notices).toEqual([]);
  });

  it('adds a charge whose webhook never came, found by searching Stripe for the booking', async () => {
    const m = memoryStore({ 2: [] });
    const { ports } = portsOf(m.store, fakeStripe(new Map([['pi_link', intent('pi_link', 2, [charge(30_000)])]])).gateway);
    const result = await reconcileBooking(ports, 2);
    expect(result.added).toMatchObject([{ kind: 'charge', stripeObjectId: 'pi_link', paymentIntentId: 'pi_link', amountCents: 30_000, source: 'reconcile', at: '2026-11-20T10:00:00.000Z' }]);
  });

  it('a declined attempt and an abandoned PaymentIntent add nothing', async () => {
    const m = memoryStore({ 3: ['pi_abandoned'] });
    const stripe = new Map([
      ['pi_declined', intent('pi_declined', 3, [charge(20_000, { status: 'failed', amountCapturedCents: 0, captured: false })], {}, 'requires_payment_method')],
      ['pi_abandoned', intent('pi_abandoned', 3, [], {}, 'requires_payment_method')],
    ]);
    const { ports } = portsOf(m.store, fakeStripe(stripe).gateway);
    expect(await reconcileBooking(ports, 3)).toMatchObject({ added: [], opened: [], open: 0 });
  });

  it("a damage deposit's authorization, partial capture and release follow the writers' conventions", async () => {
    const m = memoryStore();
    m.record(4, { kind: 'authorization', amountCents: 50_000, stripeObjectId: 'pi_dd', paymentIntentId: 'pi_dd' });
    const stripe = new Map([['pi_dd', intent('pi_dd', 4, [charge(50_000, { amountCapturedCents: 12_000 })], { captureMethod: 'manual' })]]);
    const { ports } = portsOf(m.store, fakeStripe(stripe).gateway);
    const result = await reconcileBooking(ports, 4);
    expect(result.added.map((e) => [e.kind, e.amountCents])).toEqual([
      ['capture', 12_000],
      ['release', 38_000],
    ]);
    expect(result.opened).toEqual([]);
  });

  it('what it cannot explain is a finding, told to the owner once, kept while found and resolved once explained', async () => {
    const m = memoryStore();
    // A charge recorded on a PaymentIntent Stripe says never succeeded…
    m.record(5, { kind: 'charge', amountCents: 25_000, stripeObjectId: 'pi_open', paymentIntentId: 'pi_open' });
    // …a charge of another amount than Stripe took…
    m.record(5, { kind: 'charge', amountCents: 40_000, stripeObjectId: 'pi_paid', paymentIntentId: 'pi_paid' });
    // …and another booking's PaymentIntent.
    m.record(5, { kind: 'charge', amountCents: 9_000, stripeObjectId: 'pi_other', paymentIntentId: 'pi_other' });
    const stripe = new Map([
      ['pi_open', intent('pi_open', 5, [], {}, 'requires_payment_method')],
      ['pi_paid', intent('pi_paid', 5, [charge(45_000)])],
      ['pi_other', intent('pi_other', 6, [charge(9_000)])],
    ]);
    const { ports, notices } = portsOf(m.store, fakeStripe(stripe).gateway);

    const first = await reconcileBooking(ports, 5);
    expect(first.added).toEqual([]);
    expect(first.opened.map((f) => f.text)).toEqual([
      'The ledger records a charge of $250.00 on pi_open, but Stripe says it never succeeded (status requires_payment_method).',
      'The ledger records a charge of $400.00 for pi_paid, but Stripe says $450.00.',
      'The ledger records money on PaymentIntent pi_other, but Stripe says it belongs to booking 6.',
    ]);
    expect(notices.map((n) => n.key)).toEqual(['reconcile-finding-1', 'reconcile-finding-2', 'reconcile-finding-3']);
    expect(notices[0]).toMatchObject({ bookingId: 5, subject: 'Money to check on booking 5' });

    // Still found: kept open, not told again.
    const again = await reconcileBooking(ports, 5);
    expect(again).toMatchObject({ opened: [], resolved: [], open: 3 });
    expect(notices).toHaveLength(3);

    // The guest pays the open PaymentIntent: that finding is explained now.
    stripe.set('pi_open', intent('pi_open', 5, [charge(25_000)]));
    const later = await reconcileBooking(ports, 5);
    expect(later).toMatchObject({ added: [], opened: [], resolved: [1], open: 2 });
    expect(m.findings.find((f) => f.id === 1)?.resolvedAt).toBe(NOW.toISOString());
    // Nothing was edited: the three entries are as recorded.
    expect(m.entries.map((e) => e.amountCents)).toEqual([25_000, 40_000, 9_000]);
  });

  it('a refund the ledger has that Stripe says failed is reversed ([money.refund-failed]); a PaymentIntent Stripe does not know is a finding', async () => {
    const m = memoryStore();
    m.record(7, { kind: 'charge', amountCents: 10_000, stripeObjectId: 'pi_7', paymentIntentId: 'pi_7' });
    m.record(7, { kind: 'refund', amountCents: 2_000, stripeObjectId: 're_7', paymentIntentId: 'pi_7' });
    m.record(7, { kind: 'charge', amountCents: 1_000, stripeObjectId: 'pi_gone', paymentIntentId: 'pi_gone' });
    const stripe = new Map([['pi_7', intent('pi_7', 7, [charge(10_000, { refunds: [refund('re_7', 2_000, 'failed')] })])]]);
    const { ports } = portsOf(m.store, fakeStripe(stripe).gateway);
    const result = await reconcileBooking(ports, 7);
    expect(result.opened.map((f) => f.text)).toEqual(['The ledger records money on PaymentIntent pi_gone, but Stripe has no such PaymentIntent.']);
    expect(result.added).toEqual([expect.objectContaining({ kind: 'refund_failed', amountCents: 2_000, stripeObjectId: 're_7', paymentIntentId: 'pi_7', source: 'reconcile' })]);
    // A failed refund the ledger never recorded calls for nothing: it gave nothing back.
    const again = await reconcileBooking(ports, 7);
    expect(again.added).toEqual([]);
  });

  it('a refund recorded before the ledger without its Stripe id explains the Stripe refund: not added twice', async () => {
    const m = memoryStore();
    m.record(8, { kind: 'charge', amountCents: 10_000, stripeObjectId: 'pi_8', paymentIntentId: 'pi_8' });
    m.record(8, { kind: 'refund', amountCents: 3_000, paymentIntentId: 'pi_8' });
    const stripe = new Map([['pi_8', intent('pi_8', 8, [charge(10_000, { refunds: [refund('re_old', 3_000)] })])]]);
    const { ports } = portsOf(m.store, fakeStripe(stripe).gateway);
    expect(await reconcileBooking(ports, 8)).toMatchObject({ added: [], opened: [] });
  });
});

describe('reconcileBookings ([money.reconcile])', () => {
  it('reads Stripe one booking at a time, and a booking Stripe cannot be read for fails alone', async () => {
    const m = memoryStore({ 1: ['pi_a'], 2: ['pi_b'] });
    const stripe = new Map([['pi_b', intent('pi_b', 2, [charge(5_000)])]]);
    const fake = fakeStripe(stripe);
    let inFlight = 0;
    let most = 0;
    const gateway = {
      ...fake.gateway,
      searchPaymentIntents: fake.gateway.searchPaymentIntents,
      readPaymentIntentMoney: async (id: string) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        try {
          await new Promise((resolve) => setTimeout(resolve, 1));
          if (id === 'pi_a') throw new PaymentProviderError('Stripe is unavailable', 503, undefined);
          return await fake.gateway.readPaymentIntentMoney(id);
        } finally {
          inFlight -= 1;
        }
      },
    } as PaymentGateway;
    const { ports } = portsOf(m.store, gateway);
    const result = await reconcileBookings(ports);
    expect(result).toMatchObject({ bookings: 1, added: 1, failed: [{ bookingId: 1, error: 'Stripe is unavailable' }] });
    expect(most).toBe(1);
  });

  it('does nothing without Stripe', async () => {
    const m = memoryStore({ 1: ['pi_a'] });
    const ports: ReconcilePorts = { store: m.store, payments: undefined, logger: { warn() {}, error() {} }, now: () => NOW };
    expect(await reconcileBookings(ports)).toEqual({ bookings: 0, added: 0, opened: 0, resolved: 0, failed: [] });
  });
});
