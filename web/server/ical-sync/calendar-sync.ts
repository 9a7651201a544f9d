import { PROPERTY, sourceFailingNotice, sourceFailingSince, todayIn } from '@ridgeline/core';
import {
  FeedError,
  fetchFeed,
  getCalendarSource,
  listCalendarSources,
  recordSyncFailure,
  sharedFeedParser,
  type CalendarSource,
} from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { CLEANING_RECONCILE_JOB } from '../jobs/job-names.js';
import { checkNewConflicts } from '../stays/new-conflicts.js';
import { notifyOwner } from '../notices/owner-notices.js';

/** [ical.auto-sync]: calendar sources auto-sync hourly. */
export const AUTO_SYNC_INTERVAL_MS = 60 * 60 * 1000;
/** Up to this much random delay is added to each hourly sync so sources don't all fire together. */
export const AUTO_SYNC_JITTER_MS = 5 * 60 * 1000;
/** How often the job runner looks for sources due an auto-sync (`syncDue`). */
export const AUTO_SYNC_TICK_MS = 60 * 1000;
/**
 * Longest wait, in total however many feeds are stale, for the re-read before a PaymentIntent
 * ([checkout.calendar-recheck]: one hanging feed must not hold every checkout ~10 s). Past it the payment goes
 * ahead on the last good sync; the re-read keeps running and updates the store when it ends.
 */
export const RECHECK_BUDGET_MS = 3_000;

/** Sync result ([ical.panel], [ical.replace]). */
export interface SyncResult {
  success: boolean;
  eventsProcessed: number;
  bookingsCreated: number;
  message: string;
}

/** Connection test result ([ical.panel]). */
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
   * before a PaymentIntent is created). Waits at most `budgetMs` in total (default
   * `deps.feedOptions.recheckBudgetMs` ?? RECHECK_BUDGET_MS; a re-read already running counts
   * from when it started, so a hanging feed holds no later checkout longer than that). Feeds not
   * read in time, or whose read failed, are named in a warning log "relying on the last good
   * sync"; their reads keep running in the background and update the store when they end.
   * Never throws ([checkout.calendar-recheck]).
   */
  recheckStale(budgetMs?: number): Promise<void>;
  /**
   * Server shutdown: aborts the downloads in flight, stops the feed worker and waits until every
   * sync in flight has recorded its outcome. The job runner owns the auto-sync schedule (`syncDue`).
   */
  close(): Promise<void>;
}

