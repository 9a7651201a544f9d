import { paymentStatusLabel } from '@ridgeline/core';
import { Badge, type BadgeProps } from '@/components/ui/badge';

/** Booking payment status badge ([bookings.payment-status]): paid default, pending and (partially) refunded secondary, other destructive. */
export function paymentStatusVariant(status: string): BadgeProps['variant'] {
  if (status === 'paid') return 'default';
  if (status === 'pending' || status === '' || status === 'refunded' || status === 'partially_refunded') return 'secondary';
  return 'destructive';
}

/** The booking's payment status; the badge's text is exactly the label ("Paid", "Pending", "Partially refunded"). */
export function PaymentStatusBadge({ status }: { status: string }) {
  return <Badge variant={paymentStatusVariant(status)}>{paymentStatusLabel(status)}</Badge>;
}
