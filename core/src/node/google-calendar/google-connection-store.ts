import type { Db } from '../platform/database.js';
import type { SecretBox } from '../platform/secret-box.js';
import { getSetting, setSetting } from '../platform/settings.js';

/**
 * The owner's Google Calendar connection in the `settings` table: the refresh token, encrypted
 * (see secret-box.ts), and how Google answered the last time it was used.
 */

const TOKEN_KEY = 'google_calendar.refresh_token';
const CHECK_KEY = 'google_calendar.last_check';

export interface GoogleConnectionCheck {
  ok: boolean;
  /** ISO 8601 UTC */
  at: string;
  error?: string;
}

/** Stores `refreshToken` encrypted, replacing any earlier one, and marks it good. */
export function saveGoogleRefreshToken(db: Db, box: SecretBox, refreshToken: string, now: Date = new Date()): void {
  db.transaction(() => {
    setSetting(db, TOKEN_KEY, box.encrypt(refreshToken), now);
    recordGoogleCheck(db, { ok: true }, now);
  })();
}

/**
 * The stored refresh token; undefined when none is stored.
 * @throws SecretDecryptError when it was stored under another key
 */
export function loadGoogleRefreshToken(db: Db, box: SecretBox): string | undefined {
  const stored = getSetting(db, TOKEN_KEY);
  return stored ? box.decrypt(stored) : undefined;
}

export function hasGoogleRefreshToken(db: Db): boolean {
  return getSetting(db, TOKEN_KEY) !== undefined;
}

/** Forgets the token and its history (the owner disconnects). */
export function clearGoogleConnection(db: Db): void {
  db.prepare('DELETE FROM settings WHERE key IN (?, ?)').run(TOKEN_KEY, CHECK_KEY);
}

/** Records how Google answered the last use of the token. */
export function recordGoogleCheck(db: Db, check: { ok: boolean; error?: string }, now: Date = new Date()): void {
  const value: GoogleConnectionCheck = { ok: check.ok, at: now.toISOString(), ...(check.error ? { error: check.error } : {}) };
  setSetting(db, CHECK_KEY, JSON.stringify(value), now);
}

export function lastGoogleCheck(db: Db): GoogleConnectionCheck | undefined {
  const raw = getSetting(db, CHECK_KEY);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as GoogleConnectionCheck;
  } catch {
    return undefined;
  }
}
