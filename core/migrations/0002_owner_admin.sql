-- Owner admin: sessions, the availability calendar and booking inquiries.

-- Sign-in sessions ([auth.session] in docs/product.md). Only a SHA-256 of the token is stored, so a
-- copy of the database cannot be used to sign in.
CREATE TABLE sessions (
  token_hash   TEXT PRIMARY KEY,
  area         TEXT NOT NULL CHECK (area IN ('admin', 'security')),
  client       TEXT NOT NULL CHECK (client IN ('browser', 'desktop')),
  created_at   TEXT NOT NULL,
  expires_at   TEXT NOT NULL,
  last_seen_at TEXT NOT NULL
);
CREATE INDEX sessions_expires_at ON sessions (expires_at);

-- One row per date the owner has set ([availability.states]); dates without a row are
-- "Not Set". Prices in integer cents.
CREATE TABLE availability (
  date         TEXT PRIMARY KEY CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  price_cents  INTEGER NOT NULL CHECK (price_cents >= 0),
  is_available INTEGER NOT NULL CHECK (is_available IN (0, 1)),
  is_blocked   INTEGER NOT NULL CHECK (is_blocked IN (0, 1)),
  updated_at   TEXT NOT NULL
);

-- Booking inquiries ([bookings.list]). The quote is the one the stay was sold at, in cents.
CREATE TABLE booking_inquiries (
  id                       INTEGER PRIMARY KEY,
  first_name               TEXT    NOT NULL,
  last_name                TEXT    NOT NULL,
  email                    TEXT    NOT NULL,
  phone                    TEXT    NOT NULL DEFAULT '',
  location                 TEXT    NOT NULL DEFAULT '',
  ip_address               TEXT    NOT NULL DEFAULT '',
  checkin                  TEXT    NOT NULL,
  checkout                 TEXT    NOT NULL,
  guests                   INTEGER NOT NULL CHECK (guests BETWEEN 1 AND 12),
  message                  TEXT    NOT NULL DEFAULT '',
  special_requests         TEXT    NOT NULL DEFAULT '',
  payment_status           TEXT    NOT NULL DEFAULT 'pending',
  stripe_payment_intent_id TEXT UNIQUE,
  stripe_payment_details   TEXT,
  quote_json               TEXT,
  total_cents              INTEGER,
  created_at               TEXT    NOT NULL
);
CREATE INDEX booking_inquiries_checkin ON booking_inquiries (checkin);
