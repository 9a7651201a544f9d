/**
 * Contract of `GET /api/payments/config` ([checkout.config]): Stripe's publishable key, read at
 * run time. Browser-safe.
 */
import { z } from 'zod';

/** `GET /api/payments/config`: `available` only when the server has Stripe and a publishable key. */
export const paymentsConfigResponseSchema = z.object({ available: z.boolean(), publishableKey: z.string().nullable() });
export type PaymentsConfigResponse = z.infer<typeof paymentsConfigResponseSchema>;
