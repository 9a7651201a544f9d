import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { PaymentProviderError, type ChargeView, type DisputeView, type PaymentGateway, type PaymentIntentView, type RefundView } from '../../booking/payment-gateway.js';

/**
 * Ridgeline's only door to Stripe (docs/architecture.md "Layers and their boundaries"): a thin, typed wrapper over the Stripe
 * SDK with the API version pinned. `apiBase` points the SDK at another origin (tests use a
 * local stand-in that speaks Stripe's wire format); production leaves it unset.
 */

/** The API version this code was written against (Stripe's docs: API versioning). */
export const STRIPE_API_VERSION = '2026-10-28.endive';

export type { ChargeView, DisputeView, PaymentGateway, PaymentIntentView, RefundView, WebhookEvent } from '../../booking/payment-gateway.js';
export { PaymentProviderError } from '../../booking/payment-gateway.js';

type StripeIntent = Awaited<ReturnType<Stripe['paymentIntents']['retrieve']>>;

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
    lastPaymentError: pi.last_payment_error
      ? { message: pi.last_payment_error.message ?? null, code: pi.last_payment_error.code ?? null, declineCode: pi.last_payment_error.decline_code ?? null }
      : null,
  };
}

type StripeRefund = Stripe.Refund;

const idOf = (x: string | { id: string } | null | undefined): string | null => (x == null ? null : typeof x === 'string' ? x : x.id);

function refundView(r: StripeRefund): RefundView {
  return { id: r.id, amountCents: r.amount, status: r.status ?? 'pending', paymentIntentId: idOf(r.payment_intent), metadata: { ...(r.metadata ?? {}) } };
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
  return { id: d.id, chargeId: idOf(d.charge), paymentIntentId: idOf(d.payment_intent), amountCents: d.amount, status: d.status, reason: d.reason };
}

async function wrap<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    // An idempotency error carries no code of its own: name it, so callers can tell it from a refusal.
    if (err instanceof Stripe.errors.StripeError) throw new PaymentProviderError(err.message, err.statusCode, err.code ?? (err.type === 'StripeIdempotencyError' ? 'idempotency_error' : undefined));
    throw err;
  }
}

/** Builds the gateway from configuration. */
export function createStripeGateway(config: { secretKey: string; webhookSecret?: string | undefined; apiBase?: string | undefined }): PaymentGateway {
  const base = config.apiBase ? new URL(config.apiBase) : undefined;
  const stripe = new Stripe(config.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 20_000,
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
    listRefunds: (paymentIntentId) => wrap(async () => (await stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 })).data.map(refundView)),
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
      };
    },
  };
}
