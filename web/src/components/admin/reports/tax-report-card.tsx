import { useId } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TaxReport } from '@ridgeline/core';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { serverMessage } from '../api-error';
import { PlatformStaysTable } from './platform-stays-table';
import { TaxMonthTable } from './tax-month-table';

export interface TaxReportCardProps {
  year: number;
  /** The years the owner may pick, newest first. */
  years: readonly number[];
  onYearChange: (year: number) => void;
  report: UseQueryResult<TaxReport>;
}

/**
 * [reports.tax]: the year's lodging taxes of direct bookings per month, with the due dates, and
 * apart the stays other platforms sold (their taxes collected by the platform).
 */
export function TaxReportCard({ year, years, onYearChange, report }: TaxReportCardProps) {
  const ids = { heading: useId(), year: useId(), platforms: useId() };
  const data = report.data;
  return (
    <section
      aria-labelledby={ids.heading}
      className="rounded-xl border bg-card p-5 shadow-sm sm:p-6"
      aria-busy={report.isPending}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 id={ids.heading} className="text-lg font-semibold text-navy-900">
            Lodging Tax Report
          </h3>
          <p className="mt-1 max-w-2xl text-sm text-muted-foreground">
            Taxes collected on direct bookings, by check-in month, at the rates each stay was booked with. Georgia and
            Fannin County returns are due on the 20th of the following month, also for a month with nothing to report;
            you are reminded by e-mail on the 10th and the 17th until a month is marked filed.
          </p>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={ids.year} className="text-sm font-medium text-navy-900">
            Year
          </label>
          <select
            id={ids.year}
            value={year}
            onChange={(e) => onYearChange(Number(e.target.value))}
            className={cn(
              'h-9 rounded-md border border-input bg-card px-3 text-sm shadow-sm',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            )}
          >
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="mt-5">
        {report.isError ? (
          <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
            <p className="font-semibold text-destructive">Could not load the tax report.</p>
            <p className="mt-1 text-muted-foreground">{serverMessage(report.error) ?? report.error.message}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void report.refetch()}>
              Try again
            </Button>
          </div>
        ) : !data ? (
          <Skeleton className="h-32 w-full" />
        ) : (
          <>
            {data.totals.bookings === 0 && (
              <p className="mb-3 rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
                No paid direct bookings check in during {data.year}: no lodging tax to report, but each month still
                needs a zero return.
              </p>
            )}
            <TaxMonthTable report={data} />
          </>
        )}
      </div>

      {data && (
        <div className="mt-6" aria-labelledby={ids.platforms} role="group">
          <h4 id={ids.platforms} className="text-sm font-semibold text-navy-900">
            Collected by the platform
          </h4>
          <p className="mt-1 max-w-2xl text-xs text-muted-foreground">
            Airbnb, VRBO and Booking.com collect and remit the lodging taxes of the stays they sell: listed for your
            records, not in the totals above. Only stays their calendar feeds still list are known.
          </p>
          <div className="mt-3">
            {data.platformStays.length > 0 ? (
              <PlatformStaysTable stays={data.platformStays} year={data.year} />
            ) : (
              <p className="text-sm text-muted-foreground">
                No stays imported from Airbnb, VRBO or Booking.com check in during {data.year}.
              </p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
