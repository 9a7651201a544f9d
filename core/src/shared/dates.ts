/**
 * Calendar dates as `YYYY-MM-DD` strings in the property's time zone ([data.night], [data.today]).
 * Browser-safe. Arithmetic is done on UTC midnights so no local zone or DST can shift a day.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written `YYYY-MM-DD` (rejects 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

function toUtc(date: string): number {
  if (!isIsoDate(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return Date.parse(`${date}T00:00:00Z`);
}

const DAY_MS = 86_400_000;

/** `date` plus `days` (may be negative). @throws RangeError for a malformed date */
export function addDays(date: string, days: number): string {
  return new Date(toUtc(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

/** Every date from `start` up to but not including `end` (a stay's nights). */
export function datesInRange(start: string, end: string): string[] {
  const n = daysBetween(start, end);
  const dates: string[] = [];
  // Counted on from `start` (cheaper than a Date per day: the public calendar lists 400 days a request).
  let [y, m, d] = [Number(start.slice(0, 4)), Number(start.slice(5, 7)), Number(start.slice(8, 10))];
  for (let i = 0; i < n; i += 1) {
    dates.push(`${String(y).padStart(4, '0')}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`);
    d += 1;
    if (d > daysInMonth(y, m)) {
      d = 1;
      m += 1;
      if (m > 12) {
        m = 1;
        y += 1;
      }
    }
  }
  return dates;
}

/** Days in month `m` (1–12) of year `y` (Gregorian). */
function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** One formatter per time zone: making an `Intl.DateTimeFormat` costs far more than using one. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date in `timeZone` at instant `now`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA formats as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

/** A moment as the property's clock shows it ([data.today]): its date and its time of day. */
export interface LocalMoment {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM, 24-hour */
  time: string;
}

/** One formatter per time zone for the time of day (hour 00–23). */
const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** The date and time of day (HH:MM, 24-hour) in `timeZone` at instant `now`. */
export function localMomentIn(timeZone: string, now: Date = new Date()): LocalMoment {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    timeFormats.set(timeZone, format);
  }
  return { date: todayIn(timeZone, now), time: format.format(now) };
}

/** First day of the month `date` is in. */
export function startOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** Last day of the month `date` is in. */
export function endOfMonth(date: string): string {
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/**
 * `date` moved by `months` calendar months (may be negative), keeping its day of the month, or the
 * month's last day when it has fewer days (2026-03-31 less one month is 2026-02-28).
 */
export function addCalendarMonths(date: string, months: number): string {
  const [y, m, d] = [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const day = Math.min(d, daysInMonth(first.getUTCFullYear(), first.getUTCMonth() + 1));
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), day)).toISOString().slice(0, 10);
}

/** The same day-of-month clamp-free month shift: first day of the month `months` away. */
export function addMonths(date: string, months: number): string {
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 10);
}

/** "16:00" → "4:00 PM", "10:30" → "10:30 AM", "00:15" → "12:15 AM". */
export function clockTimeText(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** The months' English names, January first. */
export const MONTH_NAMES: readonly string[] = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
