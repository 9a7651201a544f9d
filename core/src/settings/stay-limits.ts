/**
 * The fixed stay limits ([booking.stay-rules]): the owner's limits (settings/schema.ts) default to
 * them and stay inside them; `stayRangeProblem` (booking/stays/stay.ts) checks every stay against
 * them. Without zod, so the home page's first load can read them.
 */

/** [booking.stay-rules]: guests 1 to 12 (the home sleeps 12). */
export const MAX_GUESTS = 12;
/** Longest stay sold online, in nights. */
export const MAX_STAY_NIGHTS = 60;
/** How far ahead check-in may be, in days ([booking.stay-rules]: 548 days, at least 12 months). */
export const BOOKING_HORIZON_DAYS = 548;
