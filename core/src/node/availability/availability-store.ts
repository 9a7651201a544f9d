import { addDays, datesInRange } from '../../shared/dates.js';
import type { AvailabilityDay, NightRate } from '../../availability/availability.js';
import { nightlyRate } from '../../pricing/pricing.js';
import type { Settings } from '../../settings/schema.js';
import type { Db } from '../platform/database.js';
import { getOwnerSettings } from '../settings/owner-settings-store.js';

interface Row {
  date: string;
  /** The night's own price; null when it has none ([availability.own-price]). */
  price_cents: number | null;
  is_available: number;
  is_blocked: number;
}

/** A night's effective price in dollars and its source ([pricing.nightly]). */
function rateOf(settings: Settings, date: string, ownCents: number | null | undefined): NightRate {
  const rate = nightlyRate(settings, date, ownCents ?? undefined);
  return { date, price: rate.priceCents / 100, priceSource: rate.source ?? 'base' };
}

const toDay = (settings: Settings, r: Row): AvailabilityDay => {
  const { price, priceSource } = rateOf(settings, r.date, r.price_cents);
  return { date: r.date, price, isAvailable: r.is_available === 1, isBlocked: r.is_blocked === 1, priceSource };
};

const selectRows = (db: Db, startDate: string, endDate: string): Row[] =>
  db.prepare('SELECT date, price_cents, is_available, is_blocked FROM availability WHERE date BETWEEN ? AND ? ORDER BY date').all(startDate, endDate) as Row[];

/**
 * Days the owner has set from `startDate` to `endDate` inclusive, by date, each with its effective
 * price (dollars) and `priceSource` under `settings` (the owner's, read now, by default) ([availability.own-price], [pricing.nightly]).
 */
export function listAvailability(db: Db, startDate: string, endDate: string, settings: Settings = getOwnerSettings(db)): AvailabilityDay[] {
  return selectRows(db, startDate, endDate).map((r) => toDay(settings, r));
}

/**
 * Every night from `startDate` to `endDate` inclusive, set or Not Set, with its effective price
 * (dollars) and source ([availability.grid]): what the grid shows on each day.
 */
export function nightRates(db: Db, startDate: string, endDate: string, settings: Settings): NightRate[] {
  const own = new Map(selectRows(db, startDate, endDate).map((r) => [r.date, r.price_cents]));
  return datesInRange(startDate, addDays(endDate, 1)).map((date) => rateOf(settings, date, own.get(date)));
}

export interface DaySetting {
  /** whole dollars, >= 0 */
  price: number;
  isAvailable: boolean;
  isBlocked: boolean;
}

const upsert = (db: Db, date: string, priceCents: number | null, isAvailable: boolean, isBlocked: boolean, now: Date) =>
  db
    .prepare(
      `INSERT INTO availability (date, price_cents, is_available, is_blocked, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (date) DO UPDATE SET price_cents = excluded.price_cents, is_available = excluded.is_available,
         is_blocked = excluded.is_blocked, updated_at = excluded.updated_at`,
    )
    .run(date, priceCents, isAvailable ? 1 : 0, isBlocked ? 1 : 0, now.toISOString());

const rowOf = (db: Db, date: string): Row | undefined =>
  db.prepare('SELECT date, price_cents, is_available, is_blocked FROM availability WHERE date = ?').get(date) as Row | undefined;

/**
 * Sets one day ([availability.update], `PUT /api/availability/{date}`). The SPEC's body always
 * carries a price; it becomes the night's own price unless the night has none and the price is
 * the one it already gets from its season, the weekend or the base rate ([availability.own-price]):
 * blocking or reopening a night never freezes its default price into it.
 * @returns the day as saved, with its effective price and source
 */
export function setAvailability(db: Db, date: string, setting: DaySetting, now: Date = new Date(), settings: Settings = getOwnerSettings(db)): AvailabilityDay {
  const cents = Math.round(setting.price * 100);
  const own = rowOf(db, date)?.price_cents ?? null;
  const keepDefault = own === null && nightlyRate(settings, date, undefined).priceCents === cents;
  upsert(db, date, keepDefault ? null : cents, setting.isAvailable, setting.isBlocked, now);
  return toDay(settings, rowOf(db, date) as Row);
}

/** One change to a range of days (`PUT /api/availability`, [availability.range]). */
export interface RangeChange {
  /** YYYY-MM-DD, first day */
  from: string;
  /** YYYY-MM-DD, last day (inclusive) */
  to: string;
  /** whole dollars: the days' own price */
  price?: number | undefined;
  isAvailable?: boolean | undefined;
  isBlocked?: boolean | undefined;
  /** clears the days' own prices: they take their season, weekend or base rate again */
  resetPrice?: boolean | undefined;
  /** removes the days' records: they are Not Set again ([availability.states]) */
  notSet?: boolean | undefined;
}

/**
 * Applies `change` to every day from `from` to `to` inclusive in one transaction
 * ([availability.range]): fields not given keep each day's value (a day without a record starts
 * available, not blocked, without an own price); `resetPrice` clears own prices (a Not Set day
 * stays Not Set unless a status is given); `notSet` removes the records. Never writes a price
 * unless `price` is given ([availability.own-price]). Validated by `availabilityRangeRequestSchema`.
 * @returns the range's days as saved (the set ones), with effective prices and sources
 */
export function applyAvailabilityRange(db: Db, change: RangeChange, now: Date = new Date(), settings: Settings = getOwnerSettings(db)): AvailabilityDay[] {
  const dates = datesInRange(change.from, addDays(change.to, 1));
  db.transaction(() => {
    for (const date of dates) {
      if (change.notSet) {
        db.prepare('DELETE FROM availability WHERE date = ?').run(date);
        continue;
      }
      const row = rowOf(db, date);
      const setsStatus = change.isAvailable !== undefined || change.isBlocked !== undefined || change.price !== undefined;
      if (!row && !setsStatus) continue;
      const priceCents = change.price !== undefined ? Math.round(change.price * 100) : change.resetPrice ? null : (row?.price_cents ?? null);
      upsert(db, date, priceCents, change.isAvailable ?? (row ? row.is_available === 1 : true), change.isBlocked ?? (row ? row.is_blocked === 1 : false), now);
    }
  })();
  return listAvailability(db, change.from, change.to, settings);
}

/**
 * Sets `days` consecutive days from `startDate` to `price` (their own price), available and not
 * blocked, in one transaction ([availability.bulk]).
 * @returns the dates set
 */
export function setPriceForDays(db: Db, startDate: string, days: number, price: number, now: Date = new Date()): string[] {
  const dates = Array.from({ length: days }, (_, i) => addDays(startDate, i));
  db.transaction(() => {
    for (const date of dates) upsert(db, date, Math.round(price * 100), true, false, now);
  })();
  return dates;
}
