/**
 * The lodging-tax report of the Reports tab ([reports.tax]): what the owner files each month.
 * Browser-safe; amounts in integer cents, dates `YYYY-MM-DD` in the property's zone.
 *
 * Built from each booking's own quote snapshot ([settings.snapshot]), never from today's
 * settings: a stay booked before the owner changed a tax keeps the lines it was charged.
 */
import type { Booking } from '../booking/bookings.js';
import { bookingTaxCents, bookingTotalCents, isPaid, quoteTaxLines } from './booking-amounts.js';
import { countNights, formatCents, type PriceLine } from '../pricing/pricing.js';
import type { TaxLine } from '../settings/schema.js';

/**
 * Georgia sales and use tax returns, and Fannin County's hotel-motel tax, are due on the 20th
 * of the month after the period (O.C.G.A. § 48-8-49; Fannin County hotel-motel tax ordinance).
 */
export const TAX_DUE_DAY = 20;

/** The platforms that collect and remit the lodging taxes of the stays they sell ([reports.tax]). */
export const TAX_COLLECTING_PLATFORMS = ['airbnb', 'vrbo', 'booking'] as const;
export type TaxCollectingPlatform = (typeof TAX_COLLECTING_PLATFORMS)[number];
export const PLATFORM_NAMES: Record<TaxCollectingPlatform, string> = {
  airbnb: 'Airbnb',
  vrbo: 'VRBO',
  booking: 'Booking.com',
};

/**
 * One tax column: a line name with the rate it was charged at. The same name at another rate
 * (the owner changed it mid-year) is another column, so each column has one rate to file.
 */
export interface TaxColumn {
  /** Stable within a report: `name|percent|bps`, `name|perNight|cents` (or `name|` for a line without a rate). */
  key: string;
  name: string;
  /** Percent lines: the rate in basis points. */
  bps?: number;
  /** Per-night lines: the amount per night in cents. */
  centsPerNight?: number;
  /** For headings: "State tax 4%", "Hotel-motel fee $5.00/night". */
  label: string;
  /** Who the line's return is filed with ([reports.tax-returns]): the line's `authority`, else its name. */
  authority: string;
}

/** A month's return marked filed with one authority ([reports.tax-returns]). */
export interface TaxFiling {
  /** YYYY-MM: the month the return covers. */
  month: string;
  authority: string;
  /** YYYY-MM-DD: the day the owner filed it. */
  filedOn: string;
}

/** One check-in month of paid direct bookings. */
export interface TaxMonth {
  /** YYYY-MM */
  month: string;
  bookings: number;
  nights: number;
  /** The quotes' subtotals (accommodation after discount + fees), the base of percent taxes. */
  taxableSubtotalCents: number;
  /** By column key; every column of the report is present (0 when none). */
  taxCents: Record<string, number>;
  totalTaxCents: number;
  /** YYYY-MM-DD: the 20th of the following month. */
  dueDate: string;
  /** The returns of this month marked filed, by authority ([reports.tax-returns]). */
  filed: { authority: string; filedOn: string }[];
}

/** One paid direct booking of the year, as the tax CSV lists it. */
export interface TaxStay {
  bookingId: number;
  guest: string;
  checkin: string;
  checkout: string;
  nights: number;
  taxableSubtotalCents: number;
  taxCents: Record<string, number>;
  totalTaxCents: number;
  /** What the guest paid ([reports.summary]). */
  totalPaidCents: number;
}

/** A reservation imported from another platform's calendar (no amounts: the feed has none). */
export interface ImportedStay {
  platform: string;
  /** First night, YYYY-MM-DD. */
  startDate: string;
  /** Check-out day (exclusive), YYYY-MM-DD. */
  endDate: string;
}

/** Stays one platform sold in one check-in month: collected and remitted by the platform. */
export interface PlatformMonth {
  /** YYYY-MM */
  month: string;
  platform: TaxCollectingPlatform;
  /** "Airbnb", "VRBO", "Booking.com" */
  platformName: string;
  stays: number;
  nights: number;
}

