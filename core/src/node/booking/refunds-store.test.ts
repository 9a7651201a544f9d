import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { priceStay } from '../../pricing/pricing.js';
import {
  completeBookingCancellation,
  createBookingInquiry,
  failBookingRefund,
  getBookingInquiry,
  listBookingRefunds,
  recordBookingDispute,
  recordBookingMoney,
  startBookingRefund,
  syncChargeRefunds,
} from './bookings-store.js';
import { closedNights } from './stays-store.js';
import { createTestDatabase } from '../test-db.js';

/** The SQLite side of cancellations and refunds ([booking.cancel], [booking.refund], [stripe.refund-webhook], [stripe.dispute]). */

let t: ReturnType<typeof createTestDatabase>;
beforeEach(() => (t = createTestDatabase()));
afterEach(() => t.cleanup());

const NOW = new Date('2026-11-21T15:00:00Z');
const quote = priceStay('2026-12-10', '2026-12-12')!;
const paid = () =>
  createBookingInquiry(
    t.db,
    { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '', location: '', ipAddress: '', checkin: '2026-12-10', checkout: '2026-12-12', guests: 2, message: '', specialRequests: '', paymentStatus: 'paid', stripePaymentIntentId: 'pi_1', quote, amountPaidCents: quote.totalCents },
    NOW,
  );
const start = (bookingId: number, key: string, amountCents = 10_000) => startBookingRefund(t.db, { bookingId, amountCents, source: 'owner', reason: 'asked', idempotencyKey: key }, NOW);

describe('startBookingRefund / completeBookingCancellation', () => {
  it('records the refund first, resumes it with its key, and cancels once', () => {
    const b = paid();
    expect(start(b.id, 'k1')).toMatchObject({ resumed: false, idempotencyKey: 'k1', refund: { status: 'requested', amountCents: 10_000 } });
    expect(start(b.id, 'k2', 99)).toMatchObject({ resumed: true, idempotencyKey: 'k1', refund: { amountCents: 10_000 } });
    const refundId = listBookingRefunds(t.db, b.id)[0]!.id;
    // The service records the money as Stripe answers ([money.ledger]); the cancellation reads it.
    recordBookingMoney(t.db, b.id, { kind: 'refund', amountCents: 10_000, at: NOW.toISOString(), source: 'stripe', stripeObjectId: 're_1', paymentIntentId: 'pi_1' }, NOW);
    const cancelled = completeBookingCancellation(t.db, b.id, { by: 'owner', reason: 'asked', refund: { id: refundId, stripeRefundId: 're_1', status: 'succeeded' } }, NOW);
    expect(cancelled).toMatchObject({ status: 'cancelled', refundedCents: 10_000, paymentStatus: 'partially_refunded', cancelledBy: 'owner', cancelReason: 'asked' });
    expect(closedNights(t.db, '2026-12-10', '2026-12-12', NOW)).toEqual([]);
    expect(completeBookingCancellation(t.db, b.id, { by: 'owner', reason: '' }, NOW)).toBeUndefined();
    expect(start(b.id, 'k3')).toBe('cancelled');
    expect(start(999, 'k4')).toBe('not-found');
  });

  it('a failed refund is dropped: the next attempt records a new one with a new key', () => {
    const b = paid();
    const first = start(b.id, 'k1');
    if (typeof first === 'string') throw new Error('started');
    failBookingRefund(t.db, first.refund.id);
    expect(start(b.id, 'k2')).toMatchObject({ resumed: false, idempotencyKey: 'k2' });
  });
});

describe('syncChargeRefunds', () => {
  it('matches our refund by its key, adds a dashboard refund once, and never lowers the refunded total', () => {
    const b = paid();
    start(b.id, 'k1');
    const refunds: { id: string; amountCents: number; status: string; metadata: Record<string, string> }[] = [
      { id: 're_ours', amountCents: 10_000, status: 'succeeded', metadata: { ridgeline_refund_key: 'k1' } },
      { id: 're_dash', amountCents: 5_000, status: 'succeeded', metadata: {} },
    ];
    const first = syncChargeRefunds(t.db, 'pi_1', { amountRefundedCents: 15_000, refunds }, NOW);
    expect(first?.added.map((r) => r.stripeRefundId)).toEqual(['re_dash']);
    expect(first?.after).toMatchObject({ refundedCents: 15_000, paymentStatus: 'partially_refunded', cancelledAt: null, status: 'confirmed' });
    const again = syncChargeRefunds(t.db, 'pi_1', { amountRefundedCents: 10_000, refunds: [] }, NOW);
    expect(again?.added).toEqual([]);
    expect(again?.after.refundedCents).toBe(15_000);
    expect(listBookingRefunds(t.db, b.id).map((r) => [r.source, r.stripeRefundId])).toEqual([
      ['owner', 're_ours'],
      ['stripe', 're_dash'],
    ]);
    expect(syncChargeRefunds(t.db, 'pi_other', { amountRefundedCents: 1, refunds: [] }, NOW)).toBeUndefined();
  });
});

describe('recordBookingDispute', () => {
  it('flags the booking, opened only the first time', () => {
    const b = paid();
    expect(recordBookingDispute(t.db, 'pi_1', { status: 'needs_response' }, NOW)).toMatchObject({ opened: true, booking: { disputeStatus: 'needs_response' } });
    expect(recordBookingDispute(t.db, 'pi_1', { status: 'under_review' }, NOW)).toMatchObject({ opened: false, booking: { disputeStatus: 'under_review' } });
    expect(getBookingInquiry(t.db, b.id)?.disputeStatus).toBe('under_review');
  });
});

describe('every booking has a guest token', () => {
  it('a row inserted without one gets one (migration 0013)', () => {
    const id = t.db.prepare("INSERT INTO booking_inquiries (first_name, last_name, email, checkin, checkout, guests, created_at) VALUES ('A', 'B', 'a@example.com', '2027-01-01', '2027-01-03', 2, '2026-01-01')").run().lastInsertRowid;
    expect(getBookingInquiry(t.db, Number(id))?.guestToken).toMatch(/^[0-9a-f]{48}$/);
  });
});
