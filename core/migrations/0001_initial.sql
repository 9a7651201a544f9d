-- Ridgeline's first schema: settings, image slots, reviews, page views.
-- Timestamps are ISO 8601 UTC strings; dates are YYYY-MM-DD in the property's zone.

CREATE TABLE settings (
  key        TEXT PRIMARY KEY,
  value      TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- One row per managed image slot ([images.slots] in docs/product.md). A slot without a row, or whose path
-- is empty or the placeholder, shows the built-in default.
CREATE TABLE image_slots (
  slot_key   TEXT PRIMARY KEY,
  section    TEXT NOT NULL CHECK (section IN ('property', 'carousel', 'location')),
  path       TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE reviews (
  id           INTEGER PRIMARY KEY,
  guest_name   TEXT    NOT NULL,
  email        TEXT    NOT NULL,
  rating       INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  title        TEXT    NOT NULL,
  content      TEXT    NOT NULL,
  stay_date    TEXT    NOT NULL,
  is_approved  INTEGER NOT NULL DEFAULT 0 CHECK (is_approved IN (0, 1)),
  is_published INTEGER NOT NULL DEFAULT 0 CHECK (is_published IN (0, 1)),
  created_at   TEXT    NOT NULL
);
CREATE INDEX reviews_published ON reviews (is_published, stay_date DESC);

CREATE TABLE page_views (
  id         INTEGER PRIMARY KEY,
  path       TEXT NOT NULL,
  referrer   TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL
);
CREATE INDEX page_views_created_at ON page_views (created_at);
