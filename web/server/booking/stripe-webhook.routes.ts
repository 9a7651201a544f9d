import express, { Router } from 'express';
import type { Checkout, WebhookEvent } from '@ridgeline/core';
import type { AppDeps } from '../deps.js';
import { LATE_PAYMENT_REFUNDS_JOB } from '../jobs/job-names.js';
import type { SecurityState } from '../security/security-state.js';

/**
 * `POST /api/stripe/webhook` (Stripe's docs "Receive events in your webhook endpoint"): the raw
 * body's `Stripe-Signature` is verified with STRIPE_WEBHOOK_SECRET (400 when it fails), each event
 * id is handled once by the checkout service (`handlePaymentEvent`, core/src/booking/checkout/checkout.ts), and:
 * - `payment_intent.succeeded` confirms the booking from its hold (a guest who closed the tab
 *   right after paying still gets a confirmed booking);
 * - `payment_intent.canceled` releases the hold. `payment_intent.payment_failed` does not: the
 *   attempt failed but the PaymentIntent is still open (Stripe's docs: it returns to
 *   `requires_payment_method`), and the guest is still on the checkout page and may try another
 *   card. Freeing the nights then would let a second guest buy them before the first guest's
 *   retry succeeds, a double booking. The hold expires by itself (HOLD_TTL_SECONDS).
 * - `charge.refunded` keeps the booking's refunds in step with Stripe, refunds made in Stripe's
 *   dashboard included, without cancelling the stay ([stripe.refund-webhook]);
 * - `charge.dispute.created` flags the booking, puts it on its timeline and tells the owner
 *   ([stripe.dispute]).
 * A handler failure answers 500 so Stripe retries; other event types answer 200 and are ignored.
 * Mount before the JSON body parser.
 */
export function stripeWebhookRoutes(deps: AppDeps, { checkout: checkoutService }: { checkout: Checkout }, security?: SecurityState): Router {
  const router = Router();
  router.post('/api/stripe/webhook', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    if (!deps.payments?.webhooksEnabled) {
      res.status(503).json({ error: 'Stripe webhooks are not configured on this server' });
      return;
    }
    const signature = req.get('stripe-signature');
    let event: WebhookEvent;
    try {
      if (!signature || !Buffer.isBuffer(req.body)) throw new Error('missing signature or body');
      event = deps.payments.verifyWebhook(req.body, signature);
    } catch {
      deps.logger.warn('webhook signature refused', { path: req.path });
      security?.log(req, 'webhook_signature_failed', 'refused 400');
      res.status(400).json({ error: 'Invalid Stripe signature' });
      return;
    }
    const outcome = await checkoutService.handlePaymentEvent(event);
    // Money that arrived on a cancelled booking goes back at once ([money.late-payment]).
    if (outcome === 'handled' && event.type === 'payment_intent.succeeded') deps.jobs?.trigger(LATE_PAYMENT_REFUNDS_JOB);
    if (outcome === 'duplicate') res.json({ received: true, duplicate: true });
    else if (outcome === 'handled') res.json({ received: true });
    else res.status(500).json({ error: 'Webhook handling failed; Stripe will retry' });
  });
  return router;
}
