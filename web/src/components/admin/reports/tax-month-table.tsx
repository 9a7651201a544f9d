import { formatCents, type TaxReport } from '@ridgeline/core';
import { formatCalendarDate, formatMonth } from '../format';
import { MarkFiledButton } from './mark-filed-button';
import { ScrollRegion } from '@/components/ui/scroll-region';

const cell = 'whitespace-nowrap px-3 py-2 text-right tabular-nums';
const head = 'whitespace-nowrap px-3 py-2 text-right font-medium';

/**
 * [reports.tax]: one row per month of the year (paid direct bookings by check-in; a month without
 * one is a row of $0.00, [reports.tax-returns]), one column per tax line the year's bookings were
 * charged (with its rate), the total, the month's due date and its returns: filed (with the date)
 * or **Mark filed**, per authority; a Total row.
 */
export function TaxMonthTable({ report }: { report: TaxReport }) {
  const { columns, months, totals } = report;
  return (
    <ScrollRegion label={`Lodging taxes per month of ${report.year}`} className="overflow-x-auto">
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
            <th scope="col" className="whitespace-nowrap px-3 py-2 text-left font-medium">
              Returns
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
              <td className="px-3 py-2">
                <ul className="grid gap-1 text-xs" aria-label={`Returns of ${formatMonth(m.month)}`}>
                  {report.authorities.map((authority) => {
                    const filed = m.filed.find((f) => f.authority === authority);
                    return (
                      <li key={authority} className="flex flex-wrap items-center gap-2">
                        <span className="font-medium text-navy-900">{authority}</span>
                        {filed ? (
                          <span className="text-forest-800">
                            Filed <time dateTime={filed.filedOn}>{formatCalendarDate(filed.filedOn)}</time>
                          </span>
                        ) : (
                          <MarkFiledButton month={m.month} authority={authority} />
                        )}
                      </li>
                    );
                  })}
                </ul>
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
            <td />
          </tr>
        </tfoot>
      </table>
    </ScrollRegion>
  );
}
