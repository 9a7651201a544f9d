import type { AutoSyncStatusResponse, FeedUrlsResponse } from '@ridgeline/core';
import {
  buildFeed,
  createCalendarSource,
  deleteCalendarSource,
  feedToken,
  feedVariantForToken,
  getCalendarSource,
  listCalendarSources,
  rotateFeedToken,
  updateCalendarSource,
  type CalendarSource,
  type FeedVariant,
  type Platform,
} from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';

/**
 * The calendar sources and the export feed ([ical.sources], [ical.export]) over the database and
 * the app's clock, for `calendar-sources.routes.ts`; syncing a source is the calendar sync's
 * (`calendar-sync.ts`).
 */

/** Every calendar source, in the order added. */
export function calendarSources(deps: Pick<AppDeps, 'db'>): CalendarSource[] {
  return listCalendarSources(deps.db);
}

/** Calendar source `id`, undefined for an unknown id. */
export function calendarSourceById(deps: Pick<AppDeps, 'db'>, id: number): CalendarSource | undefined {
  return getCalendarSource(deps.db, id);
}

/** Adds a calendar source as of the app's clock (active, auto-sync on, not yet synced). */
export function addCalendarSource(deps: Pick<AppDeps, 'db' | 'now'>, source: { name: string; icalUrl: string; platform: Platform }): CalendarSource {
  return createCalendarSource(deps.db, source, deps.now?.());
}

/** Deletes calendar source `id` (its imported nights reopen); false for an unknown id. */
export function removeCalendarSource(deps: Pick<AppDeps, 'db'>, id: number): boolean {
  return deleteCalendarSource(deps.db, id);
}

/** Changes calendar source `id`'s flags or name; the source as changed, undefined for an unknown id. */
export function changeCalendarSource(
  deps: Pick<AppDeps, 'db'>,
  id: number,
  patch: { autoSyncEnabled?: boolean | undefined; isActive?: boolean | undefined; name?: string | undefined },
): CalendarSource | undefined {
  return updateCalendarSource(deps.db, id, patch);
}

/** The legacy auto-sync status: on when an active source syncs automatically; the latest sync time (ISO 8601) or null. */
export function autoSyncStatus(deps: Pick<AppDeps, 'db'>): AutoSyncStatusResponse {
  const sources = listCalendarSources(deps.db);
  const times = sources.map((s) => s.lastSyncTime).filter((t): t is string => Boolean(t)).sort();
  return { autoSyncEnabled: sources.some((s) => s.isActive && s.autoSyncEnabled), lastSyncTime: times.at(-1) ?? null };
}

/** The two export feeds' addresses under PUBLIC_URL, each with its secret token ([ical.export]). */
export function feedUrls(deps: Pick<AppDeps, 'db' | 'config'>): Omit<FeedUrlsResponse, 'success'> {
  return {
    platformFeedUrl: `${deps.config.publicUrl}/api/calendar/feed.ics?token=${feedToken(deps.db, 'platform')}`,
    ownerFeedUrl: `${deps.config.publicUrl}/api/calendar/feed.ics?token=${feedToken(deps.db, 'owner')}`,
  };
}

/** Gives export feed `variant` a new token: its old address stops working ([ical.export]). */
export function rotateFeed(deps: Pick<AppDeps, 'db'>, variant: FeedVariant): void {
  rotateFeedToken(deps.db, variant);
}

/**
 * The export feed whose token is `token` as iCalendar text, as of the app's clock ([ical.export]);
 * undefined for an empty, over-long (past 100 characters) or wrong token.
 */
export function feedOfToken(deps: Pick<AppDeps, 'db' | 'config' | 'now'>, token: string): { variant: FeedVariant; ics: string } | undefined {
  const variant = token && token.length <= 100 ? feedVariantForToken(deps.db, token) : undefined;
  if (!variant) return undefined;
  return { variant, ics: buildFeed(deps.db, variant, new URL(deps.config.publicUrl).hostname, deps.now?.()) };
}
