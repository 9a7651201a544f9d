import { Router, type CookieOptions } from 'express';
import {
  loginRequestSchema,
  passwordChangeRequestSchema,
  type LoginResponse,
  type PasswordChangeResponse,
  type SessionResponse,
  type SignInRefusal,
  type SuccessResponse,
} from '@ridgeline/core';
import type { PasswordArea } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { clientIp } from '../http/client-ip.js';
import { parseOr400 } from '../http/validate.js';
import type { SecurityState } from '../security/security-state.js';
import { SESSION_TTL_SECONDS, endSessionOfToken, passwordIsRight, setPassword, startSession } from './owner-sessions.js';
import { checkSecondFactor } from './second-factor.js';
import { SESSION_COOKIE, hasSession, requireSession, sessionToken } from '../http/sessions.js';
import { createSignInLimiter, markNotAFailure } from './sign-in-limiter.js';
import { twoFactorRoutes } from './two-factor.routes.js';

export { LOGIN_FAILURE_LIMIT, LOGIN_WINDOW_MS } from './sign-in-limiter.js';

/** Where each area's sign-in endpoints live. */
const BASE: Record<PasswordArea, string> = { admin: '/api/auth', security: '/api/security' };
const INCORRECT: Record<PasswordArea, string> = {
  admin: 'Incorrect password',
  security: 'Incorrect security password',
};
/** [auth.two-factor]: the exact answer to the right password without its code. */
export const TWO_FACTOR_REQUIRED = 'Two-factor code required';
export const INCORRECT_CODE = 'Incorrect two-factor code';

/**
 * Sign-in for one area ([auth.login], [auth.password-change], [auth.two-factor]); contracts in
 * `core/src/api/auth.ts`:
 * - `POST {base}/login` `{ password, client?, totp?, recoveryCode? }` → 200 `{ success: true }`
 *   with an httpOnly, SameSite=Strict session cookie (Secure over https), or
 *   `{ success: true, token, expiresIn }` (seconds) for `client: "desktop"`; 401
 *   `{ error: "Incorrect password" }`. With two-factor sign-in on, the right password without a
 *   code answers 401 `{ error: "Two-factor code required", twoFactorRequired: true }` (not a
 *   failure for the throttle) and a wrong, replayed or spent code 401
 *   `{ error: "Incorrect two-factor code", twoFactorRequired: true }` (a failure). 429 after
 *   LOGIN_FAILURE_LIMIT failures from one IP in LOGIN_WINDOW_MS; 429 `{ error }` with
 *   `Retry-After` for the right password while the area's two-factor codes are locked (20 wrong
 *   codes in 15 minutes from any addresses lock them 15 minutes, and the owner is e-mailed:
 *   [auth.two-factor-limit]); 503 when the stored two-factor secret cannot be decrypted.
 * - `POST {base}/logout` → 200 `{ success: true }`, ends the session and clears the cookie.
 * - `GET {base}/session` → `{ authenticated: boolean }`.
 * - `POST {base}/password` (signed in) `{ currentPassword, newPassword (≥ 8), totp? | recoveryCode? }`
 *   → 200 `{ success: true, sessionsEnded }`: sets the area's password and ends every OTHER
 *   session of the area (the caller stays signed in). 403 `{ error, field: "currentPassword" }`
 *   for a wrong current password; 403 `{ error, twoFactorRequired: true }` for a missing or wrong
 *   code; both count toward the throttle.
 * - the two-factor endpoints of `twoFactorRoutes`.
 */
export function authRoutes(deps: AppDeps, area: PasswordArea, security?: SecurityState): Router {
  const { config } = deps;
  const base = BASE[area];
  const cookie: CookieOptions = {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.publicUrl.startsWith('https://'),
    path: '/',
  };
  const limiter = createSignInLimiter(area, security);

  const router = Router();
  router.post(`${base}/login`, limiter, async (req, res) => {
    const { password, client, totp, recoveryCode } = parseOr400(loginRequestSchema, req.body);
    if (!(await passwordIsRight(deps, area, password))) {
      security?.log(req, 'login_failed', 'refused 401', area);
      security?.audit(req, area, 'sign-in failed', 'wrong password');
      res.status(401).json({ error: INCORRECT[area] } satisfies SignInRefusal);
      return;
    }
    const second = checkSecondFactor(deps, req, area, { totp, recoveryCode }, security);
    if (second === 'missing') {
      // The second step of one sign-in, not a guess: the throttle does not count it.
      markNotAFailure(res);
      res.status(401).json({ error: TWO_FACTOR_REQUIRED, twoFactorRequired: true } satisfies SignInRefusal);
      return;
    }
    if (second === 'wrong') {
      security?.log(req, 'login_failed', 'refused 401', `${area}: wrong two-factor code`);
      security?.audit(req, area, 'sign-in failed', 'wrong two-factor code');
      res.status(401).json({ error: INCORRECT_CODE, twoFactorRequired: true } satisfies SignInRefusal);
      return;
    }
    const token = startSession(deps, area, client, { userAgent: req.get('user-agent') ?? '', ip: clientIp(req) });
    security?.log(req, 'login', 'ok', `${area} (${client})`);
    security?.audit(req, area, 'sign-in', second === 'off' ? client : `${client}, ${second === 'totp' ? 'two-factor code' : 'recovery code'}`);
    if (client === 'desktop') {
      res.json({ success: true, token, expiresIn: SESSION_TTL_SECONDS } satisfies LoginResponse);
      return;
    }
    res.cookie(SESSION_COOKIE[area], token, { ...cookie, maxAge: SESSION_TTL_SECONDS * 1000 });
    res.json({ success: true } satisfies LoginResponse);
  });
  router.post(`${base}/logout`, (req, res) => {
    const token = sessionToken(req, area);
    if (token && hasSession(deps, req, area)) security?.audit(req, area, 'sign-out');
    if (token) endSessionOfToken(deps, token);
    res.clearCookie(SESSION_COOKIE[area], cookie);
    res.json({ success: true } satisfies SuccessResponse);
  });
  router.get(`${base}/session`, (req, res) => {
    res.set('Cache-Control', 'no-store').json({ authenticated: hasSession(deps, req, area) } satisfies SessionResponse);
  });
  router.post(`${base}/password`, requireSession(deps, area), limiter, async (req, res) => {
    const { currentPassword, newPassword, totp, recoveryCode } = parseOr400(passwordChangeRequestSchema, req.body);
    // 403, not 401: the session is fine, and a 401 would sign the page out.
    if (!(await passwordIsRight(deps, area, currentPassword))) {
      security?.log(req, 'login_failed', 'refused 403', `${area}: wrong current password (password change)`);
      res.status(403).json({ error: 'The current password is not right', field: 'currentPassword' } satisfies SignInRefusal);
      return;
    }
    const second = checkSecondFactor(deps, req, area, { totp, recoveryCode }, security);
    if (second === 'missing' || second === 'wrong') {
      if (second === 'wrong') security?.log(req, 'login_failed', 'refused 403', `${area}: wrong two-factor code (password change)`);
      res.status(403).json({ error: second === 'missing' ? TWO_FACTOR_REQUIRED : INCORRECT_CODE, twoFactorRequired: true } satisfies SignInRefusal);
      return;
    }
    const sessionsEnded = await setPassword(deps, area, newPassword, sessionToken(req, area));
    res.json({ success: true, sessionsEnded } satisfies PasswordChangeResponse);
  });
  router.use(twoFactorRoutes(deps, area, limiter, security));
  return router;
}
