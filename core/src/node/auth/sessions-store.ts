import { createHash, randomBytes } from 'node:crypto';
import type { PasswordArea } from '../../api/auth.js';
import type { Db } from '../platform/database.js';

export type SessionClient = 'browser' | 'desktop';

/** How long a session lives after its last use (sliding), in seconds. */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * How long a session lives after sign-in whatever its use (absolute lifetime,
 * [auth.session-lifetime]: a session also ends 30 days after sign-in), in seconds. OWASP's
 * Session Management Cheat Sheet asks for both an idle and an absolute timeout.
 */
export const SESSION_ABSOLUTE_TTL_SECONDS = 30 * 24 * 60 * 60;

/** How often a live session's sliding expiry is written back, in ms. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** Longest user agent kept with a session; longer ones are cut (never refused). */
const USER_AGENT_MAX = 300;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Who signed in: what the security console shows beside each session. */
export interface SessionDetails {
  /** The `User-Agent` header at sign-in ('' when none). */
  userAgent?: string;
  /** The client's address at sign-in (normalised by the caller). */
  ip?: string;
}

/** One open session as the security console lists it (never its token or the token's hash). */
export interface SessionInfo {
  /** Random public id (32 hex digits): names the session for Revoke. */
  id: string;
  area: PasswordArea;
  client: SessionClient;
  userAgent: string;
  ip: string;
  /** ISO 8601 UTC: sign-in. */
  createdAt: string;
  /** ISO 8601 UTC: last use, written at most once per SESSION_TOUCH_INTERVAL_MS. */
  lastUsedAt: string;
  /** ISO 8601 UTC: when it ends unless used again (the earlier of the sliding and absolute expiry). */
  expiresAt: string;
}

/**
 * Starts a session for `area` and returns its secret token (32 random bytes, base64url). Only
 * the token's SHA-256 is stored, with a random public id, `details`, and an absolute expiry
 * SESSION_ABSOLUTE_TTL_SECONDS after `now`.
 */
export function createSession(
  db: Db,
  area: PasswordArea,
  client: SessionClient,
  now: Date = new Date(),
  details: SessionDetails = {},
): string {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
  const absolute = new Date(now.getTime() + SESSION_ABSOLUTE_TTL_SECONDS * 1000);
  db.prepare(
    `INSERT INTO sessions (token_hash, public_id, area, client, user_agent, ip, created_at, expires_at, absolute_expires_at, last_seen_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    hashToken(token),
    randomBytes(16).toString('hex'),
    area,
    client,
    (details.userAgent ?? '').slice(0, USER_AGENT_MAX),
    details.ip ?? '',
    now.toISOString(),
    expires.toISOString(),
    absolute.toISOString(),
    now.toISOString(),
  );
  return token;
}

/**
 * True when `token` is a live session of `area`: neither its sliding expiry nor its absolute
 * expiry (30 days after sign-in) has passed. Extends the sliding expiry (written at most once per
 * SESSION_TOUCH_INTERVAL_MS); the absolute one never moves. A session of the other area never
 * matches (the security console's session is separate: [auth.areas]).
 */
export function touchSession(db: Db, token: string, area: PasswordArea, now: Date = new Date()): boolean {
  if (!token || token.length > 200) return false;
  const hash = hashToken(token);
  const row = db
    .prepare('SELECT expires_at, absolute_expires_at, last_seen_at FROM sessions WHERE token_hash = ? AND area = ?')
    .get(hash, area) as { expires_at: string; absolute_expires_at: string; last_seen_at: string } | undefined;
  const at = now.toISOString();
  if (!row || row.expires_at <= at || row.absolute_expires_at <= at) return false;
  // Every authenticated request checks its session (some twice); extending the expiry once a
  // minute is as good as on every request and keeps writes off that path.
  if (now.getTime() - Date.parse(row.last_seen_at) < SESSION_TOUCH_INTERVAL_MS) return true;
  const expires = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
  db.prepare('UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE token_hash = ?').run(at, expires.toISOString(), hash);
  return true;
}

/** Ends the session with `token` (no-op when unknown). */
export function deleteSession(db: Db, token: string): void {
  db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(hashToken(token));
}

/** Removes expired sessions (sliding or absolute); returns how many. */
export function purgeExpiredSessions(db: Db, now: Date = new Date()): number {
  const at = now.toISOString();
  return db.prepare('DELETE FROM sessions WHERE expires_at <= ? OR absolute_expires_at <= ?').run(at, at).changes;
}

/** The live sessions of both areas, most recently used first ([security.sessions]: the console's list). */
export function listSessions(db: Db, now: Date = new Date()): SessionInfo[] {
  const at = now.toISOString();
  return db
    .prepare(
      `SELECT public_id AS id, area, client, user_agent AS userAgent, ip, created_at AS createdAt,
              last_seen_at AS lastUsedAt, min(expires_at, absolute_expires_at) AS expiresAt
         FROM sessions WHERE expires_at > ? AND absolute_expires_at > ?
        ORDER BY last_seen_at DESC, created_at DESC`,
    )
    .all(at, at) as SessionInfo[];
}

/** The public id of the session with `token`, if it exists (to mark "this session" in the list). */
export function sessionIdOfToken(db: Db, token: string): string | undefined {
  if (!token || token.length > 200) return undefined;
  const row = db.prepare('SELECT public_id FROM sessions WHERE token_hash = ?').get(hashToken(token)) as { public_id: string } | undefined;
  return row?.public_id;
}

/**
 * Ends the session with public id `id`.
 * @returns the ended session's area, or undefined when no such session exists
 */
export function revokeSession(db: Db, id: string): PasswordArea | undefined {
  const row = db.prepare('DELETE FROM sessions WHERE public_id = ? RETURNING area').get(id) as { area: PasswordArea } | undefined;
  return row?.area;
}

/**
 * Ends every session of `area` (both areas when undefined), cookies and desktop tokens alike,
 * except the one with `keepToken` (the caller's, when it stays signed in).
 * @returns how many sessions were ended
 */
export function endSessions(db: Db, area: PasswordArea | undefined, keepToken?: string): number {
  const keep = keepToken ? hashToken(keepToken) : '';
  if (area) return db.prepare('DELETE FROM sessions WHERE area = ? AND token_hash != ?').run(area, keep).changes;
  return db.prepare('DELETE FROM sessions WHERE token_hash != ?').run(keep).changes;
}
