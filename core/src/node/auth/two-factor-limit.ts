import type { Db } from '../platform/database.js';
import type { PasswordArea } from './passwords.js';

/**
 * The account-wide limit on two-factor codes ([auth.two-factor-limit]): the per-address sign-in
 * throttle ([auth.throttle]) cannot stop guesses spread over many addresses, so each area also
 * counts its wrong codes from everywhere. TWO_FACTOR_FAILURE_LIMIT wrong codes within
 * TWO_FACTOR_FAILURE_WINDOW_MS lock the area's codes for TWO_FACTOR_LOCK_MS: every code is
 * refused then, the right one too, so a guesser learns nothing. Kept in SQLite: a restart neither
 * lifts a lock nor forgets the count.
 */

/** Wrong codes of one area, from any addresses, that lock its codes. */
export const TWO_FACTOR_FAILURE_LIMIT = 20;
/** The window they are counted in, ms. */
export const TWO_FACTOR_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** How long the codes stay locked, ms. */
export const TWO_FACTOR_LOCK_MS = 15 * 60 * 1000;

/** A lock of one area's two-factor codes. */
export interface TwoFactorLock {
  area: PasswordArea;
  /** ISO 8601 UTC: when the last wrong code of the window came */
  lockedAt: string;
  /** ISO 8601 UTC: when codes are taken again */
  until: string;
}

/** Thrown when a code is checked while its area is locked; nothing was checked. */
export class TwoFactorLockedError extends Error {
  constructor(readonly lock: TwoFactorLock) {
    super(`Two-factor codes of ${lock.area} are locked until ${lock.until}`);
    this.name = 'TwoFactorLockedError';
  }
}

/** The lock of `area` in force at `now`, if any. */
export function twoFactorLock(db: Db, area: PasswordArea, now: Date = new Date()): TwoFactorLock | undefined {
  const row = db.prepare('SELECT locked_at, locked_until FROM two_factor_locks WHERE area = ? AND locked_until > ?').get(area, now.toISOString()) as
    | { locked_at: string; locked_until: string }
    | undefined;
  return row ? { area, lockedAt: row.locked_at, until: row.locked_until } : undefined;
}

/**
 * Counts one wrong code of `area` at `now`; the TWO_FACTOR_FAILURE_LIMIT-th within the window
 * locks the area for TWO_FACTOR_LOCK_MS and starts a fresh count. Failures older than the window
 * are forgotten here.
 * @returns the lock this failure started, if it started one
 */
export function recordTwoFactorFailure(db: Db, area: PasswordArea, now: Date = new Date()): TwoFactorLock | undefined {
  return db.transaction(() => {
    const windowStart = new Date(now.getTime() - TWO_FACTOR_FAILURE_WINDOW_MS).toISOString();
    db.prepare('DELETE FROM two_factor_failures WHERE area = ? AND at <= ?').run(area, windowStart);
    db.prepare('INSERT INTO two_factor_failures (area, at) VALUES (?, ?)').run(area, now.toISOString());
    const { n } = db.prepare('SELECT COUNT(*) AS n FROM two_factor_failures WHERE area = ?').get(area) as { n: number };
    if (n < TWO_FACTOR_FAILURE_LIMIT) return undefined;
    const lock: TwoFactorLock = { area, lockedAt: now.toISOString(), until: new Date(now.getTime() + TWO_FACTOR_LOCK_MS).toISOString() };
    db.prepare(
      `INSERT INTO two_factor_locks (area, locked_at, locked_until) VALUES (?, ?, ?)
       ON CONFLICT (area) DO UPDATE SET locked_at = excluded.locked_at, locked_until = excluded.locked_until`,
    ).run(area, lock.lockedAt, lock.until);
    db.prepare('DELETE FROM two_factor_failures WHERE area = ?').run(area);
    return lock;
  })();
}

/** Forgets `area`'s wrong codes and lifts its lock (two-factor sign-in turned off or reset). */
export function clearTwoFactorFailures(db: Db, area: PasswordArea): void {
  db.prepare('DELETE FROM two_factor_failures WHERE area = ?').run(area);
  db.prepare('DELETE FROM two_factor_locks WHERE area = ?').run(area);
}
