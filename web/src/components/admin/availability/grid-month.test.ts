import { describe, expect, it } from 'vitest';
import {
  GRID_CELL_COUNT,
  availabilityRange,
  availabilityUrl,
  isAvailabilityQueryKey,
  longDate,
  monthGrid,
  monthTitle,
  weekday,
} from './grid-month';

describe('monthGrid', () => {
  it('gives 42 consecutive days starting on the Sunday on or before the 1st', () => {
    const cells = monthGrid('2026-11-15');
    expect(cells).toHaveLength(GRID_CELL_COUNT);
    // November 1, 2026 is a Sunday: it opens the grid.
    expect(cells[0]).toEqual({ date: '2026-11-01', inMonth: true });
    expect(cells[29]).toEqual({ date: '2026-11-30', inMonth: true });
    expect(cells[30]).toEqual({ date: '2026-12-01', inMonth: false });
    expect(cells[41]?.date).toBe('2026-12-12');
    expect(cells.every((c) => weekday(c.date) === cells.indexOf(c) % 7)).toBe(true);
  });

  it('puts the previous month in the first row when the 1st is mid-week', () => {
    // January 1, 2027 is a Friday.
    const cells = monthGrid('2027-01-01');
    expect(cells.slice(0, 5).map((c) => [c.date, c.inMonth])).toEqual([
      ['2026-12-27', false],
      ['2026-12-28', false],
      ['2026-12-29', false],
      ['2026-12-30', false],
      ['2026-12-31', false],
    ]);
    expect(cells[5]).toEqual({ date: '2027-01-01', inMonth: true });
    expect(cells.filter((c) => c.inMonth)).toHaveLength(31);
  });

  it('handles a leap February across a daylight-saving change', () => {
    const cells = monthGrid('2028-02-10');
    expect(
      cells
        .filter((c) => c.inMonth)
        .map((c) => c.date)
        .at(-1),
    ).toBe('2028-02-29');
    // US daylight saving starts on March 12, 2028: no day is lost or doubled around it.
    const march = monthGrid('2028-03-01').map((c) => c.date);
    expect(new Set(march).size).toBe(GRID_CELL_COUNT);
    expect(march.slice(13, 16)).toEqual(['2028-03-11', '2028-03-12', '2028-03-13']);
  });
});

describe('availabilityRange', () => {
  it('spans the month before to the month after the viewed month ([availability.grid])', () => {
    expect(availabilityRange('2026-11-21')).toEqual({ startDate: '2026-10-01', endDate: '2026-12-31' });
    expect(availabilityRange('2027-01-01')).toEqual({ startDate: '2026-12-01', endDate: '2027-02-28' });
    expect(availabilityUrl('2028-03-05')).toBe('/api/availability?startDate=2028-02-01&endDate=2028-04-30');
  });
});

describe('isAvailabilityQueryKey', () => {
  it('matches the availability reads only', () => {
    expect(isAvailabilityQueryKey([availabilityUrl('2026-11-01')])).toBe(true);
    expect(isAvailabilityQueryKey(['/api/availability/public?startDate=2026-11-01&endDate=2026-11-30'])).toBe(true);
    expect(isAvailabilityQueryKey(['/api/reviews'])).toBe(false);
    expect(isAvailabilityQueryKey(['/api/availabilityx'])).toBe(false);
    expect(isAvailabilityQueryKey([42])).toBe(false);
  });
});

describe('labels', () => {
  it('writes month titles and long dates in English without a time-zone shift', () => {
    expect(monthTitle('2026-11-30')).toBe('November 2026');
    expect(longDate('2026-11-01')).toBe('November 1, 2026');
    expect(longDate('2026-12-31')).toBe('December 31, 2026');
  });
});
