import Inbox from 'lucide-react/icons/inbox';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { useMemo, useState } from 'react';
import { PROPERTY, todayIn, type Booking } from '@ridgeline/core';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { DEFAULT_BOOKING_LIST_QUERY, selectBookings, type BookingListQuery } from '@/lib/booking-list';
import { useBookingInquiries } from '../admin-queries';
import { serverMessage } from '../api-error';
import { AddBookingDialog } from '../bookings/add-booking-dialog';
import { BookingItem } from '../bookings/booking-item';
import { BookingListControls, type BookingListView } from '../bookings/booking-list-controls';
import { BookingTable } from '../bookings/booking-table';
import { TabHeading } from '../tab-heading';

/** How many bookings a page of the list shows; "Show more" adds as many again ([bookings.find]). */
export const BOOKINGS_PAGE_SIZE = 50;

const plural = (n: number) => `${n} ${n === 1 ? 'booking' : 'bookings'}`;

/**
 * [bookings.list], [bookings.find]: every booking inquiry with its price and payment, found with a
 * search, filters and a sort (client-side over `GET /api/booking-inquiries`, on the property's
 * date), as full items or a compact table, BOOKINGS_PAGE_SIZE at a time.
 */
export function BookingsTab() {
  const bookings = useBookingInquiries();

  return (
    <section aria-labelledby="bookings-heading" aria-busy={bookings.isFetching}>
      <TabHeading
        id="bookings-heading"
        title="Booking Inquiries"
        description={bookings.data ? `${bookings.data.length} ${bookings.data.length === 1 ? 'inquiry' : 'inquiries'} in all.` : 'Requests and bookings from your website.'}
        actions={
          <>
            <AddBookingDialog />
            <Button variant="outline" size="sm" onClick={() => void bookings.refetch()} disabled={bookings.isFetching}>
              <RefreshCw className={bookings.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
              Refresh
            </Button>
          </>
        }
      />

      {bookings.isPending ? (
        <div className="space-y-4" role="status">
          <span className="sr-only">Loading booking inquiries…</span>
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-64 w-full rounded-xl" />
          ))}
        </div>
      ) : bookings.isError ? (
        <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-5 text-sm">
          <p className="font-semibold text-destructive">Could not load booking inquiries.</p>
          <p className="mt-1 text-muted-foreground">{serverMessage(bookings.error) ?? bookings.error.message}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void bookings.refetch()}>
            Try again
          </Button>
        </div>
      ) : bookings.data.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-14 text-center">
          <Inbox className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="mt-3 font-medium text-navy-900">No booking inquiries yet</p>
          <p className="mt-1 max-w-sm text-sm text-muted-foreground">
            Inquiries and paid bookings from the website's booking section appear here.
          </p>
        </div>
      ) : (
        <FoundBookings bookings={bookings.data} />
      )}
    </section>
  );
}

/** The controls and the page of bookings they keep ([bookings.find]). */
function FoundBookings({ bookings }: { bookings: readonly Booking[] }) {
  // The property's date when the tab opened ([data.today]), as the other tabs read it.
  const [today] = useState(() => todayIn(PROPERTY.timeZone));
  const [query, setQuery] = useState<BookingListQuery>(DEFAULT_BOOKING_LIST_QUERY);
  const [view, setView] = useState<BookingListView>('cards');
  const [shown, setShown] = useState(BOOKINGS_PAGE_SIZE);
  const found = useMemo(() => selectBookings(bookings, query, today), [bookings, query, today]);
  const page = found.slice(0, shown);
  const left = found.length - page.length;

  return (
    <>
      <BookingListControls
        query={query}
        onQueryChange={(next) => {
          setQuery(next);
          setShown(BOOKINGS_PAGE_SIZE);
        }}
        view={view}
        onViewChange={setView}
      />
      <p role="status" className="mb-3 text-sm text-muted-foreground">
        {found.length === 0 ? 'No bookings match.' : page.length === found.length ? `${plural(found.length)} shown.` : `Showing ${page.length} of ${plural(found.length)}.`}
      </p>
      {found.length > 0 &&
        (view === 'table' ? (
          <BookingTable bookings={page} today={today} />
        ) : (
          <ul className="space-y-5" aria-label="Booking inquiries">
            {page.map((booking) => (
              <li key={booking.id}>
                <BookingItem booking={booking} />
              </li>
            ))}
          </ul>
        ))}
      {left > 0 && (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" onClick={() => setShown((n) => n + BOOKINGS_PAGE_SIZE)}>
            Show {Math.min(BOOKINGS_PAGE_SIZE, left)} more
          </Button>
        </div>
      )}
    </>
  );
}
