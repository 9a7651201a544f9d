import { describe, expect, it } from 'vitest';
import type { Stay } from '@ridgeline/core';
import { isStaysQueryKey, nightsOf, stayByNight, staysUrl, upcomingMovements, upcomingStaysUrl } from './stay-nights';

const stay = (id: string, checkin: string, checkout: string, over: Partial<Stay> = {}): Stay => ({
  id,
  channel: 'direct',
  checkin,
  checkout,
  guestName: 'Ann Lee',
  status: 'confirmed',
  bookingId: null,
  conflict: false,
  ...over,
});

describe('staysUrl [availability.stays]', () => {
  it("asks for the availability read's span, with `to` exclusive", () => {
    expect(staysUrl('2026-12-01')).toBe('/api/stays?from=2026-11-01&to=2027-02-01');
    expect(isStaysQueryKey([staysUrl('2026-12-01')])).toBe(true);
    expect(isStaysQueryKey(['/api/availability?startDate=2026-11-01&endDate=2027-01-31'])).toBe(false);
  });

  it('watches a year from the first of this month, within the 400-day limit', () => {
    expect(upcomingStaysUrl('2026-11-23')).toBe('/api/stays?from=2026-11-01&to=2027-11-01');
  });
});

describe('stayByNight', () => {
  it('maps each night (not the check-out day) to its stay; a guest wins over a block, then the earlier check-in', () => {
    const a = stay('a', '2026-12-01', '2026-12-03');
    const block = stay('block-2026-12-02', '2026-12-02', '2026-12-05', { channel: 'block', status: 'owner-block' });
    const b = stay('b', '2026-12-04', '2026-12-06', { channel: 'airbnb' });
    const c = stay('c', '2026-12-05', '2026-12-07', { channel: 'vrbo' });
    const nights = stayByNight([a, block, b, c]);
    expect([...nights].map(([night, s]) => [night, s.id])).toEqual([
      ['2026-12-01', 'a'],
      ['2026-12-02', 'a'],
      ['2026-12-03', 'block-2026-12-02'],
      ['2026-12-04', 'b'],
      ['2026-12-05', 'b'],
      ['2026-12-06', 'c'],
    ]);
    expect(nightsOf(a)).toBe(2);
  });
});

describe('upcomingMovements', () => {
  it('lists arrivals and departures from today, departures first on a turnover day, no blocks, at most `limit`', () => {
    const stays = [
      stay('past', '2026-11-01', '2026-11-05'),
      stay('inside', '2026-11-20', '2026-11-25'),
      stay('next', '2026-11-25', '2026-11-28', { channel: 'airbnb', guestName: null }),
      stay('block-2026-11-30', '2026-11-30', '2026-12-02', { channel: 'block', status: 'owner-block', guestName: null }),
      stay('later', '2026-12-10', '2026-12-12'),
    ];
    expect(upcomingMovements(stays, '2026-11-23').map((m) => [m.kind, m.date, m.stay.id])).toEqual([
      ['departure', '2026-11-25', 'inside'],
      ['arrival', '2026-11-25', 'next'],
      ['departure', '2026-11-28', 'next'],
      ['arrival', '2026-12-10', 'later'],
      ['departure', '2026-12-12', 'later'],
    ]);
    expect(upcomingMovements(stays, '2026-11-23', 2)).toHaveLength(2);
  });
});
