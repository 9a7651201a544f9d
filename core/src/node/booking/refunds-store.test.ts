import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { priceStay } from '../../pricing/pricing.js';
import {
  completeBookingCancellation,
  createBookingInquiry,
  getBookingInquiry,
  listBookingRefunds,
  listRefundParts,
  openBookingRefund,
  recordBookingDispute,
  recordBookingMoney,
  reviseBookingRefund,
  settleBookingRefundPart,
  startBookingRefund,
  syncChargeRefunds,
} from './bookings-store.js';
import { closedNights } from './stays-store.js';
import { ledgerSummary, listLedgerEntries } from './ledger-store.js';
import { planRefund } from '../../booking/refund-plan.js';
import { createTestDatabase } from '../test-db.js';
import { migrate, readMigrations } from '../platform/migrations.js';

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
// The plan as the cancellation makes it ([money.refund-plan]): from the ledger inside the transaction.
const start = (bookingId: number, key: string, amountCents = 10_000) =>
  startBookingRefund(t.db, { bookingId, amountCents, source: 'owner', reason: 'asked', idempotencyKey: key }, (money) => planRefund(amountCents, money, () => ''), NOW);

describe('startBookingRefund / completeBookingCancellation', () => {
  it('records the refund first, resumes it with its key, and cancels once', () => {
    const b = paid();
    expect(start(b.id, 'k1')).toMatchObject({ resumed: false, idempotencyKey: 'k1', refund: { status: 'requested', amountCents: 10_000 } });
    expect(start(b.id, 'k2', 99)).toMatchObject({ resumed: true, idempotencyKey: 'k1', refund: { amountCents: 10_000 } });
    const started = start(b.id, 'k1');
    if (typeof started === 'string') throw new Error(started);
    const refundId = started.refund.id;
    expect(started.parts).toMatchObject([{ paymentIntentId: 'pi_1', amountCents: 10_000, keySuffix: '', status: 'planned' }]);
    // Each part's answer and its ledger entry are one write ([money.ledger]).
    settleBookingRefundPart(t.db, b.id, started.parts[0]!.id, { stripeRefundId: 're_1', status: 'succeeded', amountCents: 10_000, note: 'asked' }, NOW);
    expect(listLedgerEntries(t.db, b.id).filter((e) => e.kind === 'refund')).toMatchObject([{ amountCents: 10_000, stripeObjectId: 're_1', paymentIntentId: 'pi_1' }]);
    const cancelled = completeBookingCancellation(t.db, b.id, { by: 'owner', reason: 'asked', refund: { id: refundId, stripeRefundId: 're_1', status: 'succeeded' } }, NOW);
    expect(cancelled).toMatchObject({ status: 'cancelled', refundedCents: 10_000, paymentStatus: 'partially_refunded', cancelledBy: 'owner', cancelReason: 'asked' });
    expect(closedNights(t.db, '2026-12-10', '2026-12-12', NOW)).toEqual([]);
    expect(completeBookingCancellation(t.db, b.id, { by: 'owner', reason: '' }, NOW)).toBeUndefined();
    expect(start(b.id, 'k3')).toBe('cancelled');
    expect(start(999, 'k4')).toBe('not-found');
  });

  it('a refund Stripe refused all of is failed: the next attempt records a new one with a new key', () => {
    const b = paid();
    const first = start(b.id, 'k1');
    if (typeof first === 'string') throw new Error('started');
    const after = settleBookingRefundPart(t.db, b.id, first.parts[0]!.id, { error: 'Charge ch_1 has already been refunded.' }, NOW);
    expect(after).toMatchObject({ refund: { status: 'failed' }, parts: [{ status: 'failed', error: 'Charge ch_1 has already been refunded.' }] });
    expect(openBookingRefund(t.db, b.id)).toBeUndefined();
    expect(start(b.id, 'k2')).toMatchObject({ resumed: false, idempotencyKey: 'k2' });
  });

  it('[money.refund-incomplete] a refused part beside a moved one leaves the refund incomplete and shown on the booking, until revised', () => {
    const b = paid();
    // A second card payment (a balance, say) on its own PaymentIntent, paid later.
    recordBookingMoney(t.db, b.id, { kind: 'charge', amountCents: 20_000, at: '2026-11-22T00:00:00.000Z', source: 'stripe', stripeObjectId: 'pi_2', paymentIntentId: 'pi_2' }, NOW);
    const started = startBookingRefund(t.db, { bookingId: b.id, amountCents: 30_000, source: 'guest', reason: '', idempotencyKey: 'k1' }, (money) => planRefund(30_000, money, (pi) => (pi === 'pi_2' ? '-balance' : '')), NOW);
    if (typeof started === 'string') throw new Error(started);
    expect(started.parts.map((p) => [p.paymentIntentId, p.amountCents, p.keySuffix])).toEqual([
      ['pi_2', 20_000, '-balance'],
      ['pi_1', 10_000, ''],
    ]);
    settleBookingRefundPart(t.db, b.id, started.parts[0]!.id, { stripeRefundId: 're_b', status: 'succeeded', amountCents: 20_000, note: '' }, NOW);
    const incomplete = settleBookingRefundPart(t.db, b.id, started.parts[1]!.id, { error: 'Refund amount is greater than unrefunded amount' }, NOW);
    expect(incomplete.refund).toMatchObject({ status: 'incomplete', amountCents: 20_000 });
    expect(getBookingInquiry(t.db, b.id)).toMatchObject({
      status: 'confirmed',
      refundedCents: 20_000,
      unfinishedRefund: { status: 'incomplete', movedCents: 20_000, missingCents: 10_000, parts: [{ status: 'succeeded' }, { status: 'failed', error: 'Refund amount is greater than unrefunded amount' }] },
    });
    // A later start answers it, whatever it asks.
    expect(start(b.id, 'k9', 1)).toMatchObject({ resumed: true, idempotencyKey: 'k1' });
    // Revised: the failed part is dropped and the new plan added (a new key suffix).
    const revised = reviseBookingRefund(t.db, incomplete.refund.id, (money, parts) => {
      expect(parts).toHaveLength(2);
      return planRefund(5_000, money, () => '-retry1');
    }, NOW);
    expect(revised.parts.map((p) => [p.paymentIntentId, p.amountCents, p.status, p.keySuffix])).toEqual([
      ['pi_2', 20_000, 'succeeded', '-balance'],
      ['pi_1', 10_000, 'dropped', ''],
      ['pi_1', 5_000, 'planned', '-retry1'],
    ]);
    expect(revised.refund).toMatchObject({ status: 'requested', amountCents: 25_000 });
    expect(listRefundParts(t.db, revised.refund.id)).toHaveLength(3);
  });

  it('[money.offline-refund] the cancellation records the offline refund in the same write', () => {
    const b = createBookingInquiry(
      t.db,
      { firstName: 'Mo', lastName: 'Cash', email: '', phone: '', location: '', ipAddress: '', checkin: '2026-12-10', checkout: '2026-12-12', guests: 2, message: '', specialRequests: '', kind: 'manual', quote, amountPaidCents: 50_000, offlineMethod: 'cash' },
      NOW,
    );
    const cancelled = completeBookingCancellation(t.db, b.id, { by: 'owner', reason: 'Storm', offlineRefund: { amountCents: 20_000, method: 'check', note: 'Storm' } }, NOW);
    expect(cancelled).toMatchObject({ status: 'cancelled', refundedCents: 20_000 });
    expect(listLedgerEntries(t.db, b.id).filter((e) => e.kind === 'offline_refund')).toMatchObject([{ amountCents: 20_000, method: 'check', source: 'owner', note: 'Storm' }]);
    expect(ledgerSummary(t.db, b.id).offlineRefundableCents).toBe(30_000);
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
    expect(listBookingRefunds(t.db, b.id).map((r) => [r.source, r.stripeRefundId, r.status])).toEqual([
      ['owner', 're_ours', 'succeeded'],
      ['stripe', 're_dash', 'succeeded'],
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

describe('migration 0023 ([money.refund-plan])', () => {
  it('gives a refund started before it the split it was asked with: the balance first, then the deposit', () => {
    const db = new Database(':memory:');
    const all = readMigrations();
    migrate(db, all.filter((m) => m.version < 23));
    const schedule = JSON.stringify({ totalCents: 100_000, paymentSchedule: { depositBps: 3_000, depositCents: 30_000, balanceCents: 70_000, balanceDueDate: '2026-12-21' } });
    const booking = Number(
      db
        .prepare(
          `INSERT INTO booking_inquiries (first_name, last_name, email, checkin, checkout, guests, created_at, payment_status, stripe_payment_intent_id, quote_json, balance_paid_at, balance_intent_id)
           VALUES ('A', 'B', 'a@example.com', '2027-01-20', '2027-01-23', 2, '2026-11-21', 'paid', 'pi_dep', ?, '2026-12-21', 'pi_bal')`,
        )
        .run(schedule).lastInsertRowid,
    );
    const insert = db.prepare("INSERT INTO refunds (booking_id, amount_cents, status, source, idempotency_key, created_at, stripe_refund_id) VALUES (?, ?, ?, ?, ?, '2026-12-22', ?)");
    insert.run(booking, 60_000, 'succeeded', 'stripe', 'stripe-re_1', 're_1');
    const requested = Number(insert.run(booking, 40_000, 'requested', 'owner', 'k1', null).lastInsertRowid);
    migrate(db, all);
    expect(db.prepare('SELECT position, payment_intent_id AS pi, amount_cents AS cents, key_suffix AS suffix, status FROM refund_parts WHERE refund_id = ? ORDER BY position').all(requested)).toEqual([
      { position: 0, pi: 'pi_bal', cents: 10_000, suffix: '-balance', status: 'planned' },
      { position: 1, pi: 'pi_dep', cents: 30_000, suffix: '', status: 'planned' },
    ]);
    db.close();
  });
});
