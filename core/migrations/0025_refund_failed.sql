-- A refund Stripe later reports failed ([money.refund-failed] in docs/product.md): the money came
-- back to the owner's Stripe balance, so the ledger records a `refund_failed` entry (one per
-- Stripe refund, `re_…`) that reverses the refund's entry; paid, refunded and refundable are
-- right again without editing a row. SQLite cannot widen a CHECK in place: the table is rebuilt
-- with its rows, indexes and never-edited triggers as they were.
CREATE TABLE money_entries_new (
  id                INTEGER PRIMARY KEY,
  booking_id        INTEGER NOT NULL REFERENCES booking_inquiries (id),
  kind              TEXT NOT NULL CHECK (kind IN ('charge', 'refund', 'refund_failed', 'dispute_opened', 'dispute_won', 'dispute_lost',
                                                  'authorization', 'capture', 'release', 'offline_payment', 'offline_refund')),
  amount_cents      INTEGER NOT NULL CHECK (amount_cents >= 0),
  at                TEXT NOT NULL,
  source            TEXT NOT NULL CHECK (source IN ('stripe', 'owner', 'reconcile')),
  stripe_object_id  TEXT,
  payment_intent_id TEXT,
  method            TEXT NOT NULL DEFAULT 'card' CHECK (method IN ('card', 'cash', 'check', 'bank_transfer', 'other')),
  note              TEXT NOT NULL DEFAULT '',
  recorded_at       TEXT NOT NULL
);
INSERT INTO money_entries_new (id, booking_id, kind, amount_cents, at, source, stripe_object_id, payment_intent_id, method, note, recorded_at)
SELECT id, booking_id, kind, amount_cents, at, source, stripe_object_id, payment_intent_id, method, note, recorded_at FROM money_entries;
DROP TABLE money_entries;
ALTER TABLE money_entries_new RENAME TO money_entries;

CREATE INDEX money_entries_booking ON money_entries (booking_id, id);
CREATE INDEX money_entries_intent ON money_entries (payment_intent_id);
CREATE UNIQUE INDEX money_entries_stripe_object ON money_entries (kind, stripe_object_id) WHERE stripe_object_id IS NOT NULL;

CREATE TRIGGER money_entries_never_edited BEFORE UPDATE ON money_entries
BEGIN
  SELECT RAISE(ABORT, 'a money entry is never edited: record a new entry');
END;
CREATE TRIGGER money_entries_never_deleted BEFORE DELETE ON money_entries
BEGIN
  SELECT RAISE(ABORT, 'a money entry is never deleted: record a new entry');
END;
