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
  /** cents captured so far (Stripe's `amount_received`); absent where a fake leaves it out */
  amountReceived?: number;
  /** The Customer (`cus_…`) it was made for, null or absent when none ([payments.saved-card]). */
  customerId?: string | null;
  /** The PaymentMethod (`pm_…`) it was confirmed with, null or absent before ([payments.saved-card]). */
  paymentMethodId?: string | null;
  /**
   * Stripe's `last_payment_error` of a failed attempt: its message (e.g. "Your card was
   * declined.", safe to show), code and decline code; null or absent when none.
   */
  lastPaymentError?: { message: string | null; code: string | null; declineCode: string | null } | null;
}

/** A Stripe Customer, the holder of a card saved for later payments ([payments.saved-card]). */
export interface CustomerView {
  /** `cus_…` */
  id: string;
  email: string | null;
  name: string | null;
}

/** A refund of a PaymentIntent's charge ([booking.refund]). */
export interface RefundView {
  /** `re_…` */
  id: string;
  /** cents */
  amountCents: number;
  /** Stripe's status: pending, requires_action, succeeded, failed or canceled */
  status: string;
  /** Why a `failed` refund failed (Stripe's `failure_reason`: `expired_or_canceled_card`, `lost_or_stolen_card`, `declined`…); absent otherwise */
  failureReason?: string | null;
  paymentIntentId: string | null;
  metadata: Record<string, string>;
  /** The charge (`ch_…`) it gives back from; absent where a fake leaves it out. */
  chargeId?: string | null;
  /** When Stripe made it (ISO 8601, UTC); absent where a fake leaves it out. */
  created?: string;
}

/** A charge as a `charge.*` event carries it ([stripe.refund-webhook]). */
export interface ChargeView {
  /** `ch_…` */
  id: string;
  paymentIntentId: string | null;
  /** cents charged */
  amountCents: number;
  /** cents refunded so far, all refunds together */
  amountRefundedCents: number;
  /** the refunds the event lists (Stripe leaves the list out unless expanded; may be empty) */
  refunds: RefundView[];
}

/** A dispute (chargeback) as a `charge.dispute.*` event carries it ([stripe.dispute]). */
export interface DisputeView {
  /** `dp_…` */
  id: string;
  chargeId: string | null;
  paymentIntentId: string | null;
  /** cents disputed */
  amountCents: number;
  /** Stripe's status: warning_needs_response, needs_response, under_review, won, lost… */
  status: string;
  /** Stripe's reason: fraudulent, product_not_received, … */
  reason: string;
  /** When the cardholder's bank opened it (ISO 8601, UTC); absent where a fake leaves it out. */
  created?: string;
}

/**
 * One charge of a PaymentIntent as Stripe keeps it ([stripe.reconcile]): one per attempt to pay,
 * so a declined card leaves a `failed` charge that took nothing.
 */
export interface ChargeMoney {
  /** `ch_…` */
  id: string;
  /** cents asked (for a manual capture: authorized) */
  amountCents: number;
  /** cents actually taken: the amount once captured, what a partial capture took, 0 when failed or not yet captured */
  amountCapturedCents: number;
  /** false while an authorization waits for its capture, and for a failed charge */
  captured: boolean;
  /** Stripe's status: succeeded, pending or failed */
  status: string;
  /** its refunds, oldest first, every one (Stripe's pages read to the end) */
  refunds: RefundView[];
  /** ISO 8601, UTC */
  created: string;
}

/** Everything Stripe holds about the money of one PaymentIntent ([stripe.reconcile]). */
export interface PaymentIntentMoney {
  intent: PaymentIntentView;
  /** `manual` for an authorization captured later (a damage-deposit hold); Stripe's `automatic_async` reads as `automatic` */
  captureMethod: 'automatic' | 'manual';
  /** its charges, oldest first */
  charges: ChargeMoney[];
  /** the disputes of its charges, oldest first */
  disputes: DisputeView[];
}

