import { addDays, startOfMonth } from '@ridgeline/core';

/**
 * What the two month calendars share (the owner's availability grid, the guest's booking
 * calendar): pure arithmetic and formatting on `YYYY-MM-DD` strings at UTC midnight, so no
 * browser time zone can shift a day.
 */

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Column headers, Sunday first: each day's name and its first `letters` letters ("Sun" or "Su"). */
export function weekdayHeaders(letters: 2 | 3): readonly { short: string; long: string }[] {
  return DAY_NAMES.map((long) => ({ short: long.slice(0, letters), long }));
}

/** The UTC midnight of a `YYYY-MM-DD` date. */
export function utcDate(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** Day of the week of a `YYYY-MM-DD` date, 0 = Sunday. */
export function weekday(date: string): number {
  return utcDate(date).getUTCDay();
}

/** Where the grid of the month `month` (any day of it) is in starts: the Sunday on or before its 1st. */
export function gridStart(month: string): string {
  const first = startOfMonth(month);
  return addDays(first, -weekday(first));
}

const monthTitleFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The month `month` (any day of it) is in, e.g. "November 2026". */
export function monthTitle(month: string): string {
  return monthTitleFormat.format(utcDate(startOfMonth(month)));
}
