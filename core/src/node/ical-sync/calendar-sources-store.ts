import type { Db } from '../platform/database.js';
import type { ImportedStay } from '../../reports/tax-report.js';
import type { FeedEvent } from './ical-import.js';
import type { CalendarSource, Platform } from '../../api/ical.js';

/** A source as `GET /api/calendar-sources` lists it ([ical.sources]): the contract's shape. */
export { PLATFORMS, type CalendarSource, type Platform } from '../../api/ical.js';

interface Row {
  id: number;
  name: string;
  ical_url: string;
  platform: Platform;
  is_active: number;
  auto_sync_enabled: number;
  last_sync_time: string | null;
  last_sync_status: CalendarSource['lastSyncStatus'];
  last_sync_message: string;
  last_success_time: string | null;
  events_processed: number;
  bookings_created: number;
  next_sync_at: string | null;
  created_at: string;
}

const toSource = (r: Row): CalendarSource => ({
  id: r.id,
  name: r.name,
  icalUrl: r.ical_url,
  platform: r.platform,
  isActive: r.is_active === 1,
  autoSyncEnabled: r.auto_sync_enabled === 1,
  lastSyncTime: r.last_sync_time,
  lastSyncStatus: r.last_sync_status,
  lastSyncMessage: r.last_sync_message,
  lastSuccessTime: r.last_success_time,
  eventsProcessed: r.events_processed,
  bookingsCreated: r.bookings_created,
  nextSyncAt: r.next_sync_at,
  createdAt: r.created_at,
});

export function listCalendarSources(db: Db): CalendarSource[] {
  return (db.prepare('SELECT * FROM calendar_sources ORDER BY id').all() as Row[]).map(toSource);
}

export function getCalendarSource(db: Db, id: number): CalendarSource | undefined {
  const row = db.prepare('SELECT * FROM calendar_sources WHERE id = ?').get(id) as Row | undefined;
  return row ? toSource(row) : undefined;
}

export function createCalendarSource(db: Db, s: { name: string; icalUrl: string; platform: Platform }, now: Date = new Date()): CalendarSource {
  const r = db
    .prepare('INSERT INTO calendar_sources (name, ical_url, platform, created_at, next_sync_at) VALUES (?, ?, ?, ?, ?)')
    .run(s.name, s.icalUrl, s.platform, now.toISOString(), now.toISOString());
  return getCalendarSource(db, Number(r.lastInsertRowid)) as CalendarSource;
}

/** Deletes a source and everything it imported (its nights reopen). */
export function deleteCalendarSource(db: Db, id: number): boolean {
  return db.prepare('DELETE FROM calendar_sources WHERE id = ?').run(id).changes > 0;
}

export function updateCalendarSource(db: Db, id: number, patch: { autoSyncEnabled?: boolean | undefined; isActive?: boolean | undefined; name?: string | undefined }): CalendarSource | undefined {
  const current = getCalendarSource(db, id);
  if (!current) return undefined;
  db.prepare('UPDATE calendar_sources SET auto_sync_enabled = ?, is_active = ?, name = ? WHERE id = ?').run(
    (patch.autoSyncEnabled ?? current.autoSyncEnabled) ? 1 : 0,
    (patch.isActive ?? current.isActive) ? 1 : 0,
    patch.name ?? current.name,
    id,
  );
  return getCalendarSource(db, id);
}

/** Records a failed sync: imports stay exactly as they were ([ical.keep-on-failure]). */
export function recordSyncFailure(db: Db, id: number, message: string, now: Date, nextSyncAt: Date): void {
  db.prepare("UPDATE calendar_sources SET last_sync_time = ?, last_sync_status = 'error', last_sync_message = ?, next_sync_at = ? WHERE id = ?").run(
    now.toISOString(),
    message,
    nextSyncAt.toISOString(),
    id,
  );
}

