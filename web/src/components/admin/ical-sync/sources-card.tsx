import CalendarPlus from 'lucide-react/icons/calendar-plus';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { serverMessage } from '../api-error';
import { AddSourceForm } from './add-source-form';
import type { CalendarSource } from './calendar-source';
import { SourceItem } from './source-item';
import type { SyncOutcome, TestOutcome } from './source-actions';
import { useNow } from './use-now';

export interface SourcesCardProps {
  sources: UseQueryResult<CalendarSource[]>;
  onTested: (outcome: TestOutcome) => void;
  onSynced: (outcome: SyncOutcome) => void;
}

/** Calendar sources management ([ical.sources], [ical.panel]): the add form and every source with its actions. */
export function SourcesCard({ sources, onTested, onSynced }: SourcesCardProps) {
  const now = useNow();
  const list = () => {
    if (sources.isPending) {
      return (
        <div aria-busy="true" aria-label="Loading calendar sources" className="grid gap-3">
          {[0, 1].map((i) => (
            <div key={i} className="rounded-xl border p-5">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="mt-2 h-3 w-72 max-w-full" />
              <Skeleton className="mt-5 h-4 w-full" />
            </div>
          ))}
        </div>
      );
    }
    if (sources.isError) {
      return (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-destructive/40 bg-red-50 px-6 py-8 text-center"
        >
          <p className="font-medium text-red-900">The calendar sources could not be loaded.</p>
          {serverMessage(sources.error) && <p className="text-sm text-red-900">{serverMessage(sources.error)}</p>}
          <Button variant="outline" onClick={() => void sources.refetch()}>
            Try again
          </Button>
        </div>
      );
    }
    if (sources.data.length === 0) {
      return (
        <div className="rounded-xl border border-dashed bg-card/60 px-6 py-10 text-center">
          <p className="font-semibold text-navy-900">No calendar sources yet</p>
          <p className="mx-auto mt-1 max-w-md text-sm text-muted-foreground">
            Add the iCal link of your Airbnb, VRBO or Booking.com calendar above: their reservations then close the same
            nights here, so no one can book them twice.
          </p>
        </div>
      );
    }
    const several = sources.data.length > 1;
    return (
      <ul className="grid gap-3" aria-label="Calendar sources">
        {sources.data.map((source) => (
          <li key={source.id} className="min-w-0">
            <SourceItem source={source} several={several} now={now} onTested={onTested} onSynced={onSynced} />
          </li>
        ))}
      </ul>
    );
  };

  return (
    <Card role="region" aria-labelledby="ical-sources-title">
      <CardHeader className="pb-4">
        <CardTitle id="ical-sources-title" className="flex items-center gap-2">
          <CalendarPlus aria-hidden="true" className="size-5 text-forest-700" />
          Calendar sources
        </CardTitle>
        <CardDescription>Other platforms' calendars whose reservations close nights on this site.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 [&>*]:min-w-0">
        <AddSourceForm />
        {list()}
      </CardContent>
    </Card>
  );
}
