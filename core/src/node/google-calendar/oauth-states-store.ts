import { createHash, randomBytes } from 'node:crypto';
import { CALENDAR_AUTH_STATE_TTL_MS } from '../../google-calendar/calendar-auth.js';
import type { Db } from '../platform/database.js';

/**
 * OAuth `state` nonces bound to the admin session that asked for them ([google.oauth-state]; RFC 6749
 * §10.12: the state binds the authorization response to the user agent that started it). Only
 * SHA-256 hashes are stored, so a copy of the database cannot replay a consent in flight.
 */

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A fresh nonce (32 random bytes, base64url, 43 characters) bound to `sessionToken`, valid for
 * CALENDAR_AUTH_STATE_TTL_MS. Forgets expired nonces on the way.
 */
export function issueOAuthNonce(db: Db, sessionToken: string, now: Date = new Date()): string {
  const nonce = randomBytes(32).toString('base64url');
  db.transaction(() => {
    purgeExpiredOAuthNonces(db, now);
    db.prepare('INSERT INTO oauth_states (nonce_hash, session_token_hash, created_at) VALUES (?, ?, ?)').run(
      sha256(nonce),
      sha256(sessionToken),
      now.toISOString(),
    );
  })();
  return nonce;
}

/**
 * Uses up `nonce`: true only when it was issued to `sessionToken` less than
 * CALENDAR_AUTH_STATE_TTL_MS ago and not used before. Any nonce presented is deleted, whoever
 * presents it, so none works twice.
 */
export function consumeOAuthNonce(db: Db, nonce: string, sessionToken: string, now: Date = new Date()): boolean {
  const row = db.prepare('DELETE FROM oauth_states WHERE nonce_hash = ? RETURNING session_token_hash, created_at').get(sha256(nonce)) as
    | { session_token_hash: string; created_at: string }
    | undefined;
  if (!row) return false;
  const age = now.getTime() - Date.parse(row.created_at);
  return row.session_token_hash === sha256(sessionToken) && age >= 0 && age < CALENDAR_AUTH_STATE_TTL_MS;
}

/** Deletes nonces past their lifetime; returns how many. */
export function purgeExpiredOAuthNonces(db: Db, now: Date = new Date()): number {
  const cutoff = new Date(now.getTime() - CALENDAR_AUTH_STATE_TTL_MS).toISOString();
  return db.prepare('DELETE FROM oauth_states WHERE created_at <= ?').run(cutoff).changes;
}
