/**
 * The iCal Sync tab's labels for calendar sources ([ical.sources]). The shapes the API answers
 * are the contracts of `@ridgeline/core` (`core/src/api/ical.ts`), re-exported here for the tab.
 */
import type { Platform } from '@ridgeline/core';

export type { CalendarSource, FeedVariant, Platform, SyncStatus } from '@ridgeline/core';

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
