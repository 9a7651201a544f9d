import { useId } from 'react';
import { daysBetween, type CancellationPolicy, type CheckoutBookingData } from '@ridgeline/core';
import { CancellationPolicyNote } from '@/components/booking-widget/cancellation-policy-note';
import { guestsText, nightsText, shortDate } from '@/components/booking-widget/date-picker-days';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { dollarsText } from './checkout-params';

export interface BookingSummaryProps {
  bookingData: CheckoutBookingData;
  /** What the PaymentIntent charges ([pricing.display]: the displayed total is its amount / 100). */
  amountCents: number;
  /** The policy the guest pays under ([cancel.policy]); not shown when unknown. */
  cancellationPolicy?: CancellationPolicy | undefined;
  /** The amount's label: "Total" unless said ("Amount due" for a payment link). */
  totalLabel?: string | undefined;
  /** The line under the amount; the checkout's own words unless said. */
  note?: string | undefined;
  /** [payments.schedule]: with a deposit, the balance charged later (cents, YYYY-MM-DD); `amountCents` is then what is due today. */
  balance?: { cents: number; dueDate: string } | undefined;
}

/** [checkout.entry]: the booking summary (check-in, check-out, guests, total) beside the payment form. */
export function BookingSummary({
  bookingData,
  amountCents,
  cancellationPolicy,
  totalLabel = 'Total',
  note = 'Includes every fee and tax of the price you were shown.',
  balance,
}: BookingSummaryProps) {
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
          {/* [pricing.total-first]: the total is the summary's largest figure, also beside a deposit. */}
          <div className="mt-1 flex items-baseline justify-between gap-4 border-t pt-4 font-semibold text-navy-900">
            <dt className="text-base">{totalLabel}</dt>
            <dd data-testid="checkout-total" className="font-display text-2xl tabular-nums">
              {dollarsText(amountCents + (balance?.cents ?? 0))}
            </dd>
          </div>
        </dl>
        {balance && <PaymentScheduleNote dueTodayCents={amountCents} balance={balance} className="mt-4 rounded-md bg-muted/60 p-3" />}
        <p className="mt-4 text-xs text-muted-foreground">{note}</p>
        {cancellationPolicy && <CancellationPolicyNote policy={cancellationPolicy} checkin={checkin} className="mt-4 border-t pt-4" />}
      </CardContent>
    </Card>
  );
}

/**
 * [payments.schedule]: what is charged today and what later, and when, in plain words — the
 * checkout's summary and the booking section's price summary both say it.
 */
export function PaymentScheduleNote({ dueTodayCents, balance, className }: { dueTodayCents: number; balance: { cents: number; dueDate: string }; className?: string }) {
  return (
    <div className={className}>
      <p className="text-base font-semibold text-navy-900 tabular-nums">Due today: {dollarsText(dueTodayCents)}</p>
      <p className="mt-1 text-sm text-muted-foreground">
        Balance of {dollarsText(balance.cents)} charged automatically on {longDate(balance.dueDate)} to the same card.
      </p>
    </div>
  );
}

const longDateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** "December 21, 2026" for 2026-12-21. */
function longDate(date: string): string {
  return longDateFormat.format(new Date(`${date}T00:00:00Z`));
}
