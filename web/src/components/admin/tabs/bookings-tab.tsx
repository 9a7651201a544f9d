import Inbox from 'lucide-react/icons/inbox';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useBookingInquiries } from '../admin-queries';
import { serverMessage } from '../api-error';
import { AddBookingDialog } from '../bookings/add-booking-dialog';
import { BookingItem } from '../bookings/booking-item';
import { TabHeading } from '../tab-heading';

/** [bookings.list]: every booking inquiry, newest first, with its price and payment. */
export function BookingsTab() {
  const bookings = useBookingInquiries();

  return (
    <section aria-labelledby="bookings-heading" aria-busy={bookings.isFetching}>
      <TabHeading
        id="bookings-heading"
        title="Booking Inquiries"
        description={
          bookings.data
            ? `${bookings.data.length} ${bookings.data.length === 1 ? 'inquiry' : 'inquiries'}, newest first.`
            : 'Requests and bookings from your website.'
        }
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
        <ul className="space-y-5" aria-label="Booking inquiries">
          {bookings.data.map((booking) => (
            <li key={booking.id}>
              <BookingItem booking={booking} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
