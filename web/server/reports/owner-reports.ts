import { PROPERTY, monthlyPayouts, ownerStatementHtml, reportsSummary, taxReport, todayIn, yearMetrics, type ReportsSummary } from '@ridgeline/core';
import { ledgerSummary, listBookingInquiries, listImportedReservations } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { readMetricStays } from './metric-stays.js';

/**
 * The owner's insights of `year` and the year before ([insights.occupancy], [insights.adr],
 * [insights.revpar], [insights.revenue], [insights.length-lead], [insights.channels]), read from
 * the stays list (paid and owner-made bookings, active calendar sources, owner blocks).
 */
export function yearSummary(deps: Pick<AppDeps, 'db'>, year: number): ReportsSummary {
  const stays = readMetricStays(deps.db, `${year - 1}-01-01`, `${year + 1}-01-01`);
  return reportsSummary(stays, year);
}

/**
 * The printable yearly owner statement of `year` as HTML ([insights.statement]): revenue,
 * occupancy and payouts by month (each booking's ledger `payoutCents`, [money.payout]), lodging
 * taxes collected, dated today in the property's zone by the app's clock.
 */
export function ownerStatement(deps: Pick<AppDeps, 'db' | 'now'>, year: number): string {
  const bookings = listBookingInquiries(deps.db);
  const imported = listImportedReservations(deps.db, `${year}-01-01`, `${year + 1}-01-01`);
  return ownerStatementHtml({
    year,
    metrics: yearMetrics(readMetricStays(deps.db, `${year}-01-01`, `${year + 1}-01-01`), year),
    tax: taxReport(bookings, imported, year),
    payouts: monthlyPayouts(bookings, year, (b) => ledgerSummary(deps.db, b.id).payoutCents),
    today: todayIn(PROPERTY.timeZone, deps.now?.() ?? new Date()),
  });
}
