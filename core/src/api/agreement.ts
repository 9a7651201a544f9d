/**
 * Contracts of the rental agreement ([agreement.publish], [agreement.record]). Browser-safe.
 * - `GET /api/rental-agreement` (public) → the current version `{ version, text, publishedAt }`,
 *   or `{ version: null, text: '', publishedAt: null }` when none is published.
 * - `GET /api/rental-agreement/:version` (public) → that version exactly as published; 404
 *   `{ error }` for an unknown one, 400 `{ error, field: 'version' }` for a malformed one.
 * - `GET /api/rental-agreements` (admin) → `{ versions: [{ version, text, publishedAt }] }`, newest first.
 * Publishing is `PUT /api/settings` with `rentalAgreement` (see core/src/settings/schema.ts).
 */
import { z } from 'zod';
import { MAX_SIGNED_NAME_CHARS, type AgreementAcceptance, type RentalAgreement } from '../booking/agreement.js';

/** A published version. */
export const rentalAgreementSchema = z.object({ version: z.number().int().positive(), text: z.string(), publishedAt: z.string() }) satisfies z.ZodType<RentalAgreement>;

/** `GET /api/rental-agreement`: the current version, or nulls and '' when none is published. */
export const currentRentalAgreementResponseSchema = z.union([
  rentalAgreementSchema,
  z.object({ version: z.null(), text: z.literal(''), publishedAt: z.null() }),
]);
export type CurrentRentalAgreementResponse = z.infer<typeof currentRentalAgreementResponseSchema>;

/** Path of `GET /api/rental-agreement/:version`. */
export const rentalAgreementParamsSchema = z.object({
  version: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'must be a version number')
    .transform(Number),
});

/** `GET /api/rental-agreement/:version`. */
export const rentalAgreementResponseSchema = rentalAgreementSchema;
export type RentalAgreementResponse = z.infer<typeof rentalAgreementResponseSchema>;

/** `GET /api/rental-agreements` (admin): every version, newest first. */
export const rentalAgreementsResponseSchema = z.object({ versions: z.array(rentalAgreementSchema) });
export type RentalAgreementsResponse = z.infer<typeof rentalAgreementsResponseSchema>;

/** What a booking keeps of the accepted agreement ([agreement.record]), as the owner reads it. */
export const agreementAcceptanceSchema = z.object({
  version: z.number().int().positive(),
  signedName: z.string().max(MAX_SIGNED_NAME_CHARS),
  signedAt: z.string(),
  ipAddress: z.string(),
  userAgent: z.string(),
}) satisfies z.ZodType<AgreementAcceptance>;
