import { PROPERTY, todayIn } from '@ridgeline/core';
import {
  FeedError,
  fetchFeed,
  getCalendarSource,
  listCalendarSources,
  parseFeed,
  recordSyncFailure,
  replaceImports,
  type CalendarSource,
} from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';

/** SPEC §9: calendar sources auto-sync hourly. */
export const AUTO_SYNC_INTERVAL_MS = 60 * 60 * 1000;
/** Up to this much random delay is added to each hourly sync so sources don't all fire together. */
export const AUTO_SYNC_JITTER_MS = 5 * 60 * 1000;
/** How often the scheduler looks for due sources. */
const SCHEDULER_TICK_MS = 60 * 1000;

/** SPEC §3 "Sync result". */
export interface SyncResult {
  success: boolean;
  eventsProcessed: number;
  bookingsCreated: number;
  message: string;
}

/** SPEC §3 "Connection test result". */
export interface TestResult {
  connected: boolean;
  eventsFound: number;
  sampleEvents: { summary: string; start: string; end: string }[];
  error: string | null;
}

export interface CalendarSync {
  /** Fetches and imports one source now; a failure keeps every earlier import. */
  syncSource(source: CalendarSource): Promise<SyncResult>;
  /** Fetches and parses a feed without importing anything. */
  testFeed(url: string): Promise<TestResult>;
  /** Syncs every active auto-sync source whose next sync is due. */
  syncDue(): Promise<void>;
  /**
   * Re-reads active sources whose last good sync is older than CALENDAR_RECHECK_MINUTES (called
   * before a PaymentIntent is created), within `budgetMs`; failures are recorded, not thrown.
   */
  recheckStale(budgetMs?: number): Promise<void>;
  /** Starts the hourly scheduler; returns a stop function. */
  start(): () => void;
}

export function createCalendarSync(deps: AppDeps): CalendarSync {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();
  const nextSync = (from: Date) => new Date(from.getTime() + AUTO_SYNC_INTERVAL_MS + Math.floor(Math.random() * AUTO_SYNC_JITTER_MS));
  const running = new Map<number, Promise<SyncResult>>();

  const readFeed = async (url: string) => parseFeed(await fetchFeed(url, { ...(deps.fetch ? { fetch: deps.fetch } : {}), ...deps.feedOptions }), PROPERTY.timeZone, todayIn(PROPERTY.timeZone, now()));

  const syncOnce = async (source: CalendarSource): Promise<SyncResult> => {
    try {
      const events = await readFeed(source.icalUrl);
      const at = now();
      const { eventsProcessed, bookingsCreated } = replaceImports(db, source.id, events, at, nextSync(at));
      if (deps.cleaning) void deps.cleaning.reconcile().catch((err: unknown) => deps.logger.error('cleaning reconcile failed', { err }));
      return { success: true, eventsProcessed, bookingsCreated, message: `Synced ${eventsProcessed} event(s) from ${source.name}` };
    } catch (err) {
      const message = err instanceof FeedError ? err.message : `Sync failed: ${(err as Error).message}`;
      const at = now();
      recordSyncFailure(db, source.id, message, at, nextSync(at));
      if (!(err instanceof FeedError)) deps.logger.error('calendar sync failed', { sourceId: source.id, err });
      return { success: false, eventsProcessed: 0, bookingsCreated: 0, message };
    }
  };

  const syncSource = (source: CalendarSource) => {
    // One sync per source at a time: a second request shares the one in flight.
    const inFlight = running.get(source.id);
    if (inFlight) return inFlight;
    const p = syncOnce(source).finally(() => running.delete(source.id));
    running.set(source.id, p);
    return p;
  };

  return {
    syncSource,
    async testFeed(url) {
      try {
        const events = await readFeed(url);
        return {
          connected: true,
          eventsFound: events.length,
          sampleEvents: events.slice(0, 5).map((e) => ({ summary: e.summary, start: e.startDate, end: e.endDate })),
          error: null,
        };
      } catch (err) {
        return { connected: false, eventsFound: 0, sampleEvents: [], error: err instanceof FeedError ? err.message : (err as Error).message };
      }
    },
    async syncDue() {
      const at = now().toISOString();
      const due = listCalendarSources(db).filter((s) => s.isActive && s.autoSyncEnabled && (!s.nextSyncAt || s.nextSyncAt <= at));
      await Promise.allSettled(due.map((s) => syncSource(s)));
    },
    async recheckStale(budgetMs = 10_000) {
      const maxAgeMs = deps.config.calendarRecheckMinutes * 60_000;
      const cutoff = new Date(now().getTime() - maxAgeMs).toISOString();
      const stale = listCalendarSources(db).filter((s) => s.isActive && (!s.lastSuccessTime || s.lastSuccessTime <= cutoff));
      if (stale.length === 0) return;
      const all = Promise.allSettled(stale.map((s) => syncSource(getCalendarSource(db, s.id) ?? s)));
      await Promise.race([all, new Promise((r) => setTimeout(r, budgetMs).unref())]);
    },
    start() {
      const tick = () => void this.syncDue().catch((err: unknown) => deps.logger.error('auto-sync failed', { err }));
      const timer = setInterval(tick, SCHEDULER_TICK_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