/** `GET /api/reports/tax?year=YYYY` → this object ([reports.tax]). */
export interface TaxReport {
  year: number;
  /** The union of the year's booked tax lines, in the order first met (by check-in). */
  columns: TaxColumn[];
  /**
   * Who the year's returns are filed with ([reports.tax-returns]): the columns' authorities, then
   * those of the owner's tax lines in force during the year, each once. A month with no stay still
   * needs a (zero) return with each.
   */
  authorities: string[];
  /** Every month of the year, January to December, in order; a month without a paid stay is a row of zeros. */
  months: TaxMonth[];
  /** The year's sums, over `months`. */
  totals: Omit<TaxMonth, 'month' | 'dueDate' | 'filed'>;
  stays: TaxStay[];
  /** Imported reservations, per check-in month and platform: "collected by the platform". */
  platformStays: PlatformMonth[];
}

/** The due date of a month's return ([reports.tax]): `YYYY-MM` → the 20th of the next month. */
export function taxDueDate(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? { y: y + 1, m: 1 } : { y, m: m + 1 };
  return `${next.y}-${String(next.m).padStart(2, '0')}-${TAX_DUE_DAY}`;
}

/** Who a tax line's return is filed with ([reports.tax-returns]): its authority, else its name. */
export const taxAuthorityOf = (line: Pick<PriceLine, 'name' | 'authority'>) => line.authority?.trim() || line.name;

function columnOf(line: PriceLine): TaxColumn {
  const authority = taxAuthorityOf(line);
  if (line.bps !== undefined)
    return {
      key: `${line.name}|percent|${line.bps}`,
      name: line.name,
      bps: line.bps,
      label: `${line.name} ${line.bps / 100}%`,
      authority,
    };
  if (line.centsPerNight !== undefined) {
    return {
      key: `${line.name}|perNight|${line.centsPerNight}`,
      name: line.name,
      centsPerNight: line.centsPerNight,
      label: `${line.name} ${formatCents(line.centsPerNight)}/night`,
      authority,
    };
  }
  return { key: `${line.name}|`, name: line.name, label: line.name, authority };
}

const checkinYear = (date: string) => Number(date.slice(0, 4));
const paidByCheckin = (bookings: readonly Booking[]) =>
  bookings.filter(isPaid).sort((a, b) => a.checkin.localeCompare(b.checkin) || a.id - b.id);

/**
 * The tax lines paid bookings were charged ([reports.tax]), each name at each rate once, in the
 * order first met going by check-in: the columns of the tax report and its CSV.
 */
export function taxColumnsOf(bookings: readonly Booking[]): TaxColumn[] {
  const columns = new Map<string, TaxColumn>();
  for (const b of paidByCheckin(bookings)) {
    for (const line of b.quote ? quoteTaxLines(b.quote) : []) {
      const column = columnOf(line);
      if (!columns.has(column.key)) columns.set(column.key, column);
    }
  }
  return [...columns.values()];
}

/**
 * The tax report of `year` ([reports.tax]).
 * - Direct bookings: paid ones (`paymentStatus` "paid"; pending, failed or refunded ones are not
 *   revenue) checking in during `year`, grouped by check-in month like [reports.summary]. Each
 *   month's due date is the 20th of the following month.
 * - Imported reservations of Airbnb, VRBO and Booking.com checking in during `year`, per month
 *   and platform, counted apart: those platforms collect and remit the tax. Other feeds
 *   (`manual`) and host blocks are not stays the report can speak for; the caller passes
 *   reservations only.
 * - Every month of the year is a row ([reports.tax-returns]: a month with nothing to report still
 *   needs a zero return), with the returns marked filed for it.
 * @param bookings every booking inquiry (any status, any year)
 * @param imported imported reservations (any year); others than the three platforms are ignored
 * @param year four-digit calendar year
 * @param options.filings the returns marked filed (any month); `taxLines` the owner's tax lines
 *   today, whose authorities in force during the year are filed with too
 */
