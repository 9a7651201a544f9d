-- A manual booking's payment link ([bookings.payment-link]): the random Idempotency-Key of the
-- link's PaymentIntent (made with the first PaymentIntent, never a row id), that PaymentIntent,
-- and when its payment was credited to the booking (once, whether the page or the webhook
-- told us first).
ALTER TABLE booking_inquiries ADD COLUMN payment_link_idempotency_key TEXT;
ALTER TABLE booking_inquiries ADD COLUMN payment_link_intent_id TEXT;
ALTER TABLE booking_inquiries ADD COLUMN payment_link_paid_at TEXT;
CREATE UNIQUE INDEX booking_inquiries_payment_link_intent ON booking_inquiries (payment_link_intent_id);
