import type { Stripe } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import type { AgreementSignature } from '@ridgeline/core';
import { useLocation } from 'wouter';
import { checkoutOutcomeTarget } from '@/components/booking-widget/checkout-outcome';
import { toast } from '@/hooks/use-toast';
import { fetchPaymentConfig, getStripe } from '@/lib/stripe-loader';
import { createPaymentIntent, fetchRentalAgreement, saveBooking } from './checkout-api';
import { withoutStripeReturn } from './checkout-params';
import { prepareCheckout, type CheckoutDecision } from './prepare-checkout';
import { sessionIntentStore } from './stored-intent';

export type CheckoutSession =
  | { phase: 'loading' }
  | Exclude<CheckoutDecision<Stripe>, { kind: 'leave' | 'agreement' }>
  /** [agreement.checkout]: `accept` starts the payment with the guest's signature. */
  | (Extract<CheckoutDecision<Stripe>, { kind: 'agreement' }> & { accept: (signature: AgreementSignature) => void });

const realDeps = {
  fetchConfig: fetchPaymentConfig,
  createIntent: createPaymentIntent,
  fetchAgreement: fetchRentalAgreement,
  loadStripe: getStripe,
  saveBooking,
  intents: sessionIntentStore(),
};

/**
 * Runs `prepareCheckout` once for this page's query (StrictMode's second effect run reuses the
 * same promise, so no second PaymentIntent is created) and follows its decision: leave for `/`
 * (replacing the checkout in history), or show the unavailable card, the rental agreement to
 * accept (its `accept` runs `prepareCheckout` again with the signature, [agreement.checkout]) or
 * the payment form.
 */
export function useCheckoutSession(search: string): CheckoutSession {
  const [, navigate] = useLocation();
  // The query the checkout started with (cleaning Stripe's return parameters off it is no restart).
  const [entry] = useState(search);
  const [session, setSession] = useState<CheckoutSession>({ phase: 'loading' });
  // [agreement.checkout]: the signature the guest gave on the agreement step, once they did.
  const [signature, setSignature] = useState<AgreementSignature | undefined>(undefined);
  const started = useRef<{ signature: AgreementSignature | undefined; prepared: Promise<CheckoutDecision<Stripe>> } | undefined>(undefined);

  useEffect(() => {
    let live = true;
    if (!started.current || started.current.signature !== signature) started.current = { signature, prepared: prepareCheckout(entry, realDeps, signature) };
    void started.current.prepared.then((decision) => {
      if (!live) return;
      if (decision.kind === 'leave') {
        const target = decision.outcome ? checkoutOutcomeTarget(decision.outcome, decision.confirmed) : { path: '/' };
        navigate(target.path, { replace: true, state: target.state });
        return;
      }
      if (decision.kind === 'ready' && decision.retry) {
        // Back from a payment method that left the page and failed: same form, same intent.
        navigate(`/checkout${withoutStripeReturn(entry)}`, { replace: true });
        toast({ variant: 'destructive', title: 'Payment Failed', description: 'Your payment was not completed. Please try again or use another payment method.' });
      }
      if (decision.kind === 'agreement') {
        setSession({
          ...decision,
          accept: (next) => {
            setSession({ phase: 'loading' });
            setSignature(next);
          },
        });
        return;
      }
      setSession(decision);
    });
    return () => {
      live = false;
    };
  }, [entry, navigate, signature]);

  return session;
}
