import type { Request } from 'express';
import type { TwoFactorStatus } from '@ridgeline/core';
import {
  SecretDecryptError,
  TwoFactorError,
  TwoFactorLockedError,
  beginTwoFactorSetup,
  disableTwoFactor,
  enableTwoFactor,
  recoveryCodesLeft,
  twoFactorEnabled,
  type PasswordArea,
} from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import type { SecurityState } from '../security/security-state.js';
import { secretBox } from '../security/secret-box.js';
import { lockedAnswer, reportWrongCode } from './second-factor.js';

/**
 * Turning one area's two-factor sign-in on and off ([auth.two-factor]) over the two-factor store,
 * the stored secrets' key and the app's clock, for `two-factor.routes.ts`. Refusals are thrown as
 * the `HttpError`s the routes answer with.
 */

/** The account name authenticator apps show beside the issuer "Ridgeline". */
const ACCOUNT: Record<PasswordArea, string> = { admin: 'Admin', security: 'Security console' };

/** Refusals of the two-factor store as HTTP answers: 409 for the wrong state, 403 for a wrong code, 503 for a secret this key cannot decrypt. */
function asHttpError(err: unknown): unknown {
  if (err instanceof TwoFactorError) {
    if (err.reason === 'wrong-code') return new HttpError(403, err.message, { field: 'totp' });
    return new HttpError(409, err.message);
  }
  if (err instanceof SecretDecryptError) return new HttpError(503, 'The two-factor secret cannot be decrypted with this server’s key. Start the set-up again.');
  return err;
}

/** Whether `area`'s two-factor sign-in is on, and how many of its recovery codes are unused. */
export function twoFactorStatus(deps: Pick<AppDeps, 'db'>, area: PasswordArea): TwoFactorStatus {
  return { enabled: twoFactorEnabled(deps.db, area), recoveryCodesLeft: recoveryCodesLeft(deps.db, area) };
}

/**
 * A new pending secret of `area` (base32) and its `otpauth://` URI, labelled with the area's
 * account and the public host. @throws HttpError 409 while two-factor sign-in is on.
 */
export function startTwoFactorSetup(deps: AppDeps, area: PasswordArea): { secret: string; otpauthUrl: string } {
  try {
    const host = new URL(deps.config.publicUrl).hostname;
    return beginTwoFactorSetup(deps.db, secretBox(deps), area, `${ACCOUNT[area]} (${host})`, deps.now?.());
  } catch (err) {
    throw asHttpError(err);
  }
}

/**
 * Confirms the pending set-up with a code of it: the 10 recovery codes, shown once (stored hashed).
 * @throws HttpError 403 for a wrong code, 409 without a pending set-up, 503 an undecryptable secret
 */
export function turnOnTwoFactor(deps: AppDeps, area: PasswordArea, totp: string): string[] {
  try {
    return enableTwoFactor(deps.db, secretBox(deps), area, totp, deps.now?.());
  } catch (err) {
    throw asHttpError(err);
  }
}

/**
 * Turns `area`'s two-factor sign-in off with a code or a recovery code. A wrong code counts toward
 * the area's account-wide limit ([auth.two-factor-limit]).
 * @throws HttpError 403 a wrong code, 409 when it is off, 429 while the area's codes are locked
 */
export function turnOffTwoFactor(deps: AppDeps, req: Request, area: PasswordArea, factor: { totp: string } | { recoveryCode: string }, security?: SecurityState): void {
  const now = deps.now?.() ?? new Date();
  try {
    disableTwoFactor(deps.db, secretBox(deps), area, factor, now);
  } catch (err) {
    if (err instanceof TwoFactorLockedError) throw lockedAnswer(req, err.lock, now);
    if (err instanceof TwoFactorError && err.reason === 'wrong-code') reportWrongCode(deps, req, area, security);
    throw asHttpError(err);
  }
}
