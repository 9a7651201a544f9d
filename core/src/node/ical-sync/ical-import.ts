import ical from 'node-ical';
import { addDays, daysBetween } from '../../shared/dates.js';

/**
 * Reading other platforms' iCal feeds ([ical.parse]; RFC 5545).
 *
 * A feed's events become closed nights: an all-day event closes DTSTART up to (not including)
 * DTEND, so the check-out day stays bookable; a timed event closes the property-zone dates it
 * spans. Cancelled events are ignored.
 */

/** One reservation or block read from a feed. Dates are YYYY-MM-DD in the property's zone. */
export interface FeedEvent {
  uid: string;
  startDate: string;
  /** exclusive */
  endDate: string;
  summary: string;
  /** A guest's stay (gets a cleaning), as opposed to the host blocking dates. */
  isReservation: boolean;
}

export type FeedErrorReason = 'http_status' | 'timeout' | 'too_large' | 'not_ical' | 'network' | 'parse' | 'bad_url' | 'stopped';

/** Why a feed could not be read; `message` is shown to the owner. */
export class FeedError extends Error {
  constructor(
    readonly reason: FeedErrorReason,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FeedError';
  }
}

export const FEED_USER_AGENT = 'Ridgeline/1.0 (vacation-rental calendar sync; +https://github.com/ridgeline)';
/** Limits on one fetch ([ical.fetch]: give up after 30 s). */
export const FEED_TIMEOUT_MS = 30_000;
export const FEED_MAX_BYTES = 10 * 1024 * 1024;
/** Events further than this from today are ignored (a stay is bookable up to ~18 months out). */
const HORIZON_PAST_DAYS = 60;
const HORIZON_FUTURE_DAYS = 800;
/**
 * Recurring events (RFC 5545 §3.3.10 RRULE) are expanded only inside the horizon, a window at a
 * time, and give at most MAX_SERIES_DATES dates each (the horizon holds ~860) from at most
 * MAX_SERIES_OCCURRENCES occurrences looked at (an hourly rule over the whole horizon is ~22,000;
 * node-ical's rrule-temporal takes ~0.1 ms each): a minutely rule costs bounded work and closes
 * what it reached instead of failing the whole feed ([ical.parse]).
 */
const MAX_SERIES_DATES = 1000;
const MAX_SERIES_OCCURRENCES = 25_000;
/**
 * Window expanded per `between` call, by frequency: rrule-temporal throws past 10,000 iterations
 * per call ("Maximum iterations (10000) exceeded"), so each window stays near 7,000 steps.
 */
const WINDOW_MS: Record<string, number> = { SECONDLY: 2 * 3_600_000, MINUTELY: 5 * 86_400_000, HOURLY: 300 * 86_400_000 };
/** A window that still fails is halved down to this before it is skipped. */
const MIN_WINDOW_MS = 3_600_000;
/** Failed windows tolerated per series before the rest of it is skipped. */
const MAX_WINDOW_FAILURES = 16;

export interface FetchFeedOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  maxBytes?: number;
  /** Attempts in all for 429 and 5xx answers (exponential back-off, Retry-After honoured). */
  attempts?: number;
  /** Longest wait between attempts, ms (a longer Retry-After ends the retries). */
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Ends the download (and any wait before a retry) early: a FeedError `stopped` (server shutdown). */
  signal?: AbortSignal;
}

/** Seconds or an HTTP date (RFC 9110 §10.2.3) → milliseconds from now, or undefined. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Downloads a feed: http/https only, a Ridgeline User-Agent, at most `maxBytes`, given up after
 * `timeoutMs`; 429 and 5xx are retried with exponential back-off honouring Retry-After. An aborted
 * `signal` ends it at once.
 * @returns the body text, checked to be an iCalendar (not an HTML page served with 200)
 * @throws FeedError with the reason (`stopped` when `signal` aborted)
 */
