/**
 * Test support (imported by tests only): the `RefundStore` half of the booking store over an
 * in-memory list of bookings, with the SQLite store's rules (refunds matched by Stripe id, then
 * by our key; refunded cents never go down; cancelling twice changes nothing).
 */
import type { Booking, BookingRefund } from '../bookings.js';
import type { RefundStore, RefundWithParts } from '../ports.js';
import { summarizeLedger, type NewLedgerEntry } from '../ledger.js';
import { partStatusOf, refundProgress, refundStatusOf, type RefundPart } from '../refund-plan.js';

const LIVE = new Set(['pending', 'requires_action', 'succeeded']);
const PAID = new Set(['paid', 'partially_refunded', 'refunded']);

export function memoryRefundStore(bookings: Booking[]) {
  const refunds: (BookingRefund & { idempotencyKey: string })[] = [];
  // Each refund's plan ([money.refund-plan]), by refund id.
  const parts = new Map<number, RefundPart[]>();
  let partIds = 0;
  const partsOf = (refundId: number) => parts.get(refundId) ?? [];
  const addParts = (refundId: number, planned: readonly { paymentIntentId: string; amountCents: number; keySuffix: string }[]) => {
    const list = partsOf(refundId);
    for (const p of planned) list.push({ ...p, id: ++partIds, position: list.length, status: 'planned', stripeRefundId: null, error: '' });
    parts.set(refundId, list);
  };
  const refresh = (row: BookingRefund) => {
    const list = partsOf(row.id);
    if (list.length === 0) return;
    const progress = refundProgress(list);
    row.status = refundStatusOf(list);
    if (progress.movedCents + progress.plannedCents > 0) row.amountCents = progress.movedCents + progress.plannedCents;
    const latest = list.filter((p) => p.stripeRefundId && p.status !== 'failed' && p.status !== 'dropped').pop();
    if (latest) row.stripeRefundId = latest.stripeRefundId;
  };
  const withParts = (row: BookingRefund & { idempotencyKey: string }): RefundWithParts => ({ refund: view(row), idempotencyKey: row.idempotencyKey, parts: partsOf(row.id).map((p) => ({ ...p })) });
  const openOf = (bookingId: number) => refunds.find((x) => x.bookingId === bookingId && x.source !== 'stripe' && x.status !== 'failed' && x.status !== 'canceled');
  // The ledger ([money.ledger]) as the bookings' fields start it: the card payment (a paid
  // balance on its own PaymentIntent) and what was refunded before; then what is recorded.
  const entries: (NewLedgerEntry & { bookingId: number })[] = [];
  const seeded = new Set<number>();
  const seed = (b: Booking) => {
    if (seeded.has(b.id)) return;
    seeded.add(b.id);
    const at = b.createdAt;
    const balance = b.balance?.status === 'paid' && b.balance.paymentIntentId ? b.balance : undefined;
    if (b.amountPaidCents > 0 && b.stripePaymentIntentId) {
      const deposit = b.amountPaidCents - (balance?.amountCents ?? 0);
      if (deposit > 0) entries.push({ bookingId: b.id, kind: 'charge', amountCents: deposit, at, source: 'stripe', stripeObjectId: b.stripePaymentIntentId, paymentIntentId: b.stripePaymentIntentId });
      if (balance?.paymentIntentId) entries.push({ bookingId: b.id, kind: 'charge', amountCents: balance.amountCents, at, source: 'stripe', stripeObjectId: balance.paymentIntentId, paymentIntentId: balance.paymentIntentId });
    } else if (b.amountPaidCents > 0) {
      entries.push({ bookingId: b.id, kind: 'offline_payment', amountCents: b.amountPaidCents, at, source: 'owner', method: 'other' });
    }
    if (b.refundedCents > 0) entries.push({ bookingId: b.id, kind: 'refund', amountCents: b.refundedCents, at, source: 'stripe', paymentIntentId: b.stripePaymentIntentId });
  };
  const record = (bookingId: number, entry: NewLedgerEntry) => {
    const b = find(bookingId);
    if (b) seed(b);
    if (entry.stripeObjectId && entries.some((e) => e.kind === entry.kind && e.stripeObjectId === entry.stripeObjectId)) return false;
    entries.push({ ...entry, bookingId });
    return true;
  };
  const find = (id: number) => bookings.find((b) => b.id === id);
  const settle = (b: Booking, atLeast: number) => {
    seed(b);
    const sum = entries.filter((e) => e.bookingId === b.id && (e.kind === 'refund' || e.kind === 'offline_refund')).reduce((n, e) => n + e.amountCents, 0);
    b.refundedCents = Math.max(b.refundedCents, atLeast, sum);
    if (b.refundedCents > 0 && PAID.has(b.paymentStatus)) b.paymentStatus = b.refundedCents >= b.amountPaidCents ? 'refunded' : 'partially_refunded';
  };
  const copy = (b: Booking): Booking => ({ ...b });
  const view = ({ idempotencyKey: _key, ...r }: BookingRefund & { idempotencyKey: string }): BookingRefund => ({ ...r });
  const store: RefundStore = {
    getBooking: (id) => {
      const b = find(id);
      return b && copy(b);
    },
    ledger(bookingId) {
      const b = find(bookingId);
      if (b) seed(b);
      return summarizeLedger(entries.filter((e) => e.bookingId === bookingId).map((e) => ({ kind: e.kind, amountCents: e.amountCents, paymentIntentId: e.paymentIntentId ?? null })));
    },
    recordMoney(bookingId, entry) {
      const created = record(bookingId, entry);
      const b = find(bookingId);
      if (b && created) settle(b, 0);
      return { created };
    },
    listRefunds: (bookingId) => refunds.filter((r) => r.bookingId === bookingId).map(view),
    openRefund(bookingId) {
      const b = find(bookingId);
      const open = b && !b.cancelledAt ? openOf(bookingId) : undefined;
      return open && withParts(open);
    },
    startRefund(r, plan, now) {
      const b = find(r.bookingId);
      if (!b) return 'not-found';
      if (b.cancelledAt) return 'cancelled';
      const open = openOf(r.bookingId);
      if (open) return { ...withParts(open), resumed: true };
      const planned = plan(store.ledger(r.bookingId));
      const amount = planned.reduce((sum, p) => sum + p.amountCents, 0);
      if (amount <= 0) return 'nothing-to-refund';
      const row = { id: refunds.length + 1, bookingId: r.bookingId, stripeRefundId: null, amountCents: amount, status: 'requested', source: r.source, reason: r.reason, createdAt: now.toISOString(), idempotencyKey: r.idempotencyKey };
      refunds.push(row);
      addParts(row.id, planned);
      return { ...withParts(row), resumed: false };
    },
    settleRefundPart(bookingId, partId, outcome, now) {
      const row = refunds.find((r) => partsOf(r.id).some((p) => p.id === partId));
      const part = row && partsOf(row.id).find((p) => p.id === partId);
      if (!row || !part) throw new Error(`no refund part ${partId}`);
      if ('error' in outcome) {
        if (part.status === 'planned') Object.assign(part, { status: 'failed', error: outcome.error });
      } else {
        const status = partStatusOf(outcome.status);
        if (status !== 'failed' && outcome.amountCents > 0) {
          record(bookingId, { kind: 'refund', amountCents: outcome.amountCents, at: now.toISOString(), source: 'stripe', stripeObjectId: outcome.stripeRefundId, paymentIntentId: part.paymentIntentId, note: outcome.note });
          const b = find(bookingId);
          if (b) settle(b, 0);
        }
        if (part.status !== 'dropped') Object.assign(part, { status, stripeRefundId: outcome.stripeRefundId, error: status === 'failed' ? `Stripe answered the refund as ${outcome.status}` : '' });
      }
      refresh(row);
      return withParts(row);
    },
    reviseRefund(refundId, plan) {
      const row = refunds.find((r) => r.id === refundId);
      if (!row) throw new Error(`no refund ${refundId}`);
      const planned = plan(store.ledger(row.bookingId), partsOf(refundId).map((p) => ({ ...p })));
      for (const p of partsOf(refundId)) if (p.status === 'failed') p.status = 'dropped';
      addParts(refundId, planned);
      refresh(row);
      return withParts(row);
    },
    completeCancellation(bookingId, cancel, now) {
      const b = find(bookingId);
      if (!b || b.cancelledAt) return undefined;
      const row = cancel.refund && refunds.find((r) => r.id === cancel.refund?.id);
      if (row && cancel.refund) {
        Object.assign(row, { stripeRefundId: cancel.refund.stripeRefundId, status: cancel.refund.status });
        refresh(row);
      }
      if (cancel.offlineRefund && cancel.offlineRefund.amountCents > 0) {
        record(bookingId, { kind: 'offline_refund', amountCents: cancel.offlineRefund.amountCents, at: now.toISOString(), source: 'owner', method: cancel.offlineRefund.method, note: cancel.offlineRefund.note });
      }
      settle(b, 0);
      Object.assign(b, { cancelledAt: now.toISOString(), cancelledBy: cancel.by, cancelReason: cancel.reason, status: 'cancelled' });
      return copy(b);
    },
    syncChargeRefunds(paymentIntentId, charge, now) {
      const b = bookings.find((x) => x.stripePaymentIntentId === paymentIntentId || x.balance?.paymentIntentId === paymentIntentId);
      if (!b) return undefined;
      const before = copy(b);
      const added: BookingRefund[] = [];
      for (const r of charge.refunds) {
        // A part of one of our refunds: by its Stripe id, else by our key and PaymentIntent.
        const owner = refunds.find((x) => x.bookingId === b.id && partsOf(x.id).some((p) => p.stripeRefundId === r.id || (p.status === 'planned' && p.paymentIntentId === paymentIntentId && x.idempotencyKey === r.metadata.ridgeline_refund_key)));
        const part = owner && (partsOf(owner.id).find((p) => p.stripeRefundId === r.id) ?? partsOf(owner.id).find((p) => p.status === 'planned' && p.paymentIntentId === paymentIntentId));
        if (owner && part) {
          if (LIVE.has(r.status) && r.amountCents > 0) record(b.id, { kind: 'refund', amountCents: r.amountCents, at: now.toISOString(), source: 'stripe', stripeObjectId: r.id, paymentIntentId });
          if (part.status === 'planned' || LIVE.has(part.status)) Object.assign(part, { status: partStatusOf(r.status), stripeRefundId: r.id });
          refresh(owner);
          continue;
        }
        const row =
          refunds.find((x) => x.stripeRefundId === r.id) ??
          refunds.find((x) => x.bookingId === b.id && x.stripeRefundId === null && x.idempotencyKey === r.metadata.ridgeline_refund_key);
        if (LIVE.has(r.status) && r.amountCents > 0) record(b.id, { kind: 'refund', amountCents: r.amountCents, at: now.toISOString(), source: 'stripe', stripeObjectId: r.id, paymentIntentId });
        if (row) Object.assign(row, { stripeRefundId: r.id, status: r.status });
        else {
          const created = { id: refunds.length + 1, bookingId: b.id, stripeRefundId: r.id, amountCents: r.amountCents, status: r.status, source: 'stripe' as const, reason: '', createdAt: now.toISOString(), idempotencyKey: `stripe-${r.id}` };
          refunds.push(created);
          added.push(view(created));
        }
      }
      settle(b, charge.amountRefundedCents);
      return { before, after: copy(b), added };
    },
    recordDispute(paymentIntentId, dispute) {
      const b = bookings.find((x) => x.stripePaymentIntentId === paymentIntentId);
      if (!b) return undefined;
      const opened = b.disputeStatus === null;
      const previousStatus = b.disputeStatus;
      b.disputeStatus = dispute.status;
      return { booking: copy(b), opened, previousStatus };
    },
  };
  return { store, refunds };
}
