/**
 * Every stay in one place ([stays.list]) and double bookings caught ([stays.conflict]).
 * Browser-safe and pure: the Node reader (`core/src/node/booking/stays/stays-reader.ts`) builds the stays from
 * the tables, the server answers them at `GET /api/stays`, the admin's Availability tab draws
 * them; all of them use these types and `markConflicts`.
 */
import type { StayState } from './stay-state.js';

/**
 * Where a stay comes from ([stays.list]):
 * - `direct`: a booking paid through Ridgeline's checkout;
 * - `manual`, `owner`: a booking the owner recorded, for a guest or for their own stay ([bookings.kinds]);
 * - `airbnb`, `vrbo`, `booking`: a reservation imported from that platform's calendar;
 * - `block`: nights closed without a guest: the owner's blocks, host blocks imported from a
 *   platform, and everything imported from a `manual` calendar source;
 * - `hold`: nights kept for a guest who is paying right now ([checkout.hold]).
 */
export const STAY_CHANNELS = ['direct', 'manual', 'owner', 'airbnb', 'vrbo', 'booking', 'block', 'hold'] as const;
export type StayChannel = (typeof STAY_CHANNELS)[number];

/** One stay (`GET /api/stays` → `{ stays: Stay[] }`, [stays.list]). */
export interface Stay {
  /**
   * Stable for as long as the stay exists: `booking-12` (booking id), `hold-5` (hold id),
   * `import-3-<uid>` (source id and the feed's UID; `-<checkin>` appended when one feed repeats a
   * UID), `block-2026-07-01` (first night of a run of owner-closed nights).
   */
  id: string;
  channel: StayChannel;
  /** YYYY-MM-DD, the first night */
  checkin: string;
  /** YYYY-MM-DD, the day the stay leaves (not a night of it, [data.night]) */
  checkout: string;
  /** null where the source gives none (Airbnb's "Reserved", blocks, holds show their guest) */
  guestName: string | null;
  /** the stay's state ([checkout.hold], `stayStateOf`) */
  status: StayState;
  /** the booking's id for bookings made in Ridgeline, else null */
  bookingId: number | null;
  /** true when the stay shares a night with another stay that is not a block ([stays.conflict]) */
  conflict: boolean;
}

/** States whose stay no longer occupies its nights: they never conflict. */
const FREED: ReadonlySet<StayState> = new Set(['cancelled', 'refunded', 'inquiry']);

/** Whether a stay takes part in conflicts: blocks never do, nor stays that free their nights ([stays.conflict]). */
export function canConflict(stay: Pick<Stay, 'channel' | 'status'>): boolean {
  return stay.channel !== 'block' && !FREED.has(stay.status);
}

/**
 * Whether two stays share a night. Nights run from check-in up to, not including, check-out
 * ([data.night]): a check-out day that is the next check-in (a same-day turnover) is no overlap.
 */
export function staysOverlap(a: Pick<Stay, 'checkin' | 'checkout'>, b: Pick<Stay, 'checkin' | 'checkout'>): boolean {
  return a.checkin < b.checkout && b.checkin < a.checkout;
}

/**
 * Every pair of stays that share a night, by id, each pair once with the ids in sorted order
 * ([stays.conflict]): blocks and cancelled, refunded or unpaid-inquiry stays never count. The
 * pairs are what "a new conflict" is judged by (one e-mail per new pair, [owner.notices]).
 * Lazy, by check-in: a feed of thousands of overlapping events makes millions of pairs, so a
 * caller takes what it needs instead of holding them all.
 */
export function* eachConflictPair(stays: readonly Stay[]): Generator<[string, string]> {
  const candidates = stays.filter(canConflict).sort((a, b) => (a.checkin < b.checkin ? -1 : a.checkin > b.checkin ? 1 : 0));
  // Sweep by check-in: only stays still running at a check-in can overlap it.
  let running: Stay[] = [];
  for (const stay of candidates) {
    running = running.filter((other) => other.checkout > stay.checkin);
    for (const other of running) if (staysOverlap(other, stay)) yield other.id < stay.id ? [other.id, stay.id] : [stay.id, other.id];
    running.push(stay);
  }
}

/** Every pair of `eachConflictPair`, as a list. */
export function conflictPairs(stays: readonly Stay[]): [string, string][] {
  return [...eachConflictPair(stays)];
}

/**
 * The same stays (new objects, same order) with `conflict` set: true for each stay that shares a
 * night with another one that counts ([stays.conflict]: blocks never count, nor cancelled
 * stays; a check-out day shared with the next check-in is no overlap), false otherwise.
 */
export function markConflicts<S extends Stay>(stays: readonly S[]): S[] {
  // Marked during the sweep, never holding the pairs: memory stays one entry per stay.
  const conflicting = new Set<string>();
  for (const [a, b] of eachConflictPair(stays)) {
    conflicting.add(a);
    conflicting.add(b);
  }
  return stays.map((s) => ({ ...s, conflict: conflicting.has(s.id) }));
}
