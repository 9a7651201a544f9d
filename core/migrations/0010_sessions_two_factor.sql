-- Sessions that end when they should, and two-factor sign-in ([auth.session-lifetime], [auth.two-factor] in docs/product.md).

-- Each session gains a public id (random, not secret: the security console lists and revokes
-- sessions by it, never by the token or its hash), the client's user agent and IP at sign-in,
-- and an absolute expiry 30 days after sign-in whatever its use.
ALTER TABLE sessions ADD COLUMN public_id TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN ip TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN absolute_expires_at TEXT NOT NULL DEFAULT '';
UPDATE sessions SET
  public_id = lower(hex(randomblob(16))),
  absolute_expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+30 days');
CREATE UNIQUE INDEX sessions_public_id ON sessions (public_id);
CREATE INDEX sessions_absolute_expires_at ON sessions (absolute_expires_at);

-- TOTP (RFC 6238) per owner area. Secrets are encrypted at rest (secret-box.ts). `pending_secret`
-- holds a secret being enrolled until one code confirms it; `secret` the confirmed one (NULL: off).
-- `last_time_step` is the RFC 6238 time step of the last accepted code, so it cannot be replayed.
CREATE TABLE two_factor (
  area           TEXT PRIMARY KEY CHECK (area IN ('admin', 'security')),
  secret         TEXT,
  pending_secret TEXT,
  last_time_step INTEGER NOT NULL DEFAULT -1,
  enabled_at     TEXT,
  updated_at     TEXT NOT NULL
);

-- One-time recovery codes: SHA-256 of each (they are random, 80 bits), used at most once.
CREATE TABLE two_factor_recovery_codes (
  area      TEXT NOT NULL CHECK (area IN ('admin', 'security')),
  code_hash TEXT NOT NULL,
  used_at   TEXT,
  PRIMARY KEY (area, code_hash)
);
