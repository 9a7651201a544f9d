-- The money ledger ([money.ledger] in docs/product.md): every amount that moved on a booking, one
-- row each, never updated nor deleted. What was paid, refunded, disputed, what can still be
-- refunded per PaymentIntent and what is still due are computed from these rows; the booking no
-- longer keeps `amount_paid_cents` or `refunded_cents` of its own.
CREATE TABLE money_entries (
  id                INTEGER PRIMARY KEY,
  booking_id        INTEGER NOT NULL REFERENCES booking_inquiries (id),
  kind              TEXT NOT NULL CHECK (kind IN ('charge', 'refund', 'dispute_opened', 'dispute_won', 'dispute_lost',
                                                  'authorization', 'capture', 'release', 'offline_payment', 'offline_refund')),
  -- cents, never negative: the kind says which way the money went
  amount_cents      INTEGER NOT NULL CHECK (amount_cents >= 0),
  -- ISO 8601 UTC: when the money moved (Stripe's time when known), else when we learnt it
  at                TEXT NOT NULL,
  -- who told us: a Stripe webhook or API answer, the owner, or the reconciliation job
  source            TEXT NOT NULL CHECK (source IN ('stripe', 'owner', 'reconcile')),
  -- Stripe's object: the PaymentIntent of a charge, authorization, capture or release, `re_…` of
  -- a refund, `dp_…` of a dispute. Null for offline money.
  stripe_object_id  TEXT,
  payment_intent_id TEXT,
  -- how offline money moved: cash, check, bank_transfer or other; 'card' for Stripe's
  method            TEXT NOT NULL DEFAULT 'card' CHECK (method IN ('card', 'cash', 'check', 'bank_transfer', 'other')),
  note              TEXT NOT NULL DEFAULT '',
  -- ISO 8601 UTC: when the row was written
  recorded_at       TEXT NOT NULL
);
CREATE INDEX money_entries_booking ON money_entries (booking_id, id);
CREATE INDEX money_entries_intent ON money_entries (payment_intent_id);
-- A Stripe object is recorded once per kind, whatever the order or number of deliveries.
CREATE UNIQUE INDEX money_entries_stripe_object ON money_entries (kind, stripe_object_id) WHERE stripe_object_id IS NOT NULL;

CREATE TRIGGER money_entries_never_edited BEFORE UPDATE ON money_entries
BEGIN
  SELECT RAISE(ABORT, 'a money entry is never edited: record a new entry');
END;
CREATE TRIGGER money_entries_never_deleted BEFORE DELETE ON money_entries
BEGIN
  SELECT RAISE(ABORT, 'a money entry is never deleted: record a new entry');
END;

-- Findings the reconciliation could not explain ([money.reconcile]), shown to the owner until
-- a later run finds them explained.
CREATE TABLE reconcile_findings (
  id                INTEGER PRIMARY KEY,
  booking_id        INTEGER REFERENCES booking_inquiries (id),
  payment_intent_id TEXT,
  text              TEXT NOT NULL,
  found_at          TEXT NOT NULL,
  resolved_at       TEXT
);
CREATE INDEX reconcile_findings_open ON reconcile_findings (resolved_at);

-- The money the bookings held before the ledger, as entries.
-- 1. Card payments of the checkout: the first PaymentIntent's amount (a two-part stay: the
--    deposit, the balance below).
INSERT INTO money_entries (booking_id, kind, amount_cents, at, source, stripe_object_id, payment_intent_id, note, recorded_at)
SELECT id, 'charge',
       amount_paid_cents - CASE WHEN balance_paid_at IS NOT NULL THEN coalesce(json_extract(quote_json, '$.paymentSchedule.balanceCents'), 0) ELSE 0 END,
       created_at, 'stripe', stripe_payment_intent_id, stripe_payment_intent_id, 'Recorded before the ledger', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM booking_inquiries
WHERE kind = 'direct' AND stripe_payment_intent_id IS NOT NULL AND amount_paid_cents > 0
  AND amount_paid_cents - CASE WHEN balance_paid_at IS NOT NULL THEN coalesce(json_extract(quote_json, '$.paymentSchedule.balanceCents'), 0) ELSE 0 END > 0;
-- 2. Balances charged.
INSERT INTO money_entries (booking_id, kind, amount_cents, at, source, stripe_object_id, payment_intent_id, note, recorded_at)
SELECT id, 'charge', json_extract(quote_json, '$.paymentSchedule.balanceCents'), balance_paid_at, 'stripe', balance_intent_id, balance_intent_id,
       'Balance, recorded before the ledger', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM booking_inquiries
