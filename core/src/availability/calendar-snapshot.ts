/**
 * The public calendar's data at one moment, in memory ([availability.cache]): the owner's closed
 * nights and own prices, the stays that close nights (paid and owner bookings, live holds,
 * imported reservations of active sources) and the owner's settings. It answers exactly what the
 * SQLite store's `closedNights`, `ownerNightlyPrices`, `quoteStay` and `settings` answer for the
 * same rows, without a query. Browser-safe and pure: the Node cache
 * (core/src/node/availability/calendar-cache.ts) reads the rows and decides when to rebuild.
 */
import type { PriceBreakdown } from '../pricing/pricing.js';
import { quoteStayWith } from '../pricing/pricing.js';
import type { Settings } from '../settings/schema.js';
import { datesInRange, isIsoDate } from '../shared/dates.js';

/** The rows a snapshot is built from. Dates `YYYY-MM-DD`; a stay's `checkout` is not a night. */
export interface CalendarRows {
  /** Dates the owner set unavailable or blocked. */
  ownerClosed: readonly string[];
  /** The owner's own nightly prices, cents, by date. */
  prices: readonly (readonly [date: string, cents: number])[];
  /** Stays whose nights are closed: occupying bookings, live holds, active imports. */
  stays: readonly { checkin: string; checkout: string }[];
  settings: Settings;
}

/** What the checkout's public reads need ([booking.calendar], [booking.quote]). */
export interface CalendarReads {
  /** Nights from `checkin` up to (not including) `checkout` that cannot be sold ([availability.closed]), sorted. */
  closedNights(checkin: string, checkout: string): string[];
  /** The owner's nightly prices (cents) by date for nights in [checkin, checkout); unset dates absent. */
  ownerNightlyPrices(checkin: string, checkout: string): Map<string, number>;
  /** The server's quote with the owner's settings ([booking.quote]); undefined for a stay without nights. */
  quoteStay(checkin: string, checkout: string, guests: number): PriceBreakdown | undefined;
  /** The owner's settings ([settings.fields]). Shared: never mutate it. */
  settings(): Settings;
}

/** Index of the first element of sorted `xs` for which `before(x)` is false. */
function firstNotBefore<T>(xs: readonly T[], before: (x: T) => boolean): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(xs[mid] as T)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Builds the snapshot. Stays are merged into sorted, non-overlapping runs of nights, so a look-up
 * costs a binary search plus the nights it returns, however many imported events overlap.
 * Stays without a night (or with a malformed date) close nothing.
 */
export function calendarSnapshot(rows: CalendarRows): CalendarReads {
  const ownerClosed = [...new Set(rows.ownerClosed)].sort();
  const priceDates = [...rows.prices].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const priceOf = new Map(priceDates);
  const runs: { start: string; end: string }[] = [];
  const stays = rows.stays.filter((s) => isIsoDate(s.checkin) && isIsoDate(s.checkout) && s.checkin < s.checkout).sort((a, b) => (a.checkin < b.checkin ? -1 : a.checkin > b.checkin ? 1 : 0));
  for (const s of stays) {
    const last = runs[runs.length - 1];
    if (last && s.checkin <= last.end) {
      if (s.checkout > last.end) last.end = s.checkout;
    } else runs.push({ start: s.checkin, end: s.checkout });
  }
  const { settings } = rows;

  return {
    closedNights(checkin, checkout) {
      const closed = new Set<string>();
      for (let i = firstNotBefore(ownerClosed, (d) => d < checkin); i < ownerClosed.length && (ownerClosed[i] as string) < checkout; i += 1) closed.add(ownerClosed[i] as string);
      for (let i = firstNotBefore(runs, (r) => r.end <= checkin); i < runs.length && (runs[i] as { start: string }).start < checkout; i += 1) {
        const run = runs[i] as { start: string; end: string };
        for (const date of datesInRange(run.start > checkin ? run.start : checkin, run.end < checkout ? run.end : checkout)) closed.add(date);
      }
      return [...closed].sort();
    },
    ownerNightlyPrices(checkin, checkout) {
      const prices = new Map<string, number>();
      for (let i = firstNotBefore(priceDates, (p) => p[0] < checkin); i < priceDates.length && (priceDates[i] as readonly [string, number])[0] < checkout; i += 1) {
        const [date, cents] = priceDates[i] as readonly [string, number];
        prices.set(date, cents);
      }
      return prices;
    },
    quoteStay(checkin, checkout, guests) {
      return quoteStayWith(settings, { checkin, checkout, guests }, (date) => priceOf.get(date));
    },
    settings: () => settings,
  };
}
