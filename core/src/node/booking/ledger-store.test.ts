import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { priceStay } from '../../pricing/pricing.js';
import { createBookingInquiry, getBookingInquiry } from './bookings-store.js';
import { bookingIdOfIntent, bookingIntentIds, ledgerSummary, listLedgerEntries, recordLedgerEntry } from './ledger-store.js';
import { createTestDatabase } from '../test-db.js';
import { migrate, readMigrations } from '../platform/migrations.js';

let t: ReturnType<typeof createTestDatabase>;
beforeEach(() => {
  t = createTestDatabase();
});
afterEach(() => t.cleanup());

const NOW = new Date('2026-11-27T15:00:00Z');
const quote = priceStay('2026-12-10', '2026-12-12')!;
const guest = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '', location: '', ipAddress: '', checkin: '2026-12-10', checkout: '2026-12-12', guests: 2, message: '', specialRequests: '' };

describe('the ledger store [money.ledger]', () => {
  it('records a card payment at the checkout and a cash payment of a phone booking', () => {
    const card = createBookingInquiry(t.db, { ...guest, paymentStatus: 'paid', stripePaymentIntentId: 'pi_1', quote, amountPaidCents: quote.totalCents }, NOW);
    expect(listLedgerEntries(t.db, card.id)).toEqual([expect.objectContaining({ kind: 'charge', amountCents: quote.totalCents, source: 'stripe', stripeObjectId: 'pi_1', paymentIntentId: 'pi_1', method: 'card' })]);
    expect(card).toMatchObject({ amountPaidCents: quote.totalCents, refundedCents: 0, paymentStatus: 'paid' });
    const phone = createBookingInquiry(t.db, { ...guest, kind: 'manual', paymentStatus: 'partially_paid', quote, amountPaidCents: 50_000, offlineMethod: 'check' }, NOW);
    expect(listLedgerEntries(t.db, phone.id)).toEqual([expect.objectContaining({ kind: 'offline_payment', amountCents: 50_000, source: 'owner', method: 'check', stripeObjectId: null })]);
    expect(phone).toMatchObject({ amountPaidCents: 50_000, paymentStatus: 'partially_paid' });
  });

  it('records a Stripe object once per kind, whatever the number of deliveries', () => {
    const b = createBookingInquiry(t.db, { ...guest, paymentStatus: 'paid', stripePaymentIntentId: 'pi_1', quote, amountPaidCents: quote.totalCents }, NOW);
    const refund = { kind: 'refund' as const, amountCents: 10_000, at: NOW.toISOString(), source: 'stripe' as const, stripeObjectId: 're_1', paymentIntentId: 'pi_1' };
    expect(recordLedgerEntry(t.db, b.id, refund, NOW).created).toBe(true);
    expect(recordLedgerEntry(t.db, b.id, { ...refund, source: 'reconcile' }, NOW)).toMatchObject({ created: false, entry: { source: 'stripe' } });
    expect(ledgerSummary(t.db, b.id)).toMatchObject({ refundedCents: 10_000, refundableCents: quote.totalCents - 10_000 });
    expect(getBookingInquiry(t.db, b.id)).toMatchObject({ refundedCents: 10_000, paymentStatus: 'partially_refunded' });
    expect(() => recordLedgerEntry(t.db, b.id, { ...refund, stripeObjectId: 're_2', amountCents: -1 }, NOW)).toThrow(RangeError);
  });

  it('reads the status words from the ledger against the stay\'s current total ([money.status-words])', () => {
    const b = createBookingInquiry(t.db, { ...guest, paymentStatus: 'paid', stripePaymentIntentId: 'pi_1', quote, amountPaidCents: quote.totalCents }, NOW);
    // A change made the stay 10,000 cheaper and refunded that: paid in full for its new total.
    const shorter = { ...quote, totalCents: quote.totalCents - 10_000 };
    t.db.prepare('UPDATE booking_inquiries SET quote_json = ? WHERE id = ?').run(JSON.stringify(shorter), b.id);
    recordLedgerEntry(t.db, b.id, { kind: 'refund', amountCents: 10_000, at: NOW.toISOString(), source: 'stripe', stripeObjectId: 're_change', paymentIntentId: 'pi_1' }, NOW);
    expect(getBookingInquiry(t.db, b.id)).toMatchObject({ paymentStatus: 'paid', refundedCents: 10_000 });
    // A refund beyond that (a goodwill refund) is a partial refund of the stay.
    recordLedgerEntry(t.db, b.id, { kind: 'refund', amountCents: 2_500, at: NOW.toISOString(), source: 'stripe', stripeObjectId: 're_goodwill', paymentIntentId: 'pi_1' }, NOW);
    expect(getBookingInquiry(t.db, b.id)?.paymentStatus).toBe('partially_refunded');
    recordLedgerEntry(t.db, b.id, { kind: 'refund', amountCents: shorter.totalCents - 2_500, at: NOW.toISOString(), source: 'stripe', stripeObjectId: 're_rest', paymentIntentId: 'pi_1' }, NOW);
    expect(getBookingInquiry(t.db, b.id)?.paymentStatus).toBe('refunded');
  });

  it('lists a refund Stripe dated to the second of its charge after the charge, newest last', () => {
    // The charge is ours (milliseconds); Stripe's refund object carries `created` in whole seconds.
    const b = createBookingInquiry(t.db, { ...guest, paymentStatus: 'paid', stripePaymentIntentId: 'pi_1', quote, amountPaidCents: quote.totalCents }, new Date('2026-11-27T15:00:00.900Z'));
    recordLedgerEntry(t.db, b.id, { kind: 'refund', amountCents: 1_000, at: '2026-11-27T15:00:00.000Z', source: 'stripe', stripeObjectId: 're_1', paymentIntentId: 'pi_1' }, NOW);
    recordLedgerEntry(t.db, b.id, { kind: 'refund', amountCents: 2_000, at: '2026-11-27T14:59:59.000Z', source: 'reconcile', stripeObjectId: 're_0', paymentIntentId: 'pi_1' }, NOW);
    expect(listLedgerEntries(t.db, b.id).map((e) => e.stripeObjectId)).toEqual(['re_0', 'pi_1', 're_1']);
  });

  it('is append-only: the database refuses to edit or delete an entry', () => {
    const b = createBookingInquiry(t.db, { ...guest, paymentStatus: 'paid', stripePaymentIntentId: 'pi_1', quote, amountPaidCents: quote.totalCents }, NOW);
    expect(() => t.db.prepare('UPDATE money_entries SET amount_cents = 1 WHERE booking_id = ?').run(b.id)).toThrow(/never edited/);
    expect(() => t.db.prepare('DELETE FROM money_entries WHERE booking_id = ?').run(b.id)).toThrow(/never deleted/);
  });

  it('finds a booking by any of its PaymentIntents', () => {
    const b = createBookingInquiry(t.db, { ...guest, paymentStatus: 'paid', stripePaymentIntentId: 'pi_dep', quote, amountPaidCents: 30_000 }, NOW);
    t.db.prepare("UPDATE booking_inquiries SET balance_intent_id = 'pi_bal', balance_page_intent_id = 'pi_page' WHERE id = ?").run(b.id);
    expect(['pi_dep', 'pi_bal', 'pi_page'].map((pi) => bookingIdOfIntent(t.db, pi))).toEqual([b.id, b.id, b.id]);
    expect(bookingIdOfIntent(t.db, 'pi_other')).toBeUndefined();
    expect(bookingIntentIds(t.db, b.id).sort()).toEqual(['pi_bal', 'pi_dep', 'pi_page']);
  });
});

