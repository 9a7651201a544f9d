/**
 * The payment provider port of the booking domain (docs/architecture.md "Book"): what the
 * checkout needs from Stripe, as plain types. Browser-safe: the one implementation,
 * `createStripeGateway` in `core/src/node/booking/stripe-gateway.ts`, wraps the Stripe SDK; tests pass
 * fakes or point it at the Stripe stand-in.
 */

export interface PaymentIntentView {
  id: string;
  /** Stripe's status: requires_payment_method, processing, succeeded, canceled… */
  status: string;
  /** cents */
  amount: number;
  currency: string;
  clientSecret: string | null;
  metadata: Record<string, string>;
  card: { brand: string; last4: string } | null;
  /**
   * Stripe's `last_payment_error` of a failed attempt: its message (e.g. "Your card was
   * declined.", safe to show), code and decline code; null or absent when none.
   */
  lastPaymentError?: { message: string | null; code: string | null; declineCode: string | null } | null;
}

export interface WebhookEvent {
  id: string;
  type: string;
  paymentIntent: PaymentIntentView | null;
}

export interface PaymentGateway {
  /**
   * Creates a card PaymentIntent in USD.
   * @param idempotencyKey the same key returns the same intent (Stripe's idempotent requests)
   */
  createPaymentIntent(input: {
    amountCents: number;
    description: string;
    metadata: Record<string, string>;
    receiptEmail?: string;
    idempotencyKey: string;
  }): Promise<PaymentIntentView>;
  /** Reads a PaymentIntent with its payment method's card brand and last4. */
  retrievePaymentIntent(id: string): Promise<PaymentIntentView>;
  /**
   * Cancels a PaymentIntent so it can no longer be paid, and answers it (status `canceled`).
   * Sent with its own random Idempotency-Key, so the SDK's network retries cancel once.
   * @throws PaymentProviderError, code `payment_intent_unexpected_state`, when Stripe refuses
   *   because the intent already succeeded or was cancelled (Stripe's docs: "Cancel a
   *   PaymentIntent" lists the cancellable statuses)
   */
  cancelPaymentIntent(id: string): Promise<PaymentIntentView>;
  /**
   * Verifies a webhook's `Stripe-Signature` over the raw body and parses the event.
   * @throws when the signature is missing, wrong or too old
   */
  verifyWebhook(rawBody: Uint8Array, signature: string): WebhookEvent;
  /** True when a webhook secret is configured. */
  readonly webhooksEnabled: boolean;
}

/** An error from Stripe's API, with the message Stripe gives (safe to show the guest). */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly statusCode: number | undefined,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