WHERE balance_paid_at IS NOT NULL AND balance_intent_id IS NOT NULL AND json_extract(quote_json, '$.paymentSchedule.balanceCents') > 0;
-- 3. Payment links paid: the link's PaymentIntent, for the amount its details recorded.
INSERT INTO money_entries (booking_id, kind, amount_cents, at, source, stripe_object_id, payment_intent_id, note, recorded_at)
SELECT id, 'charge', coalesce(json_extract(stripe_payment_details, '$.amount'), 0), payment_link_paid_at, 'stripe', payment_link_intent_id, payment_link_intent_id,
       'Payment link, recorded before the ledger', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM booking_inquiries
WHERE kind = 'manual' AND payment_link_paid_at IS NOT NULL AND payment_link_intent_id IS NOT NULL
  AND coalesce(json_extract(stripe_payment_details, '$.amount'), 0) > 0;
-- 4. What the owner recorded as paid on a phone booking, less its link payment: money paid
--    outside Stripe, method unknown.
INSERT INTO money_entries (booking_id, kind, amount_cents, at, source, method, note, recorded_at)
SELECT id, 'offline_payment',
       amount_paid_cents - CASE WHEN payment_link_paid_at IS NOT NULL THEN coalesce(json_extract(stripe_payment_details, '$.amount'), 0) ELSE 0 END,
       created_at, 'owner', 'other', 'Recorded as paid when the booking was made', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM booking_inquiries
WHERE kind = 'manual'
  AND amount_paid_cents - CASE WHEN payment_link_paid_at IS NOT NULL THEN coalesce(json_extract(stripe_payment_details, '$.amount'), 0) ELSE 0 END > 0;
-- 5. Refunds Stripe answered (a refund still `requested` moved nothing yet).
INSERT INTO money_entries (booking_id, kind, amount_cents, at, source, stripe_object_id, payment_intent_id, note, recorded_at)
SELECT r.booking_id, 'refund', r.amount_cents, r.created_at, 'stripe', r.stripe_refund_id,
       b.stripe_payment_intent_id, 'Recorded before the ledger', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM refunds r JOIN booking_inquiries b ON b.id = r.booking_id
WHERE r.stripe_refund_id IS NOT NULL AND r.status IN ('pending', 'requires_action', 'succeeded');
-- 6. Refunded amounts Stripe reported that no refund row explains.
INSERT INTO money_entries (booking_id, kind, amount_cents, at, source, payment_intent_id, note, recorded_at)
SELECT b.id, 'refund', b.refunded_cents - coalesce((SELECT sum(amount_cents) FROM money_entries m WHERE m.booking_id = b.id AND m.kind = 'refund'), 0),
       coalesce(b.cancelled_at, b.created_at), 'stripe', b.stripe_payment_intent_id, 'Refunded before the ledger', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM booking_inquiries b
WHERE b.refunded_cents > coalesce((SELECT sum(amount_cents) FROM money_entries m WHERE m.booking_id = b.id AND m.kind = 'refund'), 0);
-- 7. Damage deposits: each authorization, and what became of it.
INSERT INTO money_entries (booking_id, kind, amount_cents, at, source, stripe_object_id, payment_intent_id, note, recorded_at)
SELECT booking_id, 'authorization', amount_cents, coalesce(authorized_at, updated_at), 'stripe', payment_intent_id, payment_intent_id,
       'Damage deposit, recorded before the ledger', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM damage_deposits WHERE payment_intent_id IS NOT NULL AND state IN ('authorized', 'reauthorizing', 'released', 'claimed');
INSERT INTO money_entries (booking_id, kind, amount_cents, at, source, stripe_object_id, payment_intent_id, note, recorded_at)
SELECT booking_id, 'capture', claimed_cents, updated_at, 'stripe', payment_intent_id, payment_intent_id,
       'Damage deposit claimed, recorded before the ledger', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM damage_deposits WHERE payment_intent_id IS NOT NULL AND state = 'claimed' AND claimed_cents > 0;
INSERT INTO money_entries (booking_id, kind, amount_cents, at, source, stripe_object_id, payment_intent_id, note, recorded_at)
SELECT booking_id, 'release', amount_cents - coalesce(claimed_cents, 0), updated_at, 'stripe', payment_intent_id, payment_intent_id,
       'Damage deposit released, recorded before the ledger', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM damage_deposits WHERE payment_intent_id IS NOT NULL AND state IN ('released', 'claimed') AND amount_cents - coalesce(claimed_cents, 0) > 0;

-- The balances are the ledger's from now on.
ALTER TABLE booking_inquiries DROP COLUMN amount_paid_cents;
ALTER TABLE booking_inquiries DROP COLUMN refunded_cents;
