/**
 * The price of a stay ([pricing.total]), in integer cents. Browser-safe: the booking
 * section, the admin Bookings tab and the server all use this one module, and the server's
 * result is the one charged ([pricing.server-authoritative]).
 *
 * Rounding rule: each percentage line is rounded to the nearest cent, halves away from zero,
 * on the already-rounded line above it (state and county tax each on the subtotal; the card
 * fee on the subtotal with taxes). The total is the sum of the rounded lines.
 */
import type { PaymentSchedule } from './payment-schedule.js';
import { daysBetween, datesInRange } from '../shared/dates.js';
import { DEFAULT_SETTINGS, seasonOf, type Settings, type TaxLine } from '../settings/schema.js';

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
/**
 * The nightly price the availability calendar shows when a day has none, before the owner's
 * settings have loaded: the default base rate ([pricing.nightly]; it was $250 while $300 was
 * charged).
 */
export const DEFAULT_CALENDAR_PRICE_DOLLARS = NIGHTLY_RATE_CENTS / 100;

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

/** Where a night's price came from ([pricing.nightly]): the first that applies wins. */
/** Where a night's price came from ([pricing.nightly]), in order of precedence. */
export const NIGHTLY_RATE_SOURCES = ['own', 'season', 'weekend', 'base'] as const;
export type NightlyRateSource = (typeof NIGHTLY_RATE_SOURCES)[number];

export interface NightlyPrice {
  date: string;
  priceCents: number;
  /** Absent in quotes stored before settings existed ([settings.snapshot]). */
  source?: NightlyRateSource;
  /** The season's name when `source` is `season`. */
  season?: string;
}

/** A named amount of a quote, in cents: a discount (positive, taken off), a fee or a tax. */
export interface PriceLine {
  name: string;
  cents: number;
  /** The percentage the line was computed with (percent taxes, discounts), in basis points. */
  bps?: number;
  /** The amount per night the line was computed with (per-night taxes), in cents. */
  centsPerNight?: number;
  /** Who collects the tax ([pricing.tax-dates]), e.g. "Fannin County"; absent when the owner named none. */
  authority?: string;
}

export interface PriceBreakdown {
  nights: number;
  nightly: NightlyPrice[];
  /** The nights' prices summed, before any discount. */
  accommodationCents: number;
  cleaningFeeCents: number;
  serviceFeeCents: number;
  /** Accommodation after discount + cleaning + service + extra-guest fees. */
  subtotalCents: number;
  /** The first tax line's amount (the state tax by default), 0 without one. */
  stateTaxCents: number;
  /** The second tax line's amount (the county tax by default), 0 without one. */
  countyTaxCents: number;
  subtotalWithTaxesCents: number;
  cardFeeCents: number;
  totalCents: number;
  /**
   * The lines below exist in quotes made with the owner's settings ([settings.snapshot]: `quoteStayWith`);
   * quotes stored before them, and `priceStay`'s, have none.
   */
  guests?: number;
  /** [pricing.discount]: at most one line, taken off the accommodation. */
  discounts?: PriceLine[];
  /** [pricing.fees], [pricing.extra-guests]: every line of the subtotal besides the accommodation. */
  fees?: PriceLine[];
  /** [pricing.taxes]: one line per configured tax, in the configured order. */
  taxes?: PriceLine[];
  /** [pricing.card-fee]: the card fee's percentage, in basis points. */
  cardFeeBps?: number;
  /**
   * The rates and rules the stay was priced and checked with ([settings.snapshot]): the owner's
   * settings of that moment, seasons cut to those touching the stay. A booking keeps them.
   */
  terms?: Settings;
  /** [payments.schedule]: a deposit now and the balance later; absent when paid in full at booking. */
  paymentSchedule?: PaymentSchedule;
}