/**
 * Replaces a source's imports with `events` in one transaction: new events are added, moved
 * ones updated, events gone from the feed released.
 * @returns how many events were processed and how many reservations are new
 */
export function replaceImports(db: Db, id: number, events: FeedEvent[], now: Date, nextSyncAt: Date): { eventsProcessed: number; bookingsCreated: number } {
  return db.transaction(() => {
    const known = new Set((db.prepare('SELECT uid, start_date FROM imported_events WHERE source_id = ?').all(id) as { uid: string; start_date: string }[]).map((r) => `${r.uid}|${r.start_date}`));
    const upsert = db.prepare(
      `INSERT INTO imported_events (source_id, uid, start_date, end_date, summary, is_reservation, first_seen, last_seen)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (source_id, uid, start_date) DO UPDATE SET end_date = excluded.end_date, summary = excluded.summary,
         is_reservation = excluded.is_reservation, last_seen = excluded.last_seen`,
    );
    const stamp = now.toISOString();
    let created = 0;
    for (const e of events) {
      if (!known.has(`${e.uid}|${e.startDate}`) && e.isReservation) created += 1;
      upsert.run(id, e.uid, e.startDate, e.endDate, e.summary, e.isReservation ? 1 : 0, stamp, stamp);
    }
    // Events gone from the feed are released (compared by key, not by time: two syncs may share
    // a timestamp).
    const current = new Set(events.map((e) => `${e.uid}|${e.startDate}`));
    const release = db.prepare('DELETE FROM imported_events WHERE source_id = ? AND uid = ? AND start_date = ?');
    for (const key of known) {
      if (current.has(key)) continue;
      const cut = key.lastIndexOf('|');
      release.run(id, key.slice(0, cut), key.slice(cut + 1));
    }
    db.prepare(
      "UPDATE calendar_sources SET last_sync_time = ?, last_success_time = ?, last_sync_status = 'success', last_sync_message = ?, events_processed = ?, bookings_created = bookings_created + ?, next_sync_at = ? WHERE id = ?",
    ).run(stamp, stamp, `Imported ${events.length} event(s)`, events.length, created, nextSyncAt.toISOString(), id);
    return { eventsProcessed: events.length, bookingsCreated: created };
  })();
}

/** Imported events of a source (for tests and the admin's view). */
export function listImportedEvents(db: Db, sourceId: number): { uid: string; startDate: string; endDate: string; summary: string; isReservation: boolean }[] {
  return (
    db.prepare('SELECT uid, start_date, end_date, summary, is_reservation FROM imported_events WHERE source_id = ? ORDER BY start_date, uid').all(sourceId) as {
      uid: string;
      start_date: string;
      end_date: string;
      summary: string;
      is_reservation: number;
    }[]
  ).map((r) => ({ uid: r.uid, startDate: r.start_date, endDate: r.end_date, summary: r.summary, isReservation: r.is_reservation === 1 }));
}

/**
 * Guests' reservations imported from other platforms' calendars checking in from `from` up to
 * (not including) `to` (`YYYY-MM-DD`), for the tax report ([reports.tax]). Host blocks are left
 * out ([ical.reservation]). Paused sources count too: their stays happened; a deleted source's
 * are gone with it ([ical.delete]). Only what the feeds still list is known: a sync drops events
 * a feed no longer carries, and events more than 60 days past are not read ([ical.replace]).
 */
export function listImportedReservations(db: Db, from: string, to: string): ImportedStay[] {
  return (
    db
      .prepare(
        `SELECT s.platform, e.start_date, e.end_date FROM imported_events e JOIN calendar_sources s ON s.id = e.source_id
         WHERE e.is_reservation = 1 AND e.start_date >= ? AND e.start_date < ? ORDER BY e.start_date, s.id, e.uid`,
      )
      .all(from, to) as { platform: Platform; start_date: string; end_date: string }[]
  ).map((r) => ({ platform: r.platform, startDate: r.start_date, endDate: r.end_date }));
}
