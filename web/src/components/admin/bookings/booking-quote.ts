import { priceStay, type Booking, type PriceBreakdown } from '@ridgeline/core';

/**
 * The breakdown a booking shows ([pricing.nights]: only when nights > 0): the quote it was sold at, else
 * the standard price of its dates. Undefined for a stay without nights or with malformed dates.
 */
export function bookingQuote(
  booking: Pick<Booking, 'quote' | 'checkin' | 'checkout'>,
): PriceBreakdown | undefined {
  if (booking.quote && booking.quote.nights > 0) return booking.quote;
  try {
    return priceStay(booking.checkin, booking.checkout);
  } catch {
    return undefined;
  }
}

/** "3 nights × $300.00" when every night costs the same, else "3 nights (rates vary)". */
export function nightsLabel(quote: PriceBreakdown, formatRate: (cents: number) => string): string {
  const nights = `${quote.nights} ${quote.nights === 1 ? 'night' : 'nights'}`;
  const rates = new Set(quote.nightly.map((n) => n.priceCents));
  if (rates.size === 1) return `${nights} × ${formatRate([...rates][0] as number)}`;
  if (rates.size === 0) return `${nights} × ${formatRate(Math.round(quote.accommodationCents / quote.nights))}`;
  return `${nights} (rates vary)`;
}