export function taxReport(
  bookings: readonly Booking[],
  imported: readonly ImportedStay[],
  year: number,
  options: { filings?: readonly TaxFiling[]; taxLines?: readonly TaxLine[] } = {},
): TaxReport {
  const paid = paidByCheckin(bookings.filter((b) => checkinYear(b.checkin) === year));
  const columns = taxColumnsOf(paid);
  const stays: TaxStay[] = paid.map((b) => {
    const taxCents: Record<string, number> = {};
    for (const line of b.quote ? quoteTaxLines(b.quote) : []) {
      const { key } = columnOf(line);
      taxCents[key] = (taxCents[key] ?? 0) + line.cents;
    }
    return {
      bookingId: b.id,
      guest: `${b.firstName} ${b.lastName}`,
      checkin: b.checkin,
      checkout: b.checkout,
      nights: b.quote?.nights ?? Math.max(0, countNights(b.checkin, b.checkout)),
      taxableSubtotalCents: b.quote?.subtotalCents ?? 0,
      taxCents,
      totalTaxCents: bookingTaxCents(b),
      totalPaidCents: bookingTotalCents(b),
    };
  });
  const keys = columns.map((c) => c.key);
  const zeros = () => Object.fromEntries(keys.map((k) => [k, 0])) as Record<string, number>;
  for (const s of stays) s.taxCents = { ...zeros(), ...s.taxCents };

  const months = new Map<string, TaxMonth>();
  for (let i = 1; i <= 12; i++) {
    const key = `${year}-${String(i).padStart(2, '0')}`;
    const filed = (options.filings ?? [])
      .filter((f) => f.month === key)
      .map((f) => ({ authority: f.authority, filedOn: f.filedOn }));
    months.set(key, {
      month: key,
      bookings: 0,
      nights: 0,
      taxableSubtotalCents: 0,
      taxCents: zeros(),
      totalTaxCents: 0,
      dueDate: taxDueDate(key),
      filed,
    });
  }
  const totals = { bookings: 0, nights: 0, taxableSubtotalCents: 0, taxCents: zeros(), totalTaxCents: 0 };
  for (const s of stays) {
    const key = s.checkin.slice(0, 7);
    const m = months.get(key) as TaxMonth;
    for (const sum of [m, totals]) {
      sum.bookings += 1;
      sum.nights += s.nights;
      sum.taxableSubtotalCents += s.taxableSubtotalCents;
      for (const k of keys) sum.taxCents[k] = (sum.taxCents[k] ?? 0) + (s.taxCents[k] ?? 0);
      sum.totalTaxCents += s.totalTaxCents;
    }
    months.set(key, m);
  }

  const platforms = new Map<string, PlatformMonth>();
  for (const stay of imported) {
    const platform = TAX_COLLECTING_PLATFORMS.find((p) => p === stay.platform);
    if (!platform || checkinYear(stay.startDate) !== year) continue;
    const nights = countNights(stay.startDate, stay.endDate);
    if (nights <= 0) continue;
    const month = stay.startDate.slice(0, 7);
    const key = `${month}|${TAX_COLLECTING_PLATFORMS.indexOf(platform)}`;
    const p = platforms.get(key) ?? { month, platform, platformName: PLATFORM_NAMES[platform], stays: 0, nights: 0 };
    p.stays += 1;
    p.nights += nights;
    platforms.set(key, p);
  }

  const inForceThisYear = (t: TaxLine) =>
    (t.validFrom === undefined || t.validFrom <= `${year}-12-31`) &&
    (t.validTo === undefined || `${year}-01-01` <= t.validTo);
  const authorities = [
    ...new Set([
      ...columns.map((c) => c.authority),
      ...(options.taxLines ?? []).filter(inForceThisYear).map(taxAuthorityOf),
    ]),
  ];
  return {
    year,
    columns,
    authorities,
    months: [...months.values()],
    totals,
    stays,
    platformStays: [...platforms.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, p]) => p),
  };
}
