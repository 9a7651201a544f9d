-- Direct booking: holds on nights while a guest pays, and processed Stripe webhook events.

-- A hold keeps a stay's nights for one guest while they pay (15 minutes by default). Placed in
-- one transaction with the availability check, so two guests can never hold the same night.
CREATE TABLE holds (
  id                INTEGER PRIMARY KEY,
  checkin           TEXT    NOT NULL,
  checkout          TEXT    NOT NULL,
  guests            INTEGER NOT NULL CHECK (guests BETWEEN 1 AND 12),
  guest_json        TEXT    NOT NULL,
  quote_json        TEXT    NOT NULL,
  total_cents       INTEGER NOT NULL,
  payment_intent_id TEXT UNIQUE,
  status            TEXT    NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'released', 'converted')),
  created_at        TEXT    NOT NULL,
  expires_at        TEXT    NOT NULL
);
CREATE INDEX holds_live ON holds (status, expires_at);

-- Stripe events already handled (idempotency by event id).
CREATE TABLE stripe_events (
  event_id    TEXT PRIMARY KEY,
  type        TEXT NOT NULL,
  received_at TEXT NOT NULL
);

-- Whether the guest's confirmation e-mail went out (sent once).
ALTER TABLE booking_inquiries ADD COLUMN confirmation_sent_at TEXT;
