import { createHash, randomBytes } from 'node:crypto';
import Bowser from 'bowser';
import { ANALYTICS_TEXT_MAX, type RecordedPageView } from '../../api/analytics.js';
import type { PageView } from '../../analytics/analytics.js';
import { PROPERTY } from '../../shared/property.js';
import { datesInRange, addDays, addCalendarMonths, todayIn } from '../../shared/dates.js';
import type { Db } from '../platform/database.js';

/** Who sent an event, as the server sees them: used for the day's hash, never stored. */
export interface VisitorSignals {
  ip: string;
  userAgent: string;
}

/** The browser families a visitor is told apart by ([analytics.visitors]). */
export const BROWSER_FAMILIES = ['chrome', 'firefox', 'safari', 'edge', 'other'] as const;
export type BrowserFamily = (typeof BROWSER_FAMILIES)[number];

/** bowser's browser names of each family but "other" (Chromium and headless Chrome are Chrome). */
const FAMILY_OF: Readonly<Record<string, BrowserFamily>> = {
  [Bowser.BROWSER_MAP.chrome as string]: 'chrome',
  [Bowser.BROWSER_MAP.chromium as string]: 'chrome',
  [Bowser.BROWSER_MAP.firefox as string]: 'firefox',
  [Bowser.BROWSER_MAP.safari as string]: 'safari',
  [Bowser.BROWSER_MAP.edge as string]: 'edge',
};

/**
 * The browser family of a User-Agent string ([analytics.visitors]), read by bowser: Chrome,
 * Firefox, Safari (on iOS too) or Edge, and "other" for every other browser, a bot, a tool or no
 * User-Agent at all. A browser's version, device and operating system play no part, so a browser
 * that updates itself during the day is still the same visitor.
 */
export function browserFamily(userAgent: string): BrowserFamily {
  if (userAgent.trim() === '') return 'other';
  return FAMILY_OF[Bowser.getParser(userAgent).getBrowserName()] ?? 'other';
}

/** How long page views and funnel steps are kept, in calendar months ([analytics.retention]). */
export const PAGE_VIEW_RETENTION_MONTHS = 13;

/**
 * The salt of `day` ([analytics.visitors]): made at random on the day's first event; every
 * other day's salt is deleted then, so yesterday's hashes can never be recomputed or matched.
 */
export function dailySalt(db: Db, day: string): string {
  return db.transaction(() => {
    const row = db.prepare('SELECT salt FROM analytics_salts WHERE day = ?').get(day) as { salt: string } | undefined;
    if (row) return row.salt;
    const salt = randomBytes(32).toString('hex');
    db.prepare('DELETE FROM analytics_salts WHERE day <> ?').run(day);
    db.prepare('INSERT INTO analytics_salts (day, salt) VALUES (?, ?)').run(day, salt);
    return salt;
  })();
}

/**
 * Deletes every salt but that of the property day of `now` ([analytics.visitors]): run by the
 * daily housekeeping, so a past day's salt never outlives it long, even without a new visit.
 * @returns how many were deleted
 */
export function purgeOldSalts(db: Db, now: Date = new Date()): number {
  return db.prepare('DELETE FROM analytics_salts WHERE day <> ?').run(todayIn(PROPERTY.timeZone, now)).changes;
}

/**
 * A visitor's hash for `day` ([analytics.visitors]): SHA-256 of the day's salt, the IP address and
 * the browser family of its User-Agent (`browserFamily`), 16 bytes hex.
 */
export function visitorHash(salt: string, visitor: VisitorSignals): string {
  return createHash('sha256').update(`${salt}\n${visitor.ip}\n${browserFamily(visitor.userAgent)}`).digest('hex').slice(0, 32);
}

/** The first `max` characters (code points, never half a surrogate pair) of `text`. */
function firstCharacters(text: string, max: number): string {
  if (text.length <= max) return text;
  return Array.from(text).slice(0, max).join('');
}

/**
 * Records one page view or funnel event ([analytics.page-view], [analytics.funnel]) on the
 * property's day of `now`, its path and referrer cut to ANALYTICS_TEXT_MAX characters. With
 * `visitor`, the day-salted hash of its IP and browser family is kept for counting unique
 * visitors ([analytics.visitors]); the IP address itself never is, nor the User-Agent, nor any cookie.
 */
export function recordPageView(db: Db, view: PageView, now: Date = new Date(), visitor?: VisitorSignals): void {
  const day = todayIn(PROPERTY.timeZone, now);
  const hash = visitor ? visitorHash(dailySalt(db, day), visitor) : null;
  const event: RecordedPageView['event'] = view.event ?? 'pageview';
  db.prepare('INSERT INTO page_views (path, referrer, created_at, kind, day, visitor_hash) VALUES (?, ?, ?, ?, ?, ?)').run(
    firstCharacters(view.path, ANALYTICS_TEXT_MAX),
    firstCharacters(view.referrer ?? '', ANALYTICS_TEXT_MAX),
    now.toISOString(),
    event,
    day,
    hash,
  );
}

