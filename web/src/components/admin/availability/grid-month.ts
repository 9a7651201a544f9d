import { addDays, addMonths, endOfMonth } from '@ridgeline/core';
import { gridStart, utcDate, weekdayHeaders } from '@/lib/month-grid';

export { monthTitle, weekday } from '@/lib/month-grid';

/**
 * The owner's month grid ([availability.grid]: 42 cells): pure date arithmetic on
 * `YYYY-MM-DD` strings, so no browser time zone can shift a day.
 */

/** Cells in the month grid: six weeks, Sunday first. */
export const GRID_CELL_COUNT = 42;

/** Column headers, Sunday first: "Sun", "Mon", … */
export const WEEKDAYS = weekdayHeaders(3);

export interface GridCell {
  /** YYYY-MM-DD */
  date: string;
  /** False for the trailing days of the previous month and the leading days of the next. */
  inMonth: boolean;
}

/**
 * The 42 cells shown for the month that `month` (any day of it) is in: starting on the Sunday on
 * or before the 1st, so the 1st sits under its weekday.
 */
export function monthGrid(month: string): GridCell[] {
  const start = gridStart(month);
  const prefix = month.slice(0, 7);
  return Array.from({ length: GRID_CELL_COUNT }, (_, i) => {
    const date = addDays(start, i);
    return { date, inMonth: date.startsWith(prefix) };
  });
}

/**
 * The range the calendar loads ([availability.grid]): the first day of the month before the viewed month to
 * the last day of the month after, so the grid's spill-over days have data too.
 */
export function availabilityRange(month: string): { startDate: string; endDate: string } {
  return { startDate: addMonths(month, -1), endDate: endOfMonth(addMonths(month, 1)) };
}

/** Path (and query key) of the admin availability read for the viewed month. */
export function availabilityUrl(month: string): string {
  const { startDate, endDate } = availabilityRange(month);
  return `/api/availability?startDate=${startDate}&endDate=${endDate}`;
}

/** True for any query key of the admin availability reads (every month, the public one too). */
export function isAvailabilityQueryKey(queryKey: readonly unknown[]): boolean {
  const url = queryKey[0];
  return (
    typeof url === 'string' &&
    (url === '/api/availability' || url.startsWith('/api/availability?') || url.startsWith('/api/availability/'))
  );
}

const longDateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "November 21, 2026" */
export function longDate(date: string): string {
  return longDateFormat.format(utcDate(date));
}

const weekdayDateFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "Friday, December 4, 2026" */
export function weekdayLongDate(date: string): string {
  return weekdayDateFormat.format(utcDate(date));
}

/** Day of the month as a number, e.g. 21. */
export function dayOfMonth(date: string): number {
  return Number(date.slice(8, 10));
}
