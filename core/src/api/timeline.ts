/**
 * The contract of `GET /api/bookings/:id/timeline` ([booking.timeline]): a booking's history.
 */
import { z } from 'zod';
import { BOOKING_EVENT_KINDS } from '../booking/timeline.js';

/** `:id`, a booking id: a positive integer (400 naming `id` otherwise). */
export const bookingTimelineParamsSchema = z.object({
  id: z.coerce.number({ message: 'must be a booking id' }).int('must be a booking id').positive('must be a booking id').max(Number.MAX_SAFE_INTEGER),
});

/** One line of the timeline (`BookingEvent` of core/src/booking/timeline.ts). */
export const bookingEventSchema = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  kind: z.enum(BOOKING_EVENT_KINDS),
  detail: z.string(),
  /** ISO 8601 UTC */
  at: z.string(),
});

/** `GET /api/bookings/:id/timeline` → `{ events }`, oldest first; 404 for an unknown booking. */
export const bookingTimelineResponseSchema = z.object({ events: z.array(bookingEventSchema) });
export type BookingTimelineResponse = z.output<typeof bookingTimelineResponseSchema>;
