import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../settings/schema.js';
import { quoteStayWith } from '../pricing/pricing.js';
import { addDays, datesInRange } from '../shared/dates.js';
import { calendarSnapshot, type CalendarRows } from './calendar-snapshot.js';

/** The store's rule, night by night ([availability.closed]): the reference the snapshot must match. */
function bruteClosed(rows: CalendarRows, checkin: string, checkout: string): string[] {
  const closed = new Set<string>();
  for (const date of datesInRange(checkin, checkout)) {
    if (rows.ownerClosed.includes(date)) closed.add(date);
    if (rows.stays.some((s) => s.checkin <= date && date < s.checkout)) closed.add(date);
  }
  return [...closed].sort();
}

/** A small deterministic pseudo-random sequence (no flaky inputs). */
function lcg(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x % n;
  };
}

describe('calendarSnapshot ([availability.cache])', () => {
  const rows: CalendarRows = {
    ownerClosed: ['2026-12-05', '2026-12-01', '2026-12-05'],
    prices: [
      ['2026-12-11', 45000],
      ['2026-12-02', 41000],
    ],
    stays: [
      { checkin: '2026-12-10', checkout: '2026-12-12' },
      { checkin: '2026-12-11', checkout: '2026-12-14' },
      { checkin: '2026-12-14', checkout: '2026-12-15' },
      { checkin: '2026-12-20', checkout: '2026-12-20' },
      { checkin: '2026-12-22', checkout: '2026-12-21' },
      { checkin: 'not-a-date', checkout: '2026-12-25' },
    ],
    settings: DEFAULT_SETTINGS,
  };
  const snap = calendarSnapshot(rows);

  it('closes the owner-closed nights and every night of the stays, not their check-out days, sorted and once', () => {
    expect(snap.closedNights('2026-11-30', '2026-12-31')).toEqual(['2026-12-01', '2026-12-05', '2026-12-10', '2026-12-11', '2026-12-12', '2026-12-13', '2026-12-14']);
    expect(snap.closedNights('2026-12-12', '2026-12-14')).toEqual(['2026-12-12', '2026-12-13']);
    expect(snap.closedNights('2026-12-15', '2026-12-20')).toEqual([]);
    // A stay without a night (or malformed) closes nothing.
    expect(snap.closedNights('2026-12-19', '2026-12-26')).toEqual([]);
  });

  it('answers the owner prices of the nights asked, and quotes with them', () => {
    expect([...snap.ownerNightlyPrices('2026-12-01', '2026-12-11')]).toEqual([['2026-12-02', 41000]]);
    expect([...snap.ownerNightlyPrices('2026-12-01', '2026-12-12')]).toEqual([
      ['2026-12-02', 41000],
      ['2026-12-11', 45000],
    ]);
    expect(snap.quoteStay('2026-12-10', '2026-12-12', 4)).toEqual(
      quoteStayWith(DEFAULT_SETTINGS, { checkin: '2026-12-10', checkout: '2026-12-12', guests: 4 }, (d) => (d === '2026-12-11' ? 45000 : undefined)),
    );
    expect(snap.quoteStay('2026-12-10', '2026-12-10', 4)).toBeUndefined();
    expect(snap.settings()).toBe(DEFAULT_SETTINGS);
  });

  it('matches the night-by-night rule for many overlapping stays and ranges', () => {
    const rnd = lcg(17);
    const base = '2027-01-01';
    const random: CalendarRows = {
      ownerClosed: Array.from({ length: 30 }, () => addDays(base, rnd(200))),
      prices: [],
      stays: Array.from({ length: 300 }, () => {
        const start = addDays(base, rnd(200));
        return { checkin: start, checkout: addDays(start, rnd(9)) };
      }),
      settings: DEFAULT_SETTINGS,
    };
    const s = calendarSnapshot(random);
    for (let i = 0; i < 200; i += 1) {
      const checkin = addDays(base, rnd(220) - 10);
      const checkout = addDays(checkin, rnd(40));
      expect(s.closedNights(checkin, checkout)).toEqual(bruteClosed(random, checkin, checkout));
    }
  });
});
