import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { endSessions } from './sessions-store.js';
import { getSetting, setSetting } from '../platform/settings.js';
import type { Db } from '../platform/database.js';

const scryptAsync = promisify(scrypt) as (pw: string, salt: Buffer, keylen: number, opts: object) => Promise<Buffer>;

/** scrypt parameters (N=2^15, r=8, p=1: OWASP's minimum for scrypt), stored with each hash. */
const N = 32768;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAX_MEM = 64 * 1024 * 1024;

/**
 * scrypt's CPU/memory cost N of a new hash (a power of two). Production never passes one: every
 * caller in the app uses the default, N = 2^15. Tests pass a lower one (`TEST_PASSWORD_COST` in
 * web/server/test-support/test-app.ts) to the functions below so hundreds of sign-ins stay cheap;
 * core/src/node/auth/passwords.test.ts checks the default cost itself.
 */
export interface PasswordHashCost {
  /** scrypt N: a power of two, 2 ≤ N ≤ 2^15. */
  N: number;
}

/** The cost every hash made by the app uses ([auth.areas]: OWASP's minimum for scrypt). */
export const PASSWORD_HASH_COST: PasswordHashCost = { N };

/**
 * Hashes a password as `scrypt$N$r$p$salt$key` (base64url parts).
 * @param cost for tests only (see PasswordHashCost); the app always uses PASSWORD_HASH_COST
 * @throws RangeError when `cost.N` is not a power of two between 2 and 2^15
 */
export async function hashPassword(password: string, cost: PasswordHashCost = PASSWORD_HASH_COST): Promise<string> {
  const n = cost.N;
  if (!Number.isInteger(n) || n < 2 || n > N || (n & (n - 1)) !== 0) throw new RangeError(`scrypt N must be a power of two from 2 to ${N}`);
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEY_LENGTH, { N: n, r: R, p: P, maxmem: MAX_MEM });
  return ['scrypt', n, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when `password` matches `stored` (constant-time compare). A malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEM,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

import { PASSWORD_MIN_LENGTH, type PasswordArea } from '../../api/auth.js';

/** The two password-protected areas ([auth.areas]) and the shortest password: part of the sign-in contract. */
export { PASSWORD_MIN_LENGTH, type PasswordArea } from '../../api/auth.js';

const settingKey = (area: PasswordArea) => `password_hash.${area}`;
/** A hash of the configured value (ADMIN_PASSWORD, SECURITY_PASSWORD) last applied at start-up. */
const appliedKey = (area: PasswordArea) => `password_applied.${area}`;


/**
 * Makes sure `area` has a stored password hash (at each start, from `startServer`).
 * - `configured` set to a value not applied before: hash it, store it, and end every session of
 *   the area, cookies and desktop tokens alike ([auth.password-change]: a new password ends sessions).
 * - `configured` set to the value applied at an earlier start: keep the stored hash, which may
 *   be a password changed since from the UI (`changePassword`); the environment wins again only
 *   when its value changes.
 * - unset and none stored: generate one and return it, so the caller prints it once.
 * - unset and one stored: keep it.
 * @param cost for tests only (see PasswordHashCost)
 * @returns the generated password, or undefined when none was generated
 */
export async function ensurePassword(
  db: Db,
  area: PasswordArea,
  configured: string | undefined,
  cost: PasswordHashCost = PASSWORD_HASH_COST,
): Promise<string | undefined> {
  const key = settingKey(area);
  if (configured) {
    const current = getSetting(db, key);
    const applied = getSetting(db, appliedKey(area));
    if (applied && (await verifyPassword(configured, applied))) return undefined;
    if (!applied && current && (await verifyPassword(configured, current))) {
      // Stored before this rule existed: remember it as applied, nothing changes.
      setSetting(db, appliedKey(area), current);
      return undefined;
    }
    const hash = await hashPassword(configured, cost);
    db.transaction(() => {
      setSetting(db, key, hash);
      setSetting(db, appliedKey(area), hash);
      endSessions(db, area);
    })();
    return undefined;
  }
  if (getSetting(db, key)) return undefined;
  const generated = randomBytes(12).toString('base64url');
  setSetting(db, key, await hashPassword(generated, cost));
  return generated;
}

/**
 * Sets a new password for `area` chosen by the owner in the UI and ends every other session of
 * the area ([auth.password-change]), keeping the one with `keepToken` (the caller's). The caller checks
 * the current password (and second factor) first.
 * @throws RangeError when `newPassword` is shorter than PASSWORD_MIN_LENGTH
 * @returns how many other sessions were ended
 */
export async function changePassword(db: Db, area: PasswordArea, newPassword: string, keepToken?: string): Promise<number> {
  if (newPassword.length < PASSWORD_MIN_LENGTH) throw new RangeError(`A password needs at least ${PASSWORD_MIN_LENGTH} characters`);
  const hash = await hashPassword(newPassword);
  return db.transaction(() => {
    setSetting(db, settingKey(area), hash);
    return endSessions(db, area, keepToken);
  })();
}

/** Checks `password` against the stored hash of `area`; false when none is stored. */
export async function checkPassword(db: Db, area: PasswordArea, password: string): Promise<boolean> {
  const stored = getSetting(db, settingKey(area));
  return stored ? verifyPassword(password, stored) : false;
}
