/**
 * Contract of `GET /api/payments/config` ([checkout.config]): Stripe's publishable key, read at
 * run time. Browser-safe.
 */
import { z } from 'zod';

/**
 * `GET /api/payments/config`: `available` only when the server has Stripe and a publishable key;
 * `testMode` while its Stripe secret key is a test key (`sk_test_…`, `rk_test_…`), when the
 * owner's test buttons show ([bookings.test-payment]). Absent from servers before issue 27: read
 * as false.
 */
export const paymentsConfigResponseSchema = z.object({ available: z.boolean(), publishableKey: z.string().nullable(), testMode: z.boolean().optional() });
export type PaymentsConfigResponse = z.infer<typeof paymentsConfigResponseSchema>;
