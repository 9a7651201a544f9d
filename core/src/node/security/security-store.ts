import type { Db } from '../platform/database.js';

/** How long security events are kept ([security.log]: 90 days). */
export const SECURITY_LOG_RETENTION_DAYS = 90;

export type SecurityEventKind =
  | 'login'
  | 'login_failed'
  | 'login_throttled'
  | 'ip_blocked'
  | 'ip_unblocked'
  | 'blocked_request'
  | 'rate_limited'
  | 'validation_rejected'
  | 'webhook_signature_failed'
  /** `POST /api/create-payment-intent` over PAYMENT_INTENT_LIMIT for the client IP ([checkout.intent-limit]). */
  | 'payment_intent_limited';

export interface SecurityEvent {
  id: number;
  /** ISO 8601 UTC */
  time: string;
  ip: string;
  method: string;
  route: string;
  event: SecurityEventKind;
  outcome: string;
  detail: string;
}

/** Appends one event to the security log. */
export function logSecurityEvent(db: Db, e: Omit<SecurityEvent, 'id' | 'time'>, now: Date = new Date()): void {
  db.prepare('INSERT INTO security_events (time, ip, method, route, event, outcome, detail) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
    now.toISOString(),
    e.ip,
    e.method,
    e.route.slice(0, 500),
    e.event,
    e.outcome,
    e.detail.slice(0, 1000),
  );
}

/** The newest events first. */
export function listSecurityEvents(db: Db, limit = 100): SecurityEvent[] {
  return db.prepare('SELECT * FROM security_events ORDER BY id DESC LIMIT ?').all(limit) as SecurityEvent[];
}

/** Deletes events older than the retention period; returns how many. */
export function purgeSecurityEvents(db: Db, now: Date = new Date()): number {
  const cutoff = new Date(now.getTime() - SECURITY_LOG_RETENTION_DAYS * 86_400_000).toISOString();
  return db.prepare('DELETE FROM security_events WHERE time < ?').run(cutoff).changes;
}

export interface IpBlock {
  ip: string;
  reason: string;
  /** ISO 8601 UTC */
  createdAt: string;
}

/**
 * Blocks `ip`, an address, CIDR range (`203.0.113.0/24`) or text, already normalised by the caller;
 * blocking it again keeps the first time and updates the reason.
 */
export function blockIp(db: Db, ip: string, reason: string, now: Date = new Date()): IpBlock {
  db.prepare('INSERT INTO ip_blocks (ip, reason, created_at) VALUES (?, ?, ?) ON CONFLICT (ip) DO UPDATE SET reason = excluded.reason').run(ip, reason, now.toISOString());
  const row = db.prepare('SELECT ip, reason, created_at AS createdAt FROM ip_blocks WHERE ip = ?').get(ip) as IpBlock;
  return row;
}

/** Unblocks `ip`; false when it was not blocked. */
export function unblockIp(db: Db, ip: string): boolean {
  return db.prepare('DELETE FROM ip_blocks WHERE ip = ?').run(ip).changes > 0;
}

export function listIpBlocks(db: Db): IpBlock[] {
  return db.prepare('SELECT ip, reason, created_at AS createdAt FROM ip_blocks ORDER BY created_at DESC, ip').all() as IpBlock[];
}

/** Every blocked entry (address, CIDR range or text), for the per-request check (kept in memory by the caller). */
export function blockedIpSet(db: Db): Set<string> {
  return new Set((db.prepare('SELECT ip FROM ip_blocks').all() as { ip: string }[]).map((r) => r.ip));
}
