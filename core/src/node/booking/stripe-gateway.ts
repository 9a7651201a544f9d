import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import {
  PaymentProviderError,
  type ChargeMoney,
  type ChargeView,
  type DisputeView,
  type PaymentGateway,
  type PaymentIntentView,
  type RefundView,
} from '../../booking/payment-gateway.js';

/**
 * Ridgeline's only door to Stripe (docs/architecture.md "Layers and their boundaries"): a thin, typed wrapper over the Stripe
 * SDK with the API version pinned. `apiBase` points the SDK at another origin (tests use a
 * local stand-in that speaks Stripe's wire format); production leaves it unset.
 */

/** The API version this code was written against (Stripe's docs: API versioning). */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/**
 * How many times the SDK repeats a request after a network error, a timeout, a 409 or a 5xx
 * (stripe-node's `maxNetworkRetries`; it waits about 0.5 s, then 1 s), each time with the same
 * Idempotency-Key, so Stripe answers a repeated POST with the first answer instead of doing it
 * twice. A connection closed on the first try is retried once more even past this number.
 */
export const STRIPE_MAX_NETWORK_RETRIES = 2;

/** Objects read from one list, at most (the SDK's ceiling for `autoPagingToArray`). */
const MAX_LISTED = 10_000;

export type {
  ChargeMoney,
  ChargeView,
  CustomerView,
  DisputeView,
  PaymentGateway,
  PaymentIntentMoney,
  PaymentIntentView,
  RefundView,
  WebhookEvent,
} from '../../booking/payment-gateway.js';
export { PaymentProviderError, paymentOutcomeUnknown } from '../../booking/payment-gateway.js';

type StripeIntent = Stripe.PaymentIntent;

const idOf = (x: string | { id: string } | null | undefined): string | null => (x == null ? null : typeof x === 'string' ? x : x.id);

function view(pi: StripeIntent): PaymentIntentView {
  const pm = pi.payment_method;
  const card = pm && typeof pm === 'object' && pm.card ? { brand: pm.card.brand, last4: pm.card.last4 } : null;
  return {
    id: pi.id,
    status: pi.status,
    amount: pi.amount,
    currency: pi.currency,
    clientSecret: pi.client_secret,
    metadata: { ...(pi.metadata ?? {}) },
    card,
    amountReceived: pi.amount_received ?? 0,
    customerId: idOf(pi.customer),
    paymentMethodId: idOf(pi.payment_method),
    lastPaymentError: pi.last_payment_error
      ? { message: pi.last_payment_error.message ?? null, code: pi.last_payment_error.code ?? null, declineCode: pi.last_payment_error.decline_code ?? null }
      : null,
  };
}

type StripeRefund = Stripe.Refund;


/** Stripe's Unix seconds as ISO 8601. */
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

function refundView(r: StripeRefund): RefundView {
  return {
    id: r.id,
    amountCents: r.amount,
    status: r.status ?? 'pending',
    failureReason: r.failure_reason ?? null,
    paymentIntentId: idOf(r.payment_intent),
    metadata: { ...(r.metadata ?? {}) },
    chargeId: idOf(r.charge),
    created: iso(r.created),
  };
}

/** The charge of a `charge.*` event, with the refunds it lists (when the list is there). */
function chargeView(c: Stripe.Charge): ChargeView {
  return {
    id: c.id,
    paymentIntentId: idOf(c.payment_intent),
    amountCents: c.amount,
    amountRefundedCents: c.amount_refunded,
    refunds: (c.refunds?.data ?? []).map(refundView),
  };
}

/** The dispute of a `charge.dispute.*` event. */
function disputeView(d: Stripe.Dispute): DisputeView {
  return { id: d.id, chargeId: idOf(d.charge), paymentIntentId: idOf(d.payment_intent), amountCents: d.amount, status: d.status, reason: d.reason, created: iso(d.created) };
}

/** A charge with its refunds, for reconciliation. */
function chargeMoney(c: Stripe.Charge, refunds: RefundView[]): ChargeMoney {
  return { id: c.id, amountCents: c.amount, amountCapturedCents: c.amount_captured, captured: c.captured, status: c.status, refunds, created: iso(c.created) };
}

async function wrap<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    // An idempotency error carries no code of its own: name it, so callers can tell it from a refusal.
    // A card error names its PaymentIntent (an off-session decline: [payments.balance]).
    if (err instanceof Stripe.errors.StripeError) {
      throw new PaymentProviderError(err.message, err.statusCode, err.code ?? (err.type === 'StripeIdempotencyError' ? 'idempotency_error' : undefined), idOf(err.payment_intent) ?? undefined);
    }
    throw err;
  }
}

/**
 * Builds the gateway from configuration.
 * @param config.timeoutMs how long one try waits for Stripe's answer before the SDK gives up on it
 *   and retries (default 20 s); tests of a slow Stripe shorten it
 * @param config.maxNetworkRetries the SDK's retries of a lost or refused try (default
 *   STRIPE_MAX_NETWORK_RETRIES); the money model test sets 0, so one lost answer is an unknown
 *   outcome at once instead of 1.5 s of back-off
 */
