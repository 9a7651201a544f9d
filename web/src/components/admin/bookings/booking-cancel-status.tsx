import { formatCents, type BookingInquiry } from '@ridgeline/core';
import { Badge } from '@/components/ui/badge';

/**
 * What happened to a booking's stay and money beside its payment status ([booking.cancel],
 * [booking.refund], [stripe.dispute]): a "Cancelled" badge, "Refunded $X" once something was
 * refunded (here or in Stripe's dashboard), and "Disputed" while the bank disputes the payment.
 */
export function BookingCancelStatus({ booking }: { booking: Pick<BookingInquiry, 'status' | 'refundedCents' | 'disputeStatus' | 'cancelledAt'> }) {
  return (
    <>
      {booking.status === 'cancelled' && <Badge variant="destructive">Cancelled</Badge>}
      {booking.refundedCents > 0 && <Badge variant="outline">Refunded {formatCents(booking.refundedCents)}</Badge>}
      {booking.disputeStatus && <Badge variant="destructive">Disputed</Badge>}
    </>
  );
}
