import type { Db } from '../platform/database.js';
import type { OwnerNoticeKind } from '../../notices/owner-notice-texts.js';

export { OWNER_NOTICE_KINDS, type OwnerNoticeKind } from '../../notices/owner-notice-texts.js';

export interface OwnerNotice {
  id: number;
  kind: OwnerNoticeKind;
  subject: string;
  text: string;
  bookingId: number | null;
  /** ISO 8601 UTC */
  createdAt: string;
  /** When it was e-mailed; null while not (no SMTP, no ownerEmail, or a failed send). */
  sentAt: string | null;
  sendError: string | null;
}

interface Row {
  id: number;
  kind: OwnerNoticeKind;
  subject: string;
  text: string;
  booking_id: number | null;
  created_at: string;
  sent_at: string | null;
  send_error: string | null;
}

const toNotice = (r: Row): OwnerNotice => ({
  id: r.id,
  kind: r.kind,
  subject: r.subject,
  text: r.text,
  bookingId: r.booking_id,
  createdAt: r.created_at,
  sentAt: r.sent_at,
  sendError: r.send_error,
});

/**
 * Stores a notice for the owner, once per `dedupeKey` when one is given (one e-mail per new
 * conflict, per source outage).
 * @returns the new notice, or undefined when a notice with that key exists already
 */
export function addOwnerNotice(
  db: Db,
  notice: { kind: OwnerNoticeKind; subject: string; text: string; bookingId?: number | null; dedupeKey?: string },
  now: Date = new Date(),
): OwnerNotice | undefined {
  const result = db
    .prepare('INSERT OR IGNORE INTO owner_notices (kind, subject, text, booking_id, dedupe_key, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(notice.kind, notice.subject, notice.text, notice.bookingId ?? null, notice.dedupeKey ?? null, now.toISOString());
  if (result.changes === 0) return undefined;
  return toNotice(db.prepare('SELECT * FROM owner_notices WHERE id = ?').get(result.lastInsertRowid) as Row);
}

/** The newest notices first, at most `limit`. */
export function listOwnerNotices(db: Db, limit = 50): OwnerNotice[] {
  return (db.prepare('SELECT * FROM owner_notices ORDER BY created_at DESC, id DESC LIMIT ?').all(limit) as Row[]).map(toNotice);
}

/** Notices not yet e-mailed, created since `since`, oldest first. */
export function listUnsentOwnerNotices(db: Db, since: Date): OwnerNotice[] {
  return (db.prepare('SELECT * FROM owner_notices WHERE sent_at IS NULL AND created_at >= ? ORDER BY id').all(since.toISOString()) as Row[]).map(toNotice);
}

/** Records the outcome of e-mailing a notice: sent at `now`, or the error of a failed send. */
export function markOwnerNotice(db: Db, id: number, outcome: { sentAt: Date } | { error: string }): void {
  if ('sentAt' in outcome) db.prepare('UPDATE owner_notices SET sent_at = ?, send_error = NULL WHERE id = ?').run(outcome.sentAt.toISOString(), id);
  else db.prepare('UPDATE owner_notices SET send_error = ? WHERE id = ?').run(outcome.error, id);
}
