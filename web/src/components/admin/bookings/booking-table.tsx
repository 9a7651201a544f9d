import ChevronRight from 'lucide-react/icons/chevron-right';
import { Fragment, useState } from 'react';
import { formatCents, type Booking } from '@ridgeline/core';
import { bookingRow } from '@/lib/booking-list';
import { cn } from '@/lib/utils';
import { formatCalendarDate } from '../format';
import { BookingItem } from './booking-item';

const money = (cents: number | null) => (cents === null ? '—' : formatCents(cents));

/** "Jun 14 – Jun 17, 2027" from two stay dates (the weekday left out: the table is compact). */
function stayDates(checkin: string, checkout: string): string {
  const short = (d: string) => formatCalendarDate(d).replace(/^\w{3}, /, '');
  return `${short(checkin).replace(/, \d{4}$/, '')} – ${short(checkout)}`;
}

export interface BookingTableProps {
  bookings: readonly Booking[];
  /** The property's date (YYYY-MM-DD) the status column is read on. */
  today: string;
}

/**
 * [bookings.find]: the compact view of the Bookings tab, a table labelled "Bookings" with the
 * columns Guest, Dates, Nights, Channel, Status, Total, Paid and Balance due (money in dollars,
 * "—" without a total). The guest's name is a button (`aria-expanded`) that opens the booking's
 * full item (its Money section and timeline with it) in a row below, and closes it again.
 */
export function BookingTable({ bookings, today }: BookingTableProps) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className="overflow-x-auto rounded-xl border bg-card" role="region" aria-label="Bookings table" tabIndex={0}>
      <table className="w-full min-w-[48rem] border-collapse text-sm">
        <caption className="sr-only">Bookings</caption>
        <thead className="bg-secondary/40 text-left text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">Guest</th>
            <th scope="col" className="px-3 py-2 font-medium">Dates</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">Nights</th>
            <th scope="col" className="px-3 py-2 font-medium">Channel</th>
            <th scope="col" className="px-3 py-2 font-medium">Status</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">Total</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">Paid</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">Balance due</th>
          </tr>
        </thead>
        <tbody>
          {bookings.map((booking) => {
            const row = bookingRow(booking, today);
            const name = `${booking.firstName} ${booking.lastName}`.trim();
            const expanded = open.has(booking.id);
            const detailId = `booking-${booking.id}-row-detail`;
            return (
              <Fragment key={booking.id}>
                <tr className={cn('border-t', expanded && 'bg-forest-50/60')}>
                  <th scope="row" className="px-3 py-2 text-left font-medium">
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 rounded text-left text-forest-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                      aria-expanded={expanded}
                      aria-controls={expanded ? detailId : undefined}
                      onClick={() => toggle(booking.id)}
                    >
                      <ChevronRight className={cn('size-4 shrink-0 transition-transform', expanded && 'rotate-90')} aria-hidden="true" />
                      {name}
                    </button>
                    <span className="block pl-5 text-xs font-normal text-muted-foreground">#{booking.id}</span>
                  </th>
                  <td className="whitespace-nowrap px-3 py-2">
                    <time dateTime={booking.checkin}>{stayDates(booking.checkin, booking.checkout)}</time>
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{row.nights}</td>
                  <td className="px-3 py-2">{row.channel}</td>
                  <td className="px-3 py-2">{row.status}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{money(row.totalCents)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{money(row.paidCents)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{money(row.totalCents === null ? null : row.balanceDueCents)}</td>
                </tr>
                {expanded && (
                  <tr id={detailId} className="border-t bg-muted/30">
                    <td colSpan={8} className="p-3">
                      <BookingItem booking={booking} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
