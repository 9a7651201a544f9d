import { Router, type CookieOptions } from 'express';
import { rateLimit } from 'express-rate-limit';
import { z } from 'zod';
import { SESSION_TTL_SECONDS, checkPassword, createSession, deleteSession, type PasswordArea } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { parseOr400 } from '../http/validate.js';
import type { SecurityState } from '../security/security-state.js';
import { SESSION_COOKIE, hasSession, sessionToken } from './sessions.js';

/** Failed sign-ins allowed per IP and area in one window before 429 (admin issue: 10 in 15 min). */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

const loginSchema = z.object({
  password: z.string({ message: 'is required' }).min(1, 'is required').max(256, 'is too long'),
  /** "desktop" answers a bearer token instead of setting a cookie. */
  client: z.enum(['browser', 'desktop']).optional().default('browser'),
});

/** Where each area's sign-in endpoints live. */
const BASE: Record<PasswordArea, string> = { admin: '/api/auth', security: '/api/security' };
const INCORRECT: Record<PasswordArea, string> = {
  admin: 'Incorrect password',
  security: 'Incorrect security password',
};

/**
 * Sign-in for one area (DESIGN.md "Security model"):
 * - `POST {base}/login` `{ password, client? }` → 200 `{ success: true }` with an httpOnly,
 *   SameSite=Strict session cookie (Secure over https), or `{ success: true, token }` for
 *   `client: "desktop"`; 401 `{ error: "Incorrect password" }`; 429 after LOGIN_FAILURE_LIMIT
 *   failures from one IP in LOGIN_WINDOW_MS.
 * - `POST {base}/logout` → 200 `{ success: true }`, ends the session and clears the cookie.
 * - `GET {base}/session` → `{ authenticated: boolean }`.
 */
export function authRoutes(deps: AppDeps, area: PasswordArea, security?: SecurityState): Router {
  const { db, config } = deps;
  const base = BASE[area];
  const cookie: CookieOptions = {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.publicUrl.startsWith('https://'),
    path: '/',
  };
  const limiter = rateLimit({
    windowMs: LOGIN_WINDOW_MS,
    limit: LOGIN_FAILURE_LIMIT,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    validate: { trustProxy: false, xForwardedForHeader: false },
    handler: (req, res, _next, options) => {
      security?.log(req, 'login_throttled', 'refused 429', area);
      res.setHeader('Retry-After', String(Math.ceil(options.windowMs / 1000)));
      res.status(429).json({ error: 'Too many failed sign-in attempts. Try again in 15 minutes.' });
    },
  });

  const router = Router();
  router.post(`${base}/login`, limiter, async (req, res) => {
    const { password, client } = parseOr400(loginSchema, req.body);
    if (!(await checkPassword(db, area, password))) {
      security?.log(req, 'login_failed', 'refused 401', area);
      security?.audit(req, area, 'sign-in failed', 'wrong password');
      res.status(401).json({ error: INCORRECT[area] });
      return;
    }
    const token = createSession(db, area, client, deps.now?.());
    security?.log(req, 'login', 'ok', `${area} (${client})`);
    security?.audit(req, area, 'sign-in', client);
    if (client === 'desktop') {
      res.json({ success: true, token, expiresIn: SESSION_TTL_SECONDS });
      return;
    }
    res.cookie(SESSION_COOKIE[area], token, { ...cookie, maxAge: SESSION_TTL_SECONDS * 1000 });
    res.json({ success: true });
  });
  router.post(`${base}/logout`, (req, res) => {
    const token = sessionToken(req, area);
    if (token && hasSession(deps, req, area)) security?.audit(req, area, 'sign-out');
    if (token) deleteSession(db, token);
    res.clearCookie(SESSION_COOKIE[area], cookie);
    res.json({ success: true });
  });
  router.get(`${base}/session`, (req, res) => {
    res.set('Cache-Control', 'no-store').json({ authenticated: hasSession(deps, req, area) });
  });
  return router;
}
