/**
 * What a booking brought in, read from its own records: whether it is paid, what the guest paid
 * and the taxes of its quote snapshot ([reports.summary], [settings.snapshot]). Browser-safe;
 * amounts in integer cents.
 */
import type { Booking } from '../booking/bookings.js';
import { COUNTY_TAX_BPS, STATE_TAX_BPS, type PriceBreakdown, type PriceLine } from '../pricing/pricing.js';

/**
 * A booking counts as revenue once paid and while not cancelled: `paid`, or `partially_refunded` /
 * `refunded` after a refund in Stripe's dashboard ([stripe.refund-webhook]); pending, failed and
 * cancelled ones do not ([booking.cancel]).
 */
export const isPaid = (b: Booking) =>
  (b.paymentStatus === 'paid' || b.paymentStatus === 'partially_refunded' || b.paymentStatus === 'refunded') &&
  !b.cancelledAt;

/**
 * What the stay collected less what went back ([reports.collected], [booking.refund]), never below
 * 0: the ledger's payments of the stay (card charges and offline money) less its refunds.
 */
export const bookingNetCents = (b: Booking) => Math.max(0, bookingTotalCents(b) - b.refundedCents);

/**
 * What the guest paid for the stay ([reports.collected], [money.ledger]): the ledger's card charges
 * and offline payments (`amountPaidCents`, itself the ledger's sum), both parts of a stay paid in
 * two, a refund in Stripe's dashboard or a payment link included; never the quote, which is the
 * booked value ([reports.booked-value]).
 */
export function bookingTotalCents(b: Booking): number {
  return b.amountPaidCents;
}

/**
 * A quote's tax lines as charged ([settings.snapshot]): its own `taxes` when it has them; a quote
 * stored before the owner's settings existed was charged exactly the state tax (4%) and the
 * county tax (6%) of that time ([pricing.tax]).
 */
export function quoteTaxLines(quote: PriceBreakdown): PriceLine[] {
  return (
    quote.taxes ?? [
      { name: 'State tax', cents: quote.stateTaxCents, bps: STATE_TAX_BPS },
      { name: 'County tax', cents: quote.countyTaxCents, bps: COUNTY_TAX_BPS },
    ]
  );
}

/** The tax a booking was charged: every line of its quote summed; 0 without a quote. */
export const bookingTaxCents = (b: Booking) =>
  b.quote ? quoteTaxLines(b.quote).reduce((sum, t) => sum + t.cents, 0) : 0;
