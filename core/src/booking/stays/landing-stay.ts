/**
 * Dated landing links and the nearest bookable stay ([booking.landing-link], [booking.nearest-stay]).
 * Browser-safe: the booking section reads the link with the same rules the server's page uses.
 */
import { addDays, daysBetween, isIsoDate } from '../../shared/dates.js';
import { MAX_GUESTS } from '../../settings/stay-limits.js';

/** The stay a landing link asks for: dates `YYYY-MM-DD` and, when given, the guests (1..MAX_GUESTS). */
export interface LandingStay {
  checkin: string;
  checkout: string;
  guests?: number;
}

/** A stay's dates, `YYYY-MM-DD`, check-out after check-in. */
export interface StayDatesRange {
  checkin: string;
  checkout: string;
}

/**
 * The stay of a dated landing link `/?checkin=YYYY-MM-DD&checkout=YYYY-MM-DD&guests=N`
 * ([booking.landing-link]), as Google's and other sites' links write it.
 * @param query the page's query (`location.search`, with or without its `?`), or its parameters
 * @returns the stay when both dates are real dates with check-out after check-in; `guests` only
 *   when it is a whole number from 1 to MAX_GUESTS (otherwise the section's default applies).
 *   Whether the stay can be booked is the quote's answer, not this function's.
 */
export function parseLandingStay(query: string | URLSearchParams): LandingStay | undefined {
  const params = typeof query === 'string' ? new URLSearchParams(query.startsWith('?') ? query.slice(1) : query) : query;
  const checkin = params.get('checkin')?.trim() ?? '';
  const checkout = params.get('checkout')?.trim() ?? '';
  if (!isIsoDate(checkin) || !isIsoDate(checkout) || daysBetween(checkin, checkout) < 1) return undefined;
  const raw = params.get('guests')?.trim() ?? '';
  const guests = /^\d{1,2}$/.test(raw) ? Number(raw) : NaN;
  return guests >= 1 && guests <= MAX_GUESTS ? { checkin, checkout, guests } : { checkin, checkout };
}

/** How far from the asked check-in the nearest-stay search looks, each way, in days. */
export const NEAREST_STAY_SEARCH_DAYS = 60;

/**
 * The bookable stay of the same length whose check-in is nearest the asked one
 * ([booking.nearest-stay]): offsets 0, −1, +1, −2, +2, … up to `maxOffsetDays` each way, so of two
 * stays equally near, the earlier wins. Check-ins outside `earliest`..`latest` (the advance
 * notice and the booking window) are not tried.
 * @param stay the asked stay (check-out after check-in)
 * @param canBook whether a stay can be booked as it stands (open nights and the owner's rules)
 * @param bounds first and last possible check-in, `YYYY-MM-DD`
 * @returns the stay (the asked one itself when it can be booked), or undefined when no stay of
 *   that length can be booked within the search
 */
export function nearestBookableStay(
  stay: StayDatesRange,
  canBook: (checkin: string, checkout: string) => boolean,
  bounds: { earliest: string; latest: string },
  maxOffsetDays: number = NEAREST_STAY_SEARCH_DAYS,
): StayDatesRange | undefined {
  const nights = daysBetween(stay.checkin, stay.checkout);
  if (nights < 1) return undefined;
  for (let distance = 0; distance <= maxOffsetDays; distance++) {
    for (const offset of distance === 0 ? [0] : [-distance, distance]) {
      const checkin = addDays(stay.checkin, offset);
      if (checkin < bounds.earliest || checkin > bounds.latest) continue;
      const checkout = addDays(checkin, nights);
      if (canBook(checkin, checkout)) return { checkin, checkout };
    }
  }
  return undefined;
}
