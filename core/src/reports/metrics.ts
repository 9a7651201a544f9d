/**
 * The hosting metrics of the Reports tab ([insights.occupancy], [insights.adr],
 * [insights.revpar], [insights.revenue], [insights.length-lead], [insights.channels]): per month
 * of a year, computed from every stay (`GET /api/stays`'s `Stay`, [stays.list]) and, for the
 * stays made in Ridgeline, their booking's quote snapshot ([settings.snapshot]). Pure and
 * browser-safe; amounts in integer cents, dates `YYYY-MM-DD`, nights as in [data.night].
 */
import type { Booking } from '../booking/bookings.js';
import type { StayChannel } from '../booking/stays/stays.js';
import type { PriceBreakdown } from '../pricing/pricing.js';
import { PROPERTY } from '../shared/property.js';
import { datesInRange, daysBetween, todayIn } from '../shared/dates.js';
import { quoteTaxLines } from './booking-amounts.js';

/** The channels whose nights are reservations ([insights.channels]), in the order reports show them. */
export const RESERVATION_CHANNELS = ['direct', 'manual', 'airbnb', 'vrbo', 'booking'] as const;
export type ReservationChannel = (typeof RESERVATION_CHANNELS)[number];

/** How the reports name each channel. */
export const CHANNEL_NAMES: Record<ReservationChannel, string> = {
  direct: 'Direct',
  manual: 'Manual',
  airbnb: 'Airbnb',
  vrbo: 'VRBO',
  booking: 'Booking.com',
};

/** One stay as the metrics read it: a `Stay`'s channel and nights, and its booking when made in Ridgeline. */
export interface MetricStay {
  channel: StayChannel;
  /** YYYY-MM-DD, first night */
  checkin: string;
  /** YYYY-MM-DD, the day it leaves */
  checkout: string;
  /** The booking of a `direct`, `manual` or `owner` stay; absent for imports and blocks. */
  booking?: Booking | null;
}

/** One month's (or a year's) figures. Rates are 0 when their divisor is 0. */
export interface PeriodMetrics {
  /** Nights of the period minus the nights closed by owner stays and blocks without a reservation. */
  nightsAvailable: number;
  /** Nights holding a direct, manual or imported reservation (each night once). */
  nightsBooked: number;
  /** Nights of direct and manual reservations: the nights with revenue. */
  nightsSold: number;
  /** nightsBooked ÷ nightsAvailable, in basis points (10000 = 100%), rounded. */
  occupancyBps: number;
  /** accommodationCents ÷ nightsSold, rounded. */
  adrCents: number;
  /** accommodationCents ÷ nightsAvailable, rounded. */
  revparCents: number;
  /** The nights' accommodation after discounts, net of refunds. */
  accommodationCents: number;
  /** Cleaning, service, extra-guest and card fees of the stays checking in, net of refunds. */
  feesCents: number;
  /** Taxes of the stays checking in, net of refunds. */
  taxesCents: number;
  /** accommodationCents + feesCents + taxesCents */
  revenueCents: number;
  /** Reservations (all channels) checking in during the period. */
  bookings: number;
}

export interface MonthMetrics extends PeriodMetrics {
  /** YYYY-MM */
  month: string;
}

export interface YearTotals extends PeriodMetrics {
  /** Average nights per reservation checking in during the year, one decimal; 0 without any. */
  averageStayNights: number;
  /** Average days from booking to check-in of the year's direct and manual reservations, rounded; null without any. */
  averageLeadDays: number | null;
}

/** A bucket of a distribution: `min`..`max` inclusive (`max` null: and more). */
export interface DistributionBucket {
  label: string;
  min: number;
  max: number | null;
  count: number;
}

