import { describe, expect, it } from 'vitest';
import { formatStayDate } from './format-stay-date';

describe('formatStayDate', () => {
  it('writes the month and year', () => {
    expect(formatStayDate('2026-10-18')).toBe('October 2026');
    expect(formatStayDate('2025-01-01')).toBe('January 2025');
  });

  it('never shifts the month with the time zone (first and last days)', () => {
    expect(formatStayDate('2026-03-01')).toBe('March 2026');
    expect(formatStayDate('2026-12-31')).toBe('December 2026');
    expect(formatStayDate('2026-07-01T00:00:00.000Z')).toBe('July 2026');
  });

  it('returns what it cannot read unchanged', () => {
    expect(formatStayDate('last summer')).toBe('last summer');
    expect(formatStayDate('2026-13-01')).toBe('2026-13-01');
  });
});