/**
 * The tax lines a stay pays ([pricing.tax-dates]): those in force on its check-in date
 * (`validFrom` ≤ check-in ≤ `validTo`, both inclusive, either open), less those it is exempt from
 * by length (`exemptFromNights` ≤ nights). In the configured order.
 * @param checkin YYYY-MM-DD, the stay's first night
 * @param nights the stay's nights (≥ 1)
 */
export function taxLinesFor(taxes: readonly TaxLine[], checkin: string, nights: number): TaxLine[] {
  return taxes.filter((t) => taxLineStatus(t, checkin) === 'current' && !(t.exemptFromNights !== undefined && nights >= t.exemptFromNights));
}

/** Whether a tax line is in force on `date` (YYYY-MM-DD), not yet, or no longer ([pricing.tax-dates]). */
export function taxLineStatus(t: Pick<TaxLine, 'validFrom' | 'validTo'>, date: string): 'past' | 'current' | 'future' {
  if (t.validFrom !== undefined && date < t.validFrom) return 'future';
  if (t.validTo !== undefined && t.validTo < date) return 'past';
  return 'current';
}

/** True for Friday and Saturday nights ([pricing.weekend]). */
export function isWeekendNight(date: string): boolean {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 5 || day === 6;
}

/**
 * The price of one night ([pricing.nightly]): its own price from the availability grid, else its
 * season's rate, else the weekend rate on a Friday or Saturday, else the base rate. Cents.
 * @param ownCents the owner's price for that date, undefined when none is set
 */
export function nightlyRate(settings: Settings, date: string, ownCents: number | undefined): NightlyPrice {
  if (ownCents !== undefined) return { date, priceCents: ownCents, source: 'own' };
  const season = seasonOf(settings, date);
  if (season?.nightlyRateCents !== undefined) return { date, priceCents: season.nightlyRateCents, source: 'season', season: season.name };
  if (settings.weekendNightlyRateCents !== null && isWeekendNight(date)) return { date, priceCents: settings.weekendNightlyRateCents, source: 'weekend' };
  return { date, priceCents: settings.baseNightlyRateCents, source: 'base' };
}

/** The best length-of-stay discount for `nights` ([pricing.discount]), if any applies. */
export function bestDiscount(settings: Pick<Settings, 'lengthOfStayDiscounts'>, nights: number) {
  return settings.lengthOfStayDiscounts
    .filter((d) => d.minNights <= nights)
    .reduce<Settings['lengthOfStayDiscounts'][number] | undefined>((best, d) => (best && best.bps >= d.bps ? best : d), undefined);
}

/**
 * Prices a stay with the owner's settings ([pricing.total]), in cents. Pure: the caller reads
 * the settings and the owner's nightly prices.
 *
 * Order: nights ([pricing.nightly]) → accommodation → best length-of-stay discount off it,
 * rounded ([pricing.discount]) → + cleaning, service and extra-guest fees = subtotal → each
 * `percent` tax on the subtotal, rounded, each `perNight` tax × nights ([pricing.taxes]) →
 * card fee on the subtotal with taxes, rounded ([pricing.card-fee]) → total.
 * @param stay `checkin` (first night) and `checkout` (not a night), `YYYY-MM-DD`; `guests` ≥ 1
 * @param ownPriceCents the owner's price of a night by date, undefined where none is set
 * @returns the breakdown, or undefined when the stay has no nights ([pricing.nights])
 * @throws RangeError for a malformed date
 */
