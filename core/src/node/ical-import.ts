import ical from 'node-ical';
import { addDays, daysBetween } from '../dates.js';

/**
 * Reading other platforms' iCal feeds (calendar issue §2; RFC 5545).
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

export type FeedErrorReason = 'http_status' | 'timeout' | 'too_large' | 'not_ical' | 'network' | 'parse' | 'bad_url';

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
/** Limits on one fetch (DESIGN.md "Calendar feeds": give up after 30 s). */
export const FEED_TIMEOUT_MS = 30_000;
export const FEED_MAX_BYTES = 10 * 1024 * 1024;
/** Events further than this from today are ignored (a stay is bookable up to ~18 months out). */
const HORIZON_PAST_DAYS = 60;
const HORIZON_FUTURE_DAYS = 800;
/** Recurring events are expanded at most this many times each. */
const MAX_OCCURRENCES = 1000;

export interface FetchFeedOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  maxBytes?: number;
  /** Attempts in all for 429 and 5xx answers (exponential back-off, Retry-After honoured). */
  attempts?: number;
  /** Longest wait between attempts, ms (a longer Retry-After ends the retries). */
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
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
 * `timeoutMs`; 429 and 5xx are retried with exponential back-off honouring Retry-After.
 * @returns the body text, checked to be an iCalendar (not an HTML page served with 200)
 * @throws FeedError with the reason
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

  for (let attempt = 1; ; attempt += 1) {
    let res: Response;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
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
      if (controller.signal.aborted) throw new FeedError('timeout', `The calendar did not answer within ${Math.round(timeoutMs / 1000)} seconds`);
      throw new FeedError('network', `The calendar could not be reached (${(err as Error).message})`);
    } finally {
      clearTimeout(timer);
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

/** The YYYY-MM-DD date of instant `d` in `timeZone`. */
function dateIn(d: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
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
  rrule?: { between(after: Date, before: Date, inc?: boolean): Date[] };
  exdate?: Record<string, Date>;
  recurrences?: Record<string, VEvent>;
}

const text = (v: VEvent['summary']) => (typeof v === 'string' ? v : (v?.val ?? ''));

/**
 * Parses a feed into the nights it closes.
 * @param today YYYY-MM-DD in `timeZone`: events far in the past or future are skipped
 * @throws FeedError('parse') when the text is not a readable calendar
 */
export function parseFeed(textBody: string, timeZone: string, today: string): FeedEvent[] {
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
    const occurrences = ev.rrule.between(new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`), true).slice(0, MAX_OCCURRENCES);
    const skipped = new Set(Object.keys({ ...(ev.exdate ?? {}), ...(ev.recurrences ?? {}) }).map((k) => k.slice(0, 10)));
    for (const occurrence of occurrences) {
      const dateOnly = ev.start.dateOnly === true;
      const start = Object.assign(new Date(occurrence), { dateOnly });
      if (skipped.has(start.toISOString().slice(0, 10))) continue;
      add(ev, start, Object.assign(new Date(start.getTime() + duration), { dateOnly }), uid);
    }
    for (const override of Object.values(ev.recurrences ?? {})) {
      if (override.start && (override.status ?? '').toUpperCase() !== 'CANCELLED') add(override, override.start, override.end, uid);
    }
  }
  return [...out.values()].sort((a, b) => a.startDate.localeCompare(b.startDate) || a.uid.localeCompare(b.uid));
}
