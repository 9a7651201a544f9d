/**
 * The shapes the iCal Sync tab reads from the calendar-source API ([ical.sources],
 * [ical.legacy-status], [ical.panel]). They mirror
 * `CalendarSource` of `@ridgeline/core/node`, which the SPA may not import.
 */

export type Platform = 'airbnb' | 'vrbo' | 'booking' | 'manual';

/** The platform choices of the add form, in order; the first is the default ([ical.sources]). */
export const PLATFORM_OPTIONS: readonly { value: Platform; label: string }[] = [
  { value: 'airbnb', label: 'Airbnb' },
  { value: 'vrbo', label: 'VRBO' },
  { value: 'booking', label: 'Booking.com' },
  { value: 'manual', label: 'Manual' },
];

export const DEFAULT_PLATFORM: Platform = 'airbnb';

/** "Booking.com" for `booking`; an unknown value is shown as it is. */
export function platformLabel(platform: string): string {
  return PLATFORM_OPTIONS.find((p) => p.value === platform)?.label ?? platform;
}

export type SyncStatus = 'success' | 'error' | 'failed';

/** One entry of `GET /api/calendar-sources` → `sources`. Times are ISO 8601 UTC. */
export interface CalendarSource {
  id: number;
  name: string;
  icalUrl: string;
  platform: Platform;
  isActive: boolean;
  autoSyncEnabled: boolean;
  /** The last attempt, good or not. */
  lastSyncTime: string | null;
  lastSyncStatus: SyncStatus | null;
  lastSyncMessage: string;
  /** The last fetch that read the feed. */
  lastSuccessTime: string | null;
  eventsProcessed: number;
  bookingsCreated: number;
  nextSyncAt: string | null;
}

/** `GET /api/calendar-sources` */
export interface CalendarSourcesResponse {
  success: boolean;
  sources: CalendarSource[];
}

/** `GET /api/ical/auto-sync/status` */
export interface AutoSyncStatus {
  autoSyncEnabled: boolean;
  lastSyncTime: string | null;
}

/** `POST /api/calendar-sources/{id}/test` */
export interface ConnectionTestResult {
  success: boolean;
  message: string;
  connected: boolean;
  eventsFound: number;
  sampleEvents: { summary: string; start: string; end: string }[];
  error: string | null;
}

/** `POST /api/calendar-sources/{id}/sync` */
export interface SyncResult {
  success: boolean;
  eventsProcessed: number;
  bookingsCreated: number;
  message: string;
}

/** `GET /api/calendar/feed` and `POST /api/calendar/feed/rotate` */
export interface FeedUrls {
  platformFeedUrl: string;
  ownerFeedUrl: string;
}

export type FeedVariant = 'platform' | 'owner';
