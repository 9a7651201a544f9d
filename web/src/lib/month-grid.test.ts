import { describe, expect, it } from 'vitest';
import { gridStart, weekdayHeaders } from './month-grid';

describe('weekdayHeaders', () => {
  it('starts on Sunday and shortens each name to the letters asked for', () => {
    expect(weekdayHeaders(3).map((d) => d.short)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(weekdayHeaders(2)[4]).toEqual({ short: 'Th', long: 'Thursday' });
  });
});

describe('gridStart', () => {
  it('is the 1st when the month begins on a Sunday, else the Sunday before it', () => {
    expect(gridStart('2026-11-20')).toBe('2026-11-01'); // Sunday, November 1, 2026
    expect(gridStart('2027-01-31')).toBe('2026-12-27'); // January 1, 2027 is a Friday
  });
});
