import { Router } from 'express';
import {
  availabilityDateParamsSchema,
  availabilityQuerySchema,
  availabilityRangeRequestSchema,
  bulkPriceRequestSchema,
  daySettingSchema,
  type AvailabilityResponse,
  type BulkPriceResponse,
  type DaySavedResponse,
  type RangeSavedResponse,
  daysBetween,
} from '@ridgeline/core';
import { requireSession } from '../http/sessions.js';
import type { AppDeps } from '../deps.js';
import { parseOr400 } from '../http/validate.js';
import { availabilityBetween, saveDay, saveRange, setBulkPrice } from './availability.js';

/**
 * The owner's availability calendar ([availability.update], [availability.bulk]), all admin;
 * contracts in `core/src/api/availability.ts`:
 * - `GET /api/availability?startDate=YYYY-MM-DD&endDate=YYYY-MM-DD` → `{ availability:
 *   [{date, price (dollars, effective), isAvailable, isBlocked, priceSource}], rates: [{date, price,
 *   priceSource}] }`: the days that are set, and every night's effective price ([availability.own-price]).
 * - `PUT /api/availability` `{from, to, price?, isAvailable?, isBlocked?, resetPrice?, notSet?}` (`to`
 *   inclusive, at most 366 days) → `{ success, from, to, days, availability }`: one change to the
 *   whole range in one transaction ([availability.range]); 400 naming the field, nothing changed.
 * - `PUT /api/availability/{date}` `{price, isAvailable, isBlocked}` → `{ success, day }`; the price
 *   becomes the night's own only when it differs from its default rate ([availability.own-price]).
 * - `POST /api/availability/bulk` `{price}` → `{ success, startDate, endDate, days }`: the next
 *   30 days from today in the property's zone, available and not blocked, in one transaction.
 */
export function availabilityRoutes(deps: AppDeps): Router {
  const admin = requireSession(deps, 'admin');
  const router = Router();
  router.get('/api/availability', admin, (req, res) => {
    const { startDate, endDate } = parseOr400(availabilityQuerySchema, req.query, 'query');
    res.set('Cache-Control', 'no-store').json(availabilityBetween(deps, startDate, endDate) satisfies AvailabilityResponse);
  });
  router.put('/api/availability', admin, (req, res) => {
    const change = parseOr400(availabilityRangeRequestSchema, req.body);
    const availability = saveRange(deps, change);
    res.json({ success: true, from: change.from, to: change.to, days: daysBetween(change.from, change.to) + 1, availability } satisfies RangeSavedResponse);
  });
  router.put('/api/availability/:date', admin, (req, res) => {
    const { date } = parseOr400(availabilityDateParamsSchema, req.params, 'date');
    const day = saveDay(deps, date, parseOr400(daySettingSchema, req.body));
    res.json({ success: true, day } satisfies DaySavedResponse);
  });
  router.post('/api/availability/bulk', admin, (req, res) => {
    const body = parseOr400(bulkPriceRequestSchema, req.body);
    const { startDate, endDate, days } = setBulkPrice(deps, body.price);
    res.json({ success: true, startDate, endDate, days } satisfies BulkPriceResponse);
  });
  return router;
}
