import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { priceStay } from '../../../pricing/pricing.js';
import { createBookingInquiry, getBookingInquiry } from '../bookings-store.js';
import { createSqliteBalanceStore } from './balance-store.js';
import { listLedgerEntries } from '../ledger-store.js';
import { createTestDatabase } from '../../test-db.js';
import { openDatabase } from '../../platform/database.js';

let t: ReturnType<typeof createTestDatabase>;
beforeEach(() => {
  t = createTestDatabase();
});
afterEach(() => t.cleanup());

const NOW = new Date('2026-12-21T15:00:00Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);
const MINUTE = 60_000;
const priced = priceStay('2027-01-20', '2027-01-23')!;
const deposit = Math.floor(priced.totalCents * 0.3);
const quote = { ...priced, paymentSchedule: { depositBps: 3_000, depositCents: deposit, balanceCents: priced.totalCents - deposit, balanceDueDate: '2026-12-21' } };
const guest = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '', location: '', ipAddress: '', checkin: '2027-01-20', checkout: '2027-01-23', guests: 2, message: '', specialRequests: '' };
const book = (depositIntent = 'pi_deposit') => createBookingInquiry(t.db, { ...guest, paymentStatus: 'paid', stripePaymentIntentId: depositIntent, quote, amountPaidCents: deposit }, NOW).id;

describe('the balance lease ([money.balance-attempt])', () => {
  it('is one holder at a time, kept in the database: another connection to the file (a restart) sees it until it expires', () => {
    const id = book();
    const store = createSqliteBalanceStore(t.db);
    const held = store.claimBalanceLease(id, 'automatic', NOW, later(5 * MINUTE));
    expect(held).toMatchObject({ status: 'held', token: expect.any(String) });
    const { db: other } = openDatabase(t.dataDir);
    try {
      const restarted = createSqliteBalanceStore(other);
      expect(restarted.claimBalanceLease(id, 'page', later(MINUTE), later(16 * MINUTE))).toEqual({ status: 'busy', heldBy: 'automatic' });
      expect(restarted.claimBalanceLease(id, 'cancel', later(MINUTE), later(16 * MINUTE))).toEqual({ status: 'busy', heldBy: 'automatic' });
      expect(restarted.claimBalanceLease(id, 'automatic', later(MINUTE), later(6 * MINUTE))).toEqual({ status: 'busy', heldBy: 'automatic' });
      // Its holder is presumed gone once it expires; the old holder's release no longer frees the new one's.
      const taken = restarted.claimBalanceLease(id, 'cancel', later(5 * MINUTE), later(20 * MINUTE));
      expect(taken.status).toBe('held');
      if (held.status === 'held') store.releaseBalanceLease(id, held.token);
      expect(store.claimBalanceLease(id, 'automatic', later(6 * MINUTE), later(11 * MINUTE))).toEqual({ status: 'busy', heldBy: 'cancel' });
      if (taken.status === 'held') restarted.releaseBalanceLease(id, taken.token);
      expect(store.claimBalanceLease(id, 'automatic', later(6 * MINUTE), later(11 * MINUTE)).status).toBe('held');
    } finally {
      other.close();
    }
  });

  it("the page's lease is renewed by the page and taken over by a cancel, never by the automatic charge", () => {
    const id = book();
    const store = createSqliteBalanceStore(t.db);
    expect(store.claimBalanceLease(id, 'page', NOW, later(15 * MINUTE)).status).toBe('held');
    expect(store.claimBalanceLease(id, 'page', later(MINUTE), later(16 * MINUTE)).status).toBe('held');
    expect(store.claimBalanceLease(id, 'automatic', later(15 * MINUTE), later(20 * MINUTE))).toEqual({ status: 'busy', heldBy: 'page' });
    expect(store.claimBalanceLease(id, 'cancel', later(2 * MINUTE), later(17 * MINUTE)).status).toBe('held');
    expect(store.claimBalanceLease(id, 'page', later(3 * MINUTE), later(18 * MINUTE))).toEqual({ status: 'busy', heldBy: 'cancel' });
  });

  it('refuses the page while an automatic attempt is open (its outcome unknown), and every holder once nothing is owed', () => {
    const id = book();
    const store = createSqliteBalanceStore(t.db);
    expect(store.claimBalanceAttempt(id, NOW)).toMatchObject({ attempt: 1 });
    expect(store.claimBalanceLease(id, 'page', NOW, later(15 * MINUTE))).toEqual({ status: 'busy', heldBy: 'automatic' });
    expect(store.recordBalancePaid(id, 'pi_balance', NOW)).toBe('credited');
    for (const kind of ['automatic', 'page', 'cancel'] as const) expect(store.claimBalanceLease(id, kind, NOW, later(MINUTE))).toEqual({ status: 'not-owed' });
  });
});

describe('recording a balance payment ([payments.balance], [money.late-payment])', () => {
  it('credits once, records a second PaymentIntent as a duplicate, and never credits a cancelled booking', () => {
    const id = book();
    const store = createSqliteBalanceStore(t.db);
    expect(store.recordBalancePaid(id, 'pi_balance', NOW)).toBe('credited');
    expect(store.recordBalancePaid(id, 'pi_balance', NOW)).toBe('already');
    expect(store.recordBalancePaid(id, 'pi_again', NOW)).toBe('duplicate');
    expect(listLedgerEntries(t.db, id).filter((e) => e.kind === 'charge').map((e) => e.paymentIntentId)).toEqual(['pi_deposit', 'pi_balance', 'pi_again']);

    // While a cancel holds the lease, a payment is not written at all: after it, it is the
    // balance (the cancel failed) or a late payment (it succeeded).
    const cancelling = book('pi_deposit_3');
    const turn = store.claimBalanceLease(cancelling, 'cancel', NOW, later(15 * MINUTE));
    expect(store.recordBalancePaid(cancelling, 'pi_during', NOW)).toBe('held');
    expect(listLedgerEntries(t.db, cancelling).map((e) => e.paymentIntentId)).toEqual(['pi_deposit_3']);
    if (turn.status === 'held') expect(store.recordBalancePaid(cancelling, 'pi_page', NOW, turn.token)).toBe('credited');

    const cancelled = book('pi_deposit_2');
    t.db.prepare('UPDATE booking_inquiries SET cancelled_at = ? WHERE id = ?').run(NOW.toISOString(), cancelled);
    // The same millisecond as the cancel: still recorded after it, so the late-payment job sees it.
    expect(store.recordBalancePaid(cancelled, 'pi_late', NOW)).toBe('late');
    expect(store.recordBalancePaid(cancelled, 'pi_late', NOW)).toBe('already');
    expect(getBookingInquiry(t.db, cancelled)!.balance).toMatchObject({ status: 'cancelled', paidAt: null });
    const recordedAt = (t.db.prepare("SELECT recorded_at AS r FROM money_entries WHERE payment_intent_id = 'pi_late'").get() as { r: string }).r;
    expect(recordedAt > NOW.toISOString()).toBe(true);
  });
});