export function createCalendarSync(deps: AppDeps): CalendarSync {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();
  const nextSync = (from: Date) => new Date(from.getTime() + AUTO_SYNC_INTERVAL_MS + Math.floor(Math.random() * AUTO_SYNC_JITTER_MS));
  const running = new Map<number, { result: Promise<SyncResult>; startedAt: number }>();
  const { recheckBudgetMs = RECHECK_BUDGET_MS, ...fetchOptions } = deps.feedOptions ?? {};

  // Aborted at shutdown, so no read outlives the server.
  const stopping = new AbortController();
  const download = (url: string) => fetchFeed(url, { ...(deps.fetch ? { fetch: deps.fetch } : {}), ...fetchOptions, signal: stopping.signal });
  // Parsing and storing run in a worker thread, so a big feed never holds the server ([ical.parse]).
  const parser = sharedFeedParser();

  const syncOnce = async (source: CalendarSource): Promise<SyncResult> => {
    try {
      const text = await download(source.icalUrl);
      const at = now();
      const { eventsProcessed, bookingsCreated, warnings } = await parser.parseAndStore(text, PROPERTY.timeZone, todayIn(PROPERTY.timeZone, at), {
        dbPath: db.name,
        sourceId: source.id,
        now: at.toISOString(),
        nextSyncAt: nextSync(at).toISOString(),
      });
      deps.jobs?.trigger(CLEANING_RECONCILE_JOB);
      checkNewConflicts(deps);
      if (warnings.length > 0) deps.logger.warn('calendar feed read in part', { sourceId: source.id, warnings });
      const notes = warnings.map((w) => ` ${w}.`).join('');
      return { success: true, eventsProcessed, bookingsCreated, message: `Synced ${eventsProcessed} event(s) from ${source.name}${notes ? `.${notes}` : ''}` };
    } catch (err) {
      const message = err instanceof FeedError ? err.message : `Sync failed: ${(err as Error).message}`;
      const at = now();
      if (!(err instanceof FeedError)) deps.logger.error('calendar sync failed', { sourceId: source.id, err });
      try {
        recordSyncFailure(db, source.id, message, at, nextSync(at));
        // Failing for more than 6 hours: the owner is told, once per outage ([owner.notices]).
        const failed = getCalendarSource(db, source.id);
        if (failed?.isActive && sourceFailingSince(failed, at)) notifyOwner(deps, sourceFailingNotice(failed, deps.config.publicUrl));
      } catch (recordErr) {
        // Never a rejection: callers start syncs in the background.
        deps.logger.error('a failed calendar sync could not be recorded', { sourceId: source.id, err: recordErr });
      }
      return { success: false, eventsProcessed: 0, bookingsCreated: 0, message };
    }
  };

  /** The sync of `source` in flight, or a new one; `startedAt` is a monotonic ms reading. */
  const startSync = (source: CalendarSource) => {
    // One sync per source at a time: a second request shares the one in flight.
    const inFlight = running.get(source.id);
    if (inFlight) return inFlight;
    const entry = { result: syncOnce(source).finally(() => running.delete(source.id)), startedAt: performance.now() };
    running.set(source.id, entry);
    return entry;
  };
  const syncSource = (source: CalendarSource) => startSync(source).result;

  return {
    syncSource,
    async testFeed(url) {
      try {
        const { eventsFound, sample } = await parser.summarize(await download(url), PROPERTY.timeZone, todayIn(PROPERTY.timeZone, now()), 5);
        return {
          connected: true,
          eventsFound,
          sampleEvents: sample.map((e) => ({ summary: e.summary, start: e.startDate, end: e.endDate })),
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
    async recheckStale(budgetMs = recheckBudgetMs) {
      const maxAgeMs = deps.config.calendarRecheckMinutes * 60_000;
      const cutoff = new Date(now().getTime() - maxAgeMs).toISOString();
      const stale = listCalendarSources(db).filter((s) => s.isActive && (!s.lastSuccessTime || s.lastSuccessTime <= cutoff));
      if (stale.length === 0) return;
      const timers: NodeJS.Timeout[] = [];
      const outcomes = await Promise.all(
        stale.map(async (s) => {
          const { result, startedAt } = startSync(getCalendarSource(db, s.id) ?? s);
          // Every wait ends `budgetMs` after its read began, so the total stays within the budget.
          const left = Math.max(0, startedAt + budgetMs - performance.now());
          const deadline = new Promise<undefined>((r) => timers.push(setTimeout(() => r(undefined), left)));
          // undefined: not read in time
          return { source: s, outcome: await Promise.race([result, deadline]) };
        }),
      );
      timers.forEach(clearTimeout);
      const relied = outcomes.filter(({ outcome }) => !outcome?.success);
      if (relied.length === 0) return;
      deps.logger.warn('calendar re-check before payment: relying on the last good sync', {
        budgetMs,
        feeds: relied.map(({ source, outcome }) => ({
          id: source.id,
          name: source.name,
          lastSuccessTime: source.lastSuccessTime,
          reason: !outcome ? `not read within ${budgetMs} ms (still reading in the background)` : outcome.message,
        })),
      });
    },
    async close() {
      // Reads in flight fail now and are recorded while the database is still open, instead of
      // writing after the server has closed it: downloads are aborted, the feed worker stops,
      // and every sync in flight is awaited.
      stopping.abort();
      await parser.close();
      await Promise.allSettled([...running.values()].map((r) => r.result));
    },
  };
}
