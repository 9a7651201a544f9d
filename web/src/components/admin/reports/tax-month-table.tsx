import { formatCents, type TaxReport } from '@ridgeline/core';
import { formatCalendarDate, formatMonth } from '../format';

const cell = 'whitespace-nowrap px-3 py-2 text-right tabular-nums';
const head = 'whitespace-nowrap px-3 py-2 text-right font-medium';

/**
 * [reports.tax]: one row per check-in month of paid direct bookings, one column per tax line the
 * year's bookings were charged (with its rate), the total and the month's due date; a Total row.
 */
export function TaxMonthTable({ report }: { report: TaxReport }) {
  const { columns, months, totals } = report;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Lodging taxes of direct bookings per month of {report.year}</caption>
        <thead>
          <tr className="border-b text-xs text-muted-foreground">
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Month
            </th>
            <th scope="col" className={head}>
              Bookings
            </th>
            <th scope="col" className={head}>
              Nights
            </th>
            <th scope="col" className={head}>
              Taxable subtotal
            </th>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={head}>
                {c.label}
              </th>
            ))}
            <th scope="col" className={head}>
              Total tax
            </th>
            <th scope="col" className="whitespace-nowrap px-3 py-2 text-left font-medium">
              Due
            </th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month} className="border-b last:border-0">
              <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-medium text-navy-900">
                {formatMonth(m.month)}
              </th>
              <td className={cell}>{m.bookings}</td>
              <td className={cell}>{m.nights}</td>
              <td className={cell}>{formatCents(m.taxableSubtotalCents)}</td>
              {columns.map((c) => (
                <td key={c.key} className={cell}>
                  {formatCents(m.taxCents[c.key] ?? 0)}
                </td>
              ))}
              <td className={`${cell} font-semibold text-navy-900`}>{formatCents(m.totalTaxCents)}</td>
              <td className="whitespace-nowrap px-3 py-2">
                <time dateTime={m.dueDate}>{formatCalendarDate(m.dueDate)}</time>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 font-semibold text-navy-900">
            <th scope="row" className="px-3 py-2 text-left">
              Total {report.year}
            </th>
            <td className={cell}>{totals.bookings}</td>
            <td className={cell}>{totals.nights}</td>
            <td className={cell}>{formatCents(totals.taxableSubtotalCents)}</td>
            {columns.map((c) => (
              <td key={c.key} className={cell}>
                {formatCents(totals.taxCents[c.key] ?? 0)}
              </td>
            ))}
            <td className={cell}>{formatCents(totals.totalTaxCents)}</td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
