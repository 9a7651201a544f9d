import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import { paymentsConfigResponseSchema, type PaymentsConfigResponse } from '@ridgeline/core';
import { apiFetch } from './api-client';

/**
 * Stripe.js for the checkout ([checkout.config]: loaded with `loadStripe` from
 * `@stripe/stripe-js`, the publishable key read from the server at run time, never built in).
 * The `pure` entry injects `https://js.stripe.com/…/stripe.js` only when `getStripe` is first
 * called, so pages that take no payment (and a checkout whose payments are off) never load it.
 */

/** `GET /api/payments/config`. */
export type PaymentConfig = PaymentsConfigResponse;

/** The server's payment configuration; `available: false` when it cannot be read. */
export async function fetchPaymentConfig(): Promise<PaymentConfig> {
  try {
    const res = await apiFetch('/api/payments/config', { credentials: 'include' });
    if (!res.ok) return { available: false, publishableKey: null };
    // An answer off the contract is read as "payments off", like an unreadable one.
    const parsed = paymentsConfigResponseSchema.safeParse(await res.json());
    if (!parsed.success) return { available: false, publishableKey: null };
    const publishableKey = parsed.data.publishableKey || null;
    return { available: parsed.data.available && publishableKey !== null, publishableKey };
  } catch {
    return { available: false, publishableKey: null };
  }
}

let loaded: { key: string; stripe: Promise<Stripe | null> } | undefined;

/**
 * The Stripe object for a publishable key, loading Stripe.js once. Rejects when the script
 * cannot load (blocked, offline); a later call tries again.
 */
export function getStripe(publishableKey: string): Promise<Stripe | null> {
  if (loaded?.key === publishableKey) return loaded.stripe;
  const stripe = loadStripe(publishableKey).catch((err: unknown) => {
    loaded = undefined;
    throw err;
  });
  loaded = { key: publishableKey, stripe };
  return stripe;
}
