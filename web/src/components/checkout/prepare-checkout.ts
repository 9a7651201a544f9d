import type { CheckoutBookingData } from '@ridgeline/core';
import type { CheckoutOutcome } from '@/components/booking/checkout-outcome';
import type { PaymentConfig } from '@/lib/stripe-loader';
import type { IntentAnswer } from './checkout-api';
import { checkoutKey, parseCheckoutParams, parseStripeReturn, type CheckoutParams } from './checkout-params';
import type { CheckoutIntent, IntentStore } from './stored-intent';

/** What the checkout needs from the outside world (the real ones, or fakes in tests). */
export interface CheckoutDeps<S> {
  fetchConfig(): Promise<PaymentConfig>;
  createIntent(amount: number, bookingData: CheckoutBookingData): Promise<IntentAnswer>;
  /** Stripe.js for the publishable key; null or a rejection when it cannot load. */
  loadStripe(publishableKey: string): Promise<S | null>;
  saveBooking(bookingData: CheckoutBookingData, paymentIntentId: string): Promise<void>;
  intents: IntentStore;
}

/** How the checkout page goes on once prepared. */
export type CheckoutDecision<S> =
  /** Leave for `/` (with an outcome for the home page to tell, if any). */
  | { kind: 'leave'; outcome?: CheckoutOutcome }
  /** "Payment system unavailable": payments off or Stripe.js not loadable. */
  | { kind: 'unavailable' }
  /** Show the payment form. `retry` after a redirect-based payment that failed. */
  | { kind: 'ready'; params: CheckoutParams; stripe: S; intent: CheckoutIntent; retry?: boolean };

const PAID_REDIRECT_STATUSES = new Set(['succeeded', 'processing']);

/**
 * The checkout's start ([checkout.entry], [checkout.loading], [checkout.reuse-intent], [checkout.outcomes]):
 * 1. an invalid entry leaves for `/`;
 * 2. back from a redirect-based payment (Stripe's `redirect_status`): paid → save the booking and
 *    leave with `success` (or `booking` if saving fails); failed → the form again, same intent;
 * 3. payments off (config, or 503) → unavailable;
 * 4. the PaymentIntent: this tab's own recent one for the same stay, else a new one. A 409 leaves
 *    with `taken`/`price` explained, any other failure leaves for `/`;
 * 5. Stripe.js, loaded meanwhile; failing to load → unavailable.
 */
export async function prepareCheckout<S>(search: string, deps: CheckoutDeps<S>): Promise<CheckoutDecision<S>> {
  const params = parseCheckoutParams(search);
  if (!params) return { kind: 'leave' };
  const key = checkoutKey(params);
  const back = parseStripeReturn(search);

  if (back && PAID_REDIRECT_STATUSES.has(back.redirectStatus)) {
    deps.intents.forget();
    try {
      await deps.saveBooking(params.bookingData, back.paymentIntentId);
      return { kind: 'leave', outcome: 'success' };
    } catch {
      return { kind: 'leave', outcome: 'booking' };
    }
  }

  const config = await deps.fetchConfig();
  if (!config.available || !config.publishableKey) return { kind: 'unavailable' };
  const stripe = deps.loadStripe(config.publishableKey).catch(() => null);

  let intent: CheckoutIntent | undefined = deps.intents.load(key);
  if (back) {
    intent = { clientSecret: back.clientSecret, paymentIntentId: back.paymentIntentId, amountCents: intent?.paymentIntentId === back.paymentIntentId ? intent.amountCents : Math.round(params.amount * 100) };
  }
  if (!intent) {
    const answer = await deps.createIntent(params.amount, params.bookingData);
    switch (answer.kind) {
      case 'off':
        return { kind: 'unavailable' };
      case 'taken':
        return { kind: 'leave', outcome: 'unavailable' };
      case 'price':
        return { kind: 'leave', outcome: 'price' };
      case 'failed':
        return { kind: 'leave', outcome: 'payment' };
    }
    intent = { clientSecret: answer.clientSecret, paymentIntentId: answer.paymentIntentId, amountCents: answer.amountCents, cancellationPolicy: answer.cancellationPolicy, balance: answer.balance };
    deps.intents.save(key, intent);
  }

  const loaded = await stripe;
  if (!loaded) return { kind: 'unavailable' };
  return { kind: 'ready', params, stripe: loaded, intent, ...(back ? { retry: true } : {}) };
}
