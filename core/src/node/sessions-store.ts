import { createHash, randomBytes } from 'node:crypto';
import type { PasswordArea } from './passwords.js';
import type { Db } from './database.js';

export type SessionClient = 'browser' | 'desktop';

/** How long a session lives after its last use (sliding), in seconds. */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

/** How often a live session's sliding expiry is written back, in ms. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Starts a session for `area` and returns its secret token (32 random bytes, base64url). Only
 * the token's SHA-256 is stored.
 */
export function createSession(db: Db, area: PasswordArea, client: SessionClient, now: Date = new Date()): string {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
  db.prepare(
    'INSERT INTO sessions (token_hash, area, client, created_at, expires_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(hashToken(token), area, client, now.toISOString(), expires.toISOString(), now.toISOString());
  return token;
}

/**
 * True when `token` is a live session of `area`; extends its expiry (sliding, written at most
 * once per SESSION_TOUCH_INTERVAL_MS). A session of the
 * other area never matches (the security console's session is separate: DESIGN.md).
 */
export function touchSession(db: Db, token: string, area: PasswordArea, now: Date = new Date()): boolean {
  if (!token || token.length > 200) return false;
  const hash = hashToken(token);
  const row = db.prepare('SELECT expires_at, last_seen_at FROM sessions WHERE token_hash = ? AND area = ?').get(hash, area) as
    | { expires_at: string; last_seen_at: string }
    | undefined;
  if (!row || row.expires_at <= now.toISOString()) return false;
  // Every authenticated request checks its session (some twice); extending the expiry once a
  // minute is as good as on every request and keeps writes off that path.
  if (now.getTime() - Date.parse(row.last_seen_at) < SESSION_TOUCH_INTERVAL_MS) return true;
  const expires = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
  db.prepare('UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE token_hash = ?').run(
    now.toISOString(),
    expires.toISOString(),
    hash,
  );
  return true;
}

/** Ends the session with `token` (no-op when unknown). */
export function deleteSession(db: Db, token: string): void {
  db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(hashToken(token));
}

/** Removes expired sessions; returns how many. */
export function purgeExpiredSessions(db: Db, now: Date = new Date()): number {
  return db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(now.toISOString()).changes;
}
