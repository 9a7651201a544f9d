/**
 * Contracts of a balance paid on the guest's page ([payments.balance]), public (the page's random
 * token is the guest's key) and of the owner's Overview card of unpaid balances. Browser-safe.
 */
import { z } from 'zod';

/** The path of `POST /api/stay/:token/balance-intent` and `…/balance-confirm` is the guest page's (`guestTokenParamsSchema`). */

/** `POST /api/stay/:token/balance-intent`: the PaymentIntent of the balance to confirm with Stripe.js; cents. */
export const balanceIntentResponseSchema = z.object({ clientSecret: z.string(), paymentIntentId: z.string(), amountCents: z.number() });
export type BalanceIntentResponse = z.infer<typeof balanceIntentResponseSchema>;

/** Body of `POST /api/stay/:token/balance-confirm`: the PaymentIntent the page confirmed. */
export const balanceConfirmRequestSchema = z.object({ paymentIntentId: z.string().regex(/^pi_[A-Za-z0-9_]+$/, 'must be a PaymentIntent id') });

/** `POST /api/stay/:token/balance-confirm`: where the balance stands after (paid once Stripe says so). */
export const balanceConfirmResponseSchema = z.object({
  status: z.enum(['scheduled', 'failed', 'paid', 'cancelled']),
  amountCents: z.number(),
  amountPaidCents: z.number(),
});
export type BalanceConfirmResponse = z.infer<typeof balanceConfirmResponseSchema>;

/** `GET /api/bookings/unpaid-balances` (admin): bookings checked in (or checking in today) with their balance unpaid. */
export const unpaidBalancesResponseSchema = z.object({
  bookings: z.array(
    z.object({
      id: z.number(),
      guestName: z.string(),
      checkin: z.string(),
      checkout: z.string(),
      balanceCents: z.number(),
      lastError: z.string().nullable(),
    }),
  ),
});
export type UnpaidBalancesResponse = z.infer<typeof unpaidBalancesResponseSchema>;
