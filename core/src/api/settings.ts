/**
 * Contracts of the owner's settings ([settings.api]), admin only. Browser-safe.
 * - `GET /api/settings` → the whole settings object (money in cents, percentages in basis points).
 * - `PUT /api/settings` takes any subset (`settingsUpdateSchema`) and answers the whole new object.
 */
import { settingsSchema } from '../settings/schema.js';

export { settingsUpdateSchema, type SettingsUpdate } from '../settings/schema.js';

/** `GET /api/settings` and `PUT /api/settings`: the whole settings object. */
export const settingsResponseSchema = settingsSchema;
