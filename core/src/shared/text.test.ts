import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decimalToNumber, digitsToNumber, plainText, plainTextProblem } from './text.js';

describe('plainTextProblem', () => {
  it.each([
    ['Ann-Marie O’Neil', false],
    ['<script>alert(1)</script>', false],
    ["'; DROP TABLE reviews; --", false],
    ['🏔️👨‍👩‍👧‍👦 family trip', false],
    ['שלום عربي 中文', false],
    ['two\nlines\r\nand\ta tab', true],
  ])('keeps %j', (value, multiline) => {
    expect(plainTextProblem(value, multiline)).toBeUndefined();
  });

  it.each([
    ['a\ud800b', 'contains an invalid character'],
    ['a\udfffb', 'contains an invalid character'],
    ['\udc00\ud800', 'contains an invalid character'],
    ['a\u0000b', 'must not contain control characters'],
    ['ring\u0007', 'must not contain control characters'],
    ['\u001b[31mred', 'must not contain control characters'],
    ['del\u007f', 'must not contain control characters'],
    ['c1\u0085', 'must not contain control characters'],
    ['invoice\u202Egpj.exe', 'must not contain text-direction control characters'],
    ['a\u2066b\u2069', 'must not contain text-direction control characters'],
  ])('refuses %j: %s', (value, message) => {
    expect(plainTextProblem(value, true)).toBe(message);
    expect(plainTextProblem(value, false)).toBe(message);
  });

  it('refuses line breaks and tabs in a single-line field only', () => {
    for (const value of ['a\nb', 'a\rb', 'a\tb', 'a\u2028b']) {
      expect(plainTextProblem(value, false)).toBe('must be a single line');
      expect(plainTextProblem(value, true)).toBeUndefined();
    }
  });

  it('plainText keeps the schema a string schema and checks after trimming', () => {
    const name = plainText(z.string().trim().max(10));
    expect(name.safeParse('  Ann \n').data).toBe('Ann');
    expect(name.safeParse('A\nB').error?.issues[0]?.message).toBe('must be a single line');
    expect(plainText(z.string(), true).safeParse('A\nB').success).toBe(true);
  });
});

describe('digitsToNumber and decimalToNumber', () => {
  it('turn digits into numbers and leave everything else for the schema to refuse', () => {
    expect(digitsToNumber('4')).toBe(4);
    expect(digitsToNumber(' 12 ')).toBe(12);
    expect(digitsToNumber(4)).toBe(4);
    for (const value of [true, [4], '0x4', '4e0', '', ' ', '4.0', '-1', null, '1'.repeat(16)]) expect(digitsToNumber(value)).toBe(value);
    expect(decimalToNumber('1166.99')).toBe(1166.99);
    expect(decimalToNumber('300')).toBe(300);
    for (const value of [true, [300], '0x12', '1e3', 'Infinity', '', '1.', '.5']) expect(decimalToNumber(value)).toBe(value);
  });
});
