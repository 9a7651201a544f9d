import { Router } from 'express';
import {
  PROPERTY,
  reportsSummaryQuerySchema,
  taxFiledRequestSchema,
  taxReportQuerySchema,
  todayIn,
  type ReportsSummary,
  type TaxFiledResponse,
  type TaxReport,
} from '@ridgeline/core';
import { requireSession } from '../http/sessions.js';
import type { AppDeps } from '../deps.js';
import { parseOr400 } from '../http/validate.js';
import { ownerStatement, yearSummary } from './owner-reports.js';
import { markReturnFiled, taxReportOf } from './tax-report-data.js';

/**
 * The owner's reports computed on the server from the stored bookings and imported stays, admin only:
 * - `GET /api/reports/tax?year=YYYY` → `TaxReport` (core `tax-report.ts`, [reports.tax]): per
 *   check-in month of paid direct bookings the nights, taxable subtotal, one amount per booked
 *   tax line (cents), total tax and the due date (`YYYY-MM-DD`, the 20th of the next month); the
 *   year's stays (for the tax CSV) and the Airbnb/VRBO/Booking.com reservations per month and
 *   platform, "collected by the platform". `year` defaults to this year in the property's zone;
 *   400 `{ error, field: "year" }` when it is not a four-digit year from 2000 to 2100.
 * - `GET /api/reports/summary?year=YYYY` → `ReportsSummary` (core `metrics.ts`, [insights.occupancy],
 *   [insights.adr], [insights.revpar], [insights.revenue], [insights.length-lead],
 *   [insights.channels]): the twelve months of the year (nights available, booked and sold,
 *   occupancy in basis points, ADR, RevPAR, revenue in cents split into accommodation, fees and
 *   taxes, bookings), totals, channel mix, lead-time and length-of-stay distributions, and last
 *   year's months and totals. Read from the stays list (paid and owner-made bookings, active
 *   calendar sources, owner blocks). `year` as for the tax report; 400 names `year`.
 * - `GET /api/reports/statement?year=YYYY` → `text/html`: the printable yearly owner statement
 *   ([insights.statement]): revenue, occupancy and payouts by month (each booking's ledger
 *   `payoutCents`, [money.payout]), lodging taxes collected. `year` as above; 400 names `year`.
 * - `PUT /api/reports/tax/filed` with `{ month: "YYYY-MM", authority, filedOn: "YYYY-MM-DD" }`
 *   ([reports.tax-returns]) marks that month's return with that authority filed (again: the new
 *   date) → `{ month, filed: [{ authority, filedOn }] }`; 400 `{ error, field }` names a bad field.
 * Money received (revenue, "total paid", payouts) is read from the ledger ([reports.collected]);
 * taxes, subtotals and the booked value from each booking's quote snapshot, never today's
 * settings ([reports.booked-value], [settings.snapshot]).
 */
export function reportRoutes(deps: AppDeps): Router {
  const admin = requireSession(deps, 'admin');
  const router = Router();
  /** The year asked for, else this year in the property's zone. */
  const yearOf = (year: number | undefined) =>
    year ?? Number(todayIn(PROPERTY.timeZone, deps.now?.() ?? new Date()).slice(0, 4));
  router.get('/api/reports/tax', admin, (req, res) => {
    const year = yearOf(parseOr400(taxReportQuerySchema, req.query, 'query').year);
    res.set('Cache-Control', 'no-store').json(taxReportOf(deps, year) satisfies TaxReport);
  });
  router.put('/api/reports/tax/filed', admin, (req, res) => {
    const filing = parseOr400(taxFiledRequestSchema, req.body ?? {});
    const filed = markReturnFiled(deps, filing);
    res.json({ month: filing.month, filed } satisfies TaxFiledResponse);
  });
  router.get('/api/reports/summary', admin, (req, res) => {
    const year = yearOf(parseOr400(reportsSummaryQuerySchema, req.query, 'query').year);
    res.set('Cache-Control', 'no-store').json(yearSummary(deps, year) satisfies ReportsSummary);
  });
  router.get('/api/reports/statement', admin, (req, res) => {
    const year = yearOf(parseOr400(reportsSummaryQuerySchema, req.query, 'query').year);
    const html = ownerStatement(deps, year);
    res.set('Cache-Control', 'no-store').type('html').send(html);
  });
  return router;
}
