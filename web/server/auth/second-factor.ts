import type { Request } from 'express';
import { SecretDecryptError, recoveryCodesLeft, twoFactorEnabled, useSecondFactor, type PasswordArea } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import type { SecurityState } from '../security/security-state.js';
import { secretBox } from '../google-calendar/google-connection.js';

/** Answered 503 when the stored secret cannot be decrypted (SECRET_KEY or secret.key changed). */
const UNREADABLE =
  'Two-factor sign-in cannot be checked: the server’s secret key has changed. The owner can turn it off on the server with `npm run reset-2fa`.';

/**
 * Checks and uses up the second factor of `area` given in `factor`.
 * @returns 'off' when two-factor sign-in is off, 'missing' when it is on and no code was given,
 *   'wrong' for a wrong (or replayed, or spent) code, else the factor used; a recovery code used
 *   is written to the audit log with the number left
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
  if (factor.totp === undefined && factor.recoveryCode === undefined) return 'missing';
  let used: 'totp' | 'recovery-code' | undefined;
  try {
    used = useSecondFactor(
      deps.db,
      secretBox(deps),
      area,
      factor.totp !== undefined ? { totp: factor.totp } : { recoveryCode: factor.recoveryCode as string },
      deps.now?.(),
    );
  } catch (err) {
    if (err instanceof SecretDecryptError) throw new HttpError(503, UNREADABLE);
    throw err;
  }
  if (!used) return 'wrong';
  if (used === 'recovery-code') security?.audit(req, area, 'recovery code used', `${recoveryCodesLeft(deps.db, area)} left`);
  return used;
}
