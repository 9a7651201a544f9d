/**
 * Contracts of the damage deposit's endpoints ([deposit.release], [deposit.claim]). Browser-safe.
 */
import { z } from 'zod';
import { DAMAGE_DEPOSIT_STATES } from '../booking/payments/damage-deposit.js';

/** A booking's damage deposit as the owner and the guest see it (`DamageDepositView`); cents, dates `YYYY-MM-DD`. */
export const damageDepositViewSchema = z.object({
  state: z.enum(DAMAGE_DEPOSIT_STATES),
  amountCents: z.number().int().nullable(),
  placeFrom: z.string().nullable(),
  releaseOn: z.string().nullable(),
  claimedCents: z.number().int().nullable(),
  claimReason: z.string(),
  failureMessage: z.string().nullable(),
});
export type DamageDepositViewResponse = z.infer<typeof damageDepositViewSchema>;

/** `GET /api/bookings/{id}/damage-deposit` and the claim's answer: `{ deposit }`. */
export const damageDepositResponseSchema = z.object({ deposit: damageDepositViewSchema });
export type DamageDepositResponse = z.infer<typeof damageDepositResponseSchema>;

/**
 * `POST /api/bookings/{id}/damage-deposit/claim` ([deposit.claim]): the cents to capture (at
 * least 1; at most the hold, checked against it by the server) and the reason told to the guest.
 */
export const claimDamageDepositRequestSchema = z
  .object({
    amountCents: z
      .number({ message: 'must be an amount in cents' })
      .int('must be a whole number of cents')
      .min(1, 'must be at least 1 cent')
      .max(10_000_000, 'must be at most 10000000 cents'),
    reason: z.string({ message: 'must be text' }).trim().min(1, 'is required').max(500, 'must be at most 500 characters'),
  })
  .strict();
export type ClaimDamageDepositRequest = z.infer<typeof claimDamageDepositRequestSchema>;
