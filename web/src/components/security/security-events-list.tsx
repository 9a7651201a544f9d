import History from 'lucide-react/icons/history';
import { formatTimestamp } from '@/components/admin/format';
import { cn } from '@/lib/utils';
import { CardTable, ConsoleListPanel, RefreshButton } from './console-panel';
import { eventLabel, isRefusal } from './event-labels';
import { EVENTS_LIMIT, useSecurityEvents } from './security-queries';

const COLUMNS = ['Time', 'IP address', 'Route', 'Event', 'Outcome'];

/** The newest entries of the security log: time, IP address, route, event and outcome. */
export function SecurityEventsList() {
  const events = useSecurityEvents();

  return (
    <ConsoleListPanel
      headingId="security-events-heading"
      title="Recent Security Events"
      description={<>The last {EVENTS_LIMIT} sign-ins, blocks and refused requests, newest first. Kept for 90 days.</>}
      actions={<RefreshButton query={events} className="w-fit" />}
      query={events}
      loadingLabel="Loading security events…"
      skeletons={['h-9', 'h-9', 'h-9']}
      errorTitle="Could not load the security events"
      empty={{ icon: History, title: 'No security events yet', hint: 'Sign-ins, blocks and refused requests are listed here as they happen.' }}
    >
      {(rows) => (
        <CardTable caption="Recent security events" columns={COLUMNS} wideFrom="lg" scroll>
          {rows.map((e) => (
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
        </CardTable>
      )}
    </ConsoleListPanel>
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
