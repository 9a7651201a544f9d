import { useId } from 'react';
import { daysBetween, type CancellationPolicy, type CheckoutBookingData } from '@ridgeline/core';
import { CancellationPolicyNote } from '@/components/booking/cancellation-policy-note';
import { guestsText, nightsText, shortDate } from '@/components/booking/date-picker-days';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { dollarsText } from './checkout-params';

export interface BookingSummaryProps {
  bookingData: CheckoutBookingData;
  /** What the PaymentIntent charges ([pricing.display]: the displayed total is its amount / 100). */
  amountCents: number;
  /** The policy the guest pays under ([cancel.policy]); not shown when unknown. */
  cancellationPolicy?: CancellationPolicy | undefined;
}

/** [checkout.entry]: the booking summary (check-in, check-out, guests, total) beside the payment form. */
export function BookingSummary({ bookingData, amountCents, cancellationPolicy }: BookingSummaryProps) {
  const { checkin, checkout, guests, firstName, lastName, email } = bookingData;
  const titleId = useId();
  const name = `${firstName} ${lastName}`.trim();
  const rows: [string, string][] = [
    ['Check-in', shortDate(checkin)],
    ['Check-out', shortDate(checkout)],
    ['Nights', nightsText(daysBetween(checkin, checkout))],
    ['Guests', guestsText(guests)],
  ];
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <h2 id={titleId} className="text-lg font-semibold leading-tight tracking-tight">
          Booking summary
        </h2>
        {name && (
          <p className="text-sm text-muted-foreground">
            For {name}
            {email && <span className="block break-all">{email}</span>}
          </p>
        )}
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium text-navy-900">{value}</dd>
            </div>
          ))}
          <div className="mt-1 flex justify-between gap-4 border-t pt-4 text-base font-semibold text-navy-900">
            <dt>Total</dt>
            <dd className="tabular-nums">{dollarsText(amountCents)}</dd>
          </div>
        </dl>
        <p className="mt-4 text-xs text-muted-foreground">Includes every fee and tax of the price you were shown.</p>
        {cancellationPolicy && <CancellationPolicyNote policy={cancellationPolicy} checkin={checkin} className="mt-4 border-t pt-4" />}
      </CardContent>
    </Card>
  );
}
