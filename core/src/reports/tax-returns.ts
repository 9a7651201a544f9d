/**
 * Monthly lodging-tax returns ([reports.tax-returns]): which returns of a month are still to file,
 * when the owner is reminded, and the reminder's words. Browser-safe and pure; amounts in cents,
 * dates `YYYY-MM-DD` in the property's zone.
 *
 * Georgia's sales tax and Fannin County's hotel-motel tax are filed monthly by the 20th of the
 * next month ([reports.tax]: `TAX_DUE_DAY`); a month with nothing to report still needs a zero
 * return, and Fannin County's penalty is 15% from the first day late.
 */
import { formatCents } from '../pricing/pricing.js';
import { MONTH_NAMES } from '../shared/dates.js';
import { TAX_DUE_DAY, taxDueDate, type TaxReport } from './tax-report.js';

/** The days of the month the owner is reminded of the previous month's returns. */
export const TAX_REMINDER_DAYS = [10, 17] as const;
/** Fannin County's late penalty on hotel-motel tax, in basis points, from the first day late. */
export const TAX_LATE_PENALTY_BPS = 1_500;

/** "2026-11" → "November 2026" */
export function monthName(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}
/** "2026-12-20" → "December 20, 2026" */
function dayName(date: string): string {
  return `${MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}, ${date.slice(0, 4)}`;
}

/** The month before `date`'s: "2027-01-10" → "2026-12". */
export function previousMonth(date: string): string {
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/**
 * The reminder due on `today`, if any ([reports.tax-returns]): from the 10th (and again from the
 * 17th) up to the 20th, the previous month's returns. The latest reminder day reached is the one
 * due, so a server that was down on the 10th reminds on the 12th, and once only per day.
 * @returns the month the returns cover and the reminder day (10 or 17), or undefined after the
 *   20th and before the 10th
 */
export function dueTaxReminder(today: string): { month: string; reminderDay: number } | undefined {
  const day = Number(today.slice(8, 10));
  if (day > TAX_DUE_DAY) return undefined;
  const reached = TAX_REMINDER_DAYS.filter((d) => d <= day);
  const reminderDay = reached[reached.length - 1];
  return reminderDay === undefined ? undefined : { month: previousMonth(today), reminderDay };
}

/** The authorities whose return of `month` is not marked filed, in the report's order. */
export function unfiledAuthorities(report: Pick<TaxReport, 'authorities' | 'months'>, month: string): string[] {
  const filed = new Set(report.months.find((m) => m.month === month)?.filed.map((f) => f.authority));
  return report.authorities.filter((a) => !filed.has(a));
}

/**
 * The reminder e-mail of `month`'s returns ([reports.tax-returns]): the amounts per tax line
 * (zero months too), who is not yet marked filed, the due date and the late penalty.
 * @param report the tax report of `month`'s year
 * @param unfiled the authorities still to file (`unfiledAuthorities`), at least one
 */
export function taxReminderText(
  report: TaxReport,
  month: string,
  unfiled: readonly string[],
): { subject: string; text: string } {
  const row = report.months.find((m) => m.month === month);
  const due = taxDueDate(month);
  const name = monthName(month);
  const lines = report.columns.map((c) => `- ${c.label} (${c.authority}): ${formatCents(row?.taxCents[c.key] ?? 0)}`);
  const nothing = !row || row.totalTaxCents === 0;
  return {
    subject: `Lodging tax returns for ${name} are due ${dayName(due)}`,
    text: [
      `Your lodging tax returns for ${name} are due by ${dayName(due)}.`,
      `Not yet marked filed: ${unfiled.join(', ')}.`,
      '',
      `${name}, direct bookings by check-in: ${row?.bookings ?? 0} ${row?.bookings === 1 ? 'stay' : 'stays'}, ${row?.nights ?? 0} ${row?.nights === 1 ? 'night' : 'nights'}, taxable subtotal ${formatCents(row?.taxableSubtotalCents ?? 0)}.`,
      ...(lines.length > 0 ? lines : ['- No tax was charged.']),
      `Total tax: ${formatCents(row?.totalTaxCents ?? 0)}`,
      '',
      ...(nothing ? ['Nothing to report still needs a zero return with each authority.'] : []),
      `A late return costs a penalty of ${TAX_LATE_PENALTY_BPS / 100}% from the first day late.`,
      'Stays sold on Airbnb, VRBO and Booking.com are filed by those platforms.',
      'When a return is filed, mark it filed in Reports → Tax report, and this reminder stops.',
    ].join('\n'),
  };
}
