import { DEFAULT_CLEANING_SETTINGS, type CleaningSettings } from '../../cleaning/cleaning.js';
import { OCCUPYING_BOOKING } from '../booking/occupying.js';
import type { Db } from '../platform/database.js';

/**
 * Cleaning settings (one row) and the cleaning event recorded for each stay (tables of
 * migration 0005). A stay is keyed `booking:<id>` (a paid direct booking) or
 * `import:<sourceId>:<uid>:<start_date>` (a reservation imported from another platform).
 */

interface SettingsRow {
  cleaning_crew_email: string;
  auto_create_events: number;
  is_active: number;
  event_time: string;
}

/** The saved settings, or the defaults of [cleaning.settings] before the owner saves any. */
export function getCleaningSettings(db: Db): CleaningSettings {
  const row = db.prepare('SELECT * FROM cleaning_settings WHERE id = 1').get() as SettingsRow | undefined;
  if (!row) return { ...DEFAULT_CLEANING_SETTINGS };
  return {
    cleaningCrewEmail: row.cleaning_crew_email,
    autoCreateEvents: row.auto_create_events === 1,
    isActive: row.is_active === 1,
    eventTime: row.event_time,
  };
}

/** Saves (validated) settings and returns them. */
export function saveCleaningSettings(db: Db, s: CleaningSettings, now: Date = new Date()): CleaningSettings {
  db.prepare(
    `INSERT INTO cleaning_settings (id, cleaning_crew_email, auto_create_events, is_active, event_time, updated_at)
     VALUES (1, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET cleaning_crew_email = excluded.cleaning_crew_email,
       auto_create_events = excluded.auto_create_events, is_active = excluded.is_active,
       event_time = excluded.event_time, updated_at = excluded.updated_at`,
  ).run(s.cleaningCrewEmail, s.autoCreateEvents ? 1 : 0, s.isActive ? 1 : 0, s.eventTime, now.toISOString());
  return getCleaningSettings(db);
}

/** A confirmed stay whose check-out needs a cleaning. */
export interface StayToClean {
  stayKey: string;
  /** YYYY-MM-DD */
  checkin: string;
  /** YYYY-MM-DD: the cleaning day */
  checkout: string;
  /** Guests of a direct booking; null for an imported reservation (feeds do not say). */
  guests: number | null;
  /** "Direct booking" or the calendar source's name. */
  source: string;
}

/**
 * Every confirmed stay checking out on `fromDate` or later: paid direct bookings and guest
 * reservations imported from active calendar sources (`is_reservation = 1`).
 */
export function listStaysToClean(db: Db, fromDate: string): StayToClean[] {
  const direct = db
    .prepare(`SELECT id, checkin, checkout, guests FROM booking_inquiries WHERE ${OCCUPYING_BOOKING} AND checkout >= ? AND checkout > checkin`)
    .all(fromDate) as { id: number; checkin: string; checkout: string; guests: number }[];
  const imported = db
    .prepare(
      `SELECT e.source_id, e.uid, e.start_date, e.end_date, s.name FROM imported_events e
       JOIN calendar_sources s ON s.id = e.source_id
       WHERE s.is_active = 1 AND e.is_reservation = 1 AND e.end_date >= ? AND e.end_date > e.start_date`,
    )
    .all(fromDate) as { source_id: number; uid: string; start_date: string; end_date: string; name: string }[];
  return [
    ...direct.map((b) => ({ stayKey: `booking:${b.id}`, checkin: b.checkin, checkout: b.checkout, guests: b.guests, source: 'Direct booking' })),
    ...imported.map((e) => ({
      stayKey: `import:${e.source_id}:${e.uid}:${e.start_date}`,
      checkin: e.start_date,
      checkout: e.end_date,
      guests: null,
      source: e.name,
    })),
  ];
}

/** The cleaning event made for one stay. */
export interface CleaningEventRecord {
  stayKey: string;
  /** YYYY-MM-DD the event is on */
  checkoutDate: string;
  /** Where it lives: the owner's Google Calendar, or an e-mail sent to the crew. */
  channel: 'google' | 'email';
  googleEventId: string | null;
  crewEmail: string;
  createdAt: string;
  updatedAt: string;
}

interface EventRow {
  stay_key: string;
  checkout_date: string;
  channel: 'google' | 'email';
  google_event_id: string | null;
  crew_email: string;
  created_at: string;
  updated_at: string;
}

const toRecord = (r: EventRow): CleaningEventRecord => ({
  stayKey: r.stay_key,
  checkoutDate: r.checkout_date,
  channel: r.channel,
  googleEventId: r.google_event_id,
  crewEmail: r.crew_email,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** Recorded cleaning events on `fromDate` or later (earlier ones are history). */
export function listCleaningEvents(db: Db, fromDate: string): CleaningEventRecord[] {
  return (db.prepare('SELECT * FROM cleaning_events WHERE checkout_date >= ? ORDER BY checkout_date, stay_key').all(fromDate) as EventRow[]).map(toRecord);
}

export function getCleaningEvent(db: Db, stayKey: string): CleaningEventRecord | undefined {
  const row = db.prepare('SELECT * FROM cleaning_events WHERE stay_key = ?').get(stayKey) as EventRow | undefined;
  return row ? toRecord(row) : undefined;
}

/** Records (or replaces) the event made for a stay. */
export function saveCleaningEvent(
  db: Db,
  e: Pick<CleaningEventRecord, 'stayKey' | 'checkoutDate' | 'channel' | 'googleEventId' | 'crewEmail'>,
  now: Date = new Date(),
): void {
  db.prepare(
    `INSERT INTO cleaning_events (stay_key, checkout_date, channel, google_event_id, crew_email, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (stay_key) DO UPDATE SET checkout_date = excluded.checkout_date, channel = excluded.channel,
       google_event_id = excluded.google_event_id, crew_email = excluded.crew_email, updated_at = excluded.updated_at`,
  ).run(e.stayKey, e.checkoutDate, e.channel, e.googleEventId, e.crewEmail, now.toISOString(), now.toISOString());
}

export function deleteCleaningEvent(db: Db, stayKey: string): void {
  db.prepare('DELETE FROM cleaning_events WHERE stay_key = ?').run(stayKey);
}
