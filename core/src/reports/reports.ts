/**
 * Revenue and tax reports of the admin Reports tab ([reports.summary]: yearly and monthly
 * revenue keyed on the check-in date; monthly reports grouped by check-in year-month) and its
 * CSV exports ([reports.csv]). The monthly tax report itself is in tax-report.ts ([reports.tax]).
 * Browser-safe; amounts in cents.
 */
import { bookingNetCents, bookingTaxCents, bookingTotalCents, isPaid } from './booking-amounts.js';
import type { Booking, BookingKind } from '../booking/bookings.js';
import { balanceDueCents, bookingMoney, stayNetPaidCents } from '../booking/ledger.js';
import { csvDecimal, toCsv } from '../shared/csv.js';
import { taxReport, type TaxReport } from './tax-report.js';
import type { YearMetrics } from './metrics.js';

export interface ReportSummary {
  totalRevenueCents: number;
  paidBookings: number;
  totalTaxesCents: number;
  yearRevenueCents: number;
  monthRevenueCents: number;
}

/**
 * The four summary cards, over paid bookings not cancelled; revenue net of refunds ([booking.refund]).
 * @param today YYYY-MM-DD in the property's zone: picks "this year" and "this month"
 */
export function summarize(bookings: readonly Booking[], today: string): ReportSummary {
  const paid = bookings.filter(isPaid);
  const sum = (list: readonly Booking[]) => list.reduce((s, b) => s + bookingNetCents(b), 0);
  return {
    totalRevenueCents: sum(paid),
    paidBookings: paid.length,
    totalTaxesCents: paid.reduce((s, b) => s + bookingTaxCents(b), 0),
    yearRevenueCents: sum(paid.filter((b) => b.checkin.slice(0, 4) === today.slice(0, 4))),
    monthRevenueCents: sum(paid.filter((b) => b.checkin.slice(0, 7) === today.slice(0, 7))),
  };
}

export interface MonthSummary {
  /** YYYY-MM */
  month: string;
  bookings: number;
  nights: number;
  revenueCents: number;
  stateTaxCents: number;
  countyTaxCents: number;
}

/** Paid bookings of `year` grouped by check-in year-month, in month order. */
export function monthlySummary(bookings: readonly Booking[], year: number): MonthSummary[] {
  const months = new Map<string, MonthSummary>();
  for (const b of bookings.filter(isPaid)) {
    if (Number(b.checkin.slice(0, 4)) !== year) continue;
    const key = b.checkin.slice(0, 7);
    const m = months.get(key) ?? {
      month: key,
      bookings: 0,
      nights: 0,
      revenueCents: 0,
      stateTaxCents: 0,
      countyTaxCents: 0,
    };
    m.bookings += 1;
    m.nights += b.quote?.nights ?? 0;
    m.revenueCents += bookingNetCents(b);
    m.stateTaxCents += b.quote?.stateTaxCents ?? 0;
    m.countyTaxCents += b.quote?.countyTaxCents ?? 0;
    months.set(key, m);
  }
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
}

// Amounts are numbers of ours: written as numbers (never neutralised as formula text; csv.ts).
const dollars = (cents: number) => csvDecimal(cents / 100);

/** The booking's channel as the export names it ([bookings.kinds]). */
const CHANNEL_LABELS: Readonly<Record<BookingKind, string>> = { direct: 'Direct', manual: 'Phone booking', owner: 'Owner stay' };

/**
 * "All bookings" export ([reports.csv]): `Total ($)` is what the guest paid, the ledger's
 * ([reports.collected]). The columns added after `Special Requests` (so the earlier ones keep
 * their positions) are the booking's status ([bookings.status]), channel ([bookings.kinds]), and
 * its money as the Money section computes it from the ledger's entries ([money.net-paid],
 * [money.balance-due]): paid, refunded, net paid and balance due.
 */
export function bookingsCsv(bookings: readonly Booking[]): string {
  return toCsv(
    [
      'ID',
      'First Name',
      'Last Name',
      'Email',
      'Phone',
      'Check-in',
      'Check-out',
      'Nights',
      'Guests',
      'Total ($)',
      'Taxes ($)',
      'Payment Status',
      'Payment Intent',
      'Submitted',
      'Message',
      'Special Requests',
      'Status',
      'Channel',
      'Paid ($)',
      'Refunded ($)',
      'Net Paid ($)',
      'Balance Due ($)',
    ],
    bookings.map((b) => [
      b.id,
      b.firstName,
      b.lastName,
      b.email,
      b.phone,
      b.checkin,
      b.checkout,
      b.quote?.nights ?? '',
      b.guests,
      dollars(bookingTotalCents(b)),
      dollars(bookingTaxCents(b)),
      b.paymentStatus,
      b.stripePaymentIntentId ?? '',
      b.createdAt,
      b.message,
      b.specialRequests,
      b.status.charAt(0).toUpperCase() + b.status.slice(1),
      CHANNEL_LABELS[b.kind],
      dollars(b.amountPaidCents),
      dollars(b.refundedCents),
      dollars(stayNetPaidCents(bookingMoney(b))),
      dollars(balanceDueCents(b, bookingMoney(b))),
    ]),
  );
}