export interface WebhookEvent {
  id: string;
  type: string;
  paymentIntent: PaymentIntentView | null;
  /** The charge of `charge.*` events other than disputes; null or absent otherwise. */
  charge?: ChargeView | null;
  /** The dispute of `charge.dispute.*` events; null or absent otherwise. */
  dispute?: DisputeView | null;
  /** The refund of `charge.refund.updated`, `refund.updated` and `refund.failed` events; null or absent otherwise. */
  refund?: RefundView | null;
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
    /** The Customer to save the card to (`cus_…`), with `setupFutureUsage` ([payments.saved-card]). */
    customerId?: string;
    /** `off_session`: Stripe saves the card on the Customer for payments without the guest ([payments.saved-card]). */
    setupFutureUsage?: 'off_session';
  }): Promise<PaymentIntentView>;
  /**
   * Creates a Stripe Customer (`POST /v1/customers`) for the guest's saved card ([payments.saved-card]).
   * @param idempotencyKey derived from the domain action (the hold's random key), so a retry makes one Customer
   */
  createCustomer(input: { email: string; name: string; idempotencyKey: string; metadata?: Record<string, string> }): Promise<CustomerView>;
  /**
   * Charges a saved card without the guest ([payments.balance]): a PaymentIntent created with
   * `customer`, `payment_method`, `off_session: true` and `confirm: true`, in USD cents.
   * @param idempotencyKey one per attempt, from a random id stored with the attempt series
   * @returns the intent, normally `succeeded` (or `processing`)
   * @throws PaymentProviderError with Stripe's `code` — `card_declined`, `authentication_required`
   *   (the bank wants the guest present: 3-D Secure), `expired_card`… — status 402 and
   *   `paymentIntentId` of the failed intent (Stripe's docs: "Charge saved payment methods off-session")
   */
  chargeSavedCard(input: {
    amountCents: number;
    customerId: string;
    paymentMethodId: string;
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
   * Refunds `amountCents` of a PaymentIntent's charge ([booking.refund]).
   * @param idempotencyKey a random key stored with the refund before the call: the same key
   *   answers the same refund, so a retry after a timeout never refunds twice
   * @throws PaymentProviderError with Stripe's message, e.g. code `charge_already_refunded` or
   *   `amount_too_large` (400) when more than what is left is asked, `charge_disputed` (400) when
   *   the charge was charged back (a dispute open or lost); an unknown outcome
   *   (`paymentOutcomeUnknown`) is settled by `listRefunds` or the same key again
   */
  createRefund(input: { paymentIntentId: string; amountCents: number; idempotencyKey: string; metadata: Record<string, string> }): Promise<RefundView>;
  /**
   * Places a hold on a saved card ([deposit.hold]): a PaymentIntent with `capture_method:
   * manual`, `off_session` and `confirm` with the saved payment method (and its Customer), so
   * the card is authorized at once and the intent stands at `requires_capture`.
   * @param idempotencyKey a random key stored with the hold before the call
   * @throws PaymentProviderError: a declined card is Stripe's 402 `card_declined` (its message,
   *   e.g. "Your card was declined."); a card needing the guest (3-D Secure) is 402
   *   `authentication_required`
   */
  authorizeHold(input: {
    amountCents: number;
    customerId: string | null;
    paymentMethodId: string;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<PaymentIntentView>;
  /**
   * Captures `amountToCaptureCents` of an authorized (`requires_capture`) PaymentIntent
   * ([deposit.claim]); Stripe releases the rest. Answers the intent, `succeeded`, with `amountReceived`.
   * @throws PaymentProviderError: 400 `amount_too_large` above the authorization,
   *   `payment_intent_unexpected_state` when it is not `requires_capture`
   */
  capturePaymentIntent(input: { paymentIntentId: string; amountToCaptureCents: number; idempotencyKey: string; metadata?: Record<string, string> }): Promise<PaymentIntentView>;
  /** The refunds of a PaymentIntent, newest first (at most 100). */
  listRefunds(paymentIntentId: string): Promise<RefundView[]>;
  /**
   * Reads what Stripe holds about a PaymentIntent's money ([stripe.reconcile]): the intent
   * (GET /v1/payment_intents/:id), then all its charges (GET /v1/charges?payment_intent=…), its
   * refunds (GET /v1/refunds?payment_intent=…, each put under its charge) and its disputes
   * (GET /v1/disputes?payment_intent=…), every list read page by page to its end (Stripe's API
   * reference: "Pagination"). Amounts in cents, times ISO 8601. Strongly consistent: it sees a
   * refund or dispute the moment Stripe made it.
   * @throws PaymentProviderError: 404 `resource_missing` for an unknown intent; without a status
   *   code when Stripe could not be reached (see `paymentOutcomeUnknown`)
   */
  readPaymentIntentMoney(paymentIntentId: string): Promise<PaymentIntentMoney>;
  /**
   * Finds the PaymentIntents made for a booking (metadata `bookingId`) or a checkout hold
   * (metadata `holdId`, before the booking exists) with Stripe's Search API
   * (GET /v1/payment_intents/search?query=metadata['bookingId']:'12'), every page read, newest
   * first ([stripe.reconcile]). This finds an intent whose creation answer was never stored.
   * Stripe's docs ("Search"): the index lags up to a minute (longer in an outage), so an intent
   * made just now may be missing: not for read-after-write, only for a later reconciliation.
   * @throws PaymentProviderError as `readPaymentIntentMoney`
   */
  searchPaymentIntents(query: { bookingId: number } | { holdId: number }): Promise<PaymentIntentView[]>;
  /**
   * Verifies a webhook's `Stripe-Signature` over the raw body and parses the event.
   * @throws when the signature is missing, wrong or too old
   */
  verifyWebhook(rawBody: Uint8Array, signature: string): WebhookEvent;
  /** True when a webhook secret is configured. */
  readonly webhooksEnabled: boolean;
}

/**
 * True when an error from the gateway leaves Stripe's outcome unknown: the request may or may not
 * have been done ([stripe.unknown-outcome]). That is a network error or timeout after the SDK's
 * retries (no status code), a 409 `idempotency_key_in_use` (another request with the same
 * Idempotency-Key is still running at Stripe) or a 5xx (Stripe's docs "Error handling": the
 * request may have been done). The caller keeps the action pending and settles it by reading
 * the object back (`retrievePaymentIntent`, `readPaymentIntentMoney`, `listRefunds`) or by
 * repeating it with the same Idempotency-Key, never by assuming it failed.
 */
export function paymentOutcomeUnknown(err: unknown): boolean {
  if (!(err instanceof PaymentProviderError)) return false;
  return err.statusCode === undefined || err.statusCode === 409 || err.statusCode >= 500;
}

/** An error from Stripe's API, with the message Stripe gives (safe to show the guest). */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly statusCode: number | undefined,
    readonly code: string | undefined,
    /** The PaymentIntent Stripe names in a card error (`error.payment_intent`), e.g. an off-session decline. */
    readonly paymentIntentId?: string,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
