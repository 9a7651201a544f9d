import { formatCents, type Booking } from '@ridgeline/core';
import { Badge } from '@/components/ui/badge';

/**
 * What happened to a booking's stay and money beside its payment status ([booking.cancel],
 * [booking.refund], [stripe.dispute], [money.refund-incomplete]): a "Cancelled" badge, "Refunded
 * $X" once something was refunded (here, in Stripe's dashboard or outside Stripe), "Refund
 * incomplete" while a part of a cancellation's refund failed (or "Refund waiting for Stripe"
 * while a part has no answer; Cancel booking shows the parts), and "Disputed" while the bank
 * disputes the payment.
 */
export function BookingCancelStatus({ booking }: { booking: Pick<Booking, 'status' | 'refundedCents' | 'disputeStatus' | 'cancelledAt' | 'unfinishedRefund'> }) {
  const unfinished = booking.unfinishedRefund;
  return (
    <>
      {booking.status === 'cancelled' && <Badge variant="destructive">Cancelled</Badge>}
      {unfinished && (
        <Badge variant="destructive" title={unfinished.parts.map((p) => p.error).filter(Boolean).join('; ') || undefined}>
          {unfinished.status === 'incomplete' ? `Refund incomplete: ${formatCents(unfinished.missingCents)} failed` : 'Refund waiting for Stripe'}
        </Badge>
      )}
      {booking.refundedCents > 0 && <Badge variant="outline">Refunded {formatCents(booking.refundedCents)}</Badge>}
      {booking.disputeStatus && <Badge variant="destructive">Disputed</Badge>}
    </>
  );
}
