/**
 * The contract of `GET /api/stays` ([stays.list]): the query the server parses and the answer the
 * SPA reads, as zod schemas shared by both.
 */
import { z } from 'zod';
import { daysBetween, isIsoDate } from '../shared/dates.js';
import { STAY_STATES } from '../booking/stays/stay-state.js';
import { STAY_CHANNELS } from '../booking/stays/stays.js';

/** Longest span one `GET /api/stays` may ask for, in days (the grid asks for about three months). */
export const MAX_STAYS_SPAN_DAYS = 400;

const isoDate = z.string({ message: 'is required' }).refine(isIsoDate, 'must be a date written YYYY-MM-DD');
// Zod runs object refinements even when a field failed, so the span checks guard their input.
const span = (q: { from: string; to: string }) => (isIsoDate(q.from) && isIsoDate(q.to) ? daysBetween(q.from, q.to) : 1);

/**
 * `?from=YYYY-MM-DD&to=YYYY-MM-DD`: the stays with a night in [from, to). `to` must be after
 * `from` and at most MAX_STAYS_SPAN_DAYS later; a bad value is a 400 naming `from` or `to`.
 */
export const staysQuerySchema = z
  .object({ from: isoDate, to: isoDate })
  .refine((q) => span(q) > 0, { message: 'must be after from', path: ['to'] })
  .refine((q) => span(q) <= MAX_STAYS_SPAN_DAYS, { message: `must be at most ${MAX_STAYS_SPAN_DAYS} days after from`, path: ['to'] });
export type StaysQuery = z.output<typeof staysQuerySchema>;

/** One stay as the API answers it (the `Stay` of `core/src/booking/stays/stays.ts`). */
export const staySchema = z.object({
  id: z.string(),
  channel: z.enum(STAY_CHANNELS),
  checkin: z.string(),
  checkout: z.string(),
  guestName: z.string().nullable(),
  status: z.enum(STAY_STATES),
  bookingId: z.number().int().nullable(),
  conflict: z.boolean(),
});

/** `GET /api/stays` → `{ stays }`, sorted by check-in then id. */
export const staysResponseSchema = z.object({ stays: z.array(staySchema) });
export type StaysResponse = z.output<typeof staysResponseSchema>;
