import { addDays } from '../../shared/dates.js';
import type { AvailabilityDay } from '../../availability/availability.js';
import type { Db } from '../platform/database.js';

interface Row {
  date: string;
  price_cents: number;
  is_available: number;
  is_blocked: number;
}

const toDay = (r: Row): AvailabilityDay => ({
  date: r.date,
  price: r.price_cents / 100,
  isAvailable: r.is_available === 1,
  isBlocked: r.is_blocked === 1,
});

/** Days the owner has set from `startDate` to `endDate` inclusive, by date. */
export function listAvailability(db: Db, startDate: string, endDate: string): AvailabilityDay[] {
  const rows = db
    .prepare('SELECT date, price_cents, is_available, is_blocked FROM availability WHERE date BETWEEN ? AND ? ORDER BY date')
    .all(startDate, endDate) as Row[];
  return rows.map(toDay);
}

export interface DaySetting {
  /** whole dollars, >= 0 */
  price: number;
  isAvailable: boolean;
  isBlocked: boolean;
}

/** Sets one day ([availability.update], `PUT /api/availability/{date}`). */
export function setAvailability(db: Db, date: string, setting: DaySetting, now: Date = new Date()): AvailabilityDay {
  db.prepare(
    `INSERT INTO availability (date, price_cents, is_available, is_blocked, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (date) DO UPDATE SET price_cents = excluded.price_cents, is_available = excluded.is_available,
       is_blocked = excluded.is_blocked, updated_at = excluded.updated_at`,
  ).run(date, Math.round(setting.price * 100), setting.isAvailable ? 1 : 0, setting.isBlocked ? 1 : 0, now.toISOString());
  return { date, ...setting };
}

/**
 * Sets `days` consecutive days from `startDate` to `price`, available and not blocked, in one
 * transaction ([availability.bulk]).
 * @returns the dates set
 */
export function setPriceForDays(db: Db, startDate: string, days: number, price: number, now: Date = new Date()): string[] {
  const dates = Array.from({ length: days }, (_, i) => addDays(startDate, i));
  db.transaction(() => {
    for (const date of dates) setAvailability(db, date, { price, isAvailable: true, isBlocked: false }, now);
  })();
  return dates;
}
