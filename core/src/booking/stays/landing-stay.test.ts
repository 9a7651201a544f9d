import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '../../shared/dates.js';
import { nearestBookableStay, parseLandingStay } from './landing-stay.js';

describe('parseLandingStay [booking.landing-link]', () => {
  it('reads the dates and guests of a landing link', () => {
    expect(parseLandingStay('?checkin=2027-03-05&checkout=2027-03-08&guests=4')).toEqual({ checkin: '2027-03-05', checkout: '2027-03-08', guests: 4 });
    expect(parseLandingStay(new URLSearchParams('checkin=2027-03-05&checkout=2027-03-08'))).toEqual({ checkin: '2027-03-05', checkout: '2027-03-08' });
  });

  it('drops guests it cannot use and refuses dates that make no stay', () => {
    expect(parseLandingStay('checkin=2027-03-05&checkout=2027-03-08&guests=0')).toEqual({ checkin: '2027-03-05', checkout: '2027-03-08' });
    expect(parseLandingStay('checkin=2027-03-05&checkout=2027-03-08&guests=99')).toEqual({ checkin: '2027-03-05', checkout: '2027-03-08' });
    expect(parseLandingStay('checkin=2027-03-05&checkout=2027-03-08&guests=4x')).toEqual({ checkin: '2027-03-05', checkout: '2027-03-08' });
    expect(parseLandingStay('checkin=2027-03-08&checkout=2027-03-05')).toBeUndefined();
    expect(parseLandingStay('checkin=2027-03-05&checkout=2027-03-05')).toBeUndefined();
    expect(parseLandingStay('checkin=2027-02-30&checkout=2027-03-05')).toBeUndefined();
    expect(parseLandingStay('checkin=2027-03-05')).toBeUndefined();
    expect(parseLandingStay('')).toBeUndefined();
  });
});

const START = '2027-01-01';
/** A calendar of 120 nights from START, each open or closed, and a stay's offset and length in it. */
const calendar = fc.record({
  closed: fc.array(fc.boolean(), { minLength: 120, maxLength: 120 }),
  offset: fc.integer({ min: 0, max: 100 }),
  nights: fc.integer({ min: 1, max: 7 }),
  earliest: fc.integer({ min: 0, max: 40 }),
  span: fc.integer({ min: 0, max: 90 }),
});

function setUp({ closed, offset, nights, earliest, span }: { closed: boolean[]; offset: number; nights: number; earliest: number; span: number }) {
  const isOpen = (date: string) => {
    const i = daysBetween(START, date);
    return i >= 0 && i < closed.length && !closed[i];
  };
  const canBook = (checkin: string, checkout: string) => {
    for (let d = checkin; d < checkout; d = addDays(d, 1)) if (!isOpen(d)) return false;
    return true;
  };
  const bounds = { earliest: addDays(START, earliest), latest: addDays(START, earliest + span) };
  const stay = { checkin: addDays(START, offset), checkout: addDays(START, offset + nights) };
  return { canBook, bounds, stay, nights };
}

describe('nearestBookableStay [booking.nearest-stay]', () => {
  it('answers a bookable stay of the same length inside the bounds', () => {
    fc.assert(
      fc.property(calendar, (input) => {
        const { canBook, bounds, stay, nights } = setUp(input);
        const found = nearestBookableStay(stay, canBook, bounds);
        if (!found) return;
        expect(daysBetween(found.checkin, found.checkout)).toBe(nights);
        expect(canBook(found.checkin, found.checkout)).toBe(true);
        expect(found.checkin >= bounds.earliest && found.checkin <= bounds.latest).toBe(true);
      }),
    );
  });

  it('finds no stay only when none nearer than the search limit can be booked, and none nearer than the one it finds', () => {
    fc.assert(
      fc.property(calendar, (input) => {
        const { canBook, bounds, stay, nights } = setUp(input);
        const found = nearestBookableStay(stay, canBook, bounds, 30);
        const distance = found ? Math.abs(daysBetween(stay.checkin, found.checkin)) : 31;
        // Every check-in strictly nearer (and, at the same distance, earlier) is not bookable.
        for (let offset = -30; offset <= 30; offset++) {
          const checkin = addDays(stay.checkin, offset);
          if (checkin < bounds.earliest || checkin > bounds.latest) continue;
          const nearer = Math.abs(offset) < distance || (found !== undefined && Math.abs(offset) === distance && checkin < found.checkin);
          if (nearer) expect(canBook(checkin, addDays(checkin, nights))).toBe(false);
        }
      }),
    );
  });

  it('answers the asked stay itself when it can be booked', () => {
    fc.assert(
      fc.property(calendar, (input) => {
        const { canBook, bounds, stay } = setUp(input);
        const inBounds = stay.checkin >= bounds.earliest && stay.checkin <= bounds.latest;
        if (inBounds && canBook(stay.checkin, stay.checkout)) expect(nearestBookableStay(stay, canBook, bounds)).toEqual(stay);
      }),
    );
  });

  it('prefers the earlier of two stays equally near, and never looks outside the bounds', () => {
    const taken = new Set(['2027-03-10', '2027-03-11']);
    const canBook = (checkin: string, checkout: string) => {
      for (let d = checkin; d < checkout; d = addDays(d, 1)) if (taken.has(d)) return false;
      return true;
    };
    const stay = { checkin: '2027-03-10', checkout: '2027-03-11' };
    expect(nearestBookableStay(stay, canBook, { earliest: '2027-01-01', latest: '2027-12-31' })).toEqual({ checkin: '2027-03-09', checkout: '2027-03-10' });
    expect(nearestBookableStay(stay, canBook, { earliest: '2027-03-10', latest: '2027-12-31' })).toEqual({ checkin: '2027-03-12', checkout: '2027-03-13' });
    expect(nearestBookableStay(stay, () => false, { earliest: '2027-01-01', latest: '2027-12-31' })).toBeUndefined();
  });
});
