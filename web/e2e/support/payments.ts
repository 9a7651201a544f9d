import { expect, type Page } from '@playwright/test';
import { test as base, startServer, type RunningServer } from '../fixtures';
import type { CreatePaymentIntentResponse } from '@ridgeline/core';
import type { GuestInput, Quote } from './booking';
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
 * A payments server of the calling spec (or `describe` block) alone, for tests whose settings
 * must not reach the other specs (a published rental agreement…): started before its first test,
 * stopped after its last. Read it through the answer's `current` inside the tests.
 */
export function paymentsServerOfSpec(): { readonly current: PaymentsServer } {
  let running: (PaymentsServer & { stop: () => Promise<void> }) | undefined;
  base.beforeAll(async () => {
    running = await startPaymentsServer();
  });
  base.afterAll(async () => {
    await running?.stop();
  });
  return {
    get current() {
      if (!running) throw new Error('the spec\'s payments server is not started yet');
      return running;
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

/**
 * A guest pays a stay by card through the server's API, as the checkout page does
 * ([checkout.flow]): the server's quote, `POST /api/create-payment-intent` for its total
 * (answered 200), the card confirmed at the Stripe stand-in, whose webhook then books it. Answers
 * the quote and the checkout's answer (its `paymentIntentId`; `balanceCents` with a deposit).
 * @param origin the server's URL when the page's baseURL is another server's
 */
export async function payStayByCard(
  page: Page,
  stripe: StripeStandIn,
  stay: { checkin: string; checkout: string; guests: number },
  guest: GuestInput,
  origin = '',
) {
  const { checkin, checkout, guests } = stay;
  const quote = (await (await page.request.get(`${origin}/api/quote?checkin=${checkin}&checkout=${checkout}&guests=${guests}`)).json()) as Quote;
  const intent = await page.request.post(`${origin}/api/create-payment-intent`, {
    data: { amount: quote.totalCents / 100, bookingData: { ...stay, phone: '', message: '', specialRequests: '', ...guest } },
  });
  expect(intent.status()).toBe(200);
  const started = (await intent.json()) as CreatePaymentIntentResponse;
  await stripe.confirm(started.paymentIntentId, 'pm_card_visa');
  return { quote, ...started };
}

export { expect } from '../fixtures';
