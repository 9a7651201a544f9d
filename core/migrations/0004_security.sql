-- Security console: blocked IP addresses and the security log (kept 90 days).

CREATE TABLE ip_blocks (
  ip         TEXT PRIMARY KEY,
  reason     TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL
);

CREATE TABLE security_events (
  id      INTEGER PRIMARY KEY,
  time    TEXT NOT NULL,
  ip      TEXT NOT NULL,
  method  TEXT NOT NULL DEFAULT '',
  route   TEXT NOT NULL DEFAULT '',
  event   TEXT NOT NULL,
  outcome TEXT NOT NULL,
  detail  TEXT NOT NULL DEFAULT ''
);
CREATE INDEX security_events_time ON security_events (time);
