/**
 * CSV writing per RFC 4180, safe to open in a spreadsheet. Browser-safe (the SPA builds the
 * exports: SPEC §7 "CSV exports are generated in the browser").
 */

export type CsvCell = string | number | boolean | null | undefined;

/** Characters that make a spreadsheet treat a text cell as a formula (OWASP "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: text that starts like a formula gets a leading apostrophe so it stays text; a cell
 * with a comma, quote, CR or LF is quoted with quotes doubled (RFC 4180 §2.6–2.7). Numbers are
 * written as they are (a negative amount is a number, not a formula).
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole document: header row, then rows, CRLF line breaks (RFC 4180 §2.1), ending in CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
