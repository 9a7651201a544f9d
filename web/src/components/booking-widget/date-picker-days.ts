import { addDays, addMonths, endOfMonth, startOfMonth } from '@ridgeline/core';
import { gridStart, utcDate as utc, weekdayHeaders } from '@/lib/month-grid';

export { monthTitle, weekday } from '@/lib/month-grid';

/**
 * Date helpers of the guest's booking calendar: pure arithmetic and formatting on `YYYY-MM-DD`
 * strings in UTC, so no browser time zone can shift a day.
 */

/** Column headers, Sunday first: "Su", "Mo", … */
export const WEEKDAYS = weekdayHeaders(2);

/**
 * The weeks of the month `month` (any day of it) is in, Sunday first; days of other months are
 * null (the grid shows only the month's own days).
 */
export function monthWeeks(month: string): (string | null)[][] {
  const first = startOfMonth(month);
  const last = endOfMonth(month);
  const weeks: (string | null)[][] = [];
  for (let day = gridStart(month); day <= last; day = addDays(day, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => {
      const date = addDays(day, i);
      return date >= first && date <= last ? date : null;
    }));
  }
  return weeks;
}

/** `GET /api/availability/public` for the whole month `month` is in (also its query key). */
export function monthAvailabilityUrl(month: string): string {
  return `/api/availability/public?startDate=${startOfMonth(month)}&endDate=${endOfMonth(month)}`;
}

/** True when `date` lies in the month of `month`. */
export function inMonth(date: string, month: string): boolean {
  return date.slice(0, 7) === month.slice(0, 7);
}

const fullDateFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortDateFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Friday, December 11, 2026" */
export function fullDate(date: string): string {
  return fullDateFormat.format(utc(date));
}

/** "Fri, Dec 11, 2026" */
export function shortDate(date: string): string {
  return shortDateFormat.format(utc(date));
}

/** "1 night", "3 nights" */
export function nightsText(nights: number): string {
  return `${nights} ${nights === 1 ? 'night' : 'nights'}`;
}

/** "1 guest", "4 guests" */
export function guestsText(guests: number): string {
  return `${guests} ${guests === 1 ? 'guest' : 'guests'}`;
}

/**
 * The same day of the month `months` away, clamped to that month's last day (Page Up/Down):
 * 2027-01-31 + 1 month → 2027-02-28.
 */
export function sameDayMonthsAway(date: string, months: number): string {
  const first = addMonths(date, months);
  const last = Number(endOfMonth(first).slice(8, 10));
  const day = Math.min(Number(date.slice(8, 10)), last);
  return `${first.slice(0, 8)}${String(day).padStart(2, '0')}`;
}
