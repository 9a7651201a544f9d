import type { Request, RequestHandler } from 'express';
import { touchSession, type PasswordArea } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { HttpError } from './errors.js';

/** The session cookie of each area; the two are independent ([auth.areas], [auth.session]). */
export const SESSION_COOKIE: Record<PasswordArea, string> = {
  admin: 'rl_admin_session',
  security: 'rl_security_session',
};

/** The session token a request carries for `area`: `Authorization: Bearer …` or the cookie. */
export function sessionToken(req: Request, area: PasswordArea): string | undefined {
  const header = req.get('authorization');
  if (header && /^Bearer\s+/i.test(header)) return header.replace(/^Bearer\s+/i, '').trim();
  const cookie = (req.cookies as Record<string, unknown> | undefined)?.[SESSION_COOKIE[area]];
  return typeof cookie === 'string' ? cookie : undefined;
}

/** True when the request carries a live session of `area`. */
export function hasSession(deps: AppDeps, req: Request, area: PasswordArea): boolean {
  const token = sessionToken(req, area);
  return token ? touchSession(deps.db, token, area, deps.now?.()) : false;
}

/**
 * Refuses (401 `{ error }`) a request without a live session of `area`. Every admin endpoint
 * sits behind `requireSession(deps, 'admin')`, every console endpoint behind 'security'.
 */
export function requireSession(deps: AppDeps, area: PasswordArea): RequestHandler & { requiresSession: PasswordArea } {
  const guard: RequestHandler = (req, _res, next) => {
    if (hasSession(deps, req, area)) return next();
    next(new HttpError(401, area === 'admin' ? 'Sign in to the admin dashboard first' : 'Sign in to the security console first'));
  };
  // Marks the route so tests walking the router can tell which area guards it.
  return Object.assign(guard, { requiresSession: area });
}
