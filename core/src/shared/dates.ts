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

/** One formatter per time zone for the full wall-clock reading of an instant. */
const wallFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock reading of `instant` in `timeZone`, as milliseconds of a UTC date with the same fields. */
function wallClockMs(timeZone: string, instant: number): number {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

/**
 * The instant at which the clocks of `timeZone` show `date` at `time` ([data.today]: a time of day
 * is the property's), whatever the zone of the machine. Across daylight-saving changes: a time
 * that does not exist (02:30 on the spring-forward day) is the instant one hour later on the new
 * clock (03:30), and a time that happens twice (01:30 on the fall-back day) is its first
 * occurrence.
 * @param date YYYY-MM-DD
 * @param time HH:MM, 24-hour
 * @throws RangeError for a malformed date or time
 */
export function instantAt(timeZone: string, date: string, time: string): Date {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!m) throw new RangeError(`Not an HH:MM time: ${time}`);
  const wanted = toUtc(date) + (Number(m[1]) * 60 + Number(m[2])) * 60_000;
  // The zone's offset at a guess, then at the first answer (two rounds settle any change).
  const first = wanted - (wallClockMs(timeZone, wanted) - wanted);
  const second = wanted - (wallClockMs(timeZone, first) - first);
  const found = [second, first].find((instant) => wallClockMs(timeZone, instant) === wanted);
  // Spring forward: the wall time does not exist; the later candidate reads an hour on.
  if (found === undefined) return new Date(Math.max(first, second));
  // Fall back: the same wall time an hour earlier is the first occurrence.
  const earlier = found - 3_600_000;
  return new Date(wallClockMs(timeZone, earlier) === wanted ? earlier : found);
}
