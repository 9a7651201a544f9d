-- The life of a booking ([booking.cancel], [bookings.kinds], [guest.page], [booking.timeline] and [owner.notices] in docs/product.md): cancellations and refunds, bookings made by the owner, the
-- guest's own page and review link, disputes, the booking's timeline and the owner's notices.

-- Who made the booking: `direct` (a guest's checkout), `manual` (the owner, for a guest who
-- booked by phone or e-mail) or `owner` (the owner's own or family stay, no guest payment).
ALTER TABLE booking_inquiries ADD COLUMN kind TEXT NOT NULL DEFAULT 'direct' CHECK (kind IN ('direct', 'manual', 'owner'));
-- What the guest paid, in cents (both payments of a deposit later): set when a payment succeeds,
-- given by the owner for a manual booking. Refunds never lower it; `refunded_cents` counts them.
ALTER TABLE booking_inquiries ADD COLUMN amount_paid_cents INTEGER NOT NULL DEFAULT 0 CHECK (amount_paid_cents >= 0);
UPDATE booking_inquiries SET amount_paid_cents = coalesce(total_cents, 0) WHERE payment_status = 'paid';
ALTER TABLE booking_inquiries ADD COLUMN refunded_cents INTEGER NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0);
-- A cancelled booking keeps its row; its nights are open again ([booking.cancel]).
ALTER TABLE booking_inquiries ADD COLUMN cancelled_at TEXT;
ALTER TABLE booking_inquiries ADD COLUMN cancelled_by TEXT CHECK (cancelled_by IS NULL OR cancelled_by IN ('owner', 'guest'));
ALTER TABLE booking_inquiries ADD COLUMN cancel_reason TEXT NOT NULL DEFAULT '';
-- The cancellation policy in force when the booking was paid, frozen as JSON ([cancel.policy]).
ALTER TABLE booking_inquiries ADD COLUMN cancellation_policy_json TEXT;
-- The owner's notes on a booking (manual and owner bookings).
ALTER TABLE booking_inquiries ADD COLUMN notes TEXT NOT NULL DEFAULT '';
-- The guest's page /stay/{token}: a random, unguessable token per booking.
ALTER TABLE booking_inquiries ADD COLUMN guest_token TEXT;
UPDATE booking_inquiries SET guest_token = lower(hex(randomblob(24)));
CREATE UNIQUE INDEX booking_inquiries_guest_token ON booking_inquiries (guest_token);
-- A manual booking's payment link (/checkout?link=…): a random token, null when none was made.
ALTER TABLE booking_inquiries ADD COLUMN payment_link_token TEXT;
CREATE UNIQUE INDEX booking_inquiries_payment_link_token ON booking_inquiries (payment_link_token);
-- Stripe disputes (chargebacks): the latest dispute's status (`needs_response`, `won`, `lost`…).
ALTER TABLE booking_inquiries ADD COLUMN dispute_status TEXT;
ALTER TABLE booking_inquiries ADD COLUMN disputed_at TEXT;
-- The review request sent after check-out, once.
ALTER TABLE booking_inquiries ADD COLUMN review_request_sent_at TEXT;
CREATE INDEX booking_inquiries_checkout ON booking_inquiries (checkout);

-- Refunds of a booking's payments: made by the owner or the guest through us (with our
-- idempotency key), or in Stripe's dashboard (learnt from the charge.refunded webhook).
CREATE TABLE refunds (
  id               INTEGER PRIMARY KEY,
  booking_id       INTEGER NOT NULL REFERENCES booking_inquiries (id),
  stripe_refund_id TEXT UNIQUE,
  amount_cents     INTEGER NOT NULL CHECK (amount_cents > 0),
  status           TEXT NOT NULL DEFAULT 'pending',
  source           TEXT NOT NULL CHECK (source IN ('owner', 'guest', 'stripe')),
  reason           TEXT NOT NULL DEFAULT '',
  idempotency_key  TEXT NOT NULL UNIQUE,
  created_at       TEXT NOT NULL
);
CREATE INDEX refunds_booking ON refunds (booking_id);

-- Each booking's history ([booking.timeline]): created, paid, e-mails sent, cleaning scheduled,
-- refunded, cancelled…, newest last. `detail` is a short sentence for the owner.
CREATE TABLE booking_events (
  id         INTEGER PRIMARY KEY,
  booking_id INTEGER NOT NULL REFERENCES booking_inquiries (id),
  kind       TEXT NOT NULL,
  detail     TEXT NOT NULL DEFAULT '',
  at         TEXT NOT NULL
);
CREATE INDEX booking_events_booking ON booking_events (booking_id, id);

-- What the owner is told ([owner.notices]): e-mailed to the ownerEmail setting when SMTP is set,
-- logged otherwise, and shown on the Overview either way. `dedupe_key` makes a notice once-only
-- (one e-mail per conflict, per failing source outage).
CREATE TABLE owner_notices (
  id         INTEGER PRIMARY KEY,
  kind       TEXT NOT NULL,
  subject    TEXT NOT NULL,
  text       TEXT NOT NULL,
  booking_id INTEGER REFERENCES booking_inquiries (id),
  dedupe_key TEXT UNIQUE,
  created_at TEXT NOT NULL,
  sent_at    TEXT,
  send_error TEXT
);
CREATE INDEX owner_notices_created ON owner_notices (created_at);

-- Reviews left from the review link of a stay ([reviews.verified]).
ALTER TABLE reviews ADD COLUMN booking_id INTEGER REFERENCES booking_inquiries (id);
CREATE UNIQUE INDEX reviews_booking ON reviews (booking_id) WHERE booking_id IS NOT NULL;
