import { taxReport, type TaxReport } from '@ridgeline/core';
import { getOwnerSettings, listBookingInquiries, listImportedReservations, listTaxFilings } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';

/**
 * The tax report of `year` ([reports.tax], [reports.tax-returns]) with the returns marked filed and
 * the authorities of the owner's tax lines: the route's answer and the reminders' figures.
 */
export function taxReportOf(deps: Pick<AppDeps, 'db'>, year: number): TaxReport {
  const imported = listImportedReservations(deps.db, `${year}-01-01`, `${year + 1}-01-01`);
  return taxReport(listBookingInquiries(deps.db), imported, year, {
    filings: listTaxFilings(deps.db, year),
    taxLines: getOwnerSettings(deps.db).taxes,
  });
}
