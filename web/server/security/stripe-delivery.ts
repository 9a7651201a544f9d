import express, { type RequestHandler, type Response } from 'express';
import type { AppDeps } from '../deps.js';

/** Where Stripe delivers events (stripe-webhook.routes.ts). */
export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/** The largest event body read, as the webhook route reads it. */
const WEBHOOK_BODY_LIMIT = '1mb';

const VERIFIED = 'stripeSignatureVerified';

/**
 * Marks a `POST /api/stripe/webhook` whose `Stripe-Signature` verifies against
 * STRIPE_WEBHOOK_SECRET (Stripe's docs "Verify webhook signatures"), using the same verifier as the
 * webhook route (`deps.payments.verifyWebhook`), so the `/api` rate limit can let Stripe's
 * deliveries through while an unsigned or forged flood from one IP still counts and gets 429
 * ([checkout.webhook], [security.rate-limit]). Mount before the rate limiter, for that route
 * only. It reads the raw body (the route's own raw parser then finds it read and uses `req.body`
 * as is) and never answers: the route still verifies and answers 400 or 503 itself.
 */
export function markVerifiedStripeDelivery(deps: AppDeps): RequestHandler[] {
  return [
    express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }),
    (req, res, next) => {
      const signature = req.get('stripe-signature');
      if (deps.payments?.webhooksEnabled && signature && Buffer.isBuffer(req.body)) {
        try {
          deps.payments.verifyWebhook(req.body, signature);
          res.locals[VERIFIED] = true;
        } catch {
          // Not verified: counted by the limiter like any other request; the route answers 400.
        }
      }
      next();
    },
  ];
}

/** Whether `markVerifiedStripeDelivery` verified this request's Stripe signature. */
export function isVerifiedStripeDelivery(res: Response): boolean {
  return res.locals[VERIFIED] === true;
}
