-- Checkout holds that are hard to abuse, and Stripe idempotency keys unique across databases
-- ([checkout.hold-abuse], [checkout.idempotency] in docs/product.md).

-- Who placed a hold: one live hold per client IP and one per guest e-mail (a new checkout from
-- the same guest or address replaces the old one). Copied out of guest_json for the lookup.
ALTER TABLE holds ADD COLUMN client_ip TEXT NOT NULL DEFAULT '';
ALTER TABLE holds ADD COLUMN guest_email TEXT NOT NULL DEFAULT '';
UPDATE holds SET
  client_ip = coalesce(json_extract(guest_json, '$.ipAddress'), ''),
  guest_email = lower(trim(coalesce(json_extract(guest_json, '$.email'), '')));
CREATE INDEX holds_live_ip ON holds (client_ip) WHERE status = 'held';
CREATE INDEX holds_live_email ON holds (guest_email) WHERE status = 'held' AND guest_email <> '';

-- A random id per hold for the Idempotency-Key of its PaymentIntent. Row ids repeat in every
-- fresh database (a second install, a restored backup, staging beside production on one Stripe
-- account), and Stripe answers a reused key with other parameters with an idempotency_error.
ALTER TABLE holds ADD COLUMN idempotency_key TEXT;
UPDATE holds SET idempotency_key = lower(hex(randomblob(16)));
CREATE UNIQUE INDEX holds_idempotency_key ON holds (idempotency_key);

-- The same for the owner's test payment of a booking (POST /api/test-payment): set on first use.
ALTER TABLE booking_inquiries ADD COLUMN stripe_idempotency_key TEXT;
CREATE UNIQUE INDEX booking_inquiries_stripe_idempotency_key ON booking_inquiries (stripe_idempotency_key);
