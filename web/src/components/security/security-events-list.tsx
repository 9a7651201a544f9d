import History from 'lucide-react/icons/history';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { serverMessage } from '@/components/admin/api-error';
import { formatTimestamp } from '@/components/admin/format';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { eventLabel, isRefusal } from './event-labels';
import { EVENTS_LIMIT, useSecurityEvents } from './security-queries';

const COLUMNS = ['Time', 'IP address', 'Route', 'Event', 'Outcome'] as const;

/** The newest entries of the security log: time, IP address, route, event and outcome. */
export function SecurityEventsList() {
  const events = useSecurityEvents();

  return (
    <section aria-labelledby="security-events-heading" aria-busy={events.isFetching} className="rounded-xl border bg-card shadow-sm">
      <div className="flex flex-col gap-3 border-b p-5 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="security-events-heading" className="font-display text-xl font-semibold tracking-tight text-navy-900">
            Recent Security Events
          </h2>
          <p className="mt-0.5 text-sm text-muted-foreground">
            The last {EVENTS_LIMIT} sign-ins, blocks and refused requests, newest first. Kept for 90 days.
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={() => void events.refetch()} disabled={events.isFetching} className="w-fit">
          <RefreshCw className={events.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
          Refresh
        </Button>
      </div>

      {events.isPending ? (
        <div role="status" className="space-y-2 p-5">
          <span className="sr-only">Loading security events…</span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-9 w-full" />
          ))}
        </div>
      ) : events.isError ? (
        <div role="alert" className="p-5 text-sm">
          <p className="font-semibold text-destructive">Could not load the security events.</p>
          <p className="mt-1 text-muted-foreground">{serverMessage(events.error) ?? events.error.message}</p>
        </div>
      ) : events.data.length === 0 ? (
        <div className="flex flex-col items-center px-6 py-10 text-center">
          <History className="size-9 text-muted-foreground" aria-hidden="true" />
          <p className="mt-2 font-medium text-navy-900">No security events yet</p>
          <p className="mt-1 max-w-sm text-sm text-muted-foreground">Sign-ins, blocks and refused requests are listed here as they happen.</p>
        </div>
      ) : (
        // A table on wide screens; on phones each event is a card with labelled lines. Explicit
        // roles keep the table semantics when the rows are displayed as blocks.
        <div className="relative max-h-[36rem] overflow-y-auto">
          <table role="table" className="block w-full text-left text-sm lg:table">
            <caption className="sr-only">Recent security events</caption>
            <thead className="sr-only text-xs uppercase tracking-wide text-muted-foreground lg:not-sr-only lg:sticky lg:top-0 lg:table-header-group lg:bg-muted">
              <tr role="row">
                {COLUMNS.map((column) => (
                  <th key={column} role="columnheader" scope="col" className="px-5 py-2.5 font-semibold">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="block divide-y lg:table-row-group">
              {events.data.map((e) => (
                <tr key={e.id} role="row" className="block space-y-1 px-5 py-3 lg:table-row lg:space-y-0 lg:p-0 lg:align-top">
                  <td role="cell" className="flex items-center justify-between gap-3 lg:table-cell lg:whitespace-nowrap lg:px-5 lg:py-2.5">
                    <time dateTime={e.time} className="text-muted-foreground">
                      {formatTimestamp(e.time)}
                    </time>
                    <OutcomeBadge outcome={e.outcome} className="lg:hidden" />
                  </td>
                  <td role="cell" className="block break-all font-mono lg:table-cell lg:whitespace-nowrap lg:break-normal lg:px-5 lg:py-2.5">
                    <span className="mr-1 font-sans text-xs text-muted-foreground lg:hidden">IP</span>
                    {e.ip}
                  </td>
                  <td role="cell" className="block break-all font-mono text-xs lg:table-cell lg:px-5 lg:py-2.5">
                    {e.method && <span className="mr-1.5 font-semibold text-muted-foreground">{e.method}</span>}
                    {e.route}
                  </td>
                  <td role="cell" className="block lg:table-cell lg:px-5 lg:py-2.5">
                    <span className="font-medium text-navy-900">{eventLabel(e.event)}</span>
                    {e.detail && <span className="ml-2 break-all text-xs text-muted-foreground lg:ml-0 lg:block">{e.detail}</span>}
                  </td>
                  <td role="cell" className="hidden lg:table-cell lg:whitespace-nowrap lg:px-5 lg:py-2.5">
                    <OutcomeBadge outcome={e.outcome} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function OutcomeBadge({ outcome, className }: { outcome: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold',
        isRefusal(outcome) ? 'bg-red-50 text-destructive' : 'bg-forest-100 text-forest-800',
        className,
      )}
    >
      {outcome}
    </span>
  );
}
