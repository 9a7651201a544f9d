import { Router } from 'express';
import { z } from 'zod';
import {
  blockIpRequestSchema,
  ipEntryField,
  securityEventsQuerySchema,
  type BlockIpResponse,
  type BlockedIpsResponse,
  type MessageResponse,
  type SecurityEventsResponse,
  type SecurityStatusResponse,
} from '@ridgeline/core';
import { requireSession } from '../http/sessions.js';
import type { AppDeps } from '../deps.js';
import { clientIp } from '../http/client-ip.js';
import { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validate.js';
import { IpBlocklist, InvalidIpRangeError, normalizeBlockEntry } from './ip-blocklist.js';
import { blockAddress, blockedAddresses, securityEvents, unblockAddress } from './security-console.js';
import type { SecurityState } from './security-state.js';

export { HSTS } from './security-state.js';

/**
 * [security.ip-block]: the console form's fields (`blockIpRequestSchema`: trimmed non-empty text, with no
 * format check for text that is not an address); an address or CIDR range is normalised,
 * and a malformed range such as `10.0.0.0/33` is refused.
 */
const ipBody = blockIpRequestSchema.extend({
  ip: ipEntryField.transform((text, ctx) => {
      try {
        return normalizeBlockEntry(text);
      } catch (err) {
        if (!(err instanceof InvalidIpRangeError)) throw err;
        ctx.addIssue({ code: 'custom', message: err.message });
        return z.NEVER;
      }
    }),
});

/**
 * The security console's API ([security.console], [security.status], [security.ip-block], [security.sessions]), all behind the security session (separate from
 * the admin's); contracts in `core/src/api/security.ts`:
 * - `GET /api/security/status` → `{ security: SecurityStatus }` (security-state.ts): every field
 *   computed from the running configuration and block list ([security.status]).
 * - `POST /api/security/block-ip` `{ip, reason?}` → `{ success, message, block, warning? }`;
 *   `ip` is an address, a CIDR range (`203.0.113.0/24`, `2001:db8::/48`, stored as network/prefix)
 *   or other text stored as typed; 400 naming `ip` for a malformed range (`10.0.0.0/33`).
 *   Blocking the address in use (or a range holding it) is allowed, with a warning.
 * - `POST /api/security/unblock-ip` `{ip}` → `{ success, message }`, the same text normalised the
 *   same way; 404 when not blocked.
 * - `GET /api/security/blocked-ips` → `{ blocked: [{ip, reason, createdAt}] }`.
 * - `GET /api/security/events?limit=N` → `{ events }` newest first (N ≤ 500, default 100).
 */
export function securityRoutes(deps: AppDeps, security: SecurityState): Router {
  const guard = requireSession(deps, 'security');
  const router = Router();

  router.get('/api/security/status', guard, (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ security: security.status() } satisfies SecurityStatusResponse);
  });

  router.post('/api/security/block-ip', guard, (req, res) => {
    const { ip, reason } = parseOr400(ipBody, req.body);
    const block = blockAddress(deps, ip, reason);
    security.blocked.add(ip);
    security.log(req, 'ip_blocked', 'ok', ip);
    const own = new IpBlocklist([ip]).has(clientIp(req));
    res.json({
      success: true,
      message: `IP address ${ip} blocked`,
      block,
      ...(own
        ? {
            warning: ip.includes('/')
              ? 'The address you are using now is in this range: it can no longer reach this site until the range is unblocked.'
              : 'This is the address you are using now: it can no longer reach this site until it is unblocked.',
          }
        : {}),
    } satisfies BlockIpResponse);
  });

  router.post('/api/security/unblock-ip', guard, (req, res) => {
    const { ip } = parseOr400(ipBody, req.body);
    if (!unblockAddress(deps, ip)) throw new HttpError(404, `${ip} is not blocked`, { success: false });
    security.blocked.delete(ip);
    security.log(req, 'ip_unblocked', 'ok', ip);
    res.json({ success: true, message: `IP address ${ip} unblocked` } satisfies MessageResponse);
  });

  router.get('/api/security/blocked-ips', guard, (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ blocked: blockedAddresses(deps) } satisfies BlockedIpsResponse);
  });

  router.get('/api/security/events', guard, (req, res) => {
    const { limit } = parseOr400(securityEventsQuerySchema, req.query, 'query');
    res.set('Cache-Control', 'no-store').json({ events: securityEvents(deps, limit) } satisfies SecurityEventsResponse);
  });
  return router;
}
