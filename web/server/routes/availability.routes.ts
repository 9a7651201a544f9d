import { Router } from 'express';
import { z } from 'zod';
import { BULK_PRICE_DAYS, PROPERTY, addDays, bulkPriceSchema, daySettingSchema, daysBetween, isIsoDate, todayIn } from '@ridgeline/core';
import { listAvailability, setAvailability, setPriceForDays } from '@ridgeline/core/node';
import { requireSession } from '../auth/sessions.js';
import type { AppDeps } from '../deps.js';
import { parseOr400 } from '../http/validate.js';

const isoDate = z.string({ message: 'is required' }).refine(isIsoDate, 'must be a date written YYYY-MM-DD');

/** Longest range one read may ask for, in days (the calendar asks for about three months). */
export const MAX_AVAILABILITY_SPAN_DAYS = 400;

// Zod runs object refinements even when a field failed, so the span checks guard their input.
const span = (q: { startDate: string; endDate: string }) =>
  isIsoDate(q.startDate) && isIsoDate(q.endDate) ? daysBetween(q.startDate, q.endDate) : 0;
const rangeQuery = z
  .object({ startDate: isoDate, endDate: isoDate })
  .refine((q) => span(q) >= 0, { message: 'must not be before startDate', path: ['endDate'] })
  .refine((q) => span(q) <= MAX_AVAILABILITY_SPAN_DAYS, {
    message: `must be at most ${MAX_AVAILABILITY_SPAN_DAYS} days after startDate`,
    path: ['endDate'],
  });

/**
 * The owner's availability calendar ([availability.update], [availability.bulk]), all admin;
 * bodies are parsed with the schemas the admin forms use (core/src/availability-schemas.ts):
 * - `GET /api/availability?startDate=YYYY-MM-DD&endDate=YYYY-MM-DD` → `{ availability:
 *   [{date, price (dollars), isAvailable, isBlocked}] }` for the days that are set.
 * - `PUT /api/availability/{date}` `{price, isAvailable, isBlocked}` → `{ success, day }`.
 * - `POST /api/availability/bulk` `{price}` → `{ success, startDate, endDate, days }`: the next
 *   30 days from today in the property's zone, available and not blocked, in one transaction.
 */
export function availabilityRoutes(deps: AppDeps): Router {
  const { db } = deps;
  const admin = requireSession(deps, 'admin');
  const router = Router();
  router.get('/api/availability', admin, (req, res) => {
    const { startDate, endDate } = parseOr400(rangeQuery, req.query, 'query');
    res.set('Cache-Control', 'no-store').json({ availability: listAvailability(db, startDate, endDate) });
  });
  router.put('/api/availability/:date', admin, (req, res) => {
    const { date } = parseOr400(z.object({ date: isoDate }), req.params, 'date');
    const day = setAvailability(db, date, parseOr400(daySettingSchema, req.body), deps.now?.());
    res.json({ success: true, day });
  });
  router.post('/api/availability/bulk', admin, (req, res) => {
    const body = parseOr400(bulkPriceSchema, req.body);
    const now = deps.now?.() ?? new Date();
    const startDate = todayIn(PROPERTY.timeZone, now);
    const dates = setPriceForDays(db, startDate, BULK_PRICE_DAYS, body.price, now);
    res.json({ success: true, startDate, endDate: addDays(startDate, BULK_PRICE_DAYS - 1), days: dates.length });
  });
  return router;
}
