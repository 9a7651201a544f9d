import CalendarDays from 'lucide-react/icons/calendar-days';
import DollarSign from 'lucide-react/icons/dollar-sign';
import Landmark from 'lucide-react/icons/landmark';
import TrendingUp from 'lucide-react/icons/trending-up';
import FileText from 'lucide-react/icons/file-text';
import { Suspense, lazy, useState } from 'react';
import {
  PROPERTY,
  bookingsCsv,
  exportFileNames,
  formatCents,
  monthlySummaryCsv,
  summarize,
  taxColumnsOf,
  taxReportCsvOf,
  todayIn,
} from '@ridgeline/core';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { saveCsv } from '@/lib/save-csv';
import { useBookingInquiries, useTaxReport } from '../admin-queries';
import { serverMessage } from '../api-error';
import { monthName } from '../format';
import { ExportRow } from '../reports/export-row';
import { statementUrl, useReportsSummary } from '../reports/insights-queries';
import { SummaryCard } from '../reports/summary-card';
import { TaxReportCard } from '../reports/tax-report-card';
import { TabHeading } from '../tab-heading';

// The charts and their library load with this tab only, never with the dashboard's first load.
const InsightsSection = lazy(() => import('../reports/insights-section'));

/** Years the tax report offers: next year (stays booked ahead), this year and five before. */
const taxYears = (year: number) => Array.from({ length: 7 }, (_, i) => year + 1 - i);

/**
 * [reports.summary]: revenue and taxes of paid bookings (years and months keyed on check-in,
 * [reports.summary]), the lodging tax report of a year ([reports.tax], computed on the server)
 * and the three CSV exports, built in the browser ([reports.csv]).
 */
export function ReportsTab() {
  const bookings = useBookingInquiries();
  const today = todayIn(PROPERTY.timeZone);
  const year = Number(today.slice(0, 4));
  const summary = bookings.data ? summarize(bookings.data, today) : undefined;
  const money = (cents: number | undefined) => (cents === undefined ? undefined : formatCents(cents));
  const paid = summary?.paidBookings ?? 0;
  const [taxYear, setTaxYear] = useState(year);
  const tax = useTaxReport(taxYear);
  // The monthly summary export carries this year's hosting metrics ([insights.*]).
  const metrics = useReportsSummary(year);
  // The lines the bookings were charged, never a fixed "state and county" ([reports.tax]).
  const taxLines = bookings.data ? taxColumnsOf(bookings.data).map((c) => c.label) : [];

  const files = {
    bookings: exportFileNames.bookings(today),
    taxReport: exportFileNames.taxReport(taxYear),
    monthlySummary: exportFileNames.monthlySummary(year),
  };

  const exportCsv = async (fileName: string, build: () => string, title: string) => {
    try {
      // False: the owner cancelled the desktop app's Save dialog; nothing to report.
      if (!(await saveCsv(fileName, build()))) return;
      toast({ title, description: `Saved ${fileName}.` });
    } catch {
      toast({ variant: 'destructive', title: 'Export Failed', description: `Could not create ${fileName}.` });
    }
  };
  const data = bookings.data ?? [];

  return (
    <section aria-labelledby="reports-heading" className="space-y-6">
      <TabHeading
        id="reports-heading"
        title="Financial Reports"
        description="Revenue and taxes of paid bookings, by check-in date."
      />

      {bookings.isError && (
        <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-5 text-sm">
          <p className="font-semibold text-destructive">Could not load bookings for the reports.</p>
          <p className="mt-1 text-muted-foreground">{serverMessage(bookings.error) ?? bookings.error.message}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void bookings.refetch()}>
            Try again
          </Button>
        </div>
      )}

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy={bookings.isPending}>
        <SummaryCard
          label="Total Revenue"
          value={money(summary?.totalRevenueCents)}
          detail={`From ${paid} paid ${paid === 1 ? 'booking' : 'bookings'}`}
          icon={DollarSign}
        />
        <SummaryCard
          label="Total Taxes Collected"
          value={money(summary?.totalTaxesCents)}
          detail={taxLines.length > 0 ? `Lodging taxes as booked: ${taxLines.join(', ')}` : 'Lodging taxes of paid bookings'}
          icon={Landmark}
        />
        <SummaryCard
          label={`${year} Revenue`}
          value={money(summary?.yearRevenueCents)}
          detail={`Stays checking in during ${year}`}
          icon={TrendingUp}
        />
        <SummaryCard
          label={`${monthName(today)} Revenue`}
          value={money(summary?.monthRevenueCents)}
          detail={`Stays checking in during ${monthName(today)} ${year}`}
          icon={CalendarDays}
        />
      </div>

      <Suspense
        fallback={
          <p role="status" className="rounded-xl border border-dashed p-5 text-sm text-muted-foreground">
            Loading the charts…
          </p>
        }
      >
        <InsightsSection year={year} today={today} />
      </Suspense>

      <TaxReportCard year={taxYear} years={taxYears(year)} onYearChange={setTaxYear} report={tax} />

      <div className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
        <h3 className="text-lg font-semibold text-navy-900">Export Data</h3>
        <p className="mt-1 text-sm text-muted-foreground">
          CSV files for your spreadsheet or accountant, made from the bookings above.
        </p>
        <ul className="mt-5 divide-y">
          <ExportRow
            label="Export All Bookings"
            description="Every booking inquiry with guest, dates, totals and payment status"
            fileName={files.bookings}
            disabled={!bookings.data}
            onExport={() => void exportCsv(files.bookings, () => bookingsCsv(data), 'Export Complete')}
          />
          <ExportRow
            label="Export Tax Report"
            description={`Taxes of paid direct stays checking in during ${taxYear}, one column per tax line as booked`}
            fileName={files.taxReport}
            disabled={!tax.data}
            onExport={() => {
              const report = tax.data;
              if (report) void exportCsv(files.taxReport, () => taxReportCsvOf(report), 'Tax Report Generated');
            }}
          />
          <ExportRow
            label="Export Monthly Summary"
            description={`Bookings, nights, revenue and taxes per month of ${year}, with occupancy, ADR and RevPAR`}
            fileName={files.monthlySummary}
            disabled={!bookings.data || !metrics.data}
            onExport={() => {
              const summary = metrics.data;
              if (summary) void exportCsv(files.monthlySummary, () => monthlySummaryCsv(data, year, summary), 'Monthly Summary Generated');
            }}
          />
          <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="text-sm font-medium text-navy-900">
                Revenue, taxes collected, payouts and occupancy by month of {taxYear}, ready to print or save as PDF
              </p>
              <p className="mt-0.5 text-xs text-muted-foreground">Opens in a new tab</p>
            </div>
            <Button asChild variant="outline" className="shrink-0">
              <a href={statementUrl(taxYear)} target="_blank" rel="noopener">
                <FileText aria-hidden="true" />
                Yearly statement
              </a>
            </Button>
          </li>
        </ul>
      </div>
    </section>
  );
}
