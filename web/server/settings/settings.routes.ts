import { Router } from 'express';
import { settingsUpdateSchema, type PublicListing, type Settings } from '@ridgeline/core';
import { requireSession } from '../http/sessions.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validate.js';
import { listing, ownerSettings, saveOwnerSettings } from './owner-settings.js';

/**
 * The owner's prices and rules ([settings.api]), admin only:
 * - `GET /api/settings` → the whole settings object ([settings.fields]: cents, basis points,
 *   `YYYY-MM-DD`), the defaults before the first save.
 * - `PUT /api/settings` with any subset of the fields → the whole new object; 400
 *   `{ error: "field: message", field }` naming the first bad field (also for cross-field checks,
 *   e.g. `seasons.0.end`), nothing saved. Audit-logged as "settings saved" (`auditOwnerChanges`).
 * - `GET /api/listing` (public) → `{ taxCertificateNumber, rentalRegistrationNumber,
 *   accessibilityFacts }` ([compliance.numbers], [a11y.facts]), '' for what is not filled in;
 *   the server-rendered home page embeds the same.
 * Quotes made afterwards use the new settings; booked stays keep their quote ([settings.snapshot]).
 * A save re-renders the public pages ([pages.cache]).
 */
export function settingsRoutes(deps: AppDeps): Router {
  const admin = requireSession(deps, 'admin');
  const router = Router();
  router.get('/api/settings', admin, (_req, res) => {
    res.set('Cache-Control', 'no-store').json(ownerSettings(deps) satisfies Settings);
  });
  router.get('/api/listing', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(listing(deps) satisfies PublicListing);
  });
  router.put('/api/settings', admin, (req, res) => {
    const update = parseOr400(settingsUpdateSchema, req.body);
    const result = saveOwnerSettings(deps, update);
    if (!result.ok) throw new HttpError(400, `${result.field}: ${result.message}`, { field: result.field });
    deps.onPublicContentChanged?.();
    res.set('Cache-Control', 'no-store').json(result.settings satisfies Settings);
  });
  return router;
}
