import { BOOKING_HORIZON_DAYS, MAX_STAY_NIGHTS, addDays, daysBetween, datesInRange, type StayLengthRules } from '@ridgeline/core';

/**
 * The guest's stay in the booking calendar ([booking.calendar]): pure rules on
 * `YYYY-MM-DD` strings.
 *
 * - A night can be the check-in only if it is bookable.
 * - Every night of the stay (check-in up to, not including, check-out) must be bookable; the
 *   check-out day itself need not be (a guest may leave on the morning another guest arrives).
 * - The owner's minimum (the check-in's season's, else the general one) and maximum nights
 *   ([booking.rules]), as the server enforces; a check-in whose minimum stay cannot fit is not
 *   selectable.
 * - First click picks the check-in, the second the check-out. A second click on an earlier or
 *   unreachable (a closed night in between) but bookable day starts over from that day; a click
 *   after a complete stay starts a new one.
 */
export interface StayDates {
  checkin?: string;
  checkout?: string;
}

/** Whether a night can be sold: true, false, or undefined while its availability is unknown. */
export type IsBookable = (date: string) => boolean | undefined;

export const NO_DATES: StayDates = {};

/** The owner's length rules the calendar applies ([booking.rules]): the public availability's contract. */
export type { StayLengthRules } from '@ridgeline/core';

/** The rules before the owner set any (and while they load). */
export const DEFAULT_STAY_RULES: StayLengthRules = { minNights: 1, maxNights: MAX_STAY_NIGHTS, seasonMinimums: [], bookingWindowDays: BOOKING_HORIZON_DAYS };

/** The minimum stay for a check-in on `date`. */
export function minNightsOn(date: string, rules: StayLengthRules): number {
  return rules.seasonMinimums.find((s) => s.start <= date && date <= s.end)?.minNights ?? rules.minNights;
}

/**
 * True when `date` can be the first night of a stay: it is bookable and so are the nights its
 * minimum stay needs (nights of a month not loaded yet count as possible).
 */
export function canCheckIn(date: string, isBookable: IsBookable, rules: StayLengthRules = DEFAULT_STAY_RULES): boolean {
  if (isBookable(date) !== true) return false;
  const min = minNightsOn(date, rules);
  return datesInRange(date, addDays(date, min)).every((night) => isBookable(night) !== false);
}

/** True when every night from `checkin` up to `checkout` is bookable and the stay is allowed. */
export function canCheckOut(checkin: string, checkout: string, isBookable: IsBookable, rules: StayLengthRules = DEFAULT_STAY_RULES): boolean {
  const nights = daysBetween(checkin, checkout);
  if (nights < minNightsOn(checkin, rules) || nights < 1 || nights > rules.maxNights) return false;
  return datesInRange(checkin, checkout).every((night) => isBookable(night) === true);
}

/** True while the guest has picked a check-in and the next click picks the check-out. */
export function isChoosingCheckout(dates: StayDates): dates is { checkin: string } {
  return dates.checkin !== undefined && dates.checkout === undefined;
}

/** True once both dates are chosen. */
export function isComplete(dates: StayDates): dates is { checkin: string; checkout: string } {
  return dates.checkin !== undefined && dates.checkout !== undefined;
}

/** Whether a click on `date` would change the stay (the calendar greys out the rest). */
export function isSelectable(dates: StayDates, date: string, isBookable: IsBookable, rules: StayLengthRules = DEFAULT_STAY_RULES): boolean {
  if (isChoosingCheckout(dates) && canCheckOut(dates.checkin, date, isBookable, rules)) return true;
  return canCheckIn(date, isBookable, rules);
}

/** The stay after a click on `date` (the same object when the click changes nothing). */
export function selectDate(dates: StayDates, date: string, isBookable: IsBookable, rules: StayLengthRules = DEFAULT_STAY_RULES): StayDates {
  if (isChoosingCheckout(dates)) {
    if (date === dates.checkin) return dates;
    if (canCheckOut(dates.checkin, date, isBookable, rules)) return { checkin: dates.checkin, checkout: date };
  }
  return canCheckIn(date, isBookable, rules) ? { checkin: date } : dates;
}

/** Where `date` sits in the stay, for the calendar's styles and labels. */
export type DayPlace = 'checkin' | 'checkout' | 'inside' | undefined;

export function dayPlace(dates: StayDates, date: string): DayPlace {
  if (date === dates.checkin) return 'checkin';
  if (date === dates.checkout) return 'checkout';
  if (dates.checkin && dates.checkout && date > dates.checkin && date < dates.checkout) return 'inside';
  return undefined;
}
