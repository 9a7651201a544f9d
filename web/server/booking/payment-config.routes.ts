import { Router } from 'express';
import type { PaymentsConfigResponse } from '@ridgeline/core';
import type { AppDeps } from '../deps.js';

/**
 * `GET /api/payments/config` → `{ available: boolean, publishableKey: string | null }`: the
 * checkout reads Stripe's publishable key at run time (never baked into the build; [checkout.config]).
 */
export function paymentConfigRoutes({ payments, config }: AppDeps): Router {
  const router = Router();
  router.get('/api/payments/config', (_req, res) => {
    const publishableKey = config.stripe.publishableKey ?? null;
    res.set('Cache-Control', 'no-store').json({ available: Boolean(payments && publishableKey), publishableKey: payments ? publishableKey : null } satisfies PaymentsConfigResponse);
  });
  return router;
}
