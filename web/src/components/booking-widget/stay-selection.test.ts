import { describe, expect, it } from 'vitest';
import { MAX_STAY_NIGHTS, addDays } from '@ridgeline/core';
import { NO_DATES, canCheckIn, canCheckOut, dayPlace, isComplete, isSelectable, minNightsOn, selectDate, type IsBookable } from './stay-selection';

// December 2026: the 12th and 13th are closed; the 1st is in the past (unknown → not bookable).
const closed = new Set(['2026-12-12', '2026-12-13']);
const bookable: IsBookable = (date) => (date < '2026-12-02' || date > '2027-03-31' ? undefined : !closed.has(date));

describe('canCheckIn / canCheckOut', () => {
  it('a check-in must be a bookable night', () => {
    expect(canCheckIn('2026-12-10', bookable)).toBe(true);
    expect(canCheckIn('2026-12-12', bookable)).toBe(false);
    expect(canCheckIn('2026-12-01', bookable)).toBe(false);
  });

  it('every night must be bookable, but the check-out day itself need not be', () => {
    expect(canCheckOut('2026-12-10', '2026-12-12', bookable)).toBe(true);
    expect(canCheckOut('2026-12-10', '2026-12-13', bookable)).toBe(false);
    expect(canCheckOut('2026-12-10', '2026-12-15', bookable)).toBe(false);
    expect(canCheckOut('2026-12-14', '2026-12-16', bookable)).toBe(true);
  });

  it('refuses stays without nights and longer than the server sells', () => {
    expect(canCheckOut('2026-12-10', '2026-12-10', bookable)).toBe(false);
    expect(canCheckOut('2026-12-10', '2026-12-09', bookable)).toBe(false);
    const open: IsBookable = () => true;
    expect(canCheckOut('2027-01-01', addDays('2027-01-01', MAX_STAY_NIGHTS), open)).toBe(true);
    expect(canCheckOut('2027-01-01', addDays('2027-01-01', MAX_STAY_NIGHTS + 1), open)).toBe(false);
  });

  it('a night whose availability is not loaded yet is not bookable', () => {
    expect(canCheckOut('2027-03-30', '2027-04-02', bookable)).toBe(false);
  });
});

describe('selectDate', () => {
  it('first click picks the check-in, the second the check-out', () => {
    const one = selectDate(NO_DATES, '2026-12-08', bookable);
    expect(one).toEqual({ checkin: '2026-12-08' });
    expect(selectDate(one, '2026-12-11', bookable)).toEqual({ checkin: '2026-12-08', checkout: '2026-12-11' });
  });

  it('the first closed night after a check-in can be the check-out', () => {
    expect(selectDate({ checkin: '2026-12-10' }, '2026-12-12', bookable)).toEqual({ checkin: '2026-12-10', checkout: '2026-12-12' });
  });

  it('a closed night cannot be the check-in: the click changes nothing', () => {
    expect(selectDate(NO_DATES, '2026-12-12', bookable)).toBe(NO_DATES);
    const complete = { checkin: '2026-12-05', checkout: '2026-12-07' };
    expect(selectDate(complete, '2026-12-13', bookable)).toBe(complete);
  });

  it('an earlier day, or one beyond a closed night, starts over from there when bookable', () => {
    expect(selectDate({ checkin: '2026-12-10' }, '2026-12-05', bookable)).toEqual({ checkin: '2026-12-05' });
    expect(selectDate({ checkin: '2026-12-10' }, '2026-12-16', bookable)).toEqual({ checkin: '2026-12-16' });
    const choosing = { checkin: '2026-12-10' };
    expect(selectDate(choosing, '2026-12-10', bookable)).toBe(choosing);
  });

  it('a click after a complete stay starts a new one', () => {
    expect(selectDate({ checkin: '2026-12-05', checkout: '2026-12-07' }, '2026-12-20', bookable)).toEqual({ checkin: '2026-12-20' });
  });
});

describe('isSelectable', () => {
  it('greys out closed nights, except a reachable check-out day', () => {
    expect(isSelectable(NO_DATES, '2026-12-12', bookable)).toBe(false);
    expect(isSelectable({ checkin: '2026-12-10' }, '2026-12-12', bookable)).toBe(true);
    expect(isSelectable({ checkin: '2026-12-10' }, '2026-12-13', bookable)).toBe(false);
    expect(isSelectable({ checkin: '2026-12-10' }, '2026-12-14', bookable)).toBe(true);
  });
});

describe('dayPlace / isComplete', () => {
  it('places each day of the stay', () => {
    const stay = { checkin: '2026-12-08', checkout: '2026-12-11' };
    expect(['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11'].map((d) => dayPlace(stay, d))).toEqual([
      undefined,
      'checkin',
      'inside',
      'inside',
      'checkout',
    ]);
    expect(isComplete(stay)).toBe(true);
    expect(isComplete({ checkin: '2026-12-08' })).toBe(false);
  });
});

describe("the owner's length rules in the calendar ([booking.rules])", () => {
  const rules = { minNights: 2, maxNights: 5, bookingWindowDays: 548, seasonMinimums: [{ start: '2027-06-01', end: '2027-08-31', minNights: 3 }] };
  const allOpen = () => true;

  it("takes the check-in's season minimum over the general one", () => {
    expect(minNightsOn('2027-06-12', rules)).toBe(3);
    expect(minNightsOn('2027-05-31', rules)).toBe(2);
  });

  it('refuses check-outs shorter than the minimum or longer than the maximum', () => {
    expect(canCheckOut('2027-06-12', '2027-06-14', allOpen, rules)).toBe(false);
    expect(canCheckOut('2027-06-12', '2027-06-15', allOpen, rules)).toBe(true);
    expect(canCheckOut('2027-05-10', '2027-05-12', allOpen, rules)).toBe(true);
    expect(canCheckOut('2027-05-10', '2027-05-16', allOpen, rules)).toBe(false);
    expect(selectDate({ checkin: '2027-06-12' }, '2027-06-14', allOpen, rules)).toEqual({ checkin: '2027-06-14' });
  });

  it('makes a check-in whose minimum stay cannot fit before a closed night not selectable', () => {
    const closed = (date: string) => date !== '2027-06-14';
    expect(canCheckIn('2027-06-12', closed, rules)).toBe(false); // needs the 12th, 13th and 14th
    expect(canCheckIn('2027-06-11', closed, rules)).toBe(true); // the 11th, 12th and 13th fit
    expect(canCheckIn('2027-06-15', closed, rules)).toBe(true);
    expect(canCheckIn('2027-06-12', closed)).toBe(true); // without rules: one night is enough
    expect(isSelectable({}, '2027-06-12', closed, rules)).toBe(false);
    // Nights of a month not loaded yet do not make a check-in unselectable.
    expect(canCheckIn('2027-06-30', (d) => (d < '2027-07-01' ? true : undefined), rules)).toBe(true);
  });
});
