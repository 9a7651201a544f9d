import CalendarDays from 'lucide-react/icons/calendar-days';
import DollarSign from 'lucide-react/icons/dollar-sign';
import Landmark from 'lucide-react/icons/landmark';
import TrendingUp from 'lucide-react/icons/trending-up';
import {
  PROPERTY,
  bookingsCsv,
  exportFileNames,
  formatCents,
  monthlySummaryCsv,
  summarize,
  taxReportCsv,
  todayIn,
} from '@ridgeline/core';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { saveCsv } from '@/lib/save-csv';
import { useBookingInquiries } from '../admin-queries';
import { serverMessage } from '../api-error';
import { monthName } from '../format';
import { ExportRow } from '../reports/export-row';
import { SummaryCard } from '../reports/summary-card';
import { TabHeading } from '../tab-heading';

/**
 * [reports.summary]: revenue and taxes of paid bookings (years and months keyed on check-in,
 * [reports.summary]) and the three CSV exports, built in the browser ([reports.csv]).
 */
export function ReportsTab() {
  const bookings = useBookingInquiries();
  const today = todayIn(PROPERTY.timeZone);
  const year = Number(today.slice(0, 4));
  const summary = bookings.data ? summarize(bookings.data, today) : undefined;
  const money = (cents: number | undefined) => (cents === undefined ? undefined : formatCents(cents));
  const paid = summary?.paidBookings ?? 0;

  const files = {
    bookings: exportFileNames.bookings(today),
    taxReport: exportFileNames.taxReport(year),
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
          detail="State 4% and county 6% lodging tax"
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
            description={`State and county taxes of paid stays checking in during ${year}`}
            fileName={files.taxReport}
            disabled={!bookings.data}
            onExport={() => void exportCsv(files.taxReport, () => taxReportCsv(data, year), 'Tax Report Generated')}
          />
          <ExportRow
            label="Export Monthly Summary"
            description={`Bookings, nights, revenue and taxes per month of ${year}`}
            fileName={files.monthlySummary}
            disabled={!bookings.data}
            onExport={() =>
              void exportCsv(files.monthlySummary, () => monthlySummaryCsv(data, year), 'Monthly Summary Generated')
            }
          />
        </ul>
      </div>
    </section>
  );
}
