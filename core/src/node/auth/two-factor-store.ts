import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import type { Db } from '../platform/database.js';
import type { PasswordArea } from './passwords.js';
import type { SecretBox } from '../platform/secret-box.js';
import { TwoFactorLockedError, clearTwoFactorFailures, recordTwoFactorFailure, twoFactorLock } from './two-factor-limit.js';

/**
 * Two-factor sign-in for the owner areas ([auth.two-factor]): TOTP per RFC 6238 (30-second steps,
 * 6 digits, HMAC-SHA1: what authenticator apps expect) through `otplib`, plus ten one-time
 * recovery codes. Each area (admin, security console) has its own, independently.
 *
 * - The secret is stored encrypted with the installation's SecretBox (like the Google token).
 * - A code is accepted one step either side of now (RFC 6238 §5.2 allows for clock drift), and
 *   never twice: the time step of the last accepted code is kept and only later steps pass
 *   (RFC 6238 §5.2: "the verifier MUST NOT accept the second attempt of the same OTP").
 * - Recovery codes are 80 random bits each, so an unsalted SHA-256 is enough to store them; each
 *   works once.
 */

/** RFC 6238 time step, in seconds. */
export const TOTP_STEP_SECONDS = 30;
/** How many recovery codes enrolment hands out. */
export const RECOVERY_CODE_COUNT = 10;
/** Issuer shown by authenticator apps. */
export const TOTP_ISSUER = 'Ridgeline';

/** Why a two-factor change was refused; `message` is shown to the owner as is. */
export class TwoFactorError extends Error {
  constructor(
    readonly reason: 'already-enabled' | 'not-enabled' | 'no-pending-setup' | 'wrong-code',
    message: string,
  ) {
    super(message);
    this.name = 'TwoFactorError';
  }
}

/** A second factor as the owner gives it: a 6-digit code from the app, or a recovery code. */
export interface SecondFactor {
  totp?: string;
  recoveryCode?: string;
}

interface Row {
  secret: string | null;
  pending_secret: string | null;
  last_time_step: number;
}

const row = (db: Db, area: PasswordArea) =>
  db.prepare('SELECT secret, pending_secret, last_time_step FROM two_factor WHERE area = ?').get(area) as Row | undefined;

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** Crockford's base32 alphabet: no I, L, O, U, so a code read aloud or off paper is unambiguous. */
const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/** A recovery code as typed: case, spaces and dashes ignored, and O/I/L read as 0/1/1 (Crockford). */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
}

