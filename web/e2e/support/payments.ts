import { test as base, startServer, type RunningServer } from '../fixtures';
import { startStripeStandIn, type StripeStandIn } from '../../server/test-support/stripe-stand-in';
import { routeStripe } from './stripe-js-stand-in';

/** The publishable key the e2e payments server hands the browser. */
export const E2E_PUBLISHABLE_KEY = 'pk_test_standin';
export const E2E_WEBHOOK_SECRET = 'whsec_e2e_standin';

export interface PaymentsServer {
  server: RunningServer;
  /** The Stripe API stand-in the server (and, through `routeStripe`, the page) talks to. */
  stripe: StripeStandIn;
}

/**
 * The real built server with card payments on, against the local Stripe API stand-in: secret
 * and publishable keys, a webhook secret, STRIPE_API_BASE; the stand-in delivers signed webhooks
 * back to the server, as Stripe would.
 */
export async function startPaymentsServer(env: Record<string, string> = {}): Promise<PaymentsServer & { stop: () => Promise<void> }> {
  const stripe = await startStripeStandIn();
  const server = await startServer({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: E2E_PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
    ...env,
  });
  stripe.setWebhook({ url: `${server.url}/api/stripe/webhook`, secret: E2E_WEBHOOK_SECRET });
  return {
    server,
    stripe,
    stop: async () => {
      await server.stop();
      await stripe.close();
    },
  };
}

/**
 * Tests against a payments server of their worker: `baseURL` points at it and every page loads
 * the Stripe.js stand-in (see `routeStripe`).
 */
export const test = base.extend<object, { payments: PaymentsServer }>({
  payments: [
    async ({}, use) => {
      const running = await startPaymentsServer();
      await use(running);
      await running.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ payments }, use) => {
    await use(payments.server.url);
  },
  page: async ({ page, payments }, use) => {
    await routeStripe(page, payments.stripe);
    await use(page);
  },
});

export { expect } from '../fixtures';
