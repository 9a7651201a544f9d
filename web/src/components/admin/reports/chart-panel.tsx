import BarChart3 from 'lucide-react/icons/chart-column';
import Table2 from 'lucide-react/icons/table-2';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { ScrollRegion } from '@/components/ui/scroll-region';

/** The numbers behind a chart, as a table: header cells, then rows whose first cell names the row. */
export interface ChartTable {
  columns: readonly string[];
  rows: readonly (readonly string[])[];
}

export interface ChartPanelProps {
  title: string;
  description?: string;
  table: ChartTable;
  /** The chart; drawn only while the chart is shown. */
  chart: ReactNode;
  /** Shown instead of chart and table when there is nothing to draw. */
  empty?: string;
  className?: string;
}

const cell = 'whitespace-nowrap px-3 py-1.5 text-right tabular-nums';

/**
 * One chart of the Reports tab with its text alternative ([insights.charts]): the data table is
 * always in the page, visually hidden under the chart (screen readers reach it; the drawing is
 * hidden from them), and a visible toggle ("Show table" / "Show chart") swaps which one shows.
 */
export function ChartPanel({ title, description, table, chart, empty, className }: ChartPanelProps) {
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('rounded-xl border bg-card p-5 shadow-sm', className)}>
      <div className="flex items-start justify-between gap-3">
        <div>
          <h4 id={headingId} className="font-semibold text-navy-900">
            {title}
          </h4>
          {description ? <p className="mt-0.5 text-xs text-muted-foreground">{description}</p> : null}
        </div>
        {empty ? null : (
          <Button
            variant="outline"
            size="sm"
            className="shrink-0"
            onClick={() => setShowTable((v) => !v)}
            aria-label={`${showTable ? 'Show chart' : 'Show table'}: ${title}`}
          >
            {showTable ? <BarChart3 aria-hidden="true" /> : <Table2 aria-hidden="true" />}
            {showTable ? 'Show chart' : 'Show table'}
          </Button>
        )}
      </div>
      {empty ? (
        <p className="mt-4 rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <>
          {showTable ? null : (
            <div className="mt-4" aria-hidden="true" data-chart={title}>
              {chart}
            </div>
          )}
          {/* Shown, the table scrolls: a named region the keyboard reaches; hidden, it is only for screen readers. */}
          <TableBox shown={showTable} title={title}>
            <table className="w-full text-sm">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="border-b text-xs text-muted-foreground">
                  {table.columns.map((c, i) => (
                    <th
                      key={c}
                      scope="col"
                      className={
                        i === 0
                          ? 'px-3 py-1.5 text-left font-medium'
                          : 'whitespace-nowrap px-3 py-1.5 text-right font-medium'
                      }
                    >
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={row[0]} className="border-b last:border-0">
                    {row.map((value, i) =>
                      i === 0 ? (
                        <th
                          key={i}
                          scope="row"
                          className="whitespace-nowrap px-3 py-1.5 text-left font-medium text-navy-900"
                        >
                          {value}
                        </th>
                      ) : (
                        <td key={i} className={cell}>
                          {value}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableBox>
        </>
      )}
    </section>
  );
}

/** The table's box: a keyboard-reachable scroll region while shown, visually hidden otherwise. */
function TableBox({ shown, title, children }: { shown: boolean; title: string; children: ReactNode }) {
  return shown ? (
    <ScrollRegion label={`${title}: table`} className="mt-4 max-h-96 overflow-auto">
      {children}
    </ScrollRegion>
  ) : (
    <div className="sr-only">{children}</div>
  );
}
