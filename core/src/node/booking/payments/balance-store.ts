import { randomUUID } from 'node:crypto';
import type { BalanceCredit, BalanceLeaseClaim, BalanceLeaseKind, BalanceStore } from '../../../booking/payments/balance.js';
import type { Booking } from '../../../booking/bookings.js';
import type { Db } from '../../platform/database.js';
import { getBookingInquiry } from '../bookings-store.js';
import { recordBookingEvent } from '../booking-events-store.js';
import { recordLedgerEntry } from '../ledger-store.js';

/**
 * The balance's store ([payments.balance]) over SQLite: the columns of migrations 0016 and 0022 on
 * `booking_inquiries`, each change one guarded statement or transaction (so the job, the page and
 * the webhook never credit a balance twice), and the booking's balance lease
 * ([money.balance-attempt]): one attempt at a time, held in the database.
 */

/** A two-part booking whose balance is still owed: paid deposit, not cancelled, balance unpaid. */
const OWED = `kind = 'direct' AND payment_status IN ('paid', 'partially_refunded') AND cancelled_at IS NULL AND balance_paid_at IS NULL
  AND json_extract(quote_json, '$.paymentSchedule.balanceCents') > 0`;


/** Bookings whose balance is unpaid at check-in `today` or earlier ([payments.balance]: shown on the Overview). */
export function listUnpaidBalancesAt(db: Db, today: string): Booking[] {
  const rows = db.prepare(`SELECT id FROM booking_inquiries WHERE ${OWED} AND checkin <= ? AND checkout > ? ORDER BY checkin, id`).all(today, today) as { id: number }[];
  return rows.map((r) => getBookingInquiry(db, r.id) as Booking);
}

