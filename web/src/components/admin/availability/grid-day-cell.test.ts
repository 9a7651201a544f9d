import { describe, expect, it } from 'vitest';
import { dayCellName } from './grid-day-cell';

describe('dayCellName ([availability.grid])', () => {
  it('names the weekday, the effective price with its source, the status, and past days', () => {
    expect(dayCellName('2026-12-04', 395, 'weekend', 'Available', false)).toBe('Friday, December 4, 2026, $395 weekend rate, Available');
    expect(dayCellName('2026-12-06', 325, 'base', 'Not Set', false)).toBe('Sunday, December 6, 2026, $325 base rate, Not Set');
    expect(dayCellName('2026-11-02', 410, 'own', 'Blocked', true)).toBe('Monday, November 2, 2026, $410 own price, Blocked, past');
  });
});
