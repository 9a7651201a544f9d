import type { RequestHandler } from 'express';
import type { AppDeps } from '../deps.js';
import { HttpError } from './errors.js';
import { SESSION_COOKIE } from './sessions.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF protection for cookie sessions (OWASP "Verifying origin with standard headers", on top
 * of SameSite=Strict cookies): a state-changing request that carries one of our session cookies
 * must come from our own origin — `Sec-Fetch-Site` same-origin (or none) and, when sent,
 * `Origin` equal to the site's. Bearer-token clients (the desktop app) carry no cookie and are
 * not affected; neither are public endpoints called without a session cookie.
 */
export function csrfGuard({ config }: AppDeps): RequestHandler {
  const publicOrigin = new URL(config.publicUrl).origin;
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const cookies = (req.cookies ?? {}) as Record<string, unknown>;
    if (!Object.values(SESSION_COOKIE).some((name) => name in cookies)) return next();
    const site = req.get('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') return next(new HttpError(403, 'Cross-site request refused'));
    const origin = req.get('origin');
    if (origin) {
      const ownOrigin = `${req.protocol}://${req.get('host') ?? ''}`;
      if (origin !== publicOrigin && origin !== ownOrigin) return next(new HttpError(403, 'Cross-site request refused'));
    }
    next();
  };
}
