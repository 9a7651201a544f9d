-- The automatic balance charge Stripe was still processing ([money.balance-processing] in
-- docs/product.md): its PaymentIntent is kept, so the next try reads it from Stripe (credited
-- when it succeeded, waited for while processing) instead of charging again with a new
-- Idempotency-Key when its webhook was lost. Cleared once Stripe says it failed or was cancelled.
ALTER TABLE booking_inquiries ADD COLUMN balance_processing_intent_id TEXT;

-- A balance paid a second time ([money.duplicate-payment]): the second PaymentIntent, written in
-- the same transaction as its `charge` ledger entry. The late-payment job refunds it in full
-- (Idempotency-Key `ridgeline-duplicate-refund-<PaymentIntent>`) and the owner is told.
CREATE TABLE duplicate_payments (
  payment_intent_id TEXT PRIMARY KEY,
  booking_id INTEGER NOT NULL REFERENCES booking_inquiries (id),
  found_at TEXT NOT NULL
);
