import { randomUUID } from 'node:crypto';
import type { BalanceStore } from '../../booking/balance.js';
import type { BookingInquiry } from '../../booking/bookings.js';
import type { Db } from '../platform/database.js';
import { getBookingInquiry } from './bookings-store.js';
import { recordBookingEvent } from './booking-events-store.js';
import { recordLedgerEntry } from './ledger-store.js';

/**
 * The balance's store ([payments.balance]) over SQLite: the columns of migration 0020 on
 * `booking_inquiries`, each change one guarded statement (so the job, the page and the webhook
 * never credit a balance twice).
 */

/** A two-part booking whose balance is still owed: paid deposit, not cancelled, balance unpaid. */
const OWED = `kind = 'direct' AND payment_status IN ('paid', 'partially_refunded') AND cancelled_at IS NULL AND balance_paid_at IS NULL
  AND json_extract(quote_json, '$.paymentSchedule.balanceCents') > 0`;


/** Bookings whose balance is unpaid at check-in `today` or earlier ([payments.balance]: shown on the Overview). */
export function listUnpaidBalancesAt(db: Db, today: string): BookingInquiry[] {
  const rows = db.prepare(`SELECT id FROM booking_inquiries WHERE ${OWED} AND checkin <= ? AND checkout > ? ORDER BY checkin, id`).all(today, today) as { id: number }[];
  return rows.map((r) => getBookingInquiry(db, r.id) as BookingInquiry);
}

export function createSqliteBalanceStore(db: Db): BalanceStore {
  return {
    getBooking: (id) => getBookingInquiry(db, id),
    listDueBalances(today, now) {
      const rows = db
        .prepare(
          `SELECT id FROM booking_inquiries WHERE ${OWED}
             AND json_extract(quote_json, '$.paymentSchedule.balanceDueDate') <= ?
             AND balance_page_intent_id IS NULL
             AND (balance_attempt_open = 1 OR (balance_attempts = 0 AND balance_next_attempt_at IS NULL) OR balance_next_attempt_at <= ?)
           ORDER BY id`,
        )
        .all(today, now.toISOString()) as { id: number }[];
      return rows.map((r) => getBookingInquiry(db, r.id) as BookingInquiry);
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
    recordBalancePaid(bookingId, paymentIntentId, now) {
      return db.transaction(() => {
        const balance = db
          .prepare(`SELECT json_extract(quote_json, '$.paymentSchedule.balanceCents') AS cents FROM booking_inquiries WHERE id = ? AND balance_paid_at IS NULL AND json_extract(quote_json, '$.paymentSchedule.balanceCents') > 0`)
          .get(bookingId) as { cents: number } | undefined;
        if (!balance) return false;
        db.prepare(
          `UPDATE booking_inquiries SET balance_paid_at = ?, balance_intent_id = ?, balance_attempt_open = 0,
             balance_next_attempt_at = NULL WHERE id = ?`,
        ).run(now.toISOString(), paymentIntentId, bookingId);
        recordLedgerEntry(
          db,
          bookingId,
          { kind: 'charge', amountCents: balance.cents, at: now.toISOString(), source: 'stripe', stripeObjectId: paymentIntentId, paymentIntentId, note: 'Balance' },
          now,
        );
        return true;
      }).immediate();
    },
    recordBalanceFailure(bookingId, error, nextAttemptAt) {
      db.prepare('UPDATE booking_inquiries SET balance_attempt_open = 0, balance_last_error = ?, balance_next_attempt_at = ? WHERE id = ?').run(error, nextAttemptAt?.toISOString() ?? null, bookingId);
    },
    postponeBalance(bookingId, nextAttemptAt) {
      db.prepare('UPDATE booking_inquiries SET balance_attempt_open = 0, balance_next_attempt_at = ? WHERE id = ?').run(nextAttemptAt.toISOString(), bookingId);
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
      db.prepare('UPDATE booking_inquiries SET balance_page_intent_id = ?, balance_next_attempt_at = NULL WHERE id = ?').run(paymentIntentId, bookingId);
    },
    findByBalanceIntent(paymentIntentId) {
      const row = db.prepare('SELECT id FROM booking_inquiries WHERE balance_intent_id = ? OR balance_page_intent_id = ?').get(paymentIntentId, paymentIntentId) as { id: number } | undefined;
      return row ? getBookingInquiry(db, row.id) : undefined;
    },
    recordEvent: (bookingId, kind, detail, now) => recordBookingEvent(db, bookingId, kind, detail, now),
  };
}
