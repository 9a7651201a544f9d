import { describe, expect, it } from 'vitest';
import { csvCell, csvDecimal, toCsv } from './csv.js';

/** RFC 4180 split on `sep` as a spreadsheet would: separators inside quotes do not split. */
function splitLine(line: string, sep: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i]!;
    if (c === '"') {
      if (quoted && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = !quoted;
    } else if (c === sep && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  return [...cells, cell];
}

describe('CSV (RFC 4180)', () => {
  it('quotes every field, doubling quotes', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell(42)).toBe('"42"');
    expect(csvCell(true)).toBe('"true"');
  });

  it('makes formula-looking text inert, but not numbers', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+1 555')).toBe(`"'+1 555"`);
    expect(csvCell('-2+3')).toBe(`"'-2+3"`);
    expect(csvCell('-5')).toBe(`"'-5"`); // typed by a guest: text, so neutralised like any other
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\t=1')).toBe(`"'\t=1"`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell(-12.5)).toBe('"-12.5"');
    expect(csvCell(csvDecimal(-1250 / 100))).toBe('"-12.50"');
    expect(csvCell(csvDecimal(103))).toBe('"103.00"');
  });

  it('keeps a field with a semicolon and a formula one text cell for spreadsheets that split on ";"', () => {
    const line = toCsv(['First', 'Last'], [['Ann', 'x;=1+1 -2+3']]).split('\r\n')[1]!;
    expect(line).toBe('"Ann","x;=1+1 -2+3"');
    // Split on ";" (a German or French spreadsheet): the semicolon is inside quotes, so no cell
    // starts with "=".
    for (const cell of splitLine(line, ';')) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(splitLine(line, ',')).toEqual(['Ann', 'x;=1+1 -2+3']);
  });

  it('refuses an amount that is not a finite number', () => {
    expect(() => csvDecimal(Number.NaN)).toThrow(RangeError);
    expect(() => csvDecimal(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('joins rows with CRLF and ends with one', () => {
    expect(toCsv(['a', 'b'], [[1, 'x'], [2, 'y,z']])).toBe('"a","b"\r\n"1","x"\r\n"2","y,z"\r\n');
  });
});
