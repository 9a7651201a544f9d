import type { PaymentLinkView } from '@ridgeline/core';
import type { CheckoutOutcome } from '@/components/booking-widget/checkout-outcome';
import type { PaymentConfig } from '@/lib/stripe-loader';
import { parseStripeReturn } from './checkout-params';
import type { CheckoutIntent } from './stored-intent';

/** What `GET /api/payment-link/{token}` answered: the stay, or why it cannot be paid. */
export type LinkAnswer = { kind: 'found'; view: PaymentLinkView } | { kind: 'invalid' } | { kind: 'paid' } | { kind: 'cancelled' } | { kind: 'failed' };

/** What `POST /api/payment-link/{token}/confirm` answered ([money.late-payment]: `cancelled` when the booking was). */
export interface LinkConfirmAnswer {
  paid: boolean;
  cancelled?: boolean | undefined;
}

/** What the checkout of a payment link needs from the outside world (the real ones, or fakes in tests). */
export interface LinkCheckoutDeps<S> {
  fetchLink(token: string): Promise<LinkAnswer>;
  fetchConfig(): Promise<PaymentConfig>;
  /** `POST /api/payment-link/{token}/payment-intent`; undefined when payments are off (503). */
  createIntent(token: string): Promise<CheckoutIntent | undefined>;
  loadStripe(publishableKey: string): Promise<S | null>;
  /** `POST /api/payment-link/{token}/confirm`; throws when the server refuses. */
  confirm(token: string, paymentIntentId: string): Promise<LinkConfirmAnswer>;
}

/** How the payment link's checkout goes on. */
export type LinkCheckoutDecision<S> =
  | { kind: 'leave'; outcome: CheckoutOutcome }
  /** The link cannot be paid: a message card says why. */
  | { kind: 'message'; title: string; text: string }
  | { kind: 'unavailable' }
  | { kind: 'ready'; view: PaymentLinkView; stripe: S; intent: CheckoutIntent; retry?: boolean };

const MESSAGES = {
  invalid: { title: 'This payment link is not valid', text: 'Please check the link in your e-mail, or contact us for a new one.' },
  paid: { title: 'This booking is already paid', text: 'Nothing is left to pay. Thank you!' },
  cancelled: { title: 'This booking was cancelled', text: 'Nothing can be paid on a cancelled booking. Contact us if this is unexpected.' },
  failed: { title: 'This payment link could not be opened', text: 'Please try again in a moment.' },
  /** Paid, but the booking had been cancelled ([money.late-payment]). */
  refunding: {
    title: 'This booking was cancelled',
    text: 'Your payment reached us after the booking was cancelled, so it is being refunded in full to your card. The refund shows on your statement within 5–10 business days; nothing else is needed from you.',
  },
  /** Pay refused: the booking's cancel withdrew its payment ([money.cancel-open-payments]). */
  refused: { title: 'This booking was cancelled', text: 'Nothing was charged: a cancelled booking cannot be paid. Contact us if this is unexpected.' },
} as const;

/**
 * Where the page goes once the server answered the confirm of a paid link: home with the
 * checkout's success toast, or, for a booking cancelled meanwhile, a card saying the payment is
 * refunded in full ([money.late-payment]) — never "confirmed".
 */
export function afterLinkConfirm(answer: LinkConfirmAnswer): { kind: 'leave'; outcome: CheckoutOutcome } | { kind: 'message'; title: string; text: string } {
  return answer.cancelled ? { kind: 'message', ...MESSAGES.refunding } : { kind: 'leave', outcome: 'success' };
}

/**
 * After Stripe refused a payment: when the link now says its booking is cancelled (the cancel
 * cancelled the PaymentIntent, [money.cancel-open-payments]), a card saying nothing was charged;
 * otherwise undefined (the form stays for another try).
 */
export function afterLinkPaymentFailed(link: LinkAnswer): { kind: 'message'; title: string; text: string } | undefined {
  return link.kind === 'cancelled' ? { kind: 'message', ...MESSAGES.refused } : undefined;
}

const PAID_REDIRECT_STATUSES = new Set(['succeeded', 'processing']);

/**
 * The start of `/checkout?link={token}` ([bookings.payment-link]): the link's stay and amount due
 * (a message card when the link is unknown, paid or cancelled); back from a redirect-based
 * payment that paid → confirm and leave with `success` (a card saying it is refunded when the
 * booking was cancelled, [money.late-payment]); payments off → unavailable; then the
 * PaymentIntent the server makes (or reuses) for the amount due, and Stripe.js.
 */
export async function prepareLinkCheckout<S>(token: string, search: string, deps: LinkCheckoutDeps<S>): Promise<LinkCheckoutDecision<S>> {
  const back = parseStripeReturn(search);
  if (back && PAID_REDIRECT_STATUSES.has(back.redirectStatus)) {
    try {
      return afterLinkConfirm(await deps.confirm(token, back.paymentIntentId));
    } catch {
      return { kind: 'leave', outcome: 'booking' };
    }
  }
  const link = await deps.fetchLink(token);
  if (link.kind !== 'found') return { kind: 'message', ...MESSAGES[link.kind] };
  const config = await deps.fetchConfig();
  if (!config.available || !config.publishableKey) return { kind: 'unavailable' };
  const stripe = deps.loadStripe(config.publishableKey).catch(() => null);
  let intent: CheckoutIntent | undefined;
  try {
    intent = await deps.createIntent(token);
  } catch {
    return { kind: 'message', ...MESSAGES.failed };
  }
  if (!intent) return { kind: 'unavailable' };
  const loaded = await stripe;
  if (!loaded) return { kind: 'unavailable' };
  return { kind: 'ready', view: link.view, stripe: loaded, intent, ...(back ? { retry: true } : {}) };
}
