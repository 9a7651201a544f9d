import { taxReport, type TaxFiledResponse, type TaxFiling, type TaxReport } from '@ridgeline/core';
import { getOwnerSettings, listBookingInquiries, listImportedReservations, listTaxFilings, markTaxFiled } from '@ridgeline/core/node';
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

/**
 * Marks `filing.month`'s return with `filing.authority` filed on `filing.filedOn` (again: the new
 * date), as of the app's clock ([reports.tax-returns]); that month's returns marked filed.
 */
export function markReturnFiled(deps: Pick<AppDeps, 'db' | 'now'>, filing: TaxFiling): TaxFiledResponse['filed'] {
  markTaxFiled(deps.db, filing, deps.now?.() ?? new Date());
  return listTaxFilings(deps.db, Number(filing.month.slice(0, 4)))
    .filter((f) => f.month === filing.month)
    .map(({ authority, filedOn }) => ({ authority, filedOn }));
}
