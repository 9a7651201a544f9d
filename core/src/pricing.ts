/**
 * The price of a stay ([pricing.total]), in integer cents. Browser-safe: the booking
 * section, the admin Bookings tab and the server all use this one module, and the server's
 * result is the one charged ([pricing.server-authoritative]).
 *
 * Rounding rule: each percentage line is rounded to the nearest cent, halves away from zero,
 * on the already-rounded line above it (state and county tax each on the subtotal; the card
 * fee on the subtotal with taxes). The total is the sum of the rounded lines.
 */
import { daysBetween, datesInRange } from './dates.js';

/** [pricing.nightly], [pricing.fees], in cents. */
export const NIGHTLY_RATE_CENTS = 30_000;
export const CLEANING_FEE_CENTS = 40_000;
export const SERVICE_FEE_CENTS = 3_000;
/** Percentages in basis points (1% = 100). */
export const STATE_TAX_BPS = 400;
export const COUNTY_TAX_BPS = 600;
export const CARD_FEE_BPS = 300;
/** The rate shown to guests as "total tax rate" ([pricing.tax]: 10%). */
export const TOTAL_TAX_RATE_PERCENT = (STATE_TAX_BPS + COUNTY_TAX_BPS) / 100;
/** The nightly price the availability calendar shows when a day has none ([pricing.nightly]). */
export const DEFAULT_CALENDAR_PRICE_DOLLARS = 250;

/** `amountCents * bps / 10000`, rounded to the nearest cent, halves away from zero. */
export function percentOf(amountCents: number, bps: number): number {
  const exact = (amountCents * bps) / 10_000;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

/**
 * Nights between check-in and check-out: whole days, rounded up ([pricing.nights]). Dates are
 * `YYYY-MM-DD`; 0 or less means no stay.
 */
export function countNights(checkin: string, checkout: string): number {
  return Math.ceil(daysBetween(checkin, checkout));
}

export interface PriceBreakdown {
  nights: number;
  nightly: { date: string; priceCents: number }[];
  accommodationCents: number;
  cleaningFeeCents: number;
  serviceFeeCents: number;
  subtotalCents: number;
  stateTaxCents: number;
  countyTaxCents: number;
  subtotalWithTaxesCents: number;
  cardFeeCents: number;
  totalCents: number;
}

/**
 * Prices a stay from check-in (first night) to check-out (not a night).
 * @param nightlyPriceCents the price of one night by date; the 300 dollars of [pricing.nightly] when it gives none
 * @returns the breakdown, or undefined when the stay has no nights ([pricing.nights]: computed only if
 *   nights > 0)
 * @throws RangeError for a malformed date
 */
export function priceStay(
  checkin: string,
  checkout: string,
  nightlyPriceCents: (date: string) => number | undefined = () => undefined,
): PriceBreakdown | undefined {
  const nights = countNights(checkin, checkout);
  if (nights <= 0) return undefined;
  const nightly = datesInRange(checkin, checkout).map((date) => ({
    date,
    priceCents: nightlyPriceCents(date) ?? NIGHTLY_RATE_CENTS,
  }));
  const accommodationCents = nightly.reduce((sum, n) => sum + n.priceCents, 0);
  const subtotalCents = accommodationCents + CLEANING_FEE_CENTS + SERVICE_FEE_CENTS;
  const stateTaxCents = percentOf(subtotalCents, STATE_TAX_BPS);
  const countyTaxCents = percentOf(subtotalCents, COUNTY_TAX_BPS);
  const subtotalWithTaxesCents = subtotalCents + stateTaxCents + countyTaxCents;
  const cardFeeCents = percentOf(subtotalWithTaxesCents, CARD_FEE_BPS);
  return {
    nights,
    nightly,
    accommodationCents,
    cleaningFeeCents: CLEANING_FEE_CENTS,
    serviceFeeCents: SERVICE_FEE_CENTS,
    subtotalCents,
    stateTaxCents,
    countyTaxCents,
    subtotalWithTaxesCents,
    cardFeeCents,
    totalCents: subtotalWithTaxesCents + cardFeeCents,
  };
}

/** Cents as dollars with 2 decimals and a thousands separator: 116699 → "$1,166.99". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}
