import type { Request, RequestHandler, Response } from 'express';
import type { AuditArea } from '@ridgeline/core';
import { recordAudit, type PasswordArea } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { clientIp } from '../http/client-ip.js';

/**
 * Writes one audit entry for `req` ([audit.log]): an owner area's change, or a guest's own
 * cancellation (area `guest`). Never throws: the change already happened.
 */
export type AuditWriter = (req: Request, area: AuditArea, action: string, detail?: string) => void;

export function createAuditWriter(deps: AppDeps): AuditWriter {
  return (req, area, action, detail = '') => {
    try {
      recordAudit(deps.db, { area, ip: clientIp(req), action, detail }, deps.now?.());
    } catch (err) {
      deps.logger.error('audit log write failed', { err, action });
    }
  };
}

/** Body fields never written to the audit log, whatever the route. */
const SECRET_FIELDS = new Set([
  'password',
  'currentPassword',
  'newPassword',
  'totp',
  'code',
  'recoveryCode',
  'secret',
  'refreshToken',
  'token',
  'state',
]);

/**
 * Body fields never written to the audit log because they hold a guest's contact details
 * ([audit.log]): the booking's id says whose booking it was.
 */
const GUEST_CONTACT_FIELDS = new Set(['email', 'phone']);

/**
 * Adds `note` (e.g. `booking=12`, `refund=$50.00 (succeeded)`) to the audit entry the request's
 * owner change gets ([audit.log]): what the route learnt that the request itself does not say,
 * such as the id of a booking it made. Written before the route's own description.
 */
export function auditNote(res: Response, note: string): void {
  const notes = (res.locals.auditNotes as string[] | undefined) ?? [];
  notes.push(note);
  res.locals.auditNotes = notes;
}

/** Routes that change nothing, though they are POSTs (a connection test reads a feed). */
const READ_ONLY = new Set(['POST /api/calendar-sources/:id/test']);

/** Short names for owner actions; a route missing here is logged as "METHOD /path". */
const ACTIONS: Record<string, string> = {
  'PUT /api/availability/:date': 'availability updated',
  'POST /api/availability/bulk': 'prices set for the next 30 days',
  'POST /api/reviews': 'review created',
  'PUT /api/reviews/:id': 'review updated',
  'DELETE /api/reviews/:id': 'review deleted',
  'POST /api/upload-image': 'image uploaded',
  'PUT /api/images/slots/:key': 'carousel slot added',
  'DELETE /api/images/slots/:key': 'carousel slot removed',
  'POST /api/calendar-sources': 'calendar source added',
  'PATCH /api/calendar-sources/:id': 'calendar source changed',
  'DELETE /api/calendar-sources/:id': 'calendar source deleted',
  'POST /api/calendar-sources/:id/sync': 'calendar source synced',
  'POST /api/calendar/feed/rotate': 'export feed address rotated',
  'POST /api/calendar/exchange-code': 'Google Calendar connected',
  'POST /api/calendar/update-token': 'Google Calendar token set',
  'POST /api/calendar/disconnect': 'Google Calendar disconnected',
  'POST /api/cleaning-settings': 'cleaning settings saved',
  'PUT /api/settings': 'settings saved',
  'PUT /api/listing': 'listing saved',
  'POST /api/test-payment': 'test payment created',
  'POST /api/bookings/:id/cancel': 'booking cancelled',
  'POST /api/bookings/:id/change': 'booking changed',
  'POST /api/bookings/:id/changes/:changeId/refund': 'refused change refund settled',
  'POST /api/bookings/:id/offline-payments': 'offline money recorded',
  'POST /api/bookings/:id/damage-deposit/claim': 'damage deposit claimed',
  'POST /api/bookings': 'booking added',
  'POST /api/bookings/:id/payment-link': 'payment link sent',
  'POST /api/bookings/:id/request/accept': 'booking request accepted',
  'POST /api/bookings/:id/request/decline': 'booking request declined',
  'POST /api/test-guide-app': 'guide app test sent',
  'POST /api/security/block-ip': 'IP blocked',
  'POST /api/security/unblock-ip': 'IP unblocked',
  'POST /api/auth/password': 'password changed',
  'POST /api/security/password': 'password changed',
  'POST /api/auth/two-factor/setup': 'two-factor set-up started',
  'POST /api/security/two-factor/setup': 'two-factor set-up started',
  'POST /api/auth/two-factor/enable': 'two-factor enabled',
  'POST /api/security/two-factor/enable': 'two-factor enabled',
  'POST /api/auth/two-factor/disable': 'two-factor disabled',
  'POST /api/security/two-factor/disable': 'two-factor disabled',
  'POST /api/security/sessions/:id/revoke': 'session revoked',
  'POST /api/security/sessions/revoke-all': 'signed out everywhere',
  'POST /api/security/jobs/:name/run': 'background job run',
};

/** One value as a few readable characters: strings quoted and cut, objects and arrays summarised. */
function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (Array.isArray(value)) return `[${value.length} item(s)]`;
  return '{…}';
}

/**
 * "what changed" for a route without a hand-written description: the route's parameters and the
 * body's fields (secrets, a guest's e-mail and phone, and file contents left out), e.g.
 * `date=2026-12-01 price=300 isBlocked=false`.
 */
export function describeChange(req: Request): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(req.params ?? {})) parts.push(`${key}=${String(value)}`);
  const body: unknown = req.body;
  if (body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body)) {
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      if (SECRET_FIELDS.has(key) || GUEST_CONTACT_FIELDS.has(key)) continue;
      parts.push(`${key}=${describeValue(value)}`);
    }
  }
  const file = (req as Request & { file?: { originalname?: string; size?: number } }).file;
  if (file) parts.push(`file=${JSON.stringify(file.originalname ?? '')} (${file.size ?? 0} bytes)`);
  return parts.join(' ');
}

/** The owner area whose session guard protects the route `req` matched, if any (see `requireSession`). */
function guardedArea(req: Request): PasswordArea | undefined {
  const stack = (req.route as { stack?: { handle?: { requiresSession?: PasswordArea } }[] } | undefined)?.stack ?? [];
  for (const layer of stack) {
    const area = layer.handle?.requiresSession;
    if (area) return area;
  }
  return undefined;
}

/**
 * Records every successful owner change ([audit.log]): a POST, PUT, PATCH or DELETE that
 * matched a route behind an owner session guard and answered below 400. Sign-in, sign-out and
 * failed sign-ins carry no session yet (or lose it) and are recorded by the auth routes themselves.
 * Mount before the routes; it writes when the response finishes, when `req.route` is known.
 */
export function auditOwnerChanges(audit: AuditWriter): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    res.on('finish', () => {
      if (res.statusCode >= 400 || !req.route) return;
      const area = guardedArea(req);
      if (!area) return;
      const key = `${req.method} ${String((req.route as { path: unknown }).path)}`;
      if (READ_ONLY.has(key)) return;
      const notes = (res.locals.auditNotes as string[] | undefined) ?? [];
      audit(req, area, ACTIONS[key] ?? key, [...notes, describeChange(req)].filter((part) => part !== '').join(' '));
    });
    next();
  };
}
