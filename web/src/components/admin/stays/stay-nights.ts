import { addDays, daysBetween, endOfMonth, type Stay } from '@ridgeline/core';
import { availabilityRange } from '../availability/grid-month';

/**
 * Path (and query key) of the stays the Availability grid shows for the viewed month
 * ([availability.stays]): the same span as its availability read ([availability.grid]), with
 * `to` exclusive.
 */
export function staysUrl(month: string): string {
  const { startDate, endDate } = availabilityRange(month);
  return `/api/stays?from=${startDate}&to=${addDays(endDate, 1)}`;
}

/** True for any query key of a stays read (`/api/stays?…`). */
export function isStaysQueryKey(queryKey: readonly unknown[]): boolean {
  const url = queryKey[0];
  return typeof url === 'string' && url.startsWith('/api/stays?');
}

/** The stays the Overview watches for conflicts: from today's month for about a year ([stays.conflict]). */
export function upcomingStaysUrl(today: string): string {
  const from = `${today.slice(0, 7)}-01`;
  let to = from;
  for (let i = 0; i < 12; i += 1) to = addDays(endOfMonth(to), 1);
  return `/api/stays?from=${from}&to=${to}`;
}

/**
 * The stay shown on each night ([availability.stays]), by date. When stays share a night (a
 * conflict, or a block under a stay) a guest's stay wins over a block, then the earlier check-in.
 */
export function stayByNight(stays: readonly Stay[]): ReadonlyMap<string, Stay> {
  const byNight = new Map<string, Stay>();
  for (const stay of stays) {
    for (let night = stay.checkin; night < stay.checkout; night = addDays(night, 1)) {
      const current = byNight.get(night);
      if (!current || (current.channel === 'block' && stay.channel !== 'block')) byNight.set(night, stay);
    }
  }
  return byNight;
}

/** Number of nights of a stay ([data.night]). */
export function nightsOf(stay: Pick<Stay, 'checkin' | 'checkout'>): number {
  return daysBetween(stay.checkin, stay.checkout);
}

/** An arrival or a departure of a guest's stay. */
export interface Movement {
  kind: 'arrival' | 'departure';
  /** YYYY-MM-DD: the check-in or check-out day */
  date: string;
  stay: Stay;
}

/**
 * The next arrivals and departures from `today` on ([availability.stays] Upcoming): check-ins and
 * check-outs of stays with a guest (blocks have none), sorted by day, departures before arrivals
 * on a turnover day (the house is cleaned between them), at most `limit`.
 */
export function upcomingMovements(stays: readonly Stay[], today: string, limit = 8): Movement[] {
  const out: Movement[] = [];
  for (const stay of stays) {
    if (stay.channel === 'block') continue;
    if (stay.checkin >= today) out.push({ kind: 'arrival', date: stay.checkin, stay });
    if (stay.checkout >= today) out.push({ kind: 'departure', date: stay.checkout, stay });
  }
  const order = (m: Movement) => (m.kind === 'departure' ? 0 : 1);
  out.sort((a, b) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : order(a) - order(b) || (a.stay.id < b.stay.id ? -1 : 1)));
  return out.slice(0, limit);
}
