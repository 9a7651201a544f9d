import type { ReconcileFinding, ReconcileStore } from '../../../booking/payments/reconcile.js';
import type { Db } from '../../platform/database.js';
import { bookingIntentIds, findLedgerEntry, listLedgerEntries } from '../ledger-store.js';
import { recordBookingMoney } from '../bookings-store.js';

/**
 * The reconciliation's store over SQLite ([money.reconcile]): the ledger of migration 0020 and its
 * `reconcile_findings` (open while `resolved_at` is null; never deleted, so the owner's history of
 * findings stays).
 */

interface FindingRow {
  id: number;
  booking_id: number | null;
  payment_intent_id: string | null;
  text: string;
  found_at: string;
  resolved_at: string | null;
}

const toFinding = (r: FindingRow): ReconcileFinding => ({
  id: r.id,
  bookingId: r.booking_id,
  paymentIntentId: r.payment_intent_id,
  text: r.text,
  foundAt: r.found_at,
  resolvedAt: r.resolved_at,
});

/**
 * Bookings with Stripe activity at or after `since` ([money.reconcile]): a Stripe entry that
 * moved or was recorded then, a booking made then with a PaymentIntent, a damage deposit changed
 * then; and every booking with an open finding, so a later run can resolve it. Ids ascending.
 */
export function listBookingsToReconcile(db: Db, since: Date): number[] {
  const rows = db
    .prepare(
      `SELECT booking_id AS id FROM money_entries WHERE stripe_object_id IS NOT NULL AND (at >= @since OR recorded_at >= @since)
       UNION SELECT id FROM booking_inquiries WHERE created_at >= @since
         AND coalesce(stripe_payment_intent_id, balance_intent_id, balance_page_intent_id, payment_link_intent_id) IS NOT NULL
       UNION SELECT booking_id FROM damage_deposits WHERE updated_at >= @since AND payment_intent_id IS NOT NULL
       UNION SELECT booking_id FROM reconcile_findings WHERE resolved_at IS NULL AND booking_id IS NOT NULL
       ORDER BY id`,
    )
    .all({ since: since.toISOString() }) as { id: number }[];
  return rows.map((r) => r.id);
}

/** The open findings ([money.reconcile]), of one booking or of all, oldest first. */
export function listOpenReconcileFindings(db: Db, bookingId?: number): ReconcileFinding[] {
  const rows = (
    bookingId === undefined
      ? db.prepare('SELECT * FROM reconcile_findings WHERE resolved_at IS NULL ORDER BY id').all()
      : db.prepare('SELECT * FROM reconcile_findings WHERE resolved_at IS NULL AND booking_id = ? ORDER BY id').all(bookingId)
  ) as FindingRow[];
  return rows.map(toFinding);
}

/** The `ReconcileStore` port over SQLite. */
export function createSqliteReconcileStore(db: Db): ReconcileStore {
  return {
    listBookingsToReconcile: (since) => listBookingsToReconcile(db, since),
    intentIdsOf: (bookingId) => bookingIntentIds(db, bookingId),
    holdIdOf: (bookingId) => {
      const row = db
        .prepare('SELECT h.id FROM holds h JOIN booking_inquiries b ON b.stripe_payment_intent_id = h.payment_intent_id WHERE b.id = ?')
        .get(bookingId) as { id: number } | undefined;
      return row?.id ?? null;
    },
    bookingIdOfHold: (holdId) => {
      const row = db.prepare('SELECT b.id FROM holds h JOIN booking_inquiries b ON b.stripe_payment_intent_id = h.payment_intent_id WHERE h.id = ?').get(holdId) as
        | { id: number }
        | undefined;
      return row?.id;
    },
    entriesOf: (bookingId) => listLedgerEntries(db, bookingId),
    findEntry: (kind, stripeObjectId) => findLedgerEntry(db, kind, stripeObjectId),
    recordMoney: (bookingId, entry, now) => ({ created: recordBookingMoney(db, bookingId, entry, now).created }),
    openFindings: (bookingId) => listOpenReconcileFindings(db, bookingId),
    addFinding: (bookingId, paymentIntentId, text, now) => {
      const id = db
        .prepare('INSERT INTO reconcile_findings (booking_id, payment_intent_id, text, found_at) VALUES (?, ?, ?, ?)')
        .run(bookingId, paymentIntentId, text, now.toISOString()).lastInsertRowid;
      return toFinding(db.prepare('SELECT * FROM reconcile_findings WHERE id = ?').get(id) as FindingRow);
    },
    resolveFinding: (id, now) => void db.prepare('UPDATE reconcile_findings SET resolved_at = ? WHERE id = ? AND resolved_at IS NULL').run(now.toISOString(), id),
  };
}
