/**
 * Test support (imported by tests only): the `RefundStore` half of the booking store over an
 * in-memory list of bookings, with the SQLite store's rules (refunds matched by Stripe id, then
 * by our key; refunded cents never go down; cancelling twice changes nothing).
 */
import type { BookingInquiry, BookingRefund } from './bookings.js';
import type { RefundStore } from './ports.js';

const LIVE = new Set(['pending', 'requires_action', 'succeeded']);
const PAID = new Set(['paid', 'partially_refunded', 'refunded']);

export function memoryRefundStore(bookings: BookingInquiry[]) {
  const refunds: (BookingRefund & { idempotencyKey: string })[] = [];
  const find = (id: number) => bookings.find((b) => b.id === id);
  const settle = (b: BookingInquiry, atLeast: number) => {
    const sum = refunds.filter((r) => r.bookingId === b.id && LIVE.has(r.status)).reduce((n, r) => n + r.amountCents, 0);
    b.refundedCents = Math.max(b.refundedCents, atLeast, sum);
    if (b.refundedCents > 0 && PAID.has(b.paymentStatus)) b.paymentStatus = b.refundedCents >= b.amountPaidCents ? 'refunded' : 'partially_refunded';
  };
  const copy = (b: BookingInquiry): BookingInquiry => ({ ...b });
  const view = ({ idempotencyKey: _key, ...r }: BookingRefund & { idempotencyKey: string }): BookingRefund => ({ ...r });
  const store: RefundStore = {
    getBooking: (id) => {
      const b = find(id);
      return b && copy(b);
    },
    listRefunds: (bookingId) => refunds.filter((r) => r.bookingId === bookingId).map(view),
    startRefund(r, now) {
      const b = find(r.bookingId);
      if (!b) return 'not-found';
      if (b.cancelledAt) return 'cancelled';
      const open = refunds.find((x) => x.bookingId === r.bookingId && x.source !== 'stripe' && x.status !== 'failed' && x.status !== 'canceled');
      if (open) return { refund: view(open), idempotencyKey: open.idempotencyKey, resumed: true };
      const row = { id: refunds.length + 1, bookingId: r.bookingId, stripeRefundId: null, amountCents: r.amountCents, status: 'requested', source: r.source, reason: r.reason, createdAt: now.toISOString(), idempotencyKey: r.idempotencyKey };
      refunds.push(row);
      return { refund: view(row), idempotencyKey: row.idempotencyKey, resumed: false };
    },
    failRefund(id) {
      const row = refunds.find((r) => r.id === id && !LIVE.has(r.status));
      if (row) row.status = 'failed';
    },
    completeCancellation(bookingId, cancel, now) {
      const b = find(bookingId);
      if (!b || b.cancelledAt) return undefined;
      const row = cancel.refund && refunds.find((r) => r.id === cancel.refund?.id);
      if (row && cancel.refund) Object.assign(row, { stripeRefundId: cancel.refund.stripeRefundId, status: cancel.refund.status });
      settle(b, 0);
      Object.assign(b, { cancelledAt: now.toISOString(), cancelledBy: cancel.by, cancelReason: cancel.reason, status: 'cancelled' });
      return copy(b);
    },
    syncChargeRefunds(paymentIntentId, charge, now) {
      const b = bookings.find((x) => x.stripePaymentIntentId === paymentIntentId);
      if (!b) return undefined;
      const before = copy(b);
      const added: BookingRefund[] = [];
      for (const r of charge.refunds) {
        const row =
          refunds.find((x) => x.stripeRefundId === r.id) ??
          refunds.find((x) => x.bookingId === b.id && x.stripeRefundId === null && x.idempotencyKey === r.metadata.ridgeline_refund_key);
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
