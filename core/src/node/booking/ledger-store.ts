import type { LedgerEntry, LedgerKind, LedgerSource, LedgerSummary, NewLedgerEntry, PaymentMethod } from '../../booking/ledger.js';
import { summarizeLedger } from '../../booking/ledger.js';
import type { Db } from '../platform/database.js';

/**
 * The money ledger over SQLite ([money.ledger]): the append-only `money_entries` of migration
 * 0020 (triggers refuse UPDATE and DELETE). Every function here is one statement or runs inside
 * the caller's transaction, so a payment feature records its entry in the same transaction as the
 * rest of its change.
 */

interface EntryRow {
  id: number;
  booking_id: number;
  kind: LedgerKind;
  amount_cents: number;
  at: string;
  source: LedgerSource;
  stripe_object_id: string | null;
  payment_intent_id: string | null;
  method: PaymentMethod;
  note: string;
}

const toEntry = (r: EntryRow): LedgerEntry => ({
  id: r.id,
  bookingId: r.booking_id,
  kind: r.kind,
  amountCents: r.amount_cents,
  at: r.at,
  source: r.source,
  stripeObjectId: r.stripe_object_id,
  paymentIntentId: r.payment_intent_id,
  method: r.method,
  note: r.note,
});

const statements = new WeakMap<Db, ReturnType<typeof prepare>>();
function prepare(db: Db) {
  return {
    insert: db.prepare(
      `INSERT INTO money_entries (booking_id, kind, amount_cents, at, source, stripe_object_id, payment_intent_id, method, note, recorded_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    ),
    byObject: db.prepare('SELECT * FROM money_entries WHERE kind = ? AND stripe_object_id = ?'),
    // Newest last, to the second, then in the order recorded: Stripe dates its objects in whole
    // seconds (`created`), our own entries to the millisecond, so a refund made in the same second
    // as its charge would otherwise sort before it.
    list: db.prepare('SELECT * FROM money_entries WHERE booking_id = ? ORDER BY substr(at, 1, 19), id'),
    sums: db.prepare('SELECT kind, amount_cents, payment_intent_id FROM money_entries WHERE booking_id = ? ORDER BY substr(at, 1, 19), id'),
  };
}
const sql = (db: Db) => {
  let s = statements.get(db);
  if (!s) {
    s = prepare(db);
    statements.set(db, s);
  }
  return s;
};

/**
 * Records one entry of a booking's ledger ([money.ledger]). A Stripe object (`stripeObjectId`) is
 * recorded once per kind: a second call for it (a webhook delivered twice, the page and the
 * webhook both telling, the reconciliation finding it) changes nothing and answers the entry
 * already there.
 * @param entry cents ≥ 0 (a whole number); `at` ISO 8601 UTC
 * @returns the entry and whether this call created it
 * @throws RangeError for an amount that is not a whole number ≥ 0
 */
export function recordLedgerEntry(db: Db, bookingId: number, entry: NewLedgerEntry, now: Date): { entry: LedgerEntry; created: boolean } {
  if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents < 0) throw new RangeError(`a ledger amount is whole cents ≥ 0, got ${entry.amountCents}`);
  const s = sql(db);
  const result = s.insert.run(
    bookingId,
    entry.kind,
    entry.amountCents,
    entry.at,
    entry.source,
    entry.stripeObjectId ?? null,
    entry.paymentIntentId ?? null,
    entry.method ?? (entry.stripeObjectId ? 'card' : 'other'),
    entry.note ?? '',
    now.toISOString(),
  );
  if (result.changes === 1) {
    return { entry: toEntry(db.prepare('SELECT * FROM money_entries WHERE id = ?').get(result.lastInsertRowid) as EntryRow), created: true };
  }
  const existing = s.byObject.get(entry.kind, entry.stripeObjectId ?? null) as EntryRow | undefined;
  if (!existing) throw new Error(`the ledger refused an entry of booking ${bookingId}`);
  return { entry: toEntry(existing), created: false };
}

/** A booking's entries, oldest first (by `at`, then as recorded). */
export function listLedgerEntries(db: Db, bookingId: number): LedgerEntry[] {
  return (sql(db).list.all(bookingId) as EntryRow[]).map(toEntry);
}

/** The sums of a booking's ledger ([money.ledger]); an unknown booking sums to 0. */
export function ledgerSummary(db: Db, bookingId: number): LedgerSummary {
  const rows = sql(db).sums.all(bookingId) as { kind: LedgerKind; amount_cents: number; payment_intent_id: string | null }[];
  return summarizeLedger(rows.map((r) => ({ kind: r.kind, amountCents: r.amount_cents, paymentIntentId: r.payment_intent_id })));
}

/** The entry of a Stripe object of that kind, if recorded. */
export function findLedgerEntry(db: Db, kind: LedgerKind, stripeObjectId: string): LedgerEntry | undefined {
  const row = sql(db).byObject.get(kind, stripeObjectId) as EntryRow | undefined;
  return row ? toEntry(row) : undefined;
}

/**
 * The booking a PaymentIntent belongs to, whichever feature made it ([money.ledger]): the
 * checkout's, a balance's (off-session, one Stripe is still processing, or on the guest's page), a payment link's, a damage
 * deposit's (current or replaced), or any PaymentIntent the ledger already names.
 */
export function bookingIdOfIntent(db: Db, paymentIntentId: string): number | undefined {
  const row = db
    .prepare(
      `SELECT id FROM booking_inquiries
         WHERE stripe_payment_intent_id = @pi OR balance_intent_id = @pi OR balance_page_intent_id = @pi OR payment_link_intent_id = @pi OR balance_processing_intent_id = @pi
       UNION ALL SELECT booking_id FROM damage_deposits WHERE payment_intent_id = @pi OR replaced_payment_intent_id = @pi
       UNION ALL SELECT booking_id FROM money_entries WHERE payment_intent_id = @pi
       LIMIT 1`,
    )
    .get({ pi: paymentIntentId }) as { id: number } | undefined;
  return row?.id;
}

/** Every PaymentIntent a booking is known to have (its columns, its damage deposit and its ledger), without repeats. */
export function bookingIntentIds(db: Db, bookingId: number): string[] {
  const rows = db
    .prepare(
      `SELECT stripe_payment_intent_id AS pi FROM booking_inquiries WHERE id = @pi
       UNION SELECT balance_intent_id FROM booking_inquiries WHERE id = @pi
       UNION SELECT balance_page_intent_id FROM booking_inquiries WHERE id = @pi
       UNION SELECT payment_link_intent_id FROM booking_inquiries WHERE id = @pi
       UNION SELECT balance_processing_intent_id FROM booking_inquiries WHERE id = @pi
       UNION SELECT payment_intent_id FROM damage_deposits WHERE booking_id = @pi
       UNION SELECT replaced_payment_intent_id FROM damage_deposits WHERE booking_id = @pi
       UNION SELECT payment_intent_id FROM money_entries WHERE booking_id = @pi`,
    )
    .all({ pi: bookingId }) as { pi: string | null }[];
  return rows.map((r) => r.pi).filter((pi): pi is string => typeof pi === 'string' && pi !== '');
}

/**
 * Card charges recorded after their booking was cancelled ([money.late-payment]) whose
 * PaymentIntent can still refund something (the ledger's `refundableCents`, cents): the cancel
 * never saw them, so they go back in full.
 */
export function listLatePaymentIntents(db: Db): { bookingId: number; paymentIntentId: string; refundableCents: number }[] {
  const rows = db
    .prepare(
      `SELECT DISTINCT m.booking_id AS bookingId, m.payment_intent_id AS pi FROM money_entries m JOIN booking_inquiries b ON b.id = m.booking_id
       WHERE m.kind = 'charge' AND m.payment_intent_id IS NOT NULL AND b.cancelled_at IS NOT NULL AND m.recorded_at > b.cancelled_at
       ORDER BY m.id`,
    )
    .all() as { bookingId: number; pi: string }[];
  return rows.flatMap((r) => {
    const intent = ledgerSummary(db, r.bookingId).intents.find((i) => i.paymentIntentId === r.pi);
    return intent && intent.refundableCents > 0 ? [{ bookingId: r.bookingId, paymentIntentId: r.pi, refundableCents: intent.refundableCents }] : [];
  });
}

/**
 * Second payments of a booking's balance ([money.duplicate-payment], table `duplicate_payments`)
 * whose PaymentIntent can still give money back: what the late-payment job refunds in full.
 */
export function listDuplicatePaymentIntents(db: Db): { bookingId: number; paymentIntentId: string; refundableCents: number }[] {
  const rows = db.prepare('SELECT booking_id AS bookingId, payment_intent_id AS pi FROM duplicate_payments ORDER BY found_at, payment_intent_id').all() as { bookingId: number; pi: string }[];
  return rows.flatMap((r) => {
    const intent = ledgerSummary(db, r.bookingId).intents.find((i) => i.paymentIntentId === r.pi);
    return intent && intent.refundableCents > 0 ? [{ bookingId: r.bookingId, paymentIntentId: r.pi, refundableCents: intent.refundableCents }] : [];
  });
}

