/**
 * Test support (imported by tests only): the fields a booking has before anything happens to it
 * after creation, for hand-made `Booking` values.
 */
import type { Booking } from '../bookings.js';

/** A direct booking's life fields as the store creates them; `status` as for a paid one. */
export const FRESH_BOOKING_LIFE = {
  kind: 'direct',
  status: 'confirmed',
  amountPaidCents: 0,
  refundedCents: 0,
  cancelledAt: null,
  cancelledBy: null,
  cancelReason: '',
  cancellationPolicy: null,
  notes: '',
  guestToken: 'test-guest-token',
  disputeStatus: null,
} as const satisfies Partial<Booking>;
