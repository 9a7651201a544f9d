import { Router } from 'express';
import { z } from 'zod';
import { blockIp, listIpBlocks, listSecurityEvents, unblockIp } from '@ridgeline/core/node';
import { requireSession } from '../auth/sessions.js';
import type { AppDeps } from '../deps.js';
import { clientIp, normalizeIp } from '../http/client-ip.js';
import { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validate.js';
import type { SecurityState } from './security-state.js';

/** HSTS as sent over https (security issue §2). */
export const HSTS = { maxAge: 31_536_000, includeSubDomains: true, preload: true } as const;

/** SPEC §5: trimmed non-empty text; no format check (an address is normalised when it is one). */
const ipBody = z.object({
  ip: z.string({ message: 'is required' }).trim().min(1, 'is required').max(100, 'is too long'),
  reason: z.string({ message: 'must be text' }).trim().max(300, 'is too long').optional().default(''),
});

/**
 * The security console's API (SPEC §2, §3, §7), all behind the security session (separate from
 * the admin's):
 * - `GET /api/security/status` → `{ security: {cspEnabled, rateLimitingEnabled, ipBlockingEnabled,
 *   hstsEnabled, hstsMaxAge (seconds), hstsIncludeSubDomains, hstsPreload,
 *   requestValidationEnabled, securityLoggingEnabled, environment, rateLimit: {max,
 *   windowMinutes}} }` — the server's real configuration.
 * - `POST /api/security/block-ip` `{ip, reason?}` → `{ success, message, block, warning? }`
 *   (blocking the address in use is allowed, with a warning).
 * - `POST /api/security/unblock-ip` `{ip}` → `{ success, message }`; 404 when not blocked.
 * - `GET /api/security/blocked-ips` → `{ blocked: [{ip, reason, createdAt}] }`.
 * - `GET /api/security/events?limit=N` → `{ events }` newest first (N ≤ 500, default 100).
 */
export function securityRoutes(deps: AppDeps, security: SecurityState): Router {
  const { db, config } = deps;
  const guard = requireSession(deps, 'security');
  const https = config.publicUrl.startsWith('https://');
  const router = Router();

  router.get('/api/security/status', guard, (_req, res) => {
    res.set('Cache-Control', 'no-store').json({
      security: {
        cspEnabled: true,
        rateLimitingEnabled: true,
        ipBlockingEnabled: true,
        hstsEnabled: https,
        hstsMaxAge: HSTS.maxAge,
        hstsIncludeSubDomains: HSTS.includeSubDomains,
        hstsPreload: HSTS.preload,
        requestValidationEnabled: true,
        securityLoggingEnabled: true,
        environment: config.env,
        rateLimit: { max: config.rateLimit.max, windowMinutes: Math.round(config.rateLimit.windowMs / 60_000) },
        blockedIpCount: security.blocked.size,
      },
    });
  });

  router.post('/api/security/block-ip', guard, (req, res) => {
    const { ip: raw, reason } = parseOr400(ipBody, req.body);
    const ip = normalizeIp(raw);
    const block = blockIp(db, ip, reason, deps.now?.());
    security.blocked.add(ip);
    security.log(req, 'ip_blocked', 'ok', ip);
    const own = ip === clientIp(req);
    res.json({
      success: true,
      message: `IP address ${ip} blocked`,
      block,
      ...(own ? { warning: 'This is the address you are using now: it can no longer reach this site until it is unblocked.' } : {}),
    });
  });

  router.post('/api/security/unblock-ip', guard, (req, res) => {
    const ip = normalizeIp(parseOr400(ipBody, req.body).ip);
    if (!unblockIp(db, ip)) throw new HttpError(404, `${ip} is not blocked`, { success: false });
    security.blocked.delete(ip);
    security.log(req, 'ip_unblocked', 'ok', ip);
    res.json({ success: true, message: `IP address ${ip} unblocked` });
  });

  router.get('/api/security/blocked-ips', guard, (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ blocked: listIpBlocks(db) });
  });

  router.get('/api/security/events', guard, (req, res) => {
    const { limit } = parseOr400(z.object({ limit: z.coerce.number().int().min(1).max(500).optional().default(100) }), req.query, 'query');
    res.set('Cache-Control', 'no-store').json({ events: listSecurityEvents(db, limit) });
  });
  return router;
}
