import type { AgreementSignature, CheckoutBookingData } from '@ridgeline/core';
import type { CheckoutOutcome, ConfirmedBooking } from '@/components/booking-widget/checkout-outcome';
import type { PaymentConfig } from '@/lib/stripe-loader';
import type { IntentAnswer } from './checkout-api';
import { checkoutKey, parseCheckoutParams, parseStripeReturn, type CheckoutParams } from './checkout-params';
import type { CheckoutIntent, IntentStore } from './stored-intent';

/** What the checkout needs from the outside world (the real ones, or fakes in tests). */
export interface CheckoutDeps<S> {
  fetchConfig(): Promise<PaymentConfig>;
  createIntent(amount: number, bookingData: CheckoutBookingData & { agreement?: AgreementSignature }): Promise<IntentAnswer>;
  /** The current rental agreement, null when none is published ([agreement.checkout]); absent: never asked. */
  fetchAgreement?(): Promise<CheckoutAgreement | null>;
  /** Stripe.js for the publishable key; null or a rejection when it cannot load. */
  loadStripe(publishableKey: string): Promise<S | null>;
  saveBooking(bookingData: CheckoutBookingData, paymentIntentId: string): Promise<ConfirmedBooking | undefined>;
  intents: IntentStore;
}

/** The rental agreement the guest must accept before paying ([agreement.checkout]). */
export interface CheckoutAgreement {
  version: number;
  text: string;
}

/** How the checkout page goes on once prepared. */
export type CheckoutDecision<S> =
  /** Leave for `/` (with an outcome for the home page to tell, if any). */
  | { kind: 'leave'; outcome?: CheckoutOutcome; confirmed?: ConfirmedBooking }
  /** "Payment system unavailable": payments off or Stripe.js not loadable. */
  | { kind: 'unavailable' }
  /**
   * Show the rental agreement to accept before the payment starts ([agreement.checkout]);
   * `changed` when the one accepted was replaced meanwhile.
   */
  | { kind: 'agreement'; params: CheckoutParams; agreement: CheckoutAgreement; changed?: boolean }
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
 * Before a new PaymentIntent, a published rental agreement must be accepted ([agreement.checkout]):
 * without `signature` the decision is `agreement` (show it); with one it goes to the server with
 * the booking data, and a 400 naming the agreement (it changed) shows the current one again.
 */
export async function prepareCheckout<S>(search: string, deps: CheckoutDeps<S>, signature?: AgreementSignature): Promise<CheckoutDecision<S>> {
  const params = parseCheckoutParams(search);
  if (!params) return { kind: 'leave' };
  const key = checkoutKey(params);
  const back = parseStripeReturn(search);

  if (back && PAID_REDIRECT_STATUSES.has(back.redirectStatus)) {
    deps.intents.forget();
    try {
      const confirmed = await deps.saveBooking(params.bookingData, back.paymentIntentId);
      return { kind: 'leave', outcome: 'success', ...(confirmed ? { confirmed } : {}) };
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
    if (!signature && deps.fetchAgreement) {
      const agreement = await deps.fetchAgreement();
      if (agreement) return { kind: 'agreement', params, agreement };
    }
    const answer = await deps.createIntent(params.amount, signature ? { ...params.bookingData, agreement: signature } : params.bookingData);
    switch (answer.kind) {
      case 'agreement': {
        const agreement = await deps.fetchAgreement?.();
        return agreement ? { kind: 'agreement', params, agreement, changed: true } : { kind: 'leave', outcome: 'payment' };
      }
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
