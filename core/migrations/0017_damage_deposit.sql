-- The refundable damage deposit ([deposit.hold], [deposit.release], [deposit.claim] in
-- docs/product.md): one hold per booking, a card authorization placed before check-in and
-- released after check-out unless the owner claims part of it. Each Stripe call that creates
-- something carries a random key stored here first (never a row id).
CREATE TABLE damage_deposits (
  booking_id                  INTEGER PRIMARY KEY REFERENCES booking_inquiries (id),
  state                       TEXT NOT NULL CHECK (state IN ('scheduled', 'authorized', 'reauthorizing', 'released', 'claimed', 'failed')),
  amount_cents                INTEGER NOT NULL CHECK (amount_cents > 0),
  -- The current authorization (`pi_…`) and its key; a renewal's key while it is asked for, and
  -- the authorization it replaced until that one is cancelled.
  payment_intent_id           TEXT UNIQUE,
  idempotency_key             TEXT NOT NULL UNIQUE,
  pending_key                 TEXT UNIQUE,
  replaced_payment_intent_id  TEXT,
  authorized_at               TEXT,
  lapses_at                   TEXT,
  release_on                  TEXT NOT NULL,
  -- A claim or a release whose Stripe call is under way.
  pending_action              TEXT CHECK (pending_action IS NULL OR pending_action IN ('claim', 'release')),
  claimed_cents               INTEGER CHECK (claimed_cents IS NULL OR claimed_cents >= 0),
  claim_reason                TEXT NOT NULL DEFAULT '',
  claim_key                   TEXT UNIQUE,
  failure_message             TEXT,
  created_at                  TEXT NOT NULL,
  updated_at                  TEXT NOT NULL
);
CREATE INDEX damage_deposits_state ON damage_deposits (state);