export function createSqliteBalanceStore(db: Db): BalanceStore {
  return {
    getBooking: (id) => getBookingInquiry(db, id),
    listDueBalances(today, now) {
      const rows = db
        .prepare(
          `SELECT id FROM booking_inquiries WHERE ${OWED}
             AND json_extract(quote_json, '$.paymentSchedule.balanceDueDate') <= ?
             AND (balance_attempt_open = 1 OR (balance_attempts = 0 AND balance_next_attempt_at IS NULL) OR balance_next_attempt_at <= ?)
           ORDER BY id`,
        )
        .all(today, now.toISOString()) as { id: number }[];
      return rows.map((r) => getBookingInquiry(db, r.id) as Booking);
    },
    claimBalanceAttempt(bookingId) {
      return db.transaction(() => {
        const row = db
          .prepare(`SELECT balance_attempts AS attempts, balance_attempt_open AS open, balance_idempotency_key AS key FROM booking_inquiries WHERE id = ? AND ${OWED}`)
          .get(bookingId) as { attempts: number; open: number; key: string | null } | undefined;
        if (!row) return undefined;
        const key = row.key ?? randomUUID();
        if (row.open === 1) return { attempt: row.attempts, key };
        db.prepare('UPDATE booking_inquiries SET balance_attempts = balance_attempts + 1, balance_attempt_open = 1, balance_idempotency_key = ? WHERE id = ?').run(key, bookingId);
        return { attempt: row.attempts + 1, key };
      }).immediate();
    },
    recordBalancePaid(bookingId, paymentIntentId, now, holder) {
      return db.transaction((): BalanceCredit => {
        const row = db
          .prepare(
            `SELECT json_extract(quote_json, '$.paymentSchedule.balanceCents') AS cents, balance_paid_at AS paidAt, balance_intent_id AS paidBy, cancelled_at AS cancelledAt,
               balance_lease_kind AS leaseKind, balance_lease_until AS leaseUntil, balance_lease_owner AS leaseOwner
             FROM booking_inquiries WHERE id = ? AND json_extract(quote_json, '$.paymentSchedule.balanceCents') > 0`,
          )
          .get(bookingId) as
          | { cents: number; paidAt: string | null; paidBy: string | null; cancelledAt: string | null; leaseKind: BalanceLeaseKind | null; leaseUntil: string | null; leaseOwner: string | null }
          | undefined;
        if (!row) return 'none';
        if (row.paidAt !== null && row.paidBy === paymentIntentId) return 'already';
        // A cancel is planning its refund from the ledger right now ([money.balance-attempt]):
        // nothing is written until it is done — then this payment is either the balance (the
        // cancel failed) or a late payment (it succeeded).
        if (row.paidAt === null && row.cancelledAt === null && row.leaseKind === 'cancel' && row.leaseUntil !== null && row.leaseUntil > now.toISOString() && row.leaseOwner !== holder) return 'held';
        const entry = { kind: 'charge' as const, amountCents: row.cents, at: now.toISOString(), source: 'stripe' as const, stripeObjectId: paymentIntentId, paymentIntentId };
        if (row.paidAt !== null) {
          // A second balance payment: the money moved, so the ledger has it ([money.ledger]), and
          // it is marked to be refunded in full ([money.duplicate-payment]).
          if (!recordLedgerEntry(db, bookingId, { ...entry, note: 'Balance paid a second time: refunded in full' }, now).created) return 'already';
          db.prepare('INSERT OR IGNORE INTO duplicate_payments (payment_intent_id, booking_id, found_at) VALUES (?, ?, ?)').run(paymentIntentId, bookingId, now.toISOString());
          return 'duplicate';
        }
        if (row.cancelledAt !== null) {
          // Charged after the cancel ([money.late-payment]): recorded, never credited. Written
          // after the cancel even when the clock reads the same millisecond, so the late-payment
          // job finds it.
          const after = new Date(Math.max(now.getTime(), Date.parse(row.cancelledAt) + 1));
          return recordLedgerEntry(db, bookingId, { ...entry, note: 'Balance charged after the cancellation' }, after).created ? 'late' : 'already';
        }
        db.prepare(
          `UPDATE booking_inquiries SET balance_paid_at = ?, balance_intent_id = ?, balance_attempt_open = 0, balance_next_attempt_at = NULL,
             balance_lease_owner = NULL, balance_lease_kind = NULL, balance_lease_until = NULL WHERE id = ?`,
        ).run(now.toISOString(), paymentIntentId, bookingId);
        recordLedgerEntry(db, bookingId, { ...entry, note: 'Balance' }, now);
        return 'credited';
      }).immediate();
    },
    recordBalanceFailure(bookingId, error, nextAttemptAt) {
      db.prepare('UPDATE booking_inquiries SET balance_attempt_open = 0, balance_last_error = ?, balance_next_attempt_at = ? WHERE id = ?').run(error, nextAttemptAt?.toISOString() ?? null, bookingId);
    },
    postponeBalance(bookingId, nextAttemptAt, paymentIntentId) {
      db.prepare('UPDATE booking_inquiries SET balance_attempt_open = 0, balance_next_attempt_at = ?, balance_processing_intent_id = ? WHERE id = ?').run(nextAttemptAt.toISOString(), paymentIntentId, bookingId);
    },
    processingBalanceIntent(bookingId) {
      const row = db.prepare('SELECT balance_processing_intent_id AS pi FROM booking_inquiries WHERE id = ?').get(bookingId) as { pi: string | null } | undefined;
      return row?.pi ?? null;
    },
    clearProcessingBalanceIntent(bookingId) {
      db.prepare('UPDATE booking_inquiries SET balance_processing_intent_id = NULL WHERE id = ?').run(bookingId);
    },
    balancePageIntent(bookingId) {
      return db.transaction(() => {
        const row = db.prepare('SELECT balance_page_idempotency_key AS key, balance_page_intent_id AS pi FROM booking_inquiries WHERE id = ?').get(bookingId) as { key: string | null; pi: string | null };
        if (row.key) return { key: row.key, paymentIntentId: row.pi };
        const key = randomUUID();
        db.prepare('UPDATE booking_inquiries SET balance_page_idempotency_key = ? WHERE id = ?').run(key, bookingId);
        return { key, paymentIntentId: null };
      }).immediate();
    },
    attachBalancePageIntent(bookingId, paymentIntentId) {
      // The automatic schedule stays as it was ([money.balance-attempt]): a page payment only
      // holds it back while it is processing or paid, which the charge reads from Stripe.
      db.prepare('UPDATE booking_inquiries SET balance_page_intent_id = ? WHERE id = ?').run(paymentIntentId, bookingId);
    },
    claimBalanceLease(bookingId, kind, now, until) {
      return db.transaction((): BalanceLeaseClaim => {
        const row = db
          .prepare(`SELECT balance_lease_kind AS kind, balance_lease_until AS until, balance_attempt_open AS open, balance_processing_intent_id AS processing FROM booking_inquiries WHERE id = ? AND ${OWED}`)
          .get(bookingId) as { kind: BalanceLeaseKind | null; until: string | null; open: number; processing: string | null } | undefined;
        if (!row) return { status: 'not-owed' };
        const held = row.kind !== null && row.until !== null && row.until > now.toISOString();
        // The page's hold is the guest looking at the form: another page request renews it, and a
        // cancel takes it over (it cancels the page's PaymentIntent at Stripe first).
        if (held && !(row.kind === 'page' && kind !== 'automatic')) return { status: 'busy', heldBy: row.kind as BalanceLeaseKind };
        // An automatic attempt whose outcome is unknown (Stripe may have charged), or one Stripe is
        // still processing ([money.balance-processing]), is settled by the job before the guest may
        // pay another way.
        if (kind === 'page' && (row.open === 1 || row.processing !== null)) return { status: 'busy', heldBy: 'automatic' };
        const token = randomUUID();
        db.prepare('UPDATE booking_inquiries SET balance_lease_owner = ?, balance_lease_kind = ?, balance_lease_until = ? WHERE id = ?').run(token, kind, until.toISOString(), bookingId);
        return { status: 'held', token };
      }).immediate();
    },
    releaseBalanceLease(bookingId, token) {
      db.prepare('UPDATE booking_inquiries SET balance_lease_owner = NULL, balance_lease_kind = NULL, balance_lease_until = NULL WHERE id = ? AND balance_lease_owner = ?').run(bookingId, token);
    },
    listOverdueBalances(today) {
      const rows = db
        .prepare(`SELECT id FROM booking_inquiries WHERE ${OWED} AND json_extract(quote_json, '$.paymentSchedule.balanceDueDate') < ? ORDER BY id`)
        .all(today) as { id: number }[];
      return rows.map((r) => getBookingInquiry(db, r.id) as Booking);
    },
    findByBalanceIntent(paymentIntentId) {
      const row = db
        .prepare('SELECT id FROM booking_inquiries WHERE balance_intent_id = ? OR balance_page_intent_id = ? OR balance_processing_intent_id = ?')
        .get(paymentIntentId, paymentIntentId, paymentIntentId) as { id: number } | undefined;
      return row ? getBookingInquiry(db, row.id) : undefined;
    },
    recordEvent: (bookingId, kind, detail, now) => recordBookingEvent(db, bookingId, kind, detail, now),
  };
}