describe('migration 0020: the money of earlier bookings becomes entries', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('turns paid amounts, balances, link payments, cash, refunds and damage deposits into entries', () => {
    dir = mkdtempSync(join(tmpdir(), 'ridgeline-ledger-'));
    const db = new Database(join(dir, 'old.sqlite'));
    const all = readMigrations();
    migrate(db, all.filter((m) => m.version < 20));
    const insert = db.prepare(
      `INSERT INTO booking_inquiries (first_name, last_name, email, phone, location, ip_address, checkin, checkout, guests, message, special_requests,
         payment_status, stripe_payment_intent_id, stripe_payment_details, quote_json, created_at, kind, amount_paid_cents, refunded_cents,
         balance_paid_at, balance_intent_id, payment_link_paid_at, payment_link_intent_id)
       VALUES ('A', 'B', 'a@example.com', '', '', '', '2026-12-10', '2026-12-12', 2, '', '', ?, ?, ?, ?, '2026-11-01T00:00:00.000Z', ?, ?, ?, ?, ?, ?, ?)`,
    );
    const twoPart = JSON.stringify({ ...quote, paymentSchedule: { depositCents: 30_000, balanceCents: 70_000, balanceDueDate: '2026-11-26' } });
    const direct = Number(insert.run('paid', 'pi_dep', null, twoPart, 'direct', 100_000, 15_000, '2026-11-26T10:00:00.000Z', 'pi_bal', null, null).lastInsertRowid);
    const phone = Number(insert.run('paid', 'pi_link', JSON.stringify({ status: 'succeeded', amount: 61_562 }), JSON.stringify(quote), 'manual', quote.totalCents, 0, null, null, '2026-11-02T00:00:00.000Z', 'pi_link').lastInsertRowid);
    db.prepare("INSERT INTO refunds (booking_id, stripe_refund_id, amount_cents, status, source, idempotency_key, created_at) VALUES (?, 're_1', 10000, 'succeeded', 'owner', 'k1', '2026-11-20T00:00:00.000Z')").run(direct);
    db.prepare(
      `INSERT INTO damage_deposits (booking_id, state, amount_cents, payment_intent_id, idempotency_key, release_on, claimed_cents, authorized_at, created_at, updated_at)
       VALUES (?, 'claimed', 50000, 'pi_dd', 'dk', '2026-12-15', 12500, '2026-12-04T00:00:00.000Z', '2026-12-04T00:00:00.000Z', '2026-12-14T00:00:00.000Z')`,
    ).run(direct);
    migrate(db, all);
    const entries = (id: number) => db.prepare('SELECT kind, amount_cents AS cents, payment_intent_id AS pi, method FROM money_entries WHERE booking_id = ? ORDER BY id').all(id);
    expect(entries(direct)).toEqual([
      { kind: 'charge', cents: 30_000, pi: 'pi_dep', method: 'card' },
      { kind: 'charge', cents: 70_000, pi: 'pi_bal', method: 'card' },
      { kind: 'refund', cents: 10_000, pi: 'pi_dep', method: 'card' },
      // refunded_cents said 15,000: the 5,000 no refund row explains is kept too
      { kind: 'refund', cents: 5_000, pi: 'pi_dep', method: 'card' },
      { kind: 'authorization', cents: 50_000, pi: 'pi_dd', method: 'card' },
      { kind: 'capture', cents: 12_500, pi: 'pi_dd', method: 'card' },
      { kind: 'release', cents: 37_500, pi: 'pi_dd', method: 'card' },
    ]);
    expect(entries(phone)).toEqual([
      { kind: 'charge', cents: 61_562, pi: 'pi_link', method: 'card' },
      { kind: 'offline_payment', cents: quote.totalCents - 61_562, pi: null, method: 'other' },
    ]);
    const columns = (db.prepare('PRAGMA table_info(booking_inquiries)').all() as { name: string }[]).map((c) => c.name);
    expect(columns).not.toContain('amount_paid_cents');
    expect(columns).not.toContain('refunded_cents');
    db.close();
  });
});
