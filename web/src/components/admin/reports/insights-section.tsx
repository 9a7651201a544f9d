/**
 * The Reports tab's insights, loaded on demand with the chart library (`React.lazy` in
 * reports-tab.tsx): the year's hosting metrics against last year ([insights.occupancy],
 * [insights.adr], [insights.revpar], [insights.revenue], [insights.length-lead],
 * [insights.channels]) and where guests come from ([analytics.summary], [analytics.funnel]).
 * Every chart has its table ([insights.charts]).
 */
import { useId, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  CHANNEL_NAMES,
  addDays,
  formatBps,
  formatCents,
  type AnalyticsSummary,
  type MonthMetrics,
  type ReportsSummary,
} from '@ridgeline/core';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { serverMessage } from '../api-error';
import { formatCalendarDate } from '../format';
import { ChartPanel } from './chart-panel';
import { CHART_COLORS, DonutChart, GroupedBarChart, MultiLineChart } from './insights-charts';
import { useReportsSummary } from './insights-queries';
import { useAnalyticsSummary } from './traffic-queries';

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const shortMonth = (month: string) => SHORT_MONTHS[Number(month.slice(5, 7)) - 1] ?? month;
/** Whole dollars for axes: "$1,235". */
const dollars = (cents: number) => `$${Math.round(cents / 100).toLocaleString('en-US')}`;
const percent = (bps: number) => `${Math.round(bps / 100)}%`;
const count = (n: number) => n.toLocaleString('en-US');
const THIS_YEAR_COLOR = CHART_COLORS[0];
const LAST_YEAR_COLOR = CHART_COLORS[3];

function LoadFailed({ what, query }: { what: string; query: UseQueryResult<unknown> }) {
  return (
    <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-5 text-sm">
      <p className="font-semibold text-destructive">Could not load {what}.</p>
      <p className="mt-1 text-muted-foreground">
        {query.error ? (serverMessage(query.error) ?? query.error.message) : null}
      </p>
      <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
        Try again
      </Button>
    </div>
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div className="rounded-xl border bg-card p-4 shadow-sm">
      <p className="text-sm font-medium text-muted-foreground">{label}</p>
      <p className="mt-1 font-display text-2xl font-semibold tabular-nums text-navy-900">{value}</p>
      <p className="mt-1 text-xs text-muted-foreground">{detail}</p>
    </div>
  );
}

/** This year's and last year's value of each month, side by side, for the charts. */
function compare(summary: ReportsSummary, pick: (m: MonthMetrics) => number) {
  return summary.months.map((m, i) => {
    const last = summary.previousYear.months[i];
    return { label: shortMonth(m.month), thisYear: pick(m), lastYear: last ? pick(last) : 0 };
  });
}

