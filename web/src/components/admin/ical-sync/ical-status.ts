/**
 * The rules the iCal Sync tab shows: the overall status ([ical.status]), a feed's health and the
 * rate-limit hint ([ical.rate-limit-hint]). Pure, so they are tested without a browser.
 */
import type { CalendarSource } from './calendar-source';

export type OverallStatus = 'Issues Detected' | 'Running' | 'No Active Sources';

/** A source whose last sync went wrong ([ical.status]: `error` or `failed`). */
export function hasSyncIssue(source: Pick<CalendarSource, 'lastSyncStatus'>): boolean {
  return source.lastSyncStatus === 'error' || source.lastSyncStatus === 'failed';
}

/**
 * A source the hourly auto-sync reads: auto-sync on and not switched off as a whole
 * (`isActive`, which the server's scheduler and legacy status also require).
 */
export function isAutoSyncing(source: Pick<CalendarSource, 'autoSyncEnabled' | 'isActive'>): boolean {
  return source.autoSyncEnabled && source.isActive !== false;
}

/**
 * [ical.status]: Issues Detected if any source's last sync is
 * error/failed; else Running if any has auto-sync on; else No Active Sources.
 */
export function overallStatus(
  sources: readonly Pick<CalendarSource, 'lastSyncStatus' | 'autoSyncEnabled' | 'isActive'>[],
): OverallStatus {
  if (sources.some(hasSyncIssue)) return 'Issues Detected';
  if (sources.some(isAutoSyncing)) return 'Running';
  return 'No Active Sources';
}

export interface SourceCounts {
  total: number;
  autoSync: number;
  issues: number;
}

export function sourceCounts(
  sources: readonly Pick<CalendarSource, 'lastSyncStatus' | 'autoSyncEnabled' | 'isActive'>[],
): SourceCounts {
  return {
    total: sources.length,
    autoSync: sources.filter(isAutoSyncing).length,
    issues: sources.filter(hasSyncIssue).length,
  };
}

/** A feed not read successfully for longer than this is flagged: auto-sync runs hourly ([ical.auto-sync]). */
export const FEED_STALE_AFTER_MS = 3 * 60 * 60 * 1000;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** An age in ms as "just now", "5 minutes", "2 hours", "3 days" (rounded down; a negative age is "just now"). */
export function formatAge(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${plural(minutes, 'minute')} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${plural(hours, 'hour')} ago`;
  return `${plural(Math.floor(hours / 24), 'day')} ago`;
}

export interface FeedHealth {
  /** "Last good fetch 2 hours ago" or "No good fetch yet". */
  text: string;
  /** True when the owner should look: never read, or not for over 3 hours. */
  stale: boolean;
}

/**
 * How fresh a source's imported nights are, from its last good fetch (`lastSuccessTime`, ISO
 * 8601) at `now` (ms since the epoch). Nights booked on the platform since then are not closed
 * here yet, so an old fetch is a double-booking risk.
 */
export function feedHealth(lastSuccessTime: string | null, now: number): FeedHealth {
  const at = lastSuccessTime ? Date.parse(lastSuccessTime) : Number.NaN;
  if (Number.isNaN(at)) return { text: 'No good fetch yet', stale: true };
  const age = now - at;
  return { text: `Last good fetch ${formatAge(age)}`, stale: age > FEED_STALE_AFTER_MS };
}

/**
 * [ical.rate-limit-hint]: an error that mentions HTTP 429 or "Too Many Requests" (the platform limits how often
 * its calendar is read) gets the wait-and-retry hint.
 */
export function isRateLimited(text: string | null | undefined): boolean {
  if (!text) return false;
  return /(^|\D)429(\D|$)/.test(text) || /too many requests/i.test(text);
}
