-- The plan of each cancellation's card refund ([money.refund-plan], [money.refund-incomplete] in
-- docs/product.md): one row per Stripe refund it asks, decided from the money ledger when the
-- refund starts, so every retry replays the same PaymentIntents, amounts and Idempotency-Keys
-- (`ridgeline-refund-<refunds.idempotency_key><key_suffix>`).
CREATE TABLE refund_parts (
  id                INTEGER PRIMARY KEY,
  refund_id         INTEGER NOT NULL REFERENCES refunds (id),
  -- the order the parts are asked in, from 0
  position          INTEGER NOT NULL,
  payment_intent_id TEXT NOT NULL,
  amount_cents      INTEGER NOT NULL CHECK (amount_cents > 0),
  key_suffix        TEXT NOT NULL,
  -- planned (not answered yet), pending / requires_action / succeeded (Stripe's: money moved),
  -- failed (Stripe refused it, nothing moved), dropped (a failed part let go)
  status            TEXT NOT NULL DEFAULT 'planned'
                    CHECK (status IN ('planned', 'pending', 'requires_action', 'succeeded', 'failed', 'dropped')),
  stripe_refund_id  TEXT UNIQUE,
  -- Stripe's message of a failed part
  error             TEXT NOT NULL DEFAULT '',
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL,
  UNIQUE (refund_id, position),
  UNIQUE (refund_id, key_suffix)
);
CREATE INDEX refund_parts_intent ON refund_parts (payment_intent_id);

-- A refund started before this migration and not answered yet keeps the split it was asked with:
-- the balance's PaymentIntent first (key suffix -balance) up to what earlier refunds left of it,
-- then the checkout's (no suffix).
INSERT INTO refund_parts (refund_id, position, payment_intent_id, amount_cents, key_suffix, created_at, updated_at)
SELECT r.id, 0, b.balance_intent_id,
       min(r.amount_cents, max(0, json_extract(b.quote_json, '$.paymentSchedule.balanceCents')
         - coalesce((SELECT sum(e.amount_cents) FROM refunds e WHERE e.booking_id = r.booking_id AND e.id < r.id AND e.status IN ('pending', 'requires_action', 'succeeded')), 0))),
       '-balance', r.created_at, r.created_at
FROM refunds r JOIN booking_inquiries b ON b.id = r.booking_id
WHERE r.status = 'requested' AND r.source <> 'stripe' AND b.balance_paid_at IS NOT NULL AND b.balance_intent_id IS NOT NULL
  AND json_extract(b.quote_json, '$.paymentSchedule.balanceCents') IS NOT NULL
  AND min(r.amount_cents, max(0, json_extract(b.quote_json, '$.paymentSchedule.balanceCents')
         - coalesce((SELECT sum(e.amount_cents) FROM refunds e WHERE e.booking_id = r.booking_id AND e.id < r.id AND e.status IN ('pending', 'requires_action', 'succeeded')), 0))) > 0;
INSERT INTO refund_parts (refund_id, position, payment_intent_id, amount_cents, key_suffix, created_at, updated_at)
SELECT r.id, 1, b.stripe_payment_intent_id,
       r.amount_cents - coalesce((SELECT p.amount_cents FROM refund_parts p WHERE p.refund_id = r.id), 0),
       '', r.created_at, r.created_at
FROM refunds r JOIN booking_inquiries b ON b.id = r.booking_id
WHERE r.status = 'requested' AND r.source <> 'stripe' AND b.stripe_payment_intent_id IS NOT NULL
  AND r.amount_cents - coalesce((SELECT p.amount_cents FROM refund_parts p WHERE p.refund_id = r.id), 0) > 0;
