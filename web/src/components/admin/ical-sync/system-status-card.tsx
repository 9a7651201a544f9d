import Activity from 'lucide-react/icons/activity';
import type { UseQueryResult } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { serverMessage } from '../api-error';
import { formatTimestamp } from '../format';
import type { AutoSyncStatusResponse } from '@ridgeline/core';
import type { CalendarSource } from './calendar-source';
import { overallStatus, sourceCounts, type OverallStatus } from './ical-status';

const STATUS_STYLE: Record<
  OverallStatus,
  { variant: 'destructive' | 'secondary' | undefined; className?: string; text: string }
> = {
  'Issues Detected': {
    variant: 'destructive',
    text: 'At least one calendar could not be read on its last sync. Its earlier imports still close their nights; see the source below.',
  },
  Running: {
    variant: undefined,
    className: 'border-transparent bg-green-100 text-green-900',
    text: 'Calendars are read every hour; their reservations close nights here.',
  },
  'No Active Sources': {
    variant: 'secondary',
    text: 'No calendar is read automatically: add a source, or turn on its auto-sync.',
  },
};

export interface SystemStatusCardProps {
  sources: UseQueryResult<CalendarSource[]>;
  autoSync: UseQueryResult<AutoSyncStatusResponse>;
}

/**
 * System status ([ical.status]): Issues Detected, Running or No
 * Active Sources, with the counts and the legacy auto-sync status ([ical.legacy-status]). Both queries refresh
 * every 30 s (see `ical-queries.ts`).
 */
export function SystemStatusCard({ sources, autoSync }: SystemStatusCardProps) {
  const body = () => {
    if (sources.isPending) {
      return (
        <div aria-busy="true" aria-label="Loading the sync status" className="grid gap-3">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-4 w-full max-w-md" />
        </div>
      );
    }
    if (sources.isError) {
      return (
        <div role="alert" className="grid justify-items-start gap-3 text-sm text-red-900">
          <p>
            The sync status could not be loaded.{serverMessage(sources.error) ? ` ${serverMessage(sources.error)}` : ''}
          </p>
          <Button variant="outline" size="sm" onClick={() => void sources.refetch()}>
            Try again
          </Button>
        </div>
      );
    }
    const status = overallStatus(sources.data);
    const counts = sourceCounts(sources.data);
    const style = STATUS_STYLE[status];
    return (
      <div className="grid gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-sm font-medium">Overall status:</span>
          <Badge variant={style.variant} className={style.className} data-testid="ical-overall-status">
            {status}
          </Badge>
        </div>
        <p className="text-sm text-foreground">{style.text}</p>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
          <Figure label="Sources" value={counts.total} />
          <Figure label="Auto-sync on" value={counts.autoSync} />
          <Figure label="With issues" value={counts.issues} alert={counts.issues > 0} />
          <div className="sm:col-span-2">
            <dt className="text-xs text-muted-foreground">Auto-sync</dt>
            <dd className="font-medium" data-testid="ical-auto-sync-status">
              {autoSync.isPending
                ? 'Checking…'
                : autoSync.isError
                  ? 'Unknown (status could not be loaded)'
                  : `${autoSync.data.autoSyncEnabled ? 'On' : 'Off'} · last sync ${autoSync.data.lastSyncTime ? formatTimestamp(autoSync.data.lastSyncTime) : 'never'}`}
            </dd>
          </div>
        </dl>
      </div>
    );
  };

  return (
    <Card role="region" aria-labelledby="ical-status-title">
      <CardHeader className="pb-4">
        <CardTitle id="ical-status-title" className="flex items-center gap-2">
          <Activity aria-hidden="true" className="size-5 text-forest-700" />
          System status
        </CardTitle>
        <CardDescription>Checked on load and every 30 seconds.</CardDescription>
      </CardHeader>
      <CardContent>{body()}</CardContent>
    </Card>
  );
}

function Figure({ label, value, alert = false }: { label: string; value: number; alert?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd
        className={
          alert
            ? 'text-lg font-semibold tabular-nums text-destructive'
            : 'text-lg font-semibold tabular-nums text-navy-900'
        }
      >
        {value}
      </dd>
    </div>
  );
}
