import type { Request, RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { blockedIpSet, logSecurityEvent, type SecurityEventKind } from '@ridgeline/core/node';
import { hasSession } from '../auth/sessions.js';
import type { AppDeps } from '../deps.js';
import { clientIp } from '../http/client-ip.js';
import { createAuditWriter, type AuditWriter } from './audit.js';

/** The protections the security console reports, as one object the app and routes share. */
export interface SecurityState {
  /** Blocked addresses (normalised), mirrored from SQLite so the per-request check is a Set lookup. */
  blocked: Set<string>;
  /** Refuses blocked addresses with 403 on every route, static files included. */
  ipBlock: RequestHandler;
  /** SPEC §2: 100 requests per 15-minute window per IP on /api (signed-in owners exempt). */
  apiRateLimit: RequestHandler;
  /** Writes one security-log entry for `req`. */
  log(req: Request, event: SecurityEventKind, outcome: string, detail?: string): void;
  /** Writes one audit-log entry: an owner action that changed something (security issue §8). */
  audit: AuditWriter;
}

export function createSecurityState(deps: AppDeps): SecurityState {
  const { db, config, logger } = deps;
  const blocked = blockedIpSet(db);
  const log: SecurityState['log'] = (req, event, outcome, detail = '') => {
    try {
      logSecurityEvent(db, { ip: clientIp(req), method: req.method, route: req.originalUrl.split('?')[0] ?? '', event, outcome, detail }, deps.now?.());
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
  const apiRateLimit = rateLimit({
    windowMs: config.rateLimit.windowMs,
    limit: config.rateLimit.max,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: (req) => clientIp(req),
    validate: { trustProxy: false, xForwardedForHeader: false, keyGeneratorIpFallback: false },
    // The owner's own dashboard traffic is authenticated and never throttled; Stripe's webhook
    // is verified by signature.
    skip: (req) => req.path === '/api/stripe/webhook' || hasSession(deps, req, 'admin') || hasSession(deps, req, 'security'),
    handler: (req, res, _next, options) => {
      const resetTime = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const retryAfter = resetTime ? Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : Math.ceil(options.windowMs / 1000);
      log(req, 'rate_limited', 'refused 429');
      res.setHeader('Retry-After', String(retryAfter));
      res.status(429).json({
        error: `Too many requests: the limit is ${config.rateLimit.max} per ${windowMinutes} minutes. Try again in ${Math.ceil(retryAfter / 60)} minute(s).`,
      });
    },
  });

  return { blocked, ipBlock, apiRateLimit, log, audit: createAuditWriter(deps) };
}