export async function fetchFeed(url: string, options: FetchFeedOptions = {}): Promise<string> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new FeedError('bad_url', 'The iCal URL is not a valid URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new FeedError('bad_url', 'The iCal URL must start with http:// or https://');
  const doFetch = options.fetch ?? fetch;
  const attempts = options.attempts ?? 3;
  const maxDelay = options.maxDelayMs ?? 30_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const timeoutMs = options.timeoutMs ?? FEED_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? FEED_MAX_BYTES;

  const stopped = () => new FeedError('stopped', 'The server stopped before the calendar was read');
  for (let attempt = 1; ; attempt += 1) {
    if (options.signal?.aborted) throw stopped();
    let res: Response;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const onStop = () => controller.abort();
    options.signal?.addEventListener('abort', onStop, { once: true });
    try {
      res = await doFetch(parsed, {
        headers: { 'User-Agent': FEED_USER_AGENT, Accept: 'text/calendar, text/plain;q=0.9, */*;q=0.1' },
        redirect: 'follow',
        signal: controller.signal,
      });
      if (res.ok) {
        const text = await readLimited(res, maxBytes, controller);
        if (!/BEGIN:VCALENDAR/i.test(text.slice(0, 2000))) {
          throw new FeedError('not_ical', /<html|<!doctype/i.test(text.slice(0, 500)) ? 'The URL answered a web page, not an iCal feed (check the link; it may need a login)' : 'The URL did not answer an iCal feed');
        }
        return text;
      }
    } catch (err) {
      if (err instanceof FeedError) throw err;
      if (options.signal?.aborted) throw stopped();
      if (controller.signal.aborted) throw new FeedError('timeout', `The calendar did not answer within ${Math.round(timeoutMs / 1000)} seconds`);
      throw new FeedError('network', `The calendar could not be reached (${(err as Error).message})`);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onStop);
    }
    const retryable = res.status === 429 || res.status >= 500;
    const wait = retryAfterMs(res.headers.get('retry-after')) ?? 1000 * 2 ** (attempt - 1);
    await res.body?.cancel().catch(() => undefined);
    if (!retryable || attempt >= attempts || wait > maxDelay) {
      const hint = res.status === 429 ? ' (Too Many Requests: the platform limits how often its calendar may be read)' : '';
      throw new FeedError('http_status', `The calendar answered HTTP ${res.status}${hint}`, res.status);
    }
    await sleep(wait);
  }
}