/** The figures of one year ([insights.*]). */
export interface YearMetrics {
  year: number;
  /** January to December, always twelve. */
  months: MonthMetrics[];
  totals: YearTotals;
  /** Nights per reservation channel, the five channels always, in RESERVATION_CHANNELS order. */
  channels: { channel: ReservationChannel; nights: number }[];
  /** Direct and manual reservations checking in during the year, by days from booking to check-in. */
  leadTime: DistributionBucket[];
  /** Reservations checking in during the year, by nights. */
  lengthOfStay: DistributionBucket[];
}

const LEAD_BUCKETS: [string, number, number | null][] = [
  ['0–6 days', 0, 6],
  ['7–29 days', 7, 29],
  ['30–59 days', 30, 59],
  ['60–89 days', 60, 89],
  ['90–179 days', 90, 179],
  ['180+ days', 180, null],
];
const LENGTH_BUCKETS: [string, number, number | null][] = [
  ['1 night', 1, 1],
  ['2 nights', 2, 2],
  ['3 nights', 3, 3],
  ['4 nights', 4, 4],
  ['5 nights', 5, 5],
  ['6 nights', 6, 6],
  ['7–13 nights', 7, 13],
  ['14+ nights', 14, null],
];

const RESERVATION: ReadonlySet<StayChannel> = new Set(RESERVATION_CHANNELS);
const isReservation = (c: StayChannel): c is ReservationChannel => RESERVATION.has(c);

/**
 * Whether a stay counts at all: a booking made in Ridgeline counts unless cancelled, and a
 * direct one only once paid ([bookings.status]; the same rule as the stays list). Imports,
 * blocks and owner stays count as given; holds never.
 */
export function countsInMetrics(stay: MetricStay): boolean {
  if (stay.channel === 'hold') return false;
  const b = stay.booking;
  if (!b) return stay.channel !== 'direct' && stay.channel !== 'manual';
  if (b.cancelledAt !== null || b.status === 'cancelled') return false;
  return b.kind !== 'direct' || ['paid', 'partially_refunded', 'refunded'].includes(b.paymentStatus);
}

/** Every night of a stay ([data.night]): check-in up to the day before check-out. */
const nightsOf = datesInRange;

/** Splits `total` over `weights` in proportion, rounding so the parts sum to `total` exactly. */
function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  const ws = sum > 0 ? weights : weights.map(() => 1);
  const wsum = sum > 0 ? sum : ws.length;
  let cumulative = 0;
  let given = 0;
  return ws.map((w) => {
    cumulative += w;
    const upTo = Math.round((total * cumulative) / wsum);
    const part = upTo - given;
    given = upTo;
    return part;
  });
}

/**
 * The share of a stay's quote that is revenue after its refunds ([insights.revenue]), 0 to 1: the
 * total less the refunds that gave back more than was paid above the total. A refund of money
 * paid above the current total (a stay shortened and refunded the difference: its quote is
 * already the new, lower one) takes nothing off; a refund on a stay paid only in part (a deposit)
 * takes its own amount off the total, never the same fraction of the total as of the deposit.
 */
export function revenueShare(totalCents: number, paidCents: number, refundedCents: number): number {
  if (refundedCents <= 0 || totalCents <= 0) return 1;
  const aboveTotal = Math.max(0, paidCents - totalCents);
  const offTotal = Math.max(0, refundedCents - aboveTotal);
  return Math.max(0, totalCents - offTotal) / totalCents;
}

/**
 * What a booking brought in, net of refunds ([insights.revenue]): its quote's accommodation
 * after discounts per night (by each night's own price in `nightly`), its fees (cleaning,
 * service, extra guests, card fee) and its taxes. A refund takes the same share off every
 * part: each is scaled by `revenueShare`. Nothing without a quote.
 */
