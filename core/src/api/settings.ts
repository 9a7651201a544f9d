/**
 * Contracts of the owner's settings ([settings.api]), admin only. Browser-safe.
 * - `GET /api/settings` → the whole settings object (money in cents, percentages in basis points).
 * - `PUT /api/settings` takes any subset (`settingsUpdateSchema`) and answers the whole new object.
 * - `GET /api/listing` (public) → `PublicListing`: the listing, the county's numbers, the
 *   accessibility facts, how many it sleeps and the check-in and check-out times ([listing.api]).
 * - `PUT /api/listing` (admin) takes any subset of the listing (`listingUpdateSchema`, plus
 *   `accessibilityFacts`, kept with the settings) and answers the whole `PublicListing`.
 */
import { z } from 'zod';
import { listingSchema, listingUpdateSchema } from '../listing/listing-schema.js';
import type { PublicListing } from '../listing/listing.js';
import { settingsSchema, settingsUpdateSchema as settingsFields } from '../settings/schema.js';
import { GO_LIVE_KEYS } from '../settings/go-live.js';

export { settingsUpdateSchema, type SettingsUpdate } from '../settings/schema.js';

/** `GET /api/settings` and `PUT /api/settings`: the whole settings object. */
export const settingsResponseSchema = settingsSchema;

/** `GET /api/listing` (public) and `PUT /api/listing`'s answer ([listing.public]): '' = not filled in. */
export const publicListingResponseSchema = listingSchema.extend({
  taxCertificateNumber: z.string(),
  rentalRegistrationNumber: z.string(),
  accessibilityFacts: z.string(),
  sleeps: z.number().int(),
  checkInTime: z.string(),
  checkOutTime: z.string(),
}) satisfies z.ZodType<PublicListing, unknown>;

/**
 * Body of `PUT /api/listing` ([listing.api]): any subset of the listing's fields, and the
 * accessibility facts ([a11y.facts]), which the Listing section edits and the settings keep.
 * Unknown fields are refused (400 naming the field).
 */
export const listingPutSchema = listingUpdateSchema.extend({ accessibilityFacts: settingsFields.shape.accessibilityFacts }).strict();
export type ListingPut = z.output<typeof listingPutSchema>;

/**
 * `GET /api/go-live` (admin) → the go-live checklist ([setup.go-live]): every item in order,
 * `done`, or `message` (what is left) and `fix` (a dashboard tab with the link's text, or a
 * how-to for the server's configuration).
 */
export const goLiveResponseSchema = z.object({
  items: z.array(
    z.object({
      key: z.enum(GO_LIVE_KEYS),
      label: z.string(),
      done: z.boolean(),
      message: z.string().optional(),
      fix: z
        .union([
          z.object({
            tab: z.enum(['images', 'reviews', 'settings']),
            section: z.enum(['listing', 'taxes', 'owner-email', 'agreement', 'compliance']).optional(),
            action: z.string(),
          }),
          z.object({ howTo: z.string() }),
        ])
        .optional(),
    }),
  ),
});
export type GoLiveResponse = z.output<typeof goLiveResponseSchema>;
