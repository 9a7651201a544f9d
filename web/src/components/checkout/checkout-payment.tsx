import { Elements } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementsOptions } from '@stripe/stripe-js';
import { useMemo } from 'react';
import type { CheckoutBookingData } from '@ridgeline/core';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { BookingSummary } from './booking-summary';
import { PaymentForm } from './payment-form';
import type { CheckoutIntent } from './stored-intent';

export interface CheckoutPaymentProps {
  stripe: Stripe;
  intent: CheckoutIntent;
  bookingData: CheckoutBookingData;
  /** A payment link's confirm instead of saving a new booking ([bookings.payment-link]). */
  onPaid?: ((paymentIntentId: string) => Promise<void>) | undefined;
  /** Stays on the page once `onPaid` resolved (true) or threw (false), instead of going home (see `PaymentForm`). */
  onSettled?: ((ok: boolean) => void) | undefined;
  /** Told after Stripe refused the payment (see `PaymentForm`). */
  onFailed?: (() => void) | undefined;
  /** The summary's amount label and note (see `BookingSummary`). */
  totalLabel?: string | undefined;
  note?: string | undefined;
}

/** Stripe's appearance API in Ridgeline's palette and system fonts (nothing is downloaded). */
const APPEARANCE: StripeElementsOptions['appearance'] = {
  theme: 'stripe',
  variables: {
    colorPrimary: '#13283b',
    colorText: '#0f1f2e',
    colorDanger: '#b42318',
    colorBackground: '#ffffff',
    fontFamily: 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    borderRadius: '8px',
  },
};

/** The ready checkout: the payment form (Stripe Elements) and the booking summary. */
export function CheckoutPayment({ stripe, intent, bookingData, onPaid, onSettled, onFailed, totalLabel, note }: CheckoutPaymentProps) {
  const options = useMemo<StripeElementsOptions>(() => ({ clientSecret: intent.clientSecret, appearance: APPEARANCE }), [intent.clientSecret]);
  return (
    <div className="grid items-start gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,20rem)] lg:gap-8">
      {/* The summary first on a phone (what is being paid for), beside the form on wider screens. */}
      <div className="md:col-start-2 md:row-start-1">
        <BookingSummary bookingData={bookingData} amountCents={intent.amountCents} cancellationPolicy={intent.cancellationPolicy} totalLabel={totalLabel} note={note} balance={intent.balance} />
      </div>
      <Card className="md:col-start-1 md:row-start-1">
        <CardHeader>
          <h2 className="text-lg font-semibold leading-tight tracking-tight">Payment</h2>
          <p className="text-sm text-muted-foreground">Pay by card to confirm your stay.</p>
        </CardHeader>
        <CardContent>
          <Elements stripe={stripe} options={options}>
            <PaymentForm bookingData={bookingData} amountCents={intent.amountCents} onPaid={onPaid} onSettled={onSettled} onFailed={onFailed} />
          </Elements>
        </CardContent>
      </Card>
    </div>
  );
}
