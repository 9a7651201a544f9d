import type { RequestHandler, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { PasswordArea } from '@ridgeline/core/node';
import type { SecurityState } from '../security/security-state.js';

/** Failed sign-ins allowed per IP and area in one window before 429 ([auth.throttle]: 10 in 15 min). */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/**
 * Marks a refusal that is a step of a sign-in rather than a failure: the right password sent
 * without its two-factor code ([auth.two-factor]). Such a 401 does not count toward the limit;
 * a wrong password or a wrong code does.
 */
export function markNotAFailure(res: Response): void {
  res.locals.notASignInFailure = true;
}

/**
 * The sign-in throttle of one area: LOGIN_FAILURE_LIMIT answers of 400 and above from one IP in
 * LOGIN_WINDOW_MS, then 429 even for the right password (express-rate-limit with
 * `skipSuccessfulRequests`: every request counts, successful ones are taken back when they
 * finish). Guards sign-in and everything else that checks a password or a two-factor code
 * (password change, turning two-factor sign-in off), so none of them can be guessed faster.
 */
export function createSignInLimiter(area: PasswordArea, security?: SecurityState): RequestHandler {
  return rateLimit({
    windowMs: LOGIN_WINDOW_MS,
    limit: LOGIN_FAILURE_LIMIT,
    skipSuccessfulRequests: true,
    requestWasSuccessful: (_req, res) => res.statusCode < 400 || res.locals.notASignInFailure === true,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    validate: { trustProxy: false, xForwardedForHeader: false },
    handler: (req, res, _next, options) => {
      security?.log(req, 'login_throttled', 'refused 429', area);
      res.setHeader('Retry-After', String(Math.ceil(options.windowMs / 1000)));
      res.status(429).json({ error: 'Too many failed sign-in attempts. Try again in 15 minutes.' });
    },
  });
}
