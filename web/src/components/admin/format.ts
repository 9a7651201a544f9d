/** Date display of the admin dashboard. */
import { PROPERTY } from '@ridgeline/core';

const calendarDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A night or stay date (`YYYY-MM-DD`) as "Mon, Jun 15, 2026". Read by its digits (as UTC), so
 * no local time zone can move it by a day. Anything else is returned as it is.
 */
export function formatCalendarDate(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  return calendarDate.format(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

const moment = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: PROPERTY.timeZone,
  timeZoneName: 'short',
});

/** An ISO 8601 instant as the property's clock shows it: "Jun 15, 2026, 3:04 PM EDT". */
export function formatTimestamp(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : moment.format(ms);
}

/** "November" for a `YYYY-MM-DD` date. */
export function monthName(date: string): string {
  const month = Number(date.slice(5, 7));
  return new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, month - 1, 1));
}

/** "March 2026" for a `YYYY-MM` month (read by its digits, as UTC). */
export function formatMonth(month: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1),
  );
}
