/**
 * The owner's cancel dialog's values ([booking.cancel], [booking.refund], [money.offline-refund]):
 * the card refund and the offline refund in dollars as typed, how the offline one was given, and
 * the reason, turned into the body of `POST /api/bookings/{id}/cancel` and checked with its
 * contract (`cancelBookingRequestSchema`), plus the most that can go back each way.
 */
import { z } from 'zod';
import { cancelBookingRequestSchema, formatCents, type CancelBookingRequest, type OfflineMethod } from '@ridgeline/core';
import { dollarsToCents } from '../settings/settings-form-values';

export interface CancelBookingFormValues {
  /** dollars, e.g. "250" or "250.50": refunded to the card */
  refundDollars: string;
  /** dollars given back outside Stripe ([money.offline-refund]); '' or 0 for none */
  offlineRefundDollars: string;
  offlineMethod: OfflineMethod;
  reason: string;
}

/** The most the owner may give back each way, cents. */
export interface CancelLimits {
  /** by card: what the card payments can still give back */
  refundableCents: number;
  /** outside Stripe: offline money not given back yet (card money goes back by card only) */
  offlineRefundableCents: number;
}

/** "12345" cents → "123.45"; whole dollars without cents ("250"). */
export function centsToDollarsText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** Typed dollars as cents: '' is 0, NaN for text that is no amount. */
const typedCents = (dollars: string) => dollarsToCents(dollars.trim() === '' ? '0' : dollars);

/**
 * The form's resolver schema for a booking with these limits: the dollars become `refundCents`
 * and `offlineRefundCents` (issues on the dollar fields), the method goes with an offline refund
 * only, then the route's own contract.
 * @param limits cents; a number alone is the card limit with nothing to give back offline
 */
export function cancelBookingFormSchema(limits: CancelLimits | number) {
  const { refundableCents, offlineRefundableCents } = typeof limits === 'number' ? { refundableCents: limits, offlineRefundableCents: 0 } : limits;
  return z
    .custom<CancelBookingFormValues>()
    .transform((v, ctx): CancelBookingRequest => {
      const cents = typedCents(v.refundDollars);
      if (Number.isNaN(cents)) ctx.addIssue({ code: 'custom', path: ['refundDollars'], message: 'Enter an amount in dollars, like 250 or 250.50' });
      else if (cents > refundableCents) ctx.addIssue({ code: 'custom', path: ['refundDollars'], message: `At most ${formatCents(refundableCents)} can be refunded` });
      const offline = typedCents(v.offlineRefundDollars ?? '');
      if (Number.isNaN(offline)) ctx.addIssue({ code: 'custom', path: ['offlineRefundDollars'], message: 'Enter an amount in dollars, like 250 or 250.50' });
      else if (offline > offlineRefundableCents) ctx.addIssue({ code: 'custom', path: ['offlineRefundDollars'], message: `At most ${formatCents(offlineRefundableCents)} can be given back outside Stripe` });
      const body: CancelBookingRequest = { refundCents: Number.isNaN(cents) ? 0 : cents, reason: v.reason };
      return offline > 0 ? { ...body, offlineRefundCents: offline, offlineMethod: v.offlineMethod } : body;
    })
    .pipe(cancelBookingRequestSchema);
}
