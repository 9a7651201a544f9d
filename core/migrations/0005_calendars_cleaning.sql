-- Calendars and cleaning: other platforms' iCal feeds, what they reserved, cleaning settings
-- and the cleaning events made for each stay.

-- Calendar sources ([ical.sources] in docs/product.md).
CREATE TABLE calendar_sources (
  id                INTEGER PRIMARY KEY,
  name              TEXT    NOT NULL,
  ical_url          TEXT    NOT NULL,
  platform          TEXT    NOT NULL CHECK (platform IN ('airbnb', 'vrbo', 'booking', 'manual')),
  is_active         INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
  auto_sync_enabled INTEGER NOT NULL DEFAULT 1 CHECK (auto_sync_enabled IN (0, 1)),
  last_sync_time    TEXT,
  last_sync_status  TEXT CHECK (last_sync_status IN ('success', 'error', 'failed')),
  last_sync_message TEXT    NOT NULL DEFAULT '',
  last_success_time TEXT,
  events_processed  INTEGER NOT NULL DEFAULT 0,
  bookings_created  INTEGER NOT NULL DEFAULT 0,
  next_sync_at      TEXT,
  created_at        TEXT    NOT NULL
);

-- Reservations and blocks imported from a source's feed. Nights from start_date up to (not
-- including) end_date are closed for booking. Rows are replaced only by a successful sync.
CREATE TABLE imported_events (
  source_id  INTEGER NOT NULL REFERENCES calendar_sources (id) ON DELETE CASCADE,
  uid        TEXT    NOT NULL,
  start_date TEXT    NOT NULL,
  end_date   TEXT    NOT NULL,
  summary    TEXT    NOT NULL DEFAULT '',
  is_reservation INTEGER NOT NULL DEFAULT 1 CHECK (is_reservation IN (0, 1)),
  first_seen TEXT    NOT NULL,
  last_seen  TEXT    NOT NULL,
  PRIMARY KEY (source_id, uid, start_date)
);
CREATE INDEX imported_events_range ON imported_events (start_date, end_date);

-- Cleaning settings ([cleaning.settings]), one row.
CREATE TABLE cleaning_settings (
  id                  INTEGER PRIMARY KEY CHECK (id = 1),
  cleaning_crew_email TEXT    NOT NULL DEFAULT '',
  auto_create_events  INTEGER NOT NULL DEFAULT 1 CHECK (auto_create_events IN (0, 1)),
  is_active           INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
  event_time          TEXT    NOT NULL DEFAULT '13:00',
  updated_at          TEXT    NOT NULL
);

-- One cleaning event per stay, keyed by the stay ("booking:12" or "import:3:uid:2026-12-10"),
-- so it is created once, moved when the stay moves and removed when it is cancelled.
CREATE TABLE cleaning_events (
  stay_key        TEXT PRIMARY KEY,
  checkout_date   TEXT NOT NULL,
  channel         TEXT NOT NULL CHECK (channel IN ('google', 'email')),
  google_event_id TEXT,
  crew_email      TEXT NOT NULL,
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL
);
