import { useQuery } from '@tanstack/react-query';
import { formatCents, paymentIntentLabel, stripePaymentResponseSchema } from '@ridgeline/core';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { CardBrandBadge } from './card-brand-badge';
import { apiQuery } from '@/lib/api';
import { adminApi } from '@/lib/query-client';

/** [bookings.payment-details]: in the card detail row, default for succeeded, secondary for requires_payment_method. */
function intentVariant(status: string): BadgeProps['variant'] {
  if (status === 'succeeded') return 'default';
  if (status === 'requires_payment_method') return 'secondary';
  return 'destructive';
}

export interface PaymentDetailsProps {
  paymentIntentId: string;
}

/**
 * [bookings.payment-details]: looks the payment intent up with the card provider (only
 * when there is an id), then shows the card brand, last 4 digits, status and amount.
 */
export function PaymentDetails({ paymentIntentId }: PaymentDetailsProps) {
  const lookup = useQuery({
    ...apiQuery(`/api/stripe-payment/${encodeURIComponent(paymentIntentId)}`, stripePaymentResponseSchema, adminApi.area),
    enabled: paymentIntentId !== '',
  });

  if (lookup.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading payment details...
      </p>
    );
  }

  const card = lookup.data?.cardDetails;
  const intent = lookup.data?.paymentIntent;
  if (lookup.isError || !card) {
    // Only what the provider answered: the booking's own status is already its badge above.
    const status = intent?.status;
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <span>Payment intent created</span>
        <Badge variant="outline">{status ? paymentIntentLabel(status) : 'Created'}</Badge>
      </p>
    );
  }

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
      <CardBrandBadge brand={card.brand} />
      <span className="font-mono tracking-wider">•••• {card.last4}</span>
      {intent && (
        <>
          <Badge variant={intentVariant(intent.status)}>{paymentIntentLabel(intent.status)}</Badge>
          <span className="font-semibold tabular-nums">{formatCents(intent.amount)}</span>
        </>
      )}
    </div>
  );
}