export function bookingRevenue(
  booking: Pick<Booking, 'checkin' | 'checkout' | 'quote' | 'amountPaidCents' | 'refundedCents'>,
): {
  perNight: Map<string, number>;
  feesCents: number;
  taxesCents: number;
} {
  const nights = nightsOf(booking.checkin, booking.checkout);
  const quote: PriceBreakdown | null = booking.quote;
  if (!quote) return { perNight: new Map(nights.map((n) => [n, 0])), feesCents: 0, taxesCents: 0 };
  const share = revenueShare(quote.totalCents, booking.amountPaidCents, booking.refundedCents);
  const scale = (cents: number) => Math.round(cents * share);
  const quoteFees = quote.fees
    ? quote.fees.reduce((s, f) => s + f.cents, 0)
    : quote.cleaningFeeCents + quote.serviceFeeCents;
  const accommodation = scale(quote.subtotalCents - quoteFees);
  const price = new Map(quote.nightly.map((n) => [n.date, n.priceCents]));
  const parts = apportion(
    accommodation,
    nights.map((n) => price.get(n) ?? 0),
  );
  return {
    perNight: new Map(nights.map((n, i) => [n, parts[i] ?? 0])),
    feesCents: scale(quoteFees + quote.cardFeeCents),
    taxesCents: scale(quoteTaxLines(quote).reduce((s, t) => s + t.cents, 0)),
  };
}

const emptyPeriod = (): PeriodMetrics => ({
  nightsAvailable: 0,
  nightsBooked: 0,
  nightsSold: 0,
  occupancyBps: 0,
  adrCents: 0,
  revparCents: 0,
  accommodationCents: 0,
  feesCents: 0,
  taxesCents: 0,
  revenueCents: 0,
  bookings: 0,
});

/** Fills the rates and revenue of a period from its counts and amounts. */
function withRates<T extends PeriodMetrics>(p: T): T {
  p.occupancyBps = p.nightsAvailable > 0 ? Math.round((p.nightsBooked * 10000) / p.nightsAvailable) : 0;
  p.adrCents = p.nightsSold > 0 ? Math.round(p.accommodationCents / p.nightsSold) : 0;
  p.revparCents = p.nightsAvailable > 0 ? Math.round(p.accommodationCents / p.nightsAvailable) : 0;
  p.revenueCents = p.accommodationCents + p.feesCents + p.taxesCents;
  return p;
}

/** Days from the day a booking was made (in the property's zone) to its check-in; never below 0. */
export function leadDays(booking: Pick<Booking, 'createdAt' | 'checkin'>): number {
  const bookedOn = todayIn(PROPERTY.timeZone, new Date(booking.createdAt));
  return Math.max(0, daysBetween(bookedOn, booking.checkin));
}

function distribution(buckets: [string, number, number | null][], values: readonly number[]): DistributionBucket[] {
  return buckets.map(([label, min, max]) => ({
    label,
    min,
    max,
    count: values.filter((v) => v >= min && (max === null || v <= max)).length,
  }));
}

/**
 * The metrics of `year` ([insights.*]) from the stays touching it (stays may reach beyond it;
 * only the year's nights count). Rules, in docs/product.md:
 * - a night is booked when a counted direct, manual or imported reservation holds it (once,
 *   even when two do); it is closed when an owner stay or a block holds it and no reservation
 *   does; available = the month's nights − closed ([insights.occupancy]);
 * - accommodation revenue is spread per night into the night's month; fees and taxes go to the
 *   check-in month ([insights.revenue]); imported stays have nights, never revenue;
 * - nights sold = nights of direct and manual reservations ([insights.adr]);
 * - lengths of stay and lead times are those of reservations checking in during the year
 *   ([insights.length-lead]); channel nights count each reservation's nights in the year
 *   ([insights.channels]).
 */