function HostingMetrics({ summary }: { summary: ReportsSummary }) {
  const { year, totals, previousYear } = summary;
  const last = previousYear.totals;
  const series = [
    { key: 'thisYear', name: String(year), color: THIS_YEAR_COLOR },
    { key: 'lastYear', name: String(previousYear.year), color: LAST_YEAR_COLOR },
  ];
  const monthName = (m: MonthMetrics) => shortMonth(m.month);
  const lastOf = (i: number) => previousYear.months[i] as MonthMetrics;
  const channelTotal = summary.channels.reduce((s, c) => s + c.nights, 0);
  const leadTotal = summary.leadTime.reduce((s, b) => s + b.count, 0);
  const lengthTotal = summary.lengthOfStay.reduce((s, b) => s + b.count, 0);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Figure
          label={`Occupancy ${year}`}
          value={formatBps(totals.occupancyBps)}
          detail={`${count(totals.nightsBooked)} of ${count(totals.nightsAvailable)} nights · ${previousYear.year}: ${formatBps(last.occupancyBps)}`}
        />
        <Figure
          label={`ADR ${year}`}
          value={formatCents(totals.adrCents)}
          detail={`Average rate of ${count(totals.nightsSold)} nights sold · ${previousYear.year}: ${formatCents(last.adrCents)}`}
        />
        <Figure
          label={`RevPAR ${year}`}
          value={formatCents(totals.revparCents)}
          detail={`Accommodation per available night · ${previousYear.year}: ${formatCents(last.revparCents)}`}
        />
        <Figure
          label={`Revenue ${year}`}
          value={formatCents(totals.revenueCents)}
          detail={`Stays ${formatCents(totals.accommodationCents)}, fees ${formatCents(totals.feesCents)}, taxes ${formatCents(totals.taxesCents)} · ${previousYear.year}: ${formatCents(last.revenueCents)}`}
        />
      </div>
      <p className="text-sm text-muted-foreground">
        {totals.bookings === 0
          ? `No reservations check in during ${year}.`
          : `${count(totals.bookings)} ${totals.bookings === 1 ? 'reservation checks' : 'reservations check'} in during ${year}: an average stay of ${totals.averageStayNights} nights${totals.averageLeadDays === null ? '' : `, booked ${totals.averageLeadDays} days ahead on average (direct and manual bookings)`}.`}
      </p>
      <div className="grid gap-4 xl:grid-cols-2">
        <ChartPanel
          title="Revenue by month"
          description={`Accommodation, fees and taxes, ${year} against ${previousYear.year}`}
          chart={
            <GroupedBarChart
              data={compare(summary, (m) => m.revenueCents)}
              xKey="label"
              series={series}
              format={dollars}
            />
          }
          table={{
            columns: [
              'Month',
              `Revenue ${year}`,
              `Accommodation ${year}`,
              `Fees ${year}`,
              `Taxes ${year}`,
              `Revenue ${previousYear.year}`,
            ],
            rows: summary.months.map((m, i) => [
              monthName(m),
              formatCents(m.revenueCents),
              formatCents(m.accommodationCents),
              formatCents(m.feesCents),
              formatCents(m.taxesCents),
              formatCents(lastOf(i).revenueCents),
            ]),
          }}
        />
        <ChartPanel
          title="Occupancy by month"
          description={`Nights booked of nights available, ${year} against ${previousYear.year}`}
          chart={
            <GroupedBarChart
              data={compare(summary, (m) => m.occupancyBps)}
              xKey="label"
              series={series}
              format={percent}
            />
          }
          table={{
            columns: [
              'Month',
              'Nights booked',
              'Nights available',
              `Occupancy ${year}`,
              `Occupancy ${previousYear.year}`,
              `ADR ${year}`,
              `ADR ${previousYear.year}`,
              `RevPAR ${year}`,
              `RevPAR ${previousYear.year}`,
            ],
            rows: summary.months.map((m, i) => [
              monthName(m),
              count(m.nightsBooked),
              count(m.nightsAvailable),
              formatBps(m.occupancyBps),
              formatBps(lastOf(i).occupancyBps),
              formatCents(m.adrCents),
              formatCents(lastOf(i).adrCents),
              formatCents(m.revparCents),
              formatCents(lastOf(i).revparCents),
            ]),
          }}
        />
        <ChartPanel
          title="ADR and RevPAR by month"
          description={`Average daily rate and revenue per available night, ${year} (solid) against ${previousYear.year} (dashed)`}
          chart={
            <MultiLineChart
              // No nights sold: no rate, a gap rather than a fall to $0.
              data={summary.months.map((m, i) => ({
                label: monthName(m),
                adr: m.nightsSold > 0 ? m.adrCents : null,
                revpar: m.revparCents,
                lastAdr: lastOf(i).nightsSold > 0 ? lastOf(i).adrCents : null,
                lastRevpar: lastOf(i).revparCents,
              }))}
              xKey="label"
              series={[
                { key: 'adr', name: `ADR ${year}`, color: CHART_COLORS[0] },
                { key: 'revpar', name: `RevPAR ${year}`, color: CHART_COLORS[1] },
                { key: 'lastAdr', name: `ADR ${previousYear.year}`, color: CHART_COLORS[0], dashed: true },
                { key: 'lastRevpar', name: `RevPAR ${previousYear.year}`, color: CHART_COLORS[1], dashed: true },
              ]}
              format={dollars}
            />
          }
          table={{
            columns: [
              'Month',
              `ADR ${year}`,
              `RevPAR ${year}`,
              `ADR ${previousYear.year}`,
              `RevPAR ${previousYear.year}`,
            ],
            rows: summary.months.map((m, i) => [
              monthName(m),
              formatCents(m.adrCents),
              formatCents(m.revparCents),
              formatCents(lastOf(i).adrCents),
              formatCents(lastOf(i).revparCents),
            ]),
          }}
        />
        <ChartPanel
          title="Channel mix"
          description={`Nights booked in ${year} by where the reservation came from`}
          empty={channelTotal === 0 ? `No nights booked in ${year}.` : undefined}
          chart={
            <DonutChart
              data={summary.channels
                .filter((c) => c.nights > 0)
                .map((c) => ({ name: CHANNEL_NAMES[c.channel], value: c.nights }))}
              format={(n) => `${count(n)} nights`}
            />
          }
          table={{
            columns: ['Channel', 'Nights', 'Share'],
            rows: summary.channels.map((c) => [
              CHANNEL_NAMES[c.channel],
              count(c.nights),
              channelTotal > 0 ? formatBps(Math.round((c.nights * 10000) / channelTotal)) : '0.0%',
            ]),
          }}
        />
        <ChartPanel
          title="Lead time"
          description={`Days from booking to check-in, direct and manual reservations checking in during ${year}`}
          empty={leadTotal === 0 ? `No direct or manual reservations check in during ${year}.` : undefined}
          chart={
            <GroupedBarChart
              data={summary.leadTime.map((b) => ({ label: b.label, count: b.count }))}
              xKey="label"
              series={[{ key: 'count', name: 'Reservations', color: CHART_COLORS[1] }]}
              format={count}
            />
          }
          table={{
            columns: ['Lead time', 'Reservations'],
            rows: summary.leadTime.map((b) => [b.label, count(b.count)]),
          }}
        />
        <ChartPanel
          title="Length of stay"
          description={`Nights per reservation checking in during ${year}, all channels`}
          empty={lengthTotal === 0 ? `No reservations check in during ${year}.` : undefined}
          chart={
            <GroupedBarChart
              data={summary.lengthOfStay.map((b) => ({ label: b.label, count: b.count }))}
              xKey="label"
              series={[{ key: 'count', name: 'Reservations', color: CHART_COLORS[0] }]}
              format={count}
            />
          }
          table={{
            columns: ['Length of stay', 'Reservations'],
            rows: summary.lengthOfStay.map((b) => [b.label, count(b.count)]),
          }}
        />
      </div>
    </>
  );
}

