/**
 * The owner's stay rules ([booking.rules]): checked by the server before a quote or a payment,
 * with the same function the booking section can use. Browser-safe.
 */
import { addDays, daysBetween } from '../shared/dates.js';
import { seasonOf, type Settings } from './schema.js';

export type StayRule = 'minNights' | 'maxNights' | 'advanceNotice' | 'bookingWindow' | 'maxGuests';

/** A broken rule: which, its value, the request field it concerns and a sentence for the guest. */
export interface StayRuleProblem {
  rule: StayRule;
  /** The rule's value (nights, days or guests). */
  value: number;
  field: 'checkin' | 'checkout' | 'guests';
  message: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `2027-06-12` → "Jun 12" (a date of the property's calendar, no time zone involved). */
export function shortDate(date: string): string {
  return `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;
}
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The minimum stay for a check-in date ([booking.rules] minNights): the season's minimum when
 * the check-in night is in a season that sets one, else the general minimum.
 */
export function minNightsFor(settings: Pick<Settings, 'minNights' | 'seasons'>, checkin: string): number {
  return seasonOf(settings, checkin)?.minNights ?? settings.minNights;
}

/**
 * The first rule of the owner's settings a stay breaks, or undefined when it keeps them all
 * ([booking.rules], [compliance.occupancy]). Order: bookingWindow, advanceNotice, minNights, maxNights, maxGuests.
 * Dates must already be valid with check-out after check-in (see `stayDatesProblem`).
 * @param today `YYYY-MM-DD` in the property's zone
 */
export function stayRuleProblem(
  settings: Settings,
  stay: { checkin: string; checkout: string; guests: number },
  today: string,
): StayRuleProblem | undefined {
  const { checkin, checkout, guests } = stay;
  const nights = daysBetween(checkin, checkout);
  if (checkin > addDays(today, settings.bookingWindowDays)) {
    const value = settings.bookingWindowDays;
    return { rule: 'bookingWindow', value, field: 'checkin', message: `Check-in can be at most ${plural(value, 'day', 'days')} ahead` };
  }
  if (checkin < addDays(today, settings.advanceNoticeDays)) {
    const value = settings.advanceNoticeDays;
    return { rule: 'advanceNotice', value, field: 'checkin', message: `Check-in needs at least ${plural(value, 'day', 'days')}' notice` };
  }
  const min = minNightsFor(settings, checkin);
  if (nights < min) {
    return { rule: 'minNights', value: min, field: 'checkout', message: `Minimum stay is ${plural(min, 'night', 'nights')} for check-in on ${shortDate(checkin)}` };
  }
  if (nights > settings.maxNights) {
    const value = settings.maxNights;
    return { rule: 'maxNights', value, field: 'checkout', message: `Maximum stay is ${plural(value, 'night', 'nights')}` };
  }
  // [compliance.occupancy]: the settings keep maxGuests ≤ permittedOccupancy; the smaller is
  // taken here too, so no stored value can ever let more guests book than the county permits.
  const maxGuests = Math.min(settings.maxGuests, settings.permittedOccupancy ?? settings.maxGuests);
  if (guests > maxGuests) {
    const value = maxGuests;
    return { rule: 'maxGuests', value, field: 'guests', message: `At most ${plural(value, 'guest', 'guests')} can stay` };
  }
  return undefined;
}
