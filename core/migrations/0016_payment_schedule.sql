-- Deposit now, balance later ([payments.schedule], [payments.balance], [payments.saved-card]).
-- The amounts and due date live in the booking's quote snapshot (`paymentSchedule`); these
-- columns are the saved card and the balance's progress.
-- The Stripe Customer (`cus_…`) and the card saved on it (`pm_…`) by the checkout's PaymentIntent.
ALTER TABLE booking_inquiries ADD COLUMN stripe_customer_id TEXT;
ALTER TABLE booking_inquiries ADD COLUMN stripe_payment_method_id TEXT;
-- The balance charge: a random key per attempt series (each attempt's Idempotency-Key is
-- `<key>-<attempt>`, never a row id), attempts made, when the next one is due (UTC ISO; null:
-- none scheduled), the last failure (Stripe's code and message), the PaymentIntent that paid it
-- and when it was credited (once).
ALTER TABLE booking_inquiries ADD COLUMN balance_idempotency_key TEXT;
ALTER TABLE booking_inquiries ADD COLUMN balance_attempts INTEGER NOT NULL DEFAULT 0;
-- 1 while an attempt was started and its outcome not yet stored: the next run resumes it with the
-- same Idempotency-Key (Stripe answers what it did), never a second charge.
ALTER TABLE booking_inquiries ADD COLUMN balance_attempt_open INTEGER NOT NULL DEFAULT 0;
ALTER TABLE booking_inquiries ADD COLUMN balance_next_attempt_at TEXT;
ALTER TABLE booking_inquiries ADD COLUMN balance_last_error TEXT;
ALTER TABLE booking_inquiries ADD COLUMN balance_intent_id TEXT;
ALTER TABLE booking_inquiries ADD COLUMN balance_paid_at TEXT;
-- The guest's own payment of the balance on their stay page (on-session, 3-D Secure possible).
ALTER TABLE booking_inquiries ADD COLUMN balance_page_idempotency_key TEXT;
ALTER TABLE booking_inquiries ADD COLUMN balance_page_intent_id TEXT;
CREATE UNIQUE INDEX booking_inquiries_balance_intent ON booking_inquiries (balance_intent_id);
CREATE UNIQUE INDEX booking_inquiries_balance_page_intent ON booking_inquiries (balance_page_intent_id);
