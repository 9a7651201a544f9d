import { Router } from 'express';
import type { PaymentsConfigResponse } from '@ridgeline/core';
import type { AppDeps } from '../deps.js';

/** Stripe's test keys: secret `sk_test_…` and restricted `rk_test_…` (Stripe's docs: API keys). */
const TEST_SECRET_KEY = /^(sk|rk)_test_/;

/**
 * `GET /api/payments/config` → `{ available: boolean, publishableKey: string | null, testMode: boolean }`: the
 * checkout reads Stripe's publishable key at run time (never baked into the build; [checkout.config]);
 * `testMode` is true while Stripe is set up with a test secret key, and only then does the
 * Bookings tab offer its test buttons ([bookings.test-payment]).
 */
export function paymentConfigRoutes({ payments, config }: AppDeps): Router {
  const router = Router();
  router.get('/api/payments/config', (_req, res) => {
    const publishableKey = config.stripe.publishableKey ?? null;
    const testMode = Boolean(payments) && TEST_SECRET_KEY.test(config.stripe.secretKey ?? '');
    res.set('Cache-Control', 'no-store').json({ available: Boolean(payments && publishableKey), publishableKey: payments ? publishableKey : null, testMode } satisfies PaymentsConfigResponse);
  });
  return router;
}
