import { describe, expect, it } from 'vitest';
import { addCalendarMonths, addDays, addMonths, datesInRange, daysBetween, endOfMonth, instantAt, isIsoDate, localMomentIn, startOfMonth, todayIn } from './dates.js';

describe('dates', () => {
  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-2-1')).toBe(false);
    expect(isIsoDate('2026-02-01T00:00:00Z')).toBe(false);
  });

  it('adds days and counts them across DST and years', () => {
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2026-11-01', '2026-11-02')).toBe(1);
    expect(datesInRange('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(() => addDays('nope', 1)).toThrow(RangeError);
  });

  it("takes today's date in the property's zone, not the machine's", () => {
    // 03:30 UTC on Nov 21 is still Nov 20 in New York and already Nov 21 in Tokyo.
    const instant = new Date('2026-11-21T03:30:00Z');
    expect(todayIn('America/New_York', instant)).toBe('2026-11-20');
    expect(todayIn('Asia/Tokyo', instant)).toBe('2026-11-21');
  });

  it("takes the date and 24-hour time of day in the property's zone, summer and winter", () => {
    expect(localMomentIn('America/New_York', new Date('2026-11-21T03:30:00Z'))).toEqual({ date: '2026-11-20', time: '22:30' });
    expect(localMomentIn('America/New_York', new Date('2026-12-10T05:00:00Z'))).toEqual({ date: '2026-12-10', time: '00:00' });
    expect(localMomentIn('America/New_York', new Date('2026-07-01T20:05:00Z'))).toEqual({ date: '2026-07-01', time: '16:05' });
  });

  it('finds month bounds', () => {
    expect(startOfMonth('2026-11-21')).toBe('2026-11-01');
    expect(endOfMonth('2026-02-10')).toBe('2026-02-28');
    expect(endOfMonth('2028-02-10')).toBe('2028-02-29');
    expect(addMonths('2026-11-21', -1)).toBe('2026-10-01');
    expect(addMonths('2026-12-05', 1)).toBe('2027-01-01');
    expect(addCalendarMonths('2026-11-21', -13)).toBe('2025-10-21');
    expect(addCalendarMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addCalendarMonths('2028-03-31', -1)).toBe('2028-02-29');
    expect(addCalendarMonths('2026-12-31', 2)).toBe('2027-02-28');
  });
});

describe('datesInRange over month, year and leap-day boundaries', () => {
  it('lists the same dates as adding one day at a time', () => {
    for (const [start, days] of [
      ['2023-12-25', 800],
      ['2099-12-30', 5],
      ['2100-02-27', 4],
      ['0999-12-31', 2],
    ] as const) {
      expect(datesInRange(start, addDays(start, days))).toEqual(Array.from({ length: days }, (_, i) => addDays(start, i)));
    }
    expect(datesInRange('2026-03-02', '2026-03-01')).toEqual([]);
    expect(() => datesInRange('2026-02-30', '2026-03-02')).toThrow(RangeError);
  });

  describe('instantAt: the wall clock of the property to an instant', () => {
    const NY = 'America/New_York';
    it('reads a time of day in the zone, summer and winter', () => {
      expect(instantAt(NY, '2026-07-04', '10:00').toISOString()).toBe('2026-07-04T14:00:00.000Z');
      expect(instantAt(NY, '2026-12-18', '10:00').toISOString()).toBe('2026-12-18T15:00:00.000Z');
      expect(instantAt(NY, '2026-12-31', '23:59').toISOString()).toBe('2027-01-01T04:59:00.000Z');
      expect(instantAt('Asia/Tokyo', '2026-12-18', '08:00').toISOString()).toBe('2026-12-17T23:00:00.000Z');
    });
    it('keeps the wall time across the daylight-saving changes', () => {
      // 2026-03-08 clocks go 02:00 → 03:00; 2026-11-01 they go 02:00 → 01:00.
      expect(instantAt(NY, '2026-03-07', '10:00').toISOString()).toBe('2026-03-07T15:00:00.000Z');
      expect(instantAt(NY, '2026-03-08', '10:00').toISOString()).toBe('2026-03-08T14:00:00.000Z');
      expect(instantAt(NY, '2026-03-08', '02:30').toISOString()).toBe('2026-03-08T07:30:00.000Z');
      expect(instantAt(NY, '2026-11-01', '01:30').toISOString()).toBe('2026-11-01T05:30:00.000Z');
      expect(instantAt(NY, '2026-11-01', '08:00').toISOString()).toBe('2026-11-01T13:00:00.000Z');
      expect(localMomentIn(NY, instantAt(NY, '2026-11-01', '08:00'))).toEqual({ date: '2026-11-01', time: '08:00' });
    });
    it('refuses a malformed time', () => {
      expect(() => instantAt(NY, '2026-12-18', '25:00')).toThrow(RangeError);
      expect(() => instantAt(NY, '2026-02-30', '10:00')).toThrow(RangeError);
    });
  });
});
