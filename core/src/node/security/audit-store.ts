import type { Db } from '../platform/database.js';
import type { AuditArea } from '../../api/security.js';

/** How long audit entries are kept ([audit.log]: one year). */
export const AUDIT_LOG_RETENTION_DAYS = 365;

/** Longest `action` and `detail` stored; longer text is cut (never refused: the change happened). */
const ACTION_MAX = 100;
const DETAIL_MAX = 500;

/** One owner action that changed something, or a guest's own cancellation ([audit.log]). */
export interface AuditEntry {
  id: number;
  /** ISO 8601 UTC */
  time: string;
  /** Who acted: the admin dashboard, the security console, or a guest on their own page. */
  area: AuditArea;
  /** The client's address (normalised by the caller). */
  ip: string;
  /** What was done, as a short stable phrase, e.g. "sign-in", "availability updated". */
  action: string;
  /**
   * What changed, in a few words, e.g. "2026-12-01 to 2026-12-03: $300, available". Never a
   * secret, nor a guest's e-mail or phone (a booking is named by its id).
   */
  detail: string;
}

/** Appends one entry to the audit log. */
export function recordAudit(db: Db, e: Omit<AuditEntry, 'id' | 'time'>, now: Date = new Date()): void {
  db.prepare('INSERT INTO audit_log (time, area, ip, action, detail) VALUES (?, ?, ?, ?, ?)').run(
    now.toISOString(),
    e.area,
    e.ip,
    e.action.slice(0, ACTION_MAX),
    e.detail.slice(0, DETAIL_MAX),
  );
}

export interface AuditQuery {
  /** Most entries answered (1–1000). */
  limit: number;
  /** Only entries whose action, detail, area or IP contains this text (case-insensitive). */
  filter?: string;
  /** Only entries of this area. */
  area?: AuditArea;
}

/** Audit entries, newest first. */
export function listAudit(db: Db, { limit, filter, area }: AuditQuery): AuditEntry[] {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (area) {
    where.push('area = ?');
    params.push(area);
  }
  if (filter) {
    // LIKE with ESCAPE so a "%" or "_" typed by the owner matches itself.
    const pattern = `%${filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push("(action LIKE ? ESCAPE '\\' OR detail LIKE ? ESCAPE '\\' OR ip LIKE ? ESCAPE '\\' OR area LIKE ? ESCAPE '\\')");
    params.push(pattern, pattern, pattern, pattern);
  }
  const sql = `SELECT id, time, area, ip, action, detail FROM audit_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`;
  return db.prepare(sql).all(...params, limit) as AuditEntry[];
}

/** Deletes entries older than the retention period; returns how many. */
export function purgeAudit(db: Db, now: Date = new Date()): number {
  const cutoff = new Date(now.getTime() - AUDIT_LOG_RETENTION_DAYS * 86_400_000).toISOString();
  return db.prepare('DELETE FROM audit_log WHERE time < ?').run(cutoff).changes;
}
