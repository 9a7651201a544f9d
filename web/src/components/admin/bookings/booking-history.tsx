import { BOOKING_EVENT_LABELS } from '@ridgeline/core';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { serverMessage } from '../api-error';
import { formatTimestamp } from '../format';
import { useBookingTimeline } from '../notices/notices-queries';

/**
 * A booking's History ([booking.timeline]): what happened to it, oldest first, with each event's
 * label, detail and time in the property's clock. Read when opened.
 */
export function BookingHistory({ bookingId, guestName }: { bookingId: number; guestName: string }) {
  const [open, setOpen] = useState(false);
  const timeline = useBookingTimeline(bookingId, open);
  const listId = useId();
  return (
    <section aria-label={`History of ${guestName}'s booking`} className="rounded-lg border p-3">
      <h4 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
          className="rounded-sm underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          History <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        </button>
      </h4>
      <div id={listId} hidden={!open} className="mt-2">
        {!open ? null : timeline.isPending ? (
          <div role="status" aria-label="Loading history" className="space-y-1.5">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-5 w-2/3" />
          </div>
        ) : timeline.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-800">
            <span>The history could not be loaded{serverMessage(timeline.error) ? `: ${serverMessage(timeline.error)}` : '.'}</span>
            <Button type="button" variant="outline" size="sm" onClick={() => void timeline.refetch()}>
              Try again
            </Button>
          </div>
        ) : timeline.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing recorded for this booking yet.</p>
        ) : (
          <ol className="space-y-1.5 text-sm">
            {timeline.data.map((event) => (
              <li key={event.id} className="flex flex-wrap gap-x-2">
                <time dateTime={event.at} className="shrink-0 text-xs leading-5 text-muted-foreground">
                  {formatTimestamp(event.at)}
                </time>
                <span className="font-medium">{BOOKING_EVENT_LABELS[event.kind]}</span>
                {event.detail ? <span className="text-muted-foreground">{event.detail}</span> : null}
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
