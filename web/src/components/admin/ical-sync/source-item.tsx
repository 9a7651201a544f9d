import LoaderCircle from 'lucide-react/icons/loader-circle';
import PlugZap from 'lucide-react/icons/plug-zap';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import Trash2 from 'lucide-react/icons/trash-2';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';
import { formatTimestamp } from '../format';
import { platformLabel, type CalendarSource } from './calendar-source';
import { deleteConfirmation } from './feed-share';
import { feedHealth, hasSyncIssue } from './ical-status';
import {
  useDeleteSource,
  useSyncSource,
  useTestSource,
  useToggleAutoSync,
  type SyncOutcome,
  type TestOutcome,
} from './source-actions';
import { SyncStatusBadge } from './sync-status-badge';

export interface SourceItemProps {
  source: CalendarSource;
  /** More than one source is listed: buttons name their source for screen readers ("Test Airbnb"). */
  several: boolean;
  /** The time ages are measured at (ms). */
  now: number;
  onTested: (outcome: TestOutcome) => void;
  onSynced: (outcome: SyncOutcome) => void;
}

/**
 * One calendar source ([ical.sources], [ical.panel]): its name,
 * platform, link, last sync and feed health, the auto-sync switch and Test, Sync, Delete.
 */
export function SourceItem({ source, several, now, onTested, onSynced }: SourceItemProps) {
  const id = useId();
  const test = useTestSource(source, onTested);
  const sync = useSyncSource(source, onSynced);
  const toggle = useToggleAutoSync(source);
  const remove = useDeleteSource(source);
  const health = feedHealth(source.lastSuccessTime, now);
  const named = (word: string) => (several ? `${word} ${source.name}` : undefined);
  const ids = { heading: `${id}-name`, autoSync: `${id}-auto-sync`, health: `${id}-health` };

  const staleNote = !health.stale
    ? null
    : source.lastSuccessTime
      ? `Nights booked on ${platformLabel(source.platform)} since then are not closed here yet. Press Sync, or Test the link if it keeps failing.`
      : source.lastSyncTime
        ? 'This feed has never been read, so none of its nights are closed here. Test the link to see why.'
        : 'The first import starts right after adding; if nothing changes within a minute, press Sync.';

  return (
    <div className="@container">
      <article
        aria-labelledby={ids.heading}
        aria-busy={test.isPending || sync.isPending || remove.isPending}
        className={cn(
          'rounded-xl border bg-card p-4 shadow-sm sm:p-5',
          hasSyncIssue(source) && 'border-destructive/50',
        )}
      >
        <div className="flex flex-col gap-2 @lg:flex-row @lg:items-start @lg:justify-between">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h4 id={ids.heading} className="break-words text-base font-semibold text-navy-900">
                {source.name}
              </h4>
              <Badge variant="outline">{platformLabel(source.platform)}</Badge>
            </div>
            <p className="mt-1 truncate font-mono text-xs text-muted-foreground" title={source.icalUrl}>
              <span className="sr-only">iCal URL: </span>
              {source.icalUrl}
            </p>
          </div>
          <div className="flex shrink-0 items-center gap-2 text-sm">
            <span className="text-muted-foreground">Status</span>
            <SyncStatusBadge status={source.lastSyncStatus} />
          </div>
        </div>

        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm @2xl:grid-cols-4">
          <div>
            <dt className="text-xs text-muted-foreground">Last sync</dt>
            <dd className="font-medium">
              {source.lastSyncTime ? (
                <time dateTime={source.lastSyncTime}>{formatTimestamp(source.lastSyncTime)}</time>
              ) : (
                'Never'
              )}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Feed health</dt>
            <dd className={cn('flex items-start gap-1 font-medium', health.stale && 'text-amber-ink')} id={ids.health}>
              {health.stale && <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
              <span>
                {health.stale && <span className="sr-only">Warning: </span>}
                {health.text}
              </span>
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Events processed</dt>
            <dd className="font-medium tabular-nums">{source.eventsProcessed}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Bookings created</dt>
            <dd className="font-medium tabular-nums">{source.bookingsCreated}</dd>
          </div>
        </dl>

        {source.lastSyncMessage && (
          <p
            className={cn('mt-3 break-words text-sm', hasSyncIssue(source) ? 'text-red-900' : 'text-muted-foreground')}
          >
            <span className="font-medium">Last message:</span> {source.lastSyncMessage}
          </p>
        )}
        {staleNote && (
          <p className="mt-3 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{staleNote}</span>
          </p>
        )}

        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-3 border-t pt-4">
          <div className="flex items-center gap-2">
            <Switch
              id={ids.autoSync}
              checked={toggle.isPending ? toggle.variables : source.autoSyncEnabled}
              disabled={toggle.isPending}
              onCheckedChange={(checked) => toggle.mutate(checked)}
            />
            <Label htmlFor={ids.autoSync}>
              Auto-sync
              {several && <span className="sr-only"> {source.name}</span>}
            </Label>
          </div>
          <div className="flex flex-wrap gap-2 @lg:ml-auto">
            <Button
              size="sm"
              variant="outline"
              aria-label={named('Test')}
              disabled={test.isPending}
              onClick={() => test.mutate()}
            >
              {test.isPending ? (
                <LoaderCircle aria-hidden="true" className="animate-spin" />
              ) : (
                <PlugZap aria-hidden="true" />
              )}
              Test
            </Button>
            <Button size="sm" aria-label={named('Sync')} disabled={sync.isPending} onClick={() => sync.mutate()}>
              <RefreshCw aria-hidden="true" className={cn(sync.isPending && 'animate-spin')} />
              Sync
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={named('Delete')}
              disabled={remove.isPending}
              className="text-destructive hover:bg-red-50 hover:text-destructive"
              onClick={() => {
                if (window.confirm(deleteConfirmation(source.name))) remove.mutate();
              }}
            >
              {remove.isPending ? (
                <LoaderCircle aria-hidden="true" className="animate-spin" />
              ) : (
                <Trash2 aria-hidden="true" />
              )}
              Delete
            </Button>
          </div>
        </div>
      </article>
    </div>
  );
}
