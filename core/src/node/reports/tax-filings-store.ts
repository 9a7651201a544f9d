import type { TaxFiling } from '../../reports/tax-report.js';
import type { Db } from '../platform/database.js';

/**
 * The returns marked filed ([reports.tax-returns]) of the months of `year`, by month then
 * authority. Table `tax_filings` (migration 0024).
 */
export function listTaxFilings(db: Db, year: number): TaxFiling[] {
  const rows = db.prepare("SELECT month, authority, filed_on FROM tax_filings WHERE month LIKE ? || '-%' ORDER BY month, authority").all(String(year)) as { month: string; authority: string; filed_on: string }[];
  return rows.map((r) => ({ month: r.month, authority: r.authority, filedOn: r.filed_on }));
}

/**
 * Marks `month`'s return with `authority` filed on `filedOn` ([reports.tax-returns]); marking it
 * again replaces the date. Idempotent.
 * @param at when the owner marked it
 */
export function markTaxFiled(db: Db, filing: TaxFiling, at: Date): void {
  db.prepare(
    `INSERT INTO tax_filings (month, authority, filed_on, recorded_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (month, authority) DO UPDATE SET filed_on = excluded.filed_on, recorded_at = excluded.recorded_at`,
  ).run(filing.month, filing.authority, filing.filedOn, at.toISOString());
}
