import { describe, expect, it } from 'vitest';
import { conflictPairs, eachConflictPair, markConflicts, staysOverlap, type Stay } from './stays.js';

/** A stay of `channel` from `checkin` to `checkout`, not yet marked. */
const stay = (id: string, checkin: string, checkout: string, over: Partial<Stay> = {}): Stay => ({
  id,
  channel: 'direct',
  checkin,
  checkout,
  guestName: null,
  status: 'confirmed',
  bookingId: null,
  conflict: false,
  ...over,
});
const flagged = (stays: Stay[]) => markConflicts(stays).filter((s) => s.conflict).map((s) => s.id);

describe('markConflicts [stays.conflict]', () => {
  it('a same-day turnover (check-out day = next check-in) is no conflict', () => {
    expect(flagged([stay('booking-1', '2026-12-01', '2026-12-05'), stay('import-1-a', '2026-12-05', '2026-12-08', { channel: 'airbnb', status: 'imported' })])).toEqual([]);
  });

  it('a stay fully inside another flags both', () => {
    expect(flagged([stay('booking-1', '2026-12-01', '2026-12-10'), stay('import-1-a', '2026-12-03', '2026-12-05', { channel: 'airbnb', status: 'imported' })])).toEqual(['booking-1', 'import-1-a']);
  });

  it('identical dates flag both', () => {
    expect(flagged([stay('booking-1', '2026-12-01', '2026-12-03'), stay('import-2-v', '2026-12-01', '2026-12-03', { channel: 'vrbo', status: 'imported' })])).toEqual(['booking-1', 'import-2-v']);
  });

  it('a partial overlap of one night flags both, in either order given', () => {
    const a = stay('booking-1', '2026-12-01', '2026-12-05');
    const b = stay('hold-3', '2026-12-04', '2026-12-07', { channel: 'hold', status: 'held' });
    expect(flagged([a, b])).toEqual(['booking-1', 'hold-3']);
    expect(flagged([b, a])).toEqual(['hold-3', 'booking-1']);
  });

  it('three-way: each stay overlapping another is flagged, the one apart is not', () => {
    const stays = [
      stay('a', '2026-12-01', '2026-12-04'),
      stay('b', '2026-12-03', '2026-12-06', { channel: 'airbnb', status: 'imported' }),
      stay('c', '2026-12-05', '2026-12-09', { channel: 'vrbo', status: 'imported' }),
      stay('d', '2026-12-09', '2026-12-11', { channel: 'booking', status: 'imported' }),
    ];
    expect(flagged(stays)).toEqual(['a', 'b', 'c']);
    // a–c do not share a night: only the overlapping pairs are reported.
    expect(conflictPairs(stays)).toEqual([
      ['a', 'b'],
      ['b', 'c'],
    ]);
  });

  it('a long stay overlapping two short ones that do not overlap each other', () => {
    const stays = [stay('long', '2026-12-01', '2026-12-20'), stay('s1', '2026-12-02', '2026-12-04'), stay('s2', '2026-12-15', '2026-12-16')];
    expect(conflictPairs(stays)).toEqual([
      ['long', 's1'],
      ['long', 's2'],
    ]);
  });

  it('blocks never count: neither against a stay nor against each other', () => {
    const stays = [
      stay('booking-1', '2026-12-01', '2026-12-05'),
      stay('block-2026-12-02', '2026-12-02', '2026-12-04', { channel: 'block', status: 'owner-block' }),
      stay('import-1-x', '2026-12-03', '2026-12-06', { channel: 'block', status: 'imported' }),
    ];
    expect(flagged(stays)).toEqual([]);
  });

  it.each(['cancelled', 'refunded', 'inquiry'] as const)('a %s stay is excluded', (status) => {
    expect(flagged([stay('booking-1', '2026-12-01', '2026-12-05'), stay('booking-2', '2026-12-02', '2026-12-04', { status })])).toEqual([]);
  });

  it('owner and manual bookings count like any guest', () => {
    expect(flagged([stay('booking-1', '2026-12-01', '2026-12-05', { channel: 'owner' }), stay('booking-2', '2026-12-04', '2026-12-06', { channel: 'manual' })])).toEqual(['booking-1', 'booking-2']);
  });

  it('returns new objects in the given order and clears a stale flag', () => {
    const input = [stay('b', '2026-12-10', '2026-12-12', { conflict: true }), stay('a', '2026-12-01', '2026-12-03')];
    const out = markConflicts(input);
    expect(out.map((s) => [s.id, s.conflict])).toEqual([
      ['b', false],
      ['a', false],
    ]);
    expect(input[0]?.conflict).toBe(true);
  });
});

describe('staysOverlap [data.night]', () => {
  it.each([
    ['2026-12-01', '2026-12-03', '2026-12-03', '2026-12-05', false],
    ['2026-12-03', '2026-12-05', '2026-12-01', '2026-12-03', false],
    ['2026-12-01', '2026-12-04', '2026-12-03', '2026-12-05', true],
    ['2026-12-01', '2026-12-02', '2026-12-01', '2026-12-02', true],
  ])('%s–%s and %s–%s: %s', (a1, a2, b1, b2, expected) => {
    expect(staysOverlap({ checkin: a1, checkout: a2 }, { checkin: b1, checkout: b2 })).toBe(expected);
  });
});

describe('eachConflictPair with many overlapping stays', () => {
  it('gives pairs one at a time, so a caller can stop early, and marks every stay without listing the pairs', () => {
    // 400 one-night stays on the same night: 79,800 pairs.
    const crowd: Stay[] = Array.from({ length: 400 }, (_, i) => ({
      id: `import-1-e${String(i).padStart(3, '0')}`,
      channel: 'airbnb',
      checkin: '2026-12-01',
      checkout: '2026-12-02',
      guestName: null,
      status: 'imported',
      bookingId: null,
      conflict: false,
    }));
    const first: [string, string][] = [];
    for (const pair of eachConflictPair(crowd)) {
      first.push(pair);
      if (first.length === 3) break;
    }
    expect(first).toEqual([
      ['import-1-e000', 'import-1-e001'],
      ['import-1-e000', 'import-1-e002'],
      ['import-1-e001', 'import-1-e002'],
    ]);
    expect(markConflicts(crowd).every((s) => s.conflict)).toBe(true);
  });
});