export function yearMetrics(stays: readonly MetricStay[], year: number): YearMetrics {
  const prefix = String(year);
  const months: MonthMetrics[] = Array.from({ length: 12 }, (_, i) => ({
    month: `${prefix}-${String(i + 1).padStart(2, '0')}`,
    ...emptyPeriod(),
  }));
  const monthOf = (date: string) => (date.slice(0, 4) === prefix ? months[Number(date.slice(5, 7)) - 1] : undefined);
  const booked = new Set<string>();
  const sold = new Set<string>();
  const closed = new Set<string>();
  const channelNights = new Map<ReservationChannel, number>(RESERVATION_CHANNELS.map((c) => [c, 0]));
  const lengths: number[] = [];
  const leads: number[] = [];
  let totalLead = 0;

  for (const stay of stays.filter(countsInMetrics)) {
    const nights = nightsOf(stay.checkin, stay.checkout).filter((n) => n.startsWith(prefix));
    if (!isReservation(stay.channel)) {
      for (const n of nights) closed.add(n);
      continue;
    }
    for (const n of nights) booked.add(n);
    channelNights.set(stay.channel, (channelNights.get(stay.channel) ?? 0) + nights.length);
    const checkinMonth = monthOf(stay.checkin);
    if (checkinMonth) {
      checkinMonth.bookings += 1;
      lengths.push(daysBetween(stay.checkin, stay.checkout));
    }
    const booking = stay.booking;
    if (!booking) continue;
    for (const n of nights) sold.add(n);
    const revenue = bookingRevenue(booking);
    for (const [night, cents] of revenue.perNight) {
      const m = monthOf(night);
      if (m) m.accommodationCents += cents;
    }
    if (checkinMonth) {
      checkinMonth.feesCents += revenue.feesCents;
      checkinMonth.taxesCents += revenue.taxesCents;
      const lead = leadDays(booking);
      leads.push(lead);
      totalLead += lead;
    }
  }

  for (const m of months) {
    const first = `${m.month}-01`;
    const next = m.month.endsWith('-12')
      ? `${year + 1}-01-01`
      : `${prefix}-${String(Number(m.month.slice(5)) + 1).padStart(2, '0')}-01`;
    const days = nightsOf(first, next);
    m.nightsBooked = days.filter((d) => booked.has(d)).length;
    m.nightsSold = days.filter((d) => sold.has(d)).length;
    m.nightsAvailable = days.length - days.filter((d) => closed.has(d) && !booked.has(d)).length;
    withRates(m);
  }
  const sum = (key: keyof PeriodMetrics) => months.reduce((s, m) => s + m[key], 0);
  const totals = withRates<YearTotals>({
    ...emptyPeriod(),
    nightsAvailable: sum('nightsAvailable'),
    nightsBooked: sum('nightsBooked'),
    nightsSold: sum('nightsSold'),
    accommodationCents: sum('accommodationCents'),
    feesCents: sum('feesCents'),
    taxesCents: sum('taxesCents'),
    bookings: sum('bookings'),
    averageStayNights:
      lengths.length > 0 ? Math.round((lengths.reduce((s, l) => s + l, 0) * 10) / lengths.length) / 10 : 0,
    averageLeadDays: leads.length > 0 ? Math.round(totalLead / leads.length) : null,
  });
  return {
    year,
    months,
    totals,
    channels: RESERVATION_CHANNELS.map((channel) => ({ channel, nights: channelNights.get(channel) ?? 0 })),
    leadTime: distribution(LEAD_BUCKETS, leads),
    lengthOfStay: distribution(LENGTH_BUCKETS, lengths),
  };
}

/** `GET /api/reports/summary`: the year's metrics and last year's months and totals beside them. */
export interface ReportsSummary extends YearMetrics {
  previousYear: Pick<YearMetrics, 'year' | 'months' | 'totals'>;
}

/** The summary of `year` ([insights.*]): `yearMetrics` of the year and of the year before. */
export function reportsSummary(stays: readonly MetricStay[], year: number): ReportsSummary {
  const previous = yearMetrics(stays, year - 1);
  return {
    ...yearMetrics(stays, year),
    previousYear: { year: previous.year, months: previous.months, totals: previous.totals },
  };
}

/** Formats basis points as a percentage with one decimal: 6667 → "66.7%". */
export const formatBps = (bps: number) => `${(bps / 100).toFixed(1)}%`;