export function quoteStayWith(
  settings: Settings,
  stay: { checkin: string; checkout: string; guests: number },
  ownPriceCents: (date: string) => number | undefined = () => undefined,
): PriceBreakdown | undefined {
  const { checkin, checkout, guests } = stay;
  const nights = countNights(checkin, checkout);
  if (nights <= 0) return undefined;
  const nightly = datesInRange(checkin, checkout).map((date) => nightlyRate(settings, date, ownPriceCents(date)));
  const accommodationCents = nightly.reduce((sum, n) => sum + n.priceCents, 0);
  const discount = bestDiscount(settings, nights);
  const discounts: PriceLine[] = discount
    ? [{ name: `${discount.bps / 100}% off ${discount.minNights}+ nights`, cents: percentOf(accommodationCents, discount.bps), bps: discount.bps }]
    : [];
  const fees: PriceLine[] = [
    { name: 'Cleaning fee', cents: settings.cleaningFeeCents },
    { name: 'Service fee', cents: settings.serviceFeeCents },
  ];
  const extra = settings.extraGuestFee ? Math.max(0, guests - settings.extraGuestFee.includedGuests) : 0;
  if (settings.extraGuestFee && extra > 0) {
    fees.push({ name: `Extra guests (${extra} × ${nights} ${nights === 1 ? 'night' : 'nights'})`, cents: extra * nights * settings.extraGuestFee.centsPerNight });
  }
  const subtotalCents = accommodationCents - discounts.reduce((sum, d) => sum + d.cents, 0) + fees.reduce((sum, f) => sum + f.cents, 0);
  const taxes: PriceLine[] = taxLinesFor(settings.taxes, checkin, nights).map((t) => ({
    ...(t.kind === 'percent' ? { name: t.name, cents: percentOf(subtotalCents, t.bps), bps: t.bps } : { name: t.name, cents: t.cents * nights, centsPerNight: t.cents }),
    ...(t.authority ? { authority: t.authority } : {}),
  }));
  const subtotalWithTaxesCents = subtotalCents + taxes.reduce((sum, t) => sum + t.cents, 0);
  const cardFeeCents = percentOf(subtotalWithTaxesCents, settings.cardFeeBps);
  const last = datesInRange(checkin, checkout).at(-1) ?? checkin;
  return {
    nights,
    nightly,
    accommodationCents,
    cleaningFeeCents: settings.cleaningFeeCents,
    serviceFeeCents: settings.serviceFeeCents,
    subtotalCents,
    stateTaxCents: taxes[0]?.cents ?? 0,
    countyTaxCents: taxes[1]?.cents ?? 0,
    subtotalWithTaxesCents,
    cardFeeCents,
    totalCents: subtotalWithTaxesCents + cardFeeCents,
    guests,
    discounts,
    fees,
    taxes,
    cardFeeBps: settings.cardFeeBps,
    // The owner's address is no term of the stay, and a booking's quote reaches its guest.
    // The rental agreement is kept by version on the booking ([agreement.record]), not in its quote.
    terms: { ...settings, seasons: settings.seasons.filter((s) => s.start <= last && checkin <= s.end), ownerEmail: null, rentalAgreement: '' },
  };
}

/**
 * Prices a stay with the default settings ([pricing.total]): the function every caller used
 * before the owner's settings existed, kept for them. Same lines as `quoteStayWith`, without
 * its additions (`guests`, `discounts`, `fees`, `taxes`, `cardFeeBps`, `terms`, the nights' `source`).
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
  const q = quoteStayWith(DEFAULT_SETTINGS, { checkin, checkout, guests: 1 }, nightlyPriceCents);
  if (!q) return undefined;
  return {
    nights: q.nights,
    nightly: q.nightly.map(({ date, priceCents }) => ({ date, priceCents })),
    accommodationCents: q.accommodationCents,
    cleaningFeeCents: q.cleaningFeeCents,
    serviceFeeCents: q.serviceFeeCents,
    subtotalCents: q.subtotalCents,
    stateTaxCents: q.stateTaxCents,
    countyTaxCents: q.countyTaxCents,
    subtotalWithTaxesCents: q.subtotalWithTaxesCents,
    cardFeeCents: q.cardFeeCents,
    totalCents: q.totalCents,
  };
}

/** One line of a quote as shown to the guest and the owner ([pricing.display]). */
export interface QuoteDisplayLine {
  label: string;
  /** Negative for a discount. */
  cents: number;
  kind: 'line' | 'subtotal';
  /** What the line is for, in one line ([pricing.total-first]); a tax names its authority ("Government tax, paid to Fannin County", [pricing.tax-dates]). */
  description?: string;
}

