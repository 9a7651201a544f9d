import { describe, expect, it } from 'vitest';
import { fullDate, guestsText, monthAvailabilityUrl, monthTitle, monthWeeks, nightsText, sameDayMonthsAway, shortDate } from './date-picker-days';

describe('monthWeeks', () => {
  it('lays the month out Sunday first, other months blank', () => {
    const weeks = monthWeeks('2026-12-15');
    expect(weeks).toHaveLength(5);
    // December 1, 2026 is a Tuesday.
    expect(weeks[0]).toEqual([null, null, '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05']);
    expect(weeks[4]).toEqual(['2026-12-27', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', null, null]);
  });

  it('uses six rows when the month needs them and four in a tidy February', () => {
    expect(monthWeeks('2027-05-01')).toHaveLength(6); // May 1, 2027 is a Saturday
    expect(monthWeeks('2026-02-01')).toHaveLength(4); // Feb 1, 2026 is a Sunday, 28 days
  });
});

describe('sameDayMonthsAway', () => {
  it('keeps the day of the month, clamped to the shorter month', () => {
    expect(sameDayMonthsAway('2027-01-31', 1)).toBe('2027-02-28');
    expect(sameDayMonthsAway('2028-01-31', 1)).toBe('2028-02-29');
    expect(sameDayMonthsAway('2026-12-15', 1)).toBe('2027-01-15');
    expect(sameDayMonthsAway('2027-03-31', -1)).toBe('2027-02-28');
  });
});

describe('formatting', () => {
  it('writes dates, months, nights and guests', () => {
    expect(fullDate('2026-12-11')).toBe('Friday, December 11, 2026');
    expect(shortDate('2026-12-11')).toBe('Fri, Dec 11, 2026');
    expect(monthTitle('2026-12-11')).toBe('December 2026');
    expect([nightsText(1), nightsText(3), guestsText(1), guestsText(12)]).toEqual(['1 night', '3 nights', '1 guest', '12 guests']);
  });

  it('asks the public availability of the whole month', () => {
    expect(monthAvailabilityUrl('2027-02-14')).toBe('/api/availability/public?startDate=2027-02-01&endDate=2027-02-28');
  });
});
