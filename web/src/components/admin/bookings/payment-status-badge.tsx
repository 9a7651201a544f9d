import { paymentStatusLabel } from '@ridgeline/core';
import { Badge, type BadgeProps } from '@/components/ui/badge';

/** Booking payment status badge ([bookings.payment-status]): paid default, pending, partially paid and (partially) refunded secondary, an owner stay outline, other destructive. */
export function paymentStatusVariant(status: string): BadgeProps['variant'] {
  if (status === 'paid') return 'default';
  if (status === 'pending' || status === '' || status === 'partially_paid' || status === 'refunded' || status === 'partially_refunded') return 'secondary';
  // An owner stay has nothing to pay ([bookings.kinds]).
  if (status === 'not_applicable') return 'outline';
  return 'destructive';
}

/** The booking's payment status; the badge's text is exactly the label ("Paid", "Pending", "Partially refunded"). */
export function PaymentStatusBadge({ status }: { status: string }) {
  return <Badge variant={paymentStatusVariant(status)}>{paymentStatusLabel(status)}</Badge>;
}
