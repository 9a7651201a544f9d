import Lock from 'lucide-react/icons/lock';
import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import type { CheckoutBookingData } from '@ridgeline/core';
import { checkoutOutcomeTarget, type ConfirmedBooking } from '@/components/booking-widget/checkout-outcome';
import { clearDraft } from '@/components/booking-widget/booking-draft';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { saveBooking } from './checkout-api';
import { checkoutReturnUrl, payButtonText } from './checkout-params';
import { paymentResult } from './payment-result';
import { sessionIntentStore } from './stored-intent';

export interface PaymentFormProps {
  bookingData: CheckoutBookingData;
  /** What the PaymentIntent charges, in cents. */
  amountCents: number;
  /**
   * Records the payment instead of saving a new booking (a payment link's confirm,
   * [bookings.payment-link]); throws when the server refuses.
   */
  onPaid?: ((paymentIntentId: string) => Promise<void>) | undefined;
  /**
   * Stays on the page once `onPaid` resolved (true) or threw (false), instead of going home
   * (a balance paid on the guest's stay page, [payments.balance]).
   */
  onSettled?: ((ok: boolean) => void) | undefined;
  /** Told after Stripe refused the payment (the failure toast shown, the form kept). */
  onFailed?: (() => void) | undefined;
}

const intents = sessionIntentStore();

/**
 * Stripe's Payment Element and the Pay button (inside `<Elements>`). Pay confirms with
 * `redirect: 'if_required'` ([checkout.pay], [checkout.payment-failed]): a decline shows "Payment Failed" with Stripe's message and
 * the form stays for another try; an exception shows "Payment Error". Once paid, the booking is
 * saved (`POST /api/booking-inquiry`) and the guest goes to `/?success=true`, or to
 * `/?error=booking` if saving fails ([checkout.outcomes]).
 */
export function PaymentForm({ bookingData, amountCents, onPaid, onSettled, onFailed }: PaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [, navigate] = useLocation();
  const [ready, setReady] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [processing, setProcessing] = useState(false);

  const leave = (outcome: 'success' | 'booking', confirmed?: ConfirmedBooking) => {
    const target = checkoutOutcomeTarget(outcome, confirmed);
    navigate(target.path, { replace: true, state: target.state });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!stripe || !elements || processing) return;
    setProcessing(true);
    let paidIntentId: string;
    try {
      const result = paymentResult(
        await stripe.confirmPayment({
          elements,
          redirect: 'if_required',
          confirmParams: { return_url: checkoutReturnUrl(window.location.origin, window.location.search) },
        }),
      );
      if (result.kind === 'failed') {
        toast({ variant: 'destructive', title: 'Payment Failed', description: result.message });
        setProcessing(false);
        onFailed?.();
        return;
      }
      paidIntentId = result.paymentIntentId;
    } catch {
      toast({ variant: 'destructive', title: 'Payment Error', description: 'An unexpected error occurred during payment processing.' });
      setProcessing(false);
      return;
    }
    if (!onPaid) {
      intents.forget();
      clearDraft();
    }
    try {
      const confirmed = onPaid ? (await onPaid(paidIntentId), undefined) : await saveBooking(bookingData, paidIntentId);
      if (onSettled) onSettled(true);
      else leave('success', confirmed);
    } catch {
      if (onSettled) onSettled(false);
      else leave('booking');
    }
    if (onSettled) setProcessing(false);
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} aria-label="Card payment" className="grid gap-6">
      <PaymentElement options={{ layout: 'tabs' }} onReady={() => setReady(true)} onLoadError={() => setLoadFailed(true)} />
      {loadFailed && (
        <p role="alert" className="text-sm font-medium text-destructive">
          Payment system unavailable. Please try again later.
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || !elements || !ready || processing} aria-busy={processing || undefined}>
        {processing ? 'Processing...' : payButtonText(amountCents)}
      </Button>
      <p className="flex items-start gap-2 text-xs text-muted-foreground">
        <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-forest-600" />
        Payments are processed securely by Stripe. Your card number never reaches our server.
      </p>
    </form>
  );
}
