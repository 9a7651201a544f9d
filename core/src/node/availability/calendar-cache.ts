import { calendarSnapshot, type CalendarReads } from '../../availability/calendar-snapshot.js';
import type { Db } from '../platform/database.js';
import { getOwnerSettings, OWNER_SETTINGS_KEY } from '../settings/owner-settings-store.js';
import { OCCUPYING_BOOKING } from '../booking/occupying.js';
import { closedNights, ownerNightlyPrices, quoteStay } from '../booking/stays-store.js';

/**
 * The tables the public calendar and quote read: a write to any of them makes the cache rebuild
 * ([availability.cache]). `settings` counts only for the owner's settings row. A new table the
 * snapshot reads must be added here.
 */
export const CALENDAR_TABLES = ['availability', 'booking_inquiries', 'holds', 'imported_events', 'calendar_sources', 'settings'] as const;

/** The SQL function the cache's triggers call; registered on the connection with them. */
const CHANGED_FN = 'ridgeline_calendar_changed';

/** How many answers `CalendarCache.memo` keeps per snapshot; past it the oldest is dropped. */
export const CALENDAR_MEMO_MAX = 512;

/** The public calendar's reads from memory ([availability.cache]); see `calendarCache`. */
export interface CalendarCache extends CalendarReads {
  /** How many times the snapshot was read from the database (diagnostics and tests). */
  readonly builds: number;
  /**
   * A value derived from the current snapshot alone (plus what `key` names), computed by
   * `compute` at the first call and answered from memory until the snapshot is rebuilt
   * ([availability.cache]): the public calendar's and the quote's finished answers, serialized
   * once per window. `key` must name every other input of `compute` (the query, today's date).
   * Inside a transaction `compute` runs each time and nothing is kept. At most
   * `CALENDAR_MEMO_MAX` values are kept (the oldest dropped first).
   */
  memo<T>(key: string, compute: () => T): T;
}

const caches = new WeakMap<Db, CalendarCache>();

/**
 * The in-memory public calendar of connection `db` ([availability.cache]): closed nights, the
 * owner's prices and settings as `calendarSnapshot` holds them, read from SQLite at the first
 * call after any change and answered from memory until the next.
 *
 * Invalidation lives in the database, not in the write paths, so no writer can forget it:
 * - temporary triggers on this connection (`CALENDAR_TABLES`, after every INSERT, UPDATE and
 *   DELETE; for `settings` only the owner's settings row) count every write made through it:
 *   bookings, holds, the owner's calendar and settings, calendar sources (migrations, which
 *   could drop a table and its trigger, run before the server makes its cache);
 * - `PRAGMA data_version` tells of commits by any other connection to the file (the feed
 *   worker's imports, a script).
 * A write rolled back still counts (one needless rebuild). Inside an open transaction the reads
 * go to the database, so nothing uncommitted is ever kept.
 *
 * Nothing in the snapshot depends on the clock: "today" (advance notice, booking window, stay
 * rules) is the caller's, from its injected clock, at each request. A hold closes its nights
 * until it is released, past its 15 minutes too ([checkout.hold-expiry]), exactly as the store.
 *
 * One cache per connection (the same object for every caller). Only the public calendar and
 * the quote use it; the checkout's hold re-checks the database in its own transaction.
 */
export function calendarCache(db: Db): CalendarCache {
  const existing = caches.get(db);
  if (existing) return existing;

  let writes = 0;
  db.function(CHANGED_FN, { deterministic: false }, () => {
    writes += 1;
    return null;
  });
  for (const table of CALENDAR_TABLES) {
    for (const op of ['INSERT', 'UPDATE', 'DELETE'] as const) {
      const row = op === 'DELETE' ? 'OLD' : 'NEW';
      const when = table === 'settings' ? ` WHEN ${row}.key = '${OWNER_SETTINGS_KEY}'${op === 'UPDATE' ? ` OR OLD.key = '${OWNER_SETTINGS_KEY}'` : ''}` : '';
      db.exec(`CREATE TEMP TRIGGER IF NOT EXISTS ${CHANGED_FN}_${table}_${op.toLowerCase()} AFTER ${op} ON ${table}${when} BEGIN SELECT ${CHANGED_FN}(); END`);
    }
  }
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  const ownerClosed = db.prepare('SELECT date FROM availability WHERE is_available = 0 OR is_blocked = 1').pluck();
  const prices = db.prepare('SELECT date, price_cents FROM availability WHERE price_cents IS NOT NULL').raw();
  const stays = db.prepare(
    `SELECT checkin, checkout FROM booking_inquiries WHERE ${OCCUPYING_BOOKING}
     UNION ALL SELECT checkin, checkout FROM holds WHERE status = 'held'
     UNION ALL SELECT e.start_date, e.end_date FROM imported_events e JOIN calendar_sources s ON s.id = e.source_id WHERE s.is_active = 1`,
  );

  let snapshot: CalendarReads | undefined;
  let seen = { writes: -1, dataVersion: -1 };
  let builds = 0;
  /** `memo`'s values and the snapshot they were derived from. */
  let memoOf: CalendarReads | undefined;
  const memos = new Map<string, unknown>();

  /** Reads the rows in one read transaction, so they are of one moment. */
  const build = db.transaction(() =>
    calendarSnapshot({
      ownerClosed: ownerClosed.all() as string[],
      prices: prices.all() as [string, number][],
      stays: stays.all() as { checkin: string; checkout: string }[],
      settings: getOwnerSettings(db),
    }),
  );

  /** The current snapshot; undefined inside a transaction (read the database then). */
  const current = (): CalendarReads | undefined => {
    if (db.inTransaction) return undefined;
    // Read before building: a commit landing during the build makes the next call rebuild.
    const now = { writes, dataVersion: dataVersion.get() as number };
    if (!snapshot || now.writes !== seen.writes || now.dataVersion !== seen.dataVersion) {
      snapshot = build();
      seen = now;
      builds += 1;
    }
    return snapshot;
  };

  const cache: CalendarCache = {
    closedNights: (checkin, checkout) => current()?.closedNights(checkin, checkout) ?? closedNights(db, checkin, checkout),
    ownerNightlyPrices: (checkin, checkout) => current()?.ownerNightlyPrices(checkin, checkout) ?? ownerNightlyPrices(db, checkin, checkout),
    quoteStay: (checkin, checkout, guests) => {
      const s = current();
      return s ? s.quoteStay(checkin, checkout, guests) : quoteStay(db, checkin, checkout, guests);
    },
    settings: () => current()?.settings() ?? getOwnerSettings(db),
    memo: <T>(key: string, compute: () => T): T => {
      const s = current();
      if (!s) return compute();
      if (memoOf !== s) {
        memos.clear();
        memoOf = s;
      }
      if (memos.has(key)) return memos.get(key) as T;
      const value = compute();
      // Kept only when `compute` saw this same snapshot (a commit landing meanwhile rebuilt it).
      if (snapshot === s) {
        if (memos.size >= CALENDAR_MEMO_MAX) memos.delete(memos.keys().next().value as string);
        memos.set(key, value);
      }
      return value;
    },
    get builds() {
      return builds;
    },
  };
  caches.set(db, cache);
  return cache;
}
