/**
 * Contracts of the owner's settings ([settings.api]), admin only. Browser-safe.
 * - `GET /api/settings` → the whole settings object (money in cents, percentages in basis points).
 * - `PUT /api/settings` takes any subset (`settingsUpdateSchema`) and answers the whole new object.
 * - `GET /api/listing` (public) → `PublicListing`: the county's numbers and the accessibility facts.
 */
import { z } from 'zod';
import type { PublicListing } from '../settings/compliance.js';
import { settingsSchema } from '../settings/schema.js';

export { settingsUpdateSchema, type SettingsUpdate } from '../settings/schema.js';

/** `GET /api/settings` and `PUT /api/settings`: the whole settings object. */
export const settingsResponseSchema = settingsSchema;

/** `GET /api/listing` (public, [compliance.numbers], [a11y.facts]): '' = not filled in. */
export const publicListingResponseSchema = z.object({
  taxCertificateNumber: z.string(),
  rentalRegistrationNumber: z.string(),
  accessibilityFacts: z.string(),
}) satisfies z.ZodType<PublicListing>;
