import type { Request } from 'express';
import { twoFactorLockedNotice } from '@ridgeline/core';
import {
  SecretDecryptError,
  TWO_FACTOR_FAILURE_LIMIT,
  TWO_FACTOR_FAILURE_WINDOW_MS,
  TWO_FACTOR_LOCK_MS,
  TwoFactorLockedError,
  recoveryCodesLeft,
  twoFactorEnabled,
  twoFactorLock,
  useSecondFactor,
  type PasswordArea,
  type TwoFactorLock,
} from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { notifyOwner } from '../notices/owner-notices.js';
import type { SecurityState } from '../security/security-state.js';
import { secretBox } from '../security/secret-box.js';

/** Answered 503 when the stored secret cannot be decrypted (SECRET_KEY or secret.key changed). */
const UNREADABLE =
  'Two-factor sign-in cannot be checked: the server’s secret key has changed. The owner can turn it off on the server with `npm run reset-2fa`.';

const WINDOW_MINUTES = Math.round(TWO_FACTOR_FAILURE_WINDOW_MS / 60_000);
const LOCK_MINUTES = Math.round(TWO_FACTOR_LOCK_MS / 60_000);

/**
 * The 429 of a locked area ([auth.two-factor-limit]) with `Retry-After` (whole seconds until the
 * lock ends) set on the request's response: `{ error }` says why and for how long.
 */
export function lockedAnswer(req: Request, lock: TwoFactorLock, now: Date): HttpError {
  const seconds = Math.max(1, Math.ceil((Date.parse(lock.until) - now.getTime()) / 1000));
  req.res?.setHeader('Retry-After', String(seconds));
  const minutes = Math.ceil(seconds / 60);
  return new HttpError(
    429,
    `Too many wrong two-factor codes were tried for this account, so two-factor codes are refused for ${LOCK_MINUTES} minutes, even the right one. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

/**
 * After a wrong code of `area`: when it locked the area ([auth.two-factor-limit]), the owner is
 * told once (an owner notice, e-mailed) and the security log says so.
 */
export function reportWrongCode(deps: AppDeps, req: Request, area: PasswordArea, security?: SecurityState): void {
  const lock = twoFactorLock(deps.db, area, deps.now?.());
  if (!lock) return;
  security?.log(req, 'login_throttled', 'locked', `${area}: two-factor codes locked until ${lock.until} (${TWO_FACTOR_FAILURE_LIMIT} wrong codes in ${WINDOW_MINUTES} minutes)`);
  notifyOwner(deps, twoFactorLockedNotice(lock, TWO_FACTOR_FAILURE_LIMIT, WINDOW_MINUTES, deps.config.publicUrl));
}

/**
 * Checks and uses up the second factor of `area` given in `factor`.
 * @returns 'off' when two-factor sign-in is off, 'missing' when it is on and no code was given,
 *   'wrong' for a wrong (or replayed, or spent) code, else the factor used; a recovery code used
 *   is written to the audit log with the number left. A wrong code counts toward the area's
 *   account-wide limit, and the one that locks it tells the owner ([auth.two-factor-limit]).
 * @throws HttpError 429 (with `Retry-After`) while the area's codes are locked, before a code is
 *   asked for or checked ([auth.two-factor-limit])
 * @throws HttpError 503 when the stored secret cannot be decrypted with this installation's key
 */
export function checkSecondFactor(
  deps: AppDeps,
  req: Request,
  area: PasswordArea,
  factor: { totp?: string | undefined; recoveryCode?: string | undefined },
  security?: SecurityState,
): 'off' | 'missing' | 'wrong' | 'totp' | 'recovery-code' {
  if (!twoFactorEnabled(deps.db, area)) return 'off';
  const now = deps.now?.() ?? new Date();
  const lock = twoFactorLock(deps.db, area, now);
  if (lock) {
    security?.log(req, 'login_throttled', 'refused 429', `${area}: two-factor codes locked until ${lock.until}`);
    throw lockedAnswer(req, lock, now);
  }
  if (factor.totp === undefined && factor.recoveryCode === undefined) return 'missing';
  let used: 'totp' | 'recovery-code' | undefined;
  try {
    used = useSecondFactor(
      deps.db,
      secretBox(deps),
      area,
      factor.totp !== undefined ? { totp: factor.totp } : { recoveryCode: factor.recoveryCode as string },
      now,
    );
  } catch (err) {
    if (err instanceof SecretDecryptError) throw new HttpError(503, UNREADABLE);
    if (err instanceof TwoFactorLockedError) throw lockedAnswer(req, err.lock, now);
    throw err;
  }
  if (!used) {
    reportWrongCode(deps, req, area, security);
    return 'wrong';
  }
  if (used === 'recovery-code') security?.audit(req, area, 'recovery code used', `${recoveryCodesLeft(deps.db, area)} left`);
  return used;
}
