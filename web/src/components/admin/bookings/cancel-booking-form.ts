/**
 * The owner's cancel dialog's values ([booking.cancel], [booking.refund]): the refund in dollars
 * as typed and the reason, turned into the body of `POST /api/bookings/{id}/cancel` and checked
 * with its contract (`cancelBookingRequestSchema`), plus the most that can be refunded.
 */
import { z } from 'zod';
import { cancelBookingRequestSchema, formatCents, type CancelBookingRequest } from '@ridgeline/core';
import { dollarsToCents } from '../settings/settings-form-values';

export interface CancelBookingFormValues {
  /** dollars, e.g. "250" or "250.50" */
  refundDollars: string;
  reason: string;
}

/** "12345" cents → "123.45"; whole dollars without cents ("250"). */
export function centsToDollarsText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/**
 * The form's resolver schema for a booking with `refundableCents` left to refund: the dollars
 * become `refundCents` (issues on `refundDollars`), then the route's own contract.
 */
export function cancelBookingFormSchema(refundableCents: number) {
  return z
    .custom<CancelBookingFormValues>()
    .transform((v, ctx): CancelBookingRequest => {
      const cents = dollarsToCents(v.refundDollars.trim() === '' ? '0' : v.refundDollars);
      if (Number.isNaN(cents)) ctx.addIssue({ code: 'custom', path: ['refundDollars'], message: 'Enter an amount in dollars, like 250 or 250.50' });
      else if (cents > refundableCents) ctx.addIssue({ code: 'custom', path: ['refundDollars'], message: `At most ${formatCents(refundableCents)} can be refunded` });
      return { refundCents: Number.isNaN(cents) ? 0 : cents, reason: v.reason };
    })
    .pipe(cancelBookingRequestSchema);
}