export function createStripeGateway(config: {
  secretKey: string;
  webhookSecret?: string | undefined;
  apiBase?: string | undefined;
  timeoutMs?: number;
  maxNetworkRetries?: number;
}): PaymentGateway {
  const base = config.apiBase ? new URL(config.apiBase) : undefined;
  const stripe = new Stripe(config.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    // The SDK also retries a 409 (another request with the key is running) and a 5xx.
    maxNetworkRetries: config.maxNetworkRetries ?? STRIPE_MAX_NETWORK_RETRIES,
    timeout: config.timeoutMs ?? 20_000,
    telemetry: false,
    appInfo: { name: 'Ridgeline' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
  return {
    webhooksEnabled: Boolean(config.webhookSecret),
    createPaymentIntent: (input) =>
      wrap(async () =>
        view(
          await stripe.paymentIntents.create(
            {
              amount: input.amountCents,
              currency: 'usd',
              description: input.description,
              metadata: input.metadata,
              automatic_payment_methods: { enabled: true },
              ...(input.receiptEmail ? { receipt_email: input.receiptEmail } : {}),
              ...(input.customerId ? { customer: input.customerId } : {}),
              ...(input.setupFutureUsage ? { setup_future_usage: input.setupFutureUsage } : {}),
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      ),
    createCustomer: (input) =>
      wrap(async () => {
        const c = await stripe.customers.create({ email: input.email, name: input.name, metadata: input.metadata ?? {} }, { idempotencyKey: input.idempotencyKey });
        return { id: c.id, email: c.email ?? null, name: c.name ?? null };
      }),
    // Stripe's docs ("Charge saved payment methods off-session"): off_session + confirm in one call;
    // a decline or a bank asking for authentication answers 402 with the failed intent.
    chargeSavedCard: (input) =>
      wrap(async () =>
        view(
          await stripe.paymentIntents.create(
            {
              amount: input.amountCents,
              currency: 'usd',
              customer: input.customerId,
              payment_method: input.paymentMethodId,
              off_session: true,
              confirm: true,
              description: input.description,
              metadata: input.metadata,
              ...(input.receiptEmail ? { receipt_email: input.receiptEmail } : {}),
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      ),
    retrievePaymentIntent: (id) => wrap(async () => view(await stripe.paymentIntents.retrieve(id, { expand: ['payment_method'] }))),
    // Keyed per call, not per intent: Stripe replays a saved answer for 24 hours, so an intent
    // whose cancel was once refused (processing) could never be cancelled under the same key.
    cancelPaymentIntent: (id) => wrap(async () => view(await stripe.paymentIntents.cancel(id, {}, { idempotencyKey: `ridgeline-cancel-${randomUUID()}` }))),
    // Keyed by the caller's key stored with the refund before the call ([booking.refund]).
    createRefund: (input) =>
      wrap(async () =>
        refundView(
          await stripe.refunds.create(
            { payment_intent: input.paymentIntentId, amount: input.amountCents, metadata: input.metadata },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      ),
    // [deposit.hold]: an authorization only, with the card saved at checkout, confirmed now.
    authorizeHold: (input) =>
      wrap(async () =>
        view(
          await stripe.paymentIntents.create(
            {
              amount: input.amountCents,
              currency: 'usd',
              capture_method: 'manual',
              confirm: true,
              off_session: true,
              payment_method: input.paymentMethodId,
              ...(input.customerId ? { customer: input.customerId } : {}),
              // Confirmed server-side with no return URL: no redirecting payment method may be chosen.
              automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
              description: input.description,
              metadata: input.metadata,
              expand: ['payment_method'],
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      ),
    // [deposit.claim]: a partial capture; Stripe releases what is not captured.
    capturePaymentIntent: (input) =>
      wrap(async () =>
        view(
          await stripe.paymentIntents.capture(
            input.paymentIntentId,
            { amount_to_capture: input.amountToCaptureCents, ...(input.metadata ? { metadata: input.metadata } : {}), expand: ['payment_method'] },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      ),
    listRefunds: (paymentIntentId) => wrap(async () => (await stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 })).data.map(refundView)),
    // [stripe.reconcile]: the intent first (a clean 404 for an unknown id), then its three lists
    // together, each read to its end; Stripe lists newest first, the answer is oldest first.
    readPaymentIntentMoney: (paymentIntentId) =>
      wrap(async () => {
        const intent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['payment_method'] });
        const [charges, refunds, disputes] = await Promise.all([
          stripe.charges.list({ payment_intent: paymentIntentId, limit: 100 }).autoPagingToArray({ limit: MAX_LISTED }),
          stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 }).autoPagingToArray({ limit: MAX_LISTED }),
          stripe.disputes.list({ payment_intent: paymentIntentId, limit: 100 }).autoPagingToArray({ limit: MAX_LISTED }),
        ]);
        const refundViews = refunds.reverse().map(refundView);
        return {
          intent: view(intent),
          captureMethod: intent.capture_method === 'manual' ? 'manual' : 'automatic',
          charges: charges.reverse().map((c) => chargeMoney(c, refundViews.filter((r) => r.chargeId === c.id))),
          disputes: disputes.reverse().map(disputeView),
        };
      }),
    // Stripe's search query language; the ids are numbers, so the quoted value needs no escaping.
    searchPaymentIntents: (query) =>
      wrap(async () => {
        const clause = 'bookingId' in query ? `metadata['bookingId']:'${Math.trunc(query.bookingId)}'` : `metadata['holdId']:'${Math.trunc(query.holdId)}'`;
        const found = await stripe.paymentIntents.search({ query: clause, limit: 100 }).autoPagingToArray({ limit: MAX_LISTED });
        return found.map(view);
      }),
    verifyWebhook(rawBody, signature) {
      if (!config.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
      const event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      const object = event.data.object as { object?: string };
      return {
        id: event.id,
        type: event.type,
        paymentIntent: object.object === 'payment_intent' ? view(object as unknown as StripeIntent) : null,
        charge: object.object === 'charge' ? chargeView(object as unknown as Stripe.Charge) : null,
        dispute: object.object === 'dispute' ? disputeView(object as unknown as Stripe.Dispute) : null,
        refund: object.object === 'refund' ? refundView(object as unknown as StripeRefund) : null,
      };
    },
  };
}
