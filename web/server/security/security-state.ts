import type { Request, RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { SecurityStatus } from '@ridgeline/core';
import { blockedIpSet, logSecurityEvent, type SecurityEventKind } from '@ridgeline/core/node';
import { hasSession } from '../http/sessions.js';
import type { AppDeps } from '../deps.js';
import { clientIp, rateLimitKey } from '../http/client-ip.js';
import { loggablePath } from '../http/loggable-path.js';
import { createAuditWriter, type AuditWriter } from './audit.js';
import { IpBlocklist } from './ip-blocklist.js';
import { isVerifiedStripeDelivery } from './stripe-delivery.js';
import { setRetryAfter } from './retry-after.js';

/** HSTS as sent over https ([security.headers]). */
export const HSTS = { maxAge: 31_536_000, includeSubDomains: true, preload: true } as const;

/**
 * The sign-in endpoints under the `/api` mount (and anything below them, such as a second sign-in
 * step): they have their own failure limiter (auth.routes.ts), so the owner can still sign in
 * after anonymous traffic from the same address used up the general budget ([auth.throttle]).
 */
const SIGN_IN_PATH = /^\/(?:auth|security)\/login(?:\/|$)/;


/** The protections the security console reports, as one object the app and routes share. */
export interface SecurityState {
  /** Blocked addresses and CIDR ranges, mirrored from SQLite for the per-request check. */
  blocked: IpBlocklist;
  /** Refuses blocked addresses with 403 on every route, static files included. */
  ipBlock: RequestHandler;
  /**
   * [security.rate-limit]: 100 requests per 15-minute window per IP on /api, IPv6 clients grouped by /64;
   * signed-in owners, sign-in (its own limiter) and signature-verified Stripe
   * deliveries are not counted. RATE_LIMIT_MAX=0 turns it off (a pass-through).
   */
  apiRateLimit: RequestHandler;
  /** The HSTS options helmet sends, or false when the site is not served over https. */
  hsts: typeof HSTS | false;
  /** The console's status, computed now from the configuration and the block list. */
  status(): SecurityStatus;
  /** Writes one security-log entry for `req`. */
  log(req: Request, event: SecurityEventKind, outcome: string, detail?: string): void;
  /** Writes one audit-log entry: an owner action that changed something ([audit.log]). */
  audit: AuditWriter;
}

export function createSecurityState(deps: AppDeps): SecurityState {
  const { db, config, logger } = deps;
  const blocked = new IpBlocklist(blockedIpSet(db));
  const hsts = config.publicUrl.startsWith('https://') ? HSTS : false;
  const log: SecurityState['log'] = (req, event, outcome, detail = '') => {
    try {
      logSecurityEvent(db, { ip: clientIp(req), method: req.method, route: loggablePath(req.originalUrl.split('?')[0] ?? ''), event, outcome, detail }, deps.now?.());
    } catch (err) {
      logger.error('security log write failed', { err });
    }
  };

  const ipBlock: RequestHandler = (req, res, next) => {
    if (blocked.size === 0 || !blocked.has(clientIp(req))) return next();
    log(req, 'blocked_request', 'refused 403');
    res.status(403).json({ error: 'Access from your IP address has been blocked.' });
  };

  const windowMinutes = Math.round(config.rateLimit.windowMs / 60_000);
  const rateLimitingEnabled = config.rateLimit.max > 0;
  // express-rate-limit 7+ refuses every request when `limit` is 0, so "off" mounts no limiter.
  const apiRateLimit: RequestHandler = rateLimitingEnabled
    ? rateLimit({
        windowMs: config.rateLimit.windowMs,
        limit: config.rateLimit.max,
        standardHeaders: 'draft-7',
        legacyHeaders: false,
        keyGenerator: (req) => rateLimitKey(clientIp(req)),
        validate: { trustProxy: false, xForwardedForHeader: false, keyGeneratorIpFallback: false },
        // The owner's own dashboard traffic is authenticated and never throttled; Stripe's
        // deliveries are exempt once their signature verifies; sign-in has its own limiter.
        skip: (req, res) =>
          isVerifiedStripeDelivery(res) ||
          (req.method === 'POST' && SIGN_IN_PATH.test(req.path)) ||
          hasSession(deps, req, 'admin') ||
          hasSession(deps, req, 'security'),
        handler: (req, res, _next, options) => {
          log(req, 'rate_limited', 'refused 429');
          const retryAfter = setRetryAfter(req, res, options.windowMs);
          res.status(429).json({
            error: `Too many requests: the limit is ${config.rateLimit.max} per ${windowMinutes} minutes. Try again in ${Math.ceil(retryAfter / 60)} minute(s).`,
          });
        },
      })
    : (_req, _res, next) => next();

  const status = (): SecurityStatus => ({
    cspEnabled: true,
    rateLimitingEnabled,
    ipBlockingEnabled: true,
    hstsEnabled: hsts !== false,
    hstsMaxAge: HSTS.maxAge,
    hstsIncludeSubDomains: HSTS.includeSubDomains,
    hstsPreload: HSTS.preload,
    requestValidationEnabled: true,
    securityLoggingEnabled: true,
    environment: config.env,
    rateLimit: { max: config.rateLimit.max, windowMinutes },
    blockedIpCount: blocked.size,
  });

  return { blocked, ipBlock, apiRateLimit, hsts, status, log, audit: createAuditWriter(deps) };
}
