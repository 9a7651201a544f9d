import { BOOKING_EVENT_LABELS } from '@ridgeline/core';
import { useState } from 'react';
import { formatTimestamp } from '../format';
import { useBookingTimeline } from '../notices/notices-queries';
import { LazySection } from './lazy-section';

/**
 * A booking's History ([booking.timeline]): what happened to it, oldest first, with each event's
 * label, detail and time in the property's clock. Read when opened.
 */
export function BookingHistory({ bookingId, guestName }: { bookingId: number; guestName: string }) {
  const [open, setOpen] = useState(false);
  const timeline = useBookingTimeline(bookingId, open);
  return (
    <LazySection label={`History of ${guestName}'s booking`} title="History" what="history" open={open} onOpenChange={setOpen} query={timeline}>
      {(events) =>
        events.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing recorded for this booking yet.</p>
        ) : (
          <ol className="space-y-1.5 text-sm">
            {events.map((event) => (
              <li key={event.id} className="flex flex-wrap gap-x-2">
                <time dateTime={event.at} className="shrink-0 text-xs leading-5 text-muted-foreground">
                  {formatTimestamp(event.at)}
                </time>
                <span className="font-medium">{BOOKING_EVENT_LABELS[event.kind]}</span>
                {event.detail ? <span className="text-muted-foreground">{event.detail}</span> : null}
              </li>
            ))}
          </ol>
        )
      }
    </LazySection>
  );
}
