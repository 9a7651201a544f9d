import { describe, expect, it } from 'vitest';
import { FEED_STALE_AFTER_MS, feedHealth, formatAge, isRateLimited, overallStatus, sourceCounts } from './ical-status';

const source = (lastSyncStatus: 'success' | 'error' | 'failed' | null, autoSyncEnabled: boolean, isActive = true) => ({
  lastSyncStatus,
  autoSyncEnabled,
  isActive,
});

describe('overallStatus ([ical.status])', () => {
  it('is No Active Sources without sources, or when none auto-syncs', () => {
    expect(overallStatus([])).toBe('No Active Sources');
    expect(overallStatus([source('success', false), source(null, false)])).toBe('No Active Sources');
  });

  it('is Running when one source auto-syncs and none has issues', () => {
    expect(overallStatus([source('success', false), source(null, true)])).toBe('Running');
  });

  it('is Issues Detected when any last sync is error or failed, auto-sync or not', () => {
    expect(overallStatus([source('success', true), source('error', true)])).toBe('Issues Detected');
    expect(overallStatus([source('failed', false)])).toBe('Issues Detected');
  });

  it('does not count a switched-off source as auto-syncing', () => {
    expect(overallStatus([source('success', true, false)])).toBe('No Active Sources');
  });

  it('counts sources, auto-syncing ones and ones with issues', () => {
    expect(
      sourceCounts([source('success', true), source('error', true), source('failed', false), source(null, false)]),
    ).toEqual({
      total: 4,
      autoSync: 2,
      issues: 2,
    });
  });
});

describe('feedHealth', () => {
  const now = Date.parse('2026-11-21T15:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('words the age of the last good fetch', () => {
    expect(feedHealth(ago(20_000), now)).toEqual({ text: 'Last good fetch just now', stale: false });
    expect(feedHealth(ago(60_000), now).text).toBe('Last good fetch 1 minute ago');
    expect(feedHealth(ago(45 * 60_000), now).text).toBe('Last good fetch 45 minutes ago');
    expect(feedHealth(ago(2 * 3_600_000 + 59 * 60_000), now)).toEqual({
      text: 'Last good fetch 2 hours ago',
      stale: false,
    });
    expect(feedHealth(ago(3 * 86_400_000), now).text).toBe('Last good fetch 3 days ago');
  });

  it('warns after 3 hours, and when there never was a good fetch', () => {
    expect(feedHealth(ago(FEED_STALE_AFTER_MS), now).stale).toBe(false);
    expect(feedHealth(ago(FEED_STALE_AFTER_MS + 60_000), now)).toEqual({
      text: 'Last good fetch 3 hours ago',
      stale: true,
    });
    expect(feedHealth(null, now)).toEqual({ text: 'No good fetch yet', stale: true });
    expect(feedHealth('not a time', now).stale).toBe(true);
  });

  it('reads a time slightly ahead of this clock as just now', () => {
    expect(formatAge(-5_000)).toBe('just now');
    expect(formatAge(49 * 3_600_000)).toBe('2 days ago');
  });
});

describe('isRateLimited ([ical.rate-limit-hint])', () => {
  it('spots HTTP 429 and Too Many Requests', () => {
    expect(
      isRateLimited(
        'The calendar answered HTTP 429 (Too Many Requests: the platform limits how often its calendar may be read)',
      ),
    ).toBe(true);
    expect(isRateLimited('429: {"error":"Too many requests, please try again later."}')).toBe(true);
    expect(isRateLimited('too many requests')).toBe(true);
    expect(isRateLimited('Error 429')).toBe(true);
  });

  it('ignores other errors and numbers that merely contain 429', () => {
    expect(isRateLimited('The calendar answered HTTP 404')).toBe(false);
    expect(isRateLimited('Imported 14290 event(s)')).toBe(false);
    expect(isRateLimited(null)).toBe(false);
    expect(isRateLimited('')).toBe(false);
  });
});
