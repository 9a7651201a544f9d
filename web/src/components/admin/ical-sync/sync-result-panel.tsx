import RefreshCw from 'lucide-react/icons/refresh-cw';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatTimestamp } from '../format';
import type { CalendarSource } from './calendar-source';
import { isRateLimited } from './ical-status';
import { RateLimitHint } from './rate-limit-hint';
import type { SyncOutcome } from './source-actions';

export interface SyncResultPanelProps {
  /** The Sync pressed in this visit, if any. */
  outcome: SyncOutcome | null;
  /** The sources as listed: without a Sync pressed here, the latest sync of any source is shown. */
  sources: readonly CalendarSource[] | undefined;
}

/** The source synced most recently (auto-sync or by hand), if any was. */
function latestSynced(sources: readonly CalendarSource[] | undefined): CalendarSource | undefined {
  return (sources ?? [])
    .filter((s) => s.lastSyncTime)
    .reduce<CalendarSource | undefined>(
      (latest, s) => (!latest || (s.lastSyncTime ?? '') > (latest.lastSyncTime ?? '') ? s : latest),
      undefined,
    );
}

/** Last sync results ([ical.panel]): success, events processed and the message. */
export function SyncResultPanel({ outcome, sources }: SyncResultPanelProps) {
  const latest = outcome ? undefined : latestSynced(sources);
  const view = outcome
    ? { name: outcome.sourceName, at: null, ...outcome.result }
    : latest
      ? {
          name: latest.name,
          at: latest.lastSyncTime,
          success: latest.lastSyncStatus === 'success',
          eventsProcessed: latest.eventsProcessed,
          bookingsCreated: latest.bookingsCreated,
          message: latest.lastSyncMessage,
        }
      : undefined;

  return (
    <Card role="region" aria-labelledby="ical-sync-results-title">
      <CardHeader className="pb-3">
        <CardTitle id="ical-sync-results-title" className="flex items-center gap-2 text-base">
          <RefreshCw aria-hidden="true" className="size-5 text-forest-700" />
          Last sync results
        </CardTitle>
        <CardDescription className="break-words">
          {!view
            ? 'No source has been synced yet.'
            : outcome
              ? `Sync of “${view.name}”, just now.`
              : `Latest sync: “${view.name}”${view.at ? `, ${formatTimestamp(view.at)}` : ''}.`}
        </CardDescription>
      </CardHeader>
      {view && (
        <CardContent className="grid gap-3 text-sm">
          <dl className="grid grid-cols-3 gap-3">
            <div>
              <dt className="text-xs text-muted-foreground">Success</dt>
              <dd className={view.success ? 'font-medium' : 'font-medium text-destructive'}>
                {view.success ? 'Yes' : 'No'}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Events processed</dt>
              <dd className="font-medium tabular-nums">{view.eventsProcessed}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">New bookings</dt>
              <dd className="font-medium tabular-nums">{view.bookingsCreated}</dd>
            </div>
          </dl>
          {view.message && (
            <p className="break-words">
              <span className="font-medium">Message:</span> {view.message}
            </p>
          )}
          {!view.success && isRateLimited(view.message) && <RateLimitHint />}
        </CardContent>
      )}
    </Card>
  );
}