const percentText = (bps: number) => `${bps / 100}%`;

/**
 * What each fee is for, in one line ([pricing.total-first]: the FTC's rule asks each fee's nature
 * before payment), by the fee's name; an extra-guest line's name starts "Extra guests".
 */
const FEE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'Cleaning fee': 'Cleaning the house after your stay',
  'Service fee': 'Booking platform and support costs',
};
const feeDescription = (name: string) => FEE_DESCRIPTIONS[name] ?? (name.startsWith('Extra guests') ? 'Per guest above those included, per night' : undefined);
const withDescription = (description: string | undefined) => (description ? { description } : {});

/**
 * The lines between the nights and the total of a quote ([pricing.total]), in the order they
 * are computed: discount, fees, subtotal, taxes, card fee. Reads the quote alone (its stored
 * lines and rates), never today's settings ([settings.snapshot]); a quote stored before the
 * settings existed shows the fixed lines of that time.
 */
export function quoteDisplayLines(quote: PriceBreakdown): QuoteDisplayLine[] {
  const discounts = (quote.discounts ?? []).map((d) => ({ label: d.name, cents: -d.cents, kind: 'line' as const, description: 'Taken off the nights for a longer stay' }));
  const fees = quote.fees ?? [
    { name: 'Cleaning fee', cents: quote.cleaningFeeCents },
    { name: 'Service fee', cents: quote.serviceFeeCents },
  ];
  const taxes = quote.taxes ?? [
    { name: 'State tax', cents: quote.stateTaxCents, bps: STATE_TAX_BPS },
    { name: 'County tax', cents: quote.countyTaxCents, bps: COUNTY_TAX_BPS },
  ];
  const taxLabel = (t: PriceLine) =>
    t.bps !== undefined ? `${t.name} (${percentText(t.bps)})` : t.centsPerNight !== undefined ? `${t.name} (${formatCents(t.centsPerNight)} × ${quote.nights} ${quote.nights === 1 ? 'night' : 'nights'})` : t.name;
  const cardFeeBps = quote.cardFeeBps ?? CARD_FEE_BPS;
  return [
    ...discounts,
    ...fees.map((f) => ({ label: f.name, cents: f.cents, kind: 'line' as const, ...withDescription(feeDescription(f.name)) })),
    { label: 'Subtotal', cents: quote.subtotalCents, kind: 'subtotal' },
    ...taxes.map((t) => ({ label: taxLabel(t), cents: t.cents, kind: 'line' as const, description: t.authority ? `Government tax, paid to ${t.authority}` : 'Government tax' })),
    ...(cardFeeBps === 0 && quote.cardFeeCents === 0
      ? []
      : [{ label: `Card processing fee (${percentText(cardFeeBps)})`, cents: quote.cardFeeCents, kind: 'line' as const, description: 'Charged by the card processor' }]),
  ];
}

/** Cents as dollars with 2 decimals and a thousands separator: 116699 → "$1,166.99". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The quote of a stay part of which is paid outside Stripe ([money.offline], [pricing.card-fee]):
 * the card fee is charged only on what is left to pay by card, the subtotal with taxes less
 * `offlineCents` (never below 0), at the quote's own `cardFeeBps` (else `fallbackBps`); the total
 * follows. Other lines are unchanged. Cents.
 */
export function quoteWithOfflinePayment(quote: PriceBreakdown, offlineCents: number, fallbackBps: number): PriceBreakdown {
  const bps = quote.cardFeeBps ?? fallbackBps;
  const cardFeeCents = percentOf(Math.max(0, quote.subtotalWithTaxesCents - offlineCents), bps);
  return { ...quote, cardFeeBps: bps, cardFeeCents, totalCents: quote.subtotalWithTaxesCents + cardFeeCents };
}
