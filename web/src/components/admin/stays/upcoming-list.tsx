import LogIn from 'lucide-react/icons/log-in';
import LogOut from 'lucide-react/icons/log-out';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import type { Stay } from '@ridgeline/core';
import { cn } from '@/lib/utils';
import { formatCalendarDate } from '../format';
import { STAY_CHANNEL_STYLE, guestLabel } from './stay-channel-style';
import { nightsOf, upcomingMovements } from './stay-nights';

export interface UpcomingListProps {
  /** Undefined while loading. */
  stays: readonly Stay[] | undefined;
  failed: boolean;
  today: string;
  onOpen: (stay: Stay) => void;
}

/**
 * **Upcoming** ([availability.stays]): the next arrivals and departures with the guest, nights
 * and channel; each opens its stay.
 */
export function UpcomingList({ stays, failed, today, onOpen }: UpcomingListProps) {
  const movements = stays ? upcomingMovements(stays, today) : [];
  return (
    <section aria-labelledby="upcoming-heading" className="rounded-xl border bg-card p-4 shadow-sm sm:p-6">
      <h3 id="upcoming-heading" className="font-display text-xl font-semibold text-navy-900">
        Upcoming
      </h3>
      {failed ? (
        <p role="alert" className="mt-2 text-sm text-red-900">
          The stays could not be loaded.
        </p>
      ) : !stays ? (
        <p className="mt-2 text-sm text-muted-foreground">Loading stays…</p>
      ) : movements.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No arrivals or departures in the months shown.</p>
      ) : (
        <ul className="mt-3 divide-y">
          {movements.map(({ kind, date, stay }) => {
            const style = STAY_CHANNEL_STYLE[stay.channel];
            const Icon = kind === 'arrival' ? LogIn : LogOut;
            const nights = nightsOf(stay);
            return (
              <li key={`${kind}-${stay.id}`}>
                <button
                  type="button"
                  onClick={() => onOpen(stay)}
                  data-stay-id={stay.id}
                  className="flex w-full items-center gap-3 rounded-md px-1 py-2 text-left text-sm hover:bg-secondary/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <Icon className="size-4 shrink-0 text-navy-700" aria-hidden="true" />
                  <span className="min-w-0 grow">
                    <span className="block font-medium text-navy-900">
                      {kind === 'arrival' ? 'Arrival' : 'Departure'} {formatCalendarDate(date)}
                    </span>
                    <span className="block truncate text-muted-foreground">
                      {guestLabel(stay)}, {nights} {nights === 1 ? 'night' : 'nights'}
                    </span>
                  </span>
                  {stay.conflict ? (
                    <span className="flex items-center gap-1 text-xs font-semibold text-red-800">
                      <TriangleAlert className="size-3.5" aria-hidden="true" />
                      Conflict
                    </span>
                  ) : null}
                  <span className={cn('shrink-0 rounded border px-1.5 py-0.5 text-xs font-semibold', style.band)}>{style.label}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