/**
 * "Tax report" export for `year` ([reports.csv], [reports.tax]): one line per paid direct stay
 * checking in that year, then a Total line. The tax columns are the report's: the lines the
 * stays were charged, named with their rate ("State tax 4% ($)"), never today's settings.
 */
export function taxReportCsv(bookings: readonly Booking[], year: number): string {
  return taxReportCsvOf(taxReport(bookings, [], year));
}

/** The "Tax report" export of an already computed report (`GET /api/reports/tax`). */
export function taxReportCsvOf(report: TaxReport): string {
  const keys = report.columns.map((c) => c.key);
  const rows = report.stays.map((s) => [
    s.bookingId,
    s.guest,
    s.checkin,
    s.checkout,
    dollars(s.taxableSubtotalCents),
    ...keys.map((k) => dollars(s.taxCents[k] ?? 0)),
    dollars(s.totalTaxCents),
    dollars(s.totalPaidCents),
  ]);
  const { totals } = report;
  rows.push([
    'Total',
    `${report.stays.length} stays`,
    '',
    '',
    dollars(totals.taxableSubtotalCents),
    ...keys.map((k) => dollars(totals.taxCents[k] ?? 0)),
    dollars(totals.totalTaxCents),
    dollars(report.stays.reduce((sum, s) => sum + s.totalPaidCents, 0)),
  ]);
  return toCsv(
    [
      'Booking ID',
      'Guest',
      'Check-in',
      'Check-out',
      'Taxable Subtotal ($)',
      ...report.columns.map((c) => `${c.label} ($)`),
      'Total Tax ($)',
      'Total Paid ($)',
    ],
    rows,
  );
}

/**
 * "Monthly summary" export for `year` ([reports.csv]): per check-in month the paid bookings,
 * nights, revenue and one column per tax line the stays were charged, as the tax report's
 * columns ([reports.tax]: "State tax 4% ($)", every line, never only the first two). With the year's hosting metrics (`GET
 * /api/reports/summary`, [insights.*]) every month of the year is a row and carries them too:
 * nights available and booked, occupancy (%), ADR, RevPAR, accommodation, fees, taxes and
 * revenue as the metrics count them (accommodation by night, fees and taxes by check-in).
 */
export function monthlySummaryCsv(
  bookings: readonly Booking[],
  year: number,
  metrics?: Pick<YearMetrics, 'months'>,
): string {
  const paid = new Map(monthlySummary(bookings, year).map((m) => [m.month, m]));
  const taxes = taxReport(bookings, [], year);
  const taxByMonth = new Map(taxes.months.map((m) => [m.month, m.taxCents]));
  const base = (month: string) => {
    const m = paid.get(month);
    const tax = taxByMonth.get(month);
    return [month, m?.bookings ?? 0, m?.nights ?? 0, dollars(m?.revenueCents ?? 0), ...taxes.columns.map((c) => dollars(tax?.[c.key] ?? 0))];
  };
  const header = ['Month', 'Bookings', 'Nights', 'Revenue ($)', ...taxes.columns.map((c) => `${c.label} ($)`)];
  if (!metrics) return toCsv(header, [...paid.keys()].map(base));
  return toCsv(
    [
      ...header,
      'Nights Available',
      'Nights Booked',
      'Occupancy (%)',
      'ADR ($)',
      'RevPAR ($)',
      'Accommodation ($)',
      'Fees ($)',
      'All Taxes ($)',
      'Stay Revenue ($)',
    ],
    metrics.months.map((m) => [
      ...base(m.month),
      m.nightsAvailable,
      m.nightsBooked,
      csvDecimal(m.occupancyBps / 100),
      dollars(m.adrCents),
      dollars(m.revparCents),
      dollars(m.accommodationCents),
      dollars(m.feesCents),
      dollars(m.taxesCents),
      dollars(m.revenueCents),
    ]),
  );
}

/** File names of [reports.csv]: all bookings with the date, the tax report and summary with the year. */
export const exportFileNames = {
  bookings: (today: string) => `bookings-${today}.csv`,
  taxReport: (year: number) => `tax-report-${year}.csv`,
  monthlySummary: (year: number) => `monthly-summary-${year}.csv`,
};
