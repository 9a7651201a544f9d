const monthYear = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A review's stay date (`YYYY-MM-DD`, or any ISO date-time) as "October 2026".
 * Parsed by its digits, not by the local time zone, so the month never shifts by a day.
 * Returns the input unchanged when it is not a date.
 */
export function formatStayDate(stayDate: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(stayDate);
  if (!match) return stayDate;
  const month = Number(match[2]);
  if (month < 1 || month > 12) return stayDate;
  return monthYear.format(Date.UTC(Number(match[1]), month - 1, 1));
}
