import { Router } from 'express';
import { PROPERTY, taxReport, taxReportQuerySchema, todayIn, type TaxReport } from '@ridgeline/core';
import { listBookingInquiries, listImportedReservations } from '@ridgeline/core/node';
import { requireSession } from '../auth/sessions.js';
import type { AppDeps } from '../deps.js';
import { parseOr400 } from '../http/validate.js';

/**
 * The owner's reports computed on the server from the stored bookings and imported stays, admin only:
 * - `GET /api/reports/tax?year=YYYY` → `TaxReport` (core `tax-report.ts`, [reports.tax]): per
 *   check-in month of paid direct bookings the nights, taxable subtotal, one amount per booked
 *   tax line (cents), total tax and the due date (`YYYY-MM-DD`, the 20th of the next month); the
 *   year's stays (for the tax CSV) and the Airbnb/VRBO/Booking.com reservations per month and
 *   platform, "collected by the platform". `year` defaults to this year in the property's zone;
 *   400 `{ error, field: "year" }` when it is not a four-digit year from 2000 to 2100.
 * Read from each booking's quote snapshot, never today's settings ([settings.snapshot]).
 */
export function reportRoutes(deps: AppDeps): Router {
  const admin = requireSession(deps, 'admin');
  const router = Router();
  router.get('/api/reports/tax', admin, (req, res) => {
    const query = parseOr400(taxReportQuerySchema, req.query, 'query');
    const year = query.year ?? Number(todayIn(PROPERTY.timeZone, deps.now?.() ?? new Date()).slice(0, 4));
    const imported = listImportedReservations(deps.db, `${year}-01-01`, `${year + 1}-01-01`);
    res.set('Cache-Control', 'no-store').json(taxReport(listBookingInquiries(deps.db), imported, year) satisfies TaxReport);
  });
  return router;
}