/** A fresh recovery code: 16 Crockford base32 characters (80 bits) as `xxxx-xxxx-xxxx-xxxx`. */
function newRecoveryCode(): string {
  const bytes = randomBytes(16);
  const chars = Array.from(bytes, (b) => CROCKFORD[b & 31]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** True when two-factor sign-in is on for `area`. */
export function twoFactorEnabled(db: Db, area: PasswordArea): boolean {
  return Boolean(row(db, area)?.secret);
}

/** Unused recovery codes left for `area`. */
export function recoveryCodesLeft(db: Db, area: PasswordArea): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM two_factor_recovery_codes WHERE area = ? AND used_at IS NULL').get(area) as { n: number }).n;
}

/**
 * Starts enrolment: a new random secret (160 bits, base32) kept pending, encrypted, until
 * `enableTwoFactor` confirms a code. Starting again replaces an earlier pending secret.
 * @param label the account name shown in the app, e.g. "Admin (stay.example.com)"
 * @returns the secret (base32, for typing) and its `otpauth://totp/…` URI (for the QR code;
 *   Google Authenticator's "Key Uri Format")
 * @throws TwoFactorError 'already-enabled' when it is on already (turn it off first)
 */
export function beginTwoFactorSetup(db: Db, box: SecretBox, area: PasswordArea, label: string, now: Date = new Date()) {
  if (twoFactorEnabled(db, area)) throw new TwoFactorError('already-enabled', 'Two-factor sign-in is already on. Turn it off first to set it up again.');
  const secret = generateSecret();
  db.prepare(
    `INSERT INTO two_factor (area, pending_secret, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (area) DO UPDATE SET pending_secret = excluded.pending_secret, updated_at = excluded.updated_at`,
  ).run(area, box.encrypt(secret), now.toISOString());
  return { secret, otpauthUrl: generateURI({ issuer: TOTP_ISSUER, label, secret }) };
}

/**
 * The time step `totp` matches for `secret` at `now` (±1 step), if it is later than `after`.
 * Anything but six digits never matches.
 */
function matchTotp(secret: string, totp: string, now: Date, after: number): number | undefined {
  if (!/^\d{6}$/.test(totp)) return undefined;
  const result = verifySync({
    secret,
    token: totp,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP_STEP_SECONDS,
    ...(after >= 0 ? { afterTimeStep: after } : {}),
  });
  // A TOTP result carries the matched time step (the HOTP half of otplib's union does not).
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/**
 * Confirms enrolment with one code from the app: turns two-factor sign-in on and replaces the
 * recovery codes with RECOVERY_CODE_COUNT new ones, stored hashed.
 * @returns the recovery codes, in clear text this once
 * @throws TwoFactorError 'already-enabled', 'no-pending-setup', or 'wrong-code'
 */
export function enableTwoFactor(db: Db, box: SecretBox, area: PasswordArea, totp: string, now: Date = new Date()): string[] {
  return db.transaction(() => {
    const current = row(db, area);
    if (current?.secret) throw new TwoFactorError('already-enabled', 'Two-factor sign-in is already on.');
    if (!current?.pending_secret) throw new TwoFactorError('no-pending-setup', 'Start the set-up first.');
    const step = matchTotp(box.decrypt(current.pending_secret), totp, now, -1);
    if (step === undefined) throw new TwoFactorError('wrong-code', 'That code is not right. Check the time on your phone and try the next code.');
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    db.prepare(
      `UPDATE two_factor SET secret = pending_secret, pending_secret = NULL, last_time_step = ?, enabled_at = ?, updated_at = ?
        WHERE area = ?`,
    ).run(step, now.toISOString(), now.toISOString(), area);
    db.prepare('DELETE FROM two_factor_recovery_codes WHERE area = ?').run(area);
    const insert = db.prepare('INSERT INTO two_factor_recovery_codes (area, code_hash) VALUES (?, ?)');
    for (const code of codes) insert.run(area, hashCode(normalizeRecoveryCode(code)));
    return codes;
  })();
}

/**
 * Checks a second factor for `area` and uses it up: a TOTP code's time step becomes the last
 * accepted one (so it cannot be replayed), a recovery code is marked used. A wrong (replayed,
 * spent) code counts toward the area's account-wide limit ([auth.two-factor-limit]).
 * @returns 'totp' or 'recovery-code' for the factor that matched; undefined when none did (or
 *   two-factor sign-in is off)
 * @throws TwoFactorLockedError while the area's codes are locked (nothing is checked, not even
 *   the right code)
 * @throws SecretDecryptError when the secret was stored under another installation's key
 */
export function useSecondFactor(db: Db, box: SecretBox, area: PasswordArea, factor: SecondFactor, now: Date = new Date()): 'totp' | 'recovery-code' | undefined {
  return db.transaction(() => {
    const current = row(db, area);
    if (!current?.secret) return undefined;
    const lock = twoFactorLock(db, area, now);
    if (lock) throw new TwoFactorLockedError(lock);
    const used = matchFactor(db, box, area, { secret: current.secret, lastTimeStep: current.last_time_step }, factor, now);
    if (!used) recordTwoFactorFailure(db, area, now);
    return used;
  })();
}

/** The factor of `factor` that matches `area`'s secret or unused recovery codes, used up; undefined for none. */
function matchFactor(
  db: Db,
  box: SecretBox,
  area: PasswordArea,
  stored: { secret: string; lastTimeStep: number },
  factor: SecondFactor,
  now: Date,
): 'totp' | 'recovery-code' | undefined {
  if (factor.totp !== undefined) {
    const step = matchTotp(box.decrypt(stored.secret), factor.totp, now, stored.lastTimeStep);
    if (step === undefined) return undefined;
    db.prepare('UPDATE two_factor SET last_time_step = ?, updated_at = ? WHERE area = ?').run(step, now.toISOString(), area);
    return 'totp';
  }
  if (factor.recoveryCode !== undefined) {
    const used = db
      .prepare('UPDATE two_factor_recovery_codes SET used_at = ? WHERE area = ? AND code_hash = ? AND used_at IS NULL')
      .run(now.toISOString(), area, hashCode(normalizeRecoveryCode(factor.recoveryCode)));
    return used.changes === 1 ? 'recovery-code' : undefined;
  }
  return undefined;
}

/**
 * Turns two-factor sign-in off for `area` after a current code (or an unused recovery code),
 * forgetting its secret and recovery codes. A wrong code counts toward the area's limit
 * ([auth.two-factor-limit]) and stays counted.
 * @returns which factor was used
 * @throws TwoFactorError 'not-enabled' or 'wrong-code'
 * @throws TwoFactorLockedError while the area's codes are locked
 */
export function disableTwoFactor(db: Db, box: SecretBox, area: PasswordArea, factor: SecondFactor, now: Date = new Date()): 'totp' | 'recovery-code' {
  const used = db.transaction(() => {
    if (!twoFactorEnabled(db, area)) throw new TwoFactorError('not-enabled', 'Two-factor sign-in is not on.');
    const matched = useSecondFactor(db, box, area, factor, now);
    if (matched) resetTwoFactor(db, area);
    return matched;
  })();
  // Thrown after the transaction, so the wrong code's count is kept.
  if (!used) throw new TwoFactorError('wrong-code', 'That code is not right.');
  return used;
}

/**
 * Turns two-factor sign-in off for `area` without a code: the owner-side recovery path for a
 * lost phone (`npm run reset-2fa -- admin`, which needs shell access to the server). Also lifts
 * a lock of its codes and forgets their wrong attempts ([auth.two-factor-limit]).
 * @returns true when it was on
 */
export function resetTwoFactor(db: Db, area: PasswordArea): boolean {
  return db.transaction(() => {
    const was = twoFactorEnabled(db, area);
    db.prepare('DELETE FROM two_factor WHERE area = ?').run(area);
    db.prepare('DELETE FROM two_factor_recovery_codes WHERE area = ?').run(area);
    clearTwoFactorFailures(db, area);
    return was;
  })();
}