/** Page views per path since `since` (ISO 8601), most viewed first. */
export function countPageViews(db: Db, since = '0000'): { path: string; views: number }[] {
  return db
    .prepare(
      "SELECT path, COUNT(*) AS views FROM page_views WHERE kind = 'pageview' AND created_at >= ? GROUP BY path ORDER BY views DESC, path",
    )
    .all(since) as { path: string; views: number }[];
}

/** A visit: one visitor on one day (a row without a hash, recorded before hashes, is its own visit). */
const VISIT = "day || ':' || COALESCE(visitor_hash, 'row-' || id)";

/** The host name of a referrer URL, lower-case without `www.`; '' when there is none or it is not a URL. */
export function referrerHost(referrer: string): string {
  try {
    return referrer ? new URL(referrer).hostname.toLowerCase().replace(/^www\./, '') : '';
  } catch {
    return '';
  }
}

export interface TrafficSummary {
  days: { date: string; views: number; visitors: number }[];
  totals: { views: number; visitors: number };
  referrers: { referrer: string; visits: number }[];
  landingPages: { path: string; visits: number }[];
  /** Visits with a booking section seen / a checkout started (each visit once). */
  bookingSeen: number;
  checkoutStarted: number;
}

/**
 * Deletes the page views and funnel steps of property days before the same date
 * PAGE_VIEW_RETENTION_MONTHS months before the day of `now` ([analytics.retention]); run by the
 * daily housekeeping job.
 * @returns how many rows were deleted
 */
export function purgeOldPageViews(db: Db, now: Date = new Date()): number {
  const keepFrom = addCalendarMonths(todayIn(PROPERTY.timeZone, now), -PAGE_VIEW_RETENTION_MONTHS);
  return db.prepare('DELETE FROM page_views WHERE day < ?').run(keepFrom).changes;
}

/** Shown for visits that came without a referrer, or from this site itself. */
export const DIRECT_REFERRER = 'Direct or unknown';

/**
 * Traffic of the days `from`..`to` (both included, property days; [analytics.summary]): page
 * views and visits per day, top referring hosts and landing pages of visits (a visit's first
 * page view), and visits reaching the funnel's booking and checkout steps.
 * @param ownHosts this site's host names: a referrer among them counts as direct
 */
export function trafficSummary(db: Db, from: string, to: string, ownHosts: readonly string[] = [], top = 10): TrafficSummary {
  const perDay = new Map(
    (
      db
        .prepare(`SELECT day, COUNT(*) AS views, COUNT(DISTINCT ${VISIT}) AS visitors FROM page_views WHERE kind = 'pageview' AND day >= ? AND day <= ? GROUP BY day`)
        .all(from, to) as { day: string; views: number; visitors: number }[]
    ).map((r) => [r.day, r]),
  );
  const days = datesInRange(from, addDays(to, 1)).map((date) => ({ date, views: perDay.get(date)?.views ?? 0, visitors: perDay.get(date)?.visitors ?? 0 }));
  const landings = db
    .prepare(
      `SELECT path, referrer FROM page_views WHERE id IN (
         SELECT MIN(id) FROM page_views WHERE kind = 'pageview' AND day >= ? AND day <= ? GROUP BY ${VISIT})`,
    )
    .all(from, to) as { path: string; referrer: string }[];
  const own = new Set(ownHosts.map((h) => h.toLowerCase().replace(/^www\./, '')));
  const tally = <K extends string>(keys: string[], name: K) => {
    const counts = new Map<string, number>();
    for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
    return [...counts]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, top)
      .map(([key, visits]) => ({ [name]: key, visits }) as Record<K, string> & { visits: number });
  };
  // [analytics.funnel]: a step counts only after a page view of the same visitor that day (a
  // step sent without one, e.g. by a script, is no visit's step).
  const steps = (kind: string) =>
    (
      db
        .prepare(
          `SELECT COUNT(DISTINCT s.day || ':' || s.visitor_hash) AS n FROM page_views s
            WHERE s.kind = ? AND s.day >= ? AND s.day <= ? AND s.visitor_hash IS NOT NULL
              AND EXISTS (SELECT 1 FROM page_views v
                           WHERE v.kind = 'pageview' AND v.day = s.day AND v.visitor_hash = s.visitor_hash AND v.id < s.id)`,
        )
        .get(kind, from, to) as { n: number }
    ).n;
  return {
    days,
    totals: { views: days.reduce((s, d) => s + d.views, 0), visitors: days.reduce((s, d) => s + d.visitors, 0) },
    referrers: tally(
      landings.map((l) => {
        const host = referrerHost(l.referrer);
        return host && !own.has(host) ? host : DIRECT_REFERRER;
      }),
      'referrer',
    ),
    landingPages: tally(
      landings.map((l) => l.path),
      'path',
    ),
    bookingSeen: steps('booking-seen'),
    checkoutStarted: steps('checkout-started'),
  };
}