async function readLimited(res: Response, maxBytes: number, controller: AbortController): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  if (declared > maxBytes) throw new FeedError('too_large', `The feed is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      controller.abort();
      throw new FeedError('too_large', `The feed is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** The YYYY-MM-DD date of instant `d` in `timeZone` (formatters are reused: building one costs ~0.1 ms). */
function dateIn(d: Date, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  return format.format(d);
}

/** node-ical gives all-day dates as local midnight: read them back with local getters. */
function localDate(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * Guest reservation or host block, from the platforms' wording: Airbnb "Reserved" vs
 * "Airbnb (Not available)", VRBO "Reserved - Name" vs "Blocked", Booking.com
 * "CLOSED - Not available" (its feed does not tell reservations from closures: counted as a
 * stay so the crew is never missed). Anything else (a manual calendar) is a stay.
 */
export function isReservationSummary(summary: string): boolean {
  const s = summary.trim();
  if (/^reserved\b/i.test(s)) return true;
  if (/^closed\s*-\s*not available$/i.test(s)) return true;
  if (/not available|blocked|unavailable/i.test(s)) return false;
  return true;
}

interface VEvent {
  type: string;
  uid?: string;
  start?: Date & { dateOnly?: boolean };
  end?: Date & { dateOnly?: boolean };
  datetype?: 'date' | 'date-time';
  summary?: string | { val: string };
  status?: string;
  rrule?: { between(after: Date, before: Date, inc?: boolean): Date[]; options?: { freq?: unknown } };
  exdate?: Record<string, Date>;
  recurrences?: Record<string, VEvent>;
}

const text = (v: VEvent['summary']) => (typeof v === 'string' ? v : (v?.val ?? ''));

/**
 * Calls `visit` with each occurrence of a recurring event between `from` and `to`, in time
 * order, window by window (see WINDOW_MS), until `visit` answers true (enough) or
 * MAX_SERIES_OCCURRENCES were visited.
 * @returns false when the series was cut short (a cap, or windows the library could not expand)
 */
function expandSeries(rrule: NonNullable<VEvent['rrule']>, from: Date, to: Date, visit: (occurrence: Date) => boolean): boolean {
  const freq = String(rrule.options?.freq ?? '').toUpperCase();
  const end = to.getTime();
  const step = WINDOW_MS[freq] ?? end - from.getTime();
  const pending: [number, number][] = [];
  for (let t = from.getTime(); t < end; t += step) pending.push([t, Math.min(t + step, end)]);
  pending.reverse();
  let visited = 0;
  let failures = 0;
  let complete = true;
  // Depth-first in time order: a window the library refuses is replaced by its two halves.
  while (pending.length > 0) {
    const [a, b] = pending.pop()!;
    let occurrences: Date[];
    try {
      occurrences = rrule.between(new Date(a), new Date(b), true);
    } catch {
      complete = false;
      failures += 1;
      if (failures > MAX_WINDOW_FAILURES) return false;
      if (b - a > MIN_WINDOW_MS) {
        const mid = a + Math.floor((b - a) / 2);
        pending.push([mid, b], [a, mid]);
      }
      continue;
    }
    for (const d of occurrences) {
      // `between` includes both ends: an occurrence on a shared boundary belongs to the later window.
      if (d.getTime() >= b && b !== end) continue;
      visited += 1;
      if (visit(d) || visited >= MAX_SERIES_OCCURRENCES) return false;
    }
  }
  return complete;
}

/** What a feed closes, and what could be read only in part (for the owner and the log). */
export interface ParsedFeed {
  events: FeedEvent[];
  /** e.g. a recurring event expanded only up to a cap */
  warnings: string[];
}

/**
 * Parses a feed into the nights it closes.
 * @param today YYYY-MM-DD in `timeZone`: events far in the past or future are skipped
 * @throws FeedError('parse') when the text is not a readable calendar
 */
export function parseFeed(textBody: string, timeZone: string, today: string): FeedEvent[] {
  return parseFeedDetailed(textBody, timeZone, today).events;
}

/**
 * parseFeed, with warnings about recurring events expanded only in part. CPU-heavy for big
 * feeds: the server calls it in a worker thread (createFeedParser, feed-parser.ts).
 * @throws FeedError('parse') when the text is not a readable calendar
 */
export function parseFeedDetailed(textBody: string, timeZone: string, today: string): ParsedFeed {
  // A truncated download or a garbled body must never read as "no reservations": that would
  // release every night imported before.
  if (!/END:VCALENDAR\s*$/i.test(textBody)) throw new FeedError('parse', 'The feed is incomplete (it does not end with END:VCALENDAR)');
  const declaredEvents = (textBody.match(/^BEGIN:VEVENT\s*$/gim) ?? []).length;
  let data: Record<string, VEvent>;
  try {
    data = ical.sync.parseICS(textBody) as unknown as Record<string, VEvent>;
  } catch (err) {
    throw new FeedError('parse', `The feed could not be read as iCal (${(err as Error).message})`);
  }
  const from = addDays(today, -HORIZON_PAST_DAYS);
  const to = addDays(today, HORIZON_FUTURE_DAYS);
  const out = new Map<string, FeedEvent>();
  const warnings: string[] = [];

  type MaybeDateOnly = Date & { dateOnly?: boolean };
  const add = (ev: VEvent, start: MaybeDateOnly, end: MaybeDateOnly | undefined, uid: string) => {
    const allDay = ev.datetype === 'date' || start.dateOnly === true;
    const startDate = allDay ? localDate(start) : dateIn(start, timeZone);
    let endDate = end ? (allDay ? localDate(end) : dateIn(end, timeZone)) : addDays(startDate, 1);
    // An event that starts and ends on the same date still closes that date.
    if (daysBetween(startDate, endDate) < 1) endDate = addDays(startDate, 1);
    if (endDate < from || startDate > to) return;
    const summary = text(ev.summary).slice(0, 300);
    out.set(`${uid}|${startDate}`, { uid, startDate, endDate, summary, isReservation: isReservationSummary(summary) });
  };

  const readable = Object.values(data).filter((ev) => ev?.type === 'VEVENT' && ev.start instanceof Date && !Number.isNaN(ev.start.getTime()));
  if (declaredEvents > 0 && readable.length === 0) throw new FeedError('parse', `None of the feed's ${declaredEvents} event(s) could be read`);
  for (const ev of readable) {
    if (!ev.start) continue;
    if ((ev.status ?? '').toUpperCase() === 'CANCELLED') continue;
    const uid = (ev.uid ?? '').trim() || `no-uid-${ev.start.toISOString()}`;
    if (!ev.rrule) {
      add(ev, ev.start, ev.end, uid);
      continue;
    }
    // Recurring: expand within the horizon, capped; EXDATEs and overridden instances skipped.
    const duration = ev.end ? ev.end.getTime() - ev.start.getTime() : 86_400_000;
    const skipped = new Set(Object.keys({ ...(ev.exdate ?? {}), ...(ev.recurrences ?? {}) }).map((k) => k.slice(0, 10)));
    const dates = new Set<string>();
    const dateOnly = ev.start.dateOnly === true;
    const complete = expandSeries(ev.rrule, new Date(Date.parse(`${from}T00:00:00Z`) - Math.max(0, duration)), new Date(Date.parse(`${to}T00:00:00Z`) + 2 * 86_400_000), (occurrence) => {
      const start = Object.assign(new Date(occurrence), { dateOnly });
      if (skipped.has(start.toISOString().slice(0, 10))) return false;
      add(ev, start, Object.assign(new Date(start.getTime() + duration), { dateOnly }), uid);
      dates.add(start.toISOString().slice(0, 10));
      return dates.size >= MAX_SERIES_DATES;
    });
    if (!complete) {
      const reached = [...dates].sort().at(-1);
      warnings.push(`The recurring event "${text(ev.summary).slice(0, 80)}" (${uid}) was read only in part${reached ? `, up to ${reached}` : ''}: it repeats too often to expand in full`);
    }
    for (const override of Object.values(ev.recurrences ?? {})) {
      if (override.start && (override.status ?? '').toUpperCase() !== 'CANCELLED') add(override, override.start, override.end, uid);
    }
  }
  const events = [...out.values()].sort((a, b) => a.startDate.localeCompare(b.startDate) || a.uid.localeCompare(b.uid));
  return { events, warnings };
}
