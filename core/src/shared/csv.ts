/**
 * CSV writing per RFC 4180, safe to open in a spreadsheet. Browser-safe (the SPA builds the
 * exports: [reports.csv]).
 *
 * Defences (OWASP "CSV Injection", [reports.csv-safety]):
 * - every field is quoted, so a separator inside a field (`,` or the `;` that many locales'
 *   spreadsheets split on) can never start a new cell there: `x;=1+1` stays one text cell;
 * - every text field that starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets a
 *   leading apostrophe, so the spreadsheet shows it as text instead of evaluating it.
 * Numbers we generate (`number` values and `csvDecimal` amounts) are written as they are: a
 * spreadsheet reads `-12.50` as a number, never a formula, and neutralising it would turn a
 * refund into text that no SUM adds up.
 */

/** A number written by us (e.g. an amount in dollars with two decimals), never neutralised. */
export interface CsvDecimal {
  readonly decimal: string;
}

export type CsvCell = string | number | boolean | null | undefined | CsvDecimal;

/** Characters that make a spreadsheet treat a text cell as a formula (OWASP "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A plain decimal numeral: what `csvDecimal` accepts. */
const DECIMAL = /^-?\d+(?:\.\d+)?$/;

/**
 * `value` (finite) with `fractionDigits` decimals, as a number cell that is written unneutralised.
 * @throws RangeError for NaN or ±Infinity (not a number a spreadsheet could read)
 */
export function csvDecimal(value: number, fractionDigits = 2): CsvDecimal {
  const decimal = value.toFixed(fractionDigits);
  if (!Number.isFinite(value) || !DECIMAL.test(decimal)) throw new RangeError(`not a finite decimal: ${value}`);
  return { decimal };
}

/**
 * One field, always quoted with inner quotes doubled (RFC 4180 §2.5–2.7); text that starts like a
 * formula gets a leading apostrophe. `null`/`undefined` is an empty field (`""`).
 */
export function csvCell(value: CsvCell): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (typeof value === 'object') text = value.decimal;
  else if (typeof value === 'string') text = FORMULA_START.test(value) ? `'${value}` : value;
  else text = String(value);
  return `"${text.replace(/"/g, '""')}"`;
}

/** A whole document: header row, then rows, CRLF line breaks (RFC 4180 §2.1), ending in CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
