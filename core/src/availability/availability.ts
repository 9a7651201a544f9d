/**
 * The owner's availability calendar ([availability.states], [availability.grid]). Browser-safe.
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

/** [availability.states]: blocked overrides available; not available and not blocked is Unavailable. */
export function dayStatus(day: Pick<AvailabilityDay, 'isAvailable' | 'isBlocked'> | undefined): DayStatus {
  if (!day) return 'Not Set';
  if (day.isBlocked) return 'Blocked';
  return day.isAvailable ? 'Available' : 'Unavailable';
}

/** How many days "Apply to Next 30 Days" sets, starting today ([availability.bulk]). */
export const BULK_PRICE_DAYS = 30;
