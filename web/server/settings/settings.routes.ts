import { Router } from 'express';
import { listingPutSchema, settingsUpdateSchema, type GoLiveResponse, type PublicListing, type Settings } from '@ridgeline/core';
import { requireSession } from '../http/sessions.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validate.js';
import { listing, ownerSettings, saveListing, saveOwnerSettings } from './owner-settings.js';
import { goLiveItems } from './go-live.js';

/**
 * The owner's prices and rules ([settings.api]), admin only:
 * - `GET /api/settings` → the whole settings object ([settings.fields]: cents, basis points,
 *   `YYYY-MM-DD`), the defaults before the first save.
 * - `PUT /api/settings` with any subset of the fields → the whole new object; 400
 *   `{ error: "field: message", field }` naming the first bad field (also for cross-field checks,
 *   e.g. `seasons.0.end`), nothing saved. Audit-logged as "settings saved" (`auditOwnerChanges`).
 * - `GET /api/listing` (public) → `PublicListing` ([listing.public]): the listing (name,
 *   headline, description, bedrooms with beds, bathrooms, amenities, house rules, location text,
 *   languages, contact, social links, listing URL), the county's numbers ([compliance.numbers]),
 *   the accessibility facts ([a11y.facts]), `sleeps`, `checkInTime`, `checkOutTime`; '' for what
 *   is not filled in. The server-rendered home page embeds the same.
 * - `PUT /api/listing` (admin) with any subset of the listing's fields (and `accessibilityFacts`)
 *   → the whole `PublicListing`; 400 `{ error, field }` naming the first bad field (e.g.
 *   `bedrooms.0.beds.0.type`), nothing saved. Audit-logged as "listing saved".
 * Quotes made afterwards use the new settings; booked stays keep their quote ([settings.snapshot]).
 * A save re-renders the public pages ([pages.cache]).
 * - `GET /api/go-live` (admin) → `{ items: GoLiveItem[] }` ([setup.go-live]): each key of
 *   GO_LIVE_KEYS in order, `done`, or `message` (what is left) and `fix` (`{ tab, section?,
 *   action }` or `{ howTo }` for the server's configuration).
 */
export function settingsRoutes(deps: AppDeps): Router {
  const admin = requireSession(deps, 'admin');
  const router = Router();
  router.get('/api/settings', admin, (_req, res) => {
    res.set('Cache-Control', 'no-store').json(ownerSettings(deps) satisfies Settings);
  });
  router.get('/api/go-live', admin, (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ items: goLiveItems(deps) } satisfies GoLiveResponse);
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
  router.put('/api/listing', admin, (req, res) => {
    const update = parseOr400(listingPutSchema, req.body);
    const result = saveListing(deps, update);
    if (!result.ok) throw new HttpError(400, `${result.field}: ${result.message}`, { field: result.field });
    deps.onPublicContentChanged?.();
    res.set('Cache-Control', 'no-store').json(result.listing satisfies PublicListing);
  });
  return router;
}
