/**
 * The owner's availability calendar (SPEC §3 "Availability day", §4). Browser-safe.
 */

/** One day as the admin API returns it; `price` in whole dollars. */
export interface AvailabilityDay {
  /** YYYY-MM-DD */
  date: string;
  price: number;
  isAvailable: boolean;
  isBlocked: boolean;
}

export type DayStatus = 'Available' | 'Unavailable' | 'Blocked' | 'Not Set';

/** SPEC §4: blocked overrides available; not available and not blocked is Unavailable. */
export function dayStatus(day: Pick<AvailabilityDay, 'isAvailable' | 'isBlocked'> | undefined): DayStatus {
  if (!day) return 'Not Set';
  if (day.isBlocked) return 'Blocked';
  return day.isAvailable ? 'Available' : 'Unavailable';
}

/** How many days "Apply to Next 30 Days" sets, starting today (SPEC §9). */
export const BULK_PRICE_DAYS = 30;
