-- The automatic balance charge Stripe was still processing ([money.balance-processing] in
-- docs/product.md): its PaymentIntent is kept, so the next try reads it from Stripe (credited
-- when it succeeded, waited for while processing) instead of charging again with a new
-- Idempotency-Key when its webhook was lost. Cleared once Stripe says it failed or was cancelled.
ALTER TABLE booking_inquiries ADD COLUMN balance_processing_intent_id TEXT;