function RankedList({
  title,
  rows,
  empty,
  head,
}: {
  title: string;
  head: string;
  rows: readonly { name: string; visits: number }[];
  empty: string;
}) {
  return (
    <section className="rounded-xl border bg-card p-5 shadow-sm" aria-label={title}>
      <h4 className="font-semibold text-navy-900">{title}</h4>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <table className="mt-3 w-full text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b text-xs text-muted-foreground">
              <th scope="col" className="py-1.5 text-left font-medium">
                {head}
              </th>
              <th scope="col" className="py-1.5 text-right font-medium">
                Visits
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.name} className="border-b last:border-0">
                <th
                  scope="row"
                  className="max-w-0 truncate py-1.5 pr-3 text-left font-normal text-navy-900"
                  title={r.name}
                >
                  {r.name}
                </th>
                <td className="py-1.5 text-right tabular-nums">{count(r.visits)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Funnel({ funnel }: { funnel: AnalyticsSummary['funnel'] }) {
  return (
    <section className="rounded-xl border bg-card p-5 shadow-sm" aria-label="Visit to booking funnel">
      <h4 className="font-semibold text-navy-900">From visit to booking</h4>
      <ol className="mt-3 space-y-3">
        {funnel.map((step, i) => (
          <li key={step.step}>
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className="font-medium text-navy-900">{step.label}</span>
              <span className="tabular-nums">
                <span className="font-semibold">{count(step.count)}</span>
                {i === 0 ? null : (
                  <span className="text-muted-foreground">
                    {' '}
                    · {formatBps(step.bps)} of visits · {formatBps(step.stepBps)} of the step before
                  </span>
                )}
              </span>
            </div>
            <div className="mt-1 h-2 rounded-full bg-secondary" aria-hidden="true">
              <div
                className="h-2 rounded-full bg-forest-600"
                style={{ width: `${Math.max(step.count > 0 ? 1 : 0, step.bps / 100)}%` }}
              />
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Traffic({ summary }: { summary: AnalyticsSummary }) {
  const shortDay = (date: string) =>
    formatCalendarDate(date)
      .replace(/^\w+, /, '')
      .replace(/, \d{4}$/, '');
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Figure
          label="Visits"
          value={count(summary.totals.visitors)}
          detail={`${count(summary.totals.views)} page views`}
        />
        <Figure
          label="Paid bookings"
          value={count(summary.funnel[3]?.count ?? 0)}
          detail={`${formatBps(summary.funnel[3]?.bps ?? 0)} of visits`}
        />
      </div>
      <div className="grid gap-4 xl:grid-cols-2">
        <ChartPanel
          title="Visits per day"
          description="Unique visitors and page views per day"
          chart={
            <MultiLineChart
              data={summary.days.map((d) => ({ label: shortDay(d.date), visitors: d.visitors, views: d.views }))}
              xKey="label"
              series={[
                { key: 'visitors', name: 'Visitors', color: CHART_COLORS[0] },
                { key: 'views', name: 'Page views', color: CHART_COLORS[1], dashed: true },
              ]}
              format={count}
            />
          }
          table={{
            columns: ['Day', 'Visitors', 'Page views'],
            rows: summary.days.map((d) => [formatCalendarDate(d.date), count(d.visitors), count(d.views)]),
          }}
        />
        <Funnel funnel={summary.funnel} />
        <RankedList
          title="Top referrers"
          head="Referrer"
          rows={summary.referrers.map((r) => ({ name: r.referrer, visits: r.visits }))}
          empty="No visits in these days."
        />
        <RankedList
          title="Top landing pages"
          head="Page"
          rows={summary.landingPages.map((r) => ({ name: r.path, visits: r.visits }))}
          empty="No visits in these days."
        />
      </div>
    </>
  );
}

export interface InsightsSectionProps {
  /** This year in the property's zone. */
  year: number;
  /** Today, YYYY-MM-DD in the property's zone. */
  today: string;
}

/** Years the metrics offer: next year, this year and five before. */
const metricYears = (year: number) => Array.from({ length: 7 }, (_, i) => year + 1 - i);

/** The insights of the Reports tab (default export for `React.lazy`). */
export default function InsightsSection({ year: thisYear, today }: InsightsSectionProps) {
  const [year, setYear] = useState(thisYear);
  const summary = useReportsSummary(year);
  const from = addDays(today, -29);
  const traffic = useAnalyticsSummary(from, today);
  const ids = { metrics: useId(), year: useId(), traffic: useId() };
  return (
    <div className="space-y-8">
      <section aria-labelledby={ids.metrics} aria-busy={summary.isPending} className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h3 id={ids.metrics} className="text-lg font-semibold text-navy-900">
              Hosting performance
            </h3>
            <p className="mt-1 text-sm text-muted-foreground">
              Occupancy, average daily rate (ADR), revenue per available night (RevPAR) and revenue by month, against
              the year before. Owner stays and blocked nights are not available nights; Airbnb, VRBO and Booking.com
              stays count as booked nights without revenue.
            </p>
          </div>
          <div className="flex items-center gap-2">
            <label htmlFor={ids.year} className="text-sm font-medium text-navy-900">
              Year
            </label>
            <select
              id={ids.year}
              value={year}
              onChange={(e) => setYear(Number(e.target.value))}
              className={cn(
                'h-9 rounded-md border border-input bg-card px-3 text-sm shadow-sm',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              )}
            >
              {metricYears(thisYear).map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </div>
        </div>
        {summary.isError ? (
          <LoadFailed what="the hosting metrics" query={summary} />
        ) : summary.data ? (
          <HostingMetrics summary={summary.data} />
        ) : (
          <Skeleton className="h-72 w-full" />
        )}
      </section>

      <section aria-labelledby={ids.traffic} aria-busy={traffic.isPending} className="space-y-4">
        <div>
          <h3 id={ids.traffic} className="text-lg font-semibold text-navy-900">
            Where guests come from
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">
            The last 30 days ({formatCalendarDate(from)} to {formatCalendarDate(today)}), counted without cookies and
            without storing IP addresses.
          </p>
        </div>
        {traffic.isError ? (
          <LoadFailed what="the visits" query={traffic} />
        ) : traffic.data ? (
          <Traffic summary={traffic.data} />
        ) : (
          <Skeleton className="h-72 w-full" />
        )}
      </section>
    </div>
  );
}
