import { describe, expect, it } from 'vitest';
import type { Stay } from '../booking/stays/stays.js';
import { conflictNotice, describeStayDates, formatStayDates, sourceFailingNotice, sourceFailingSince } from './owner-notice-texts.js';

describe('owner notice texts [owner.notices]', () => {
  it('writes a stay\'s dates with the year once, or both years across a new year', () => {
    expect(formatStayDates('2026-06-12', '2026-06-15')).toBe('Jun 12 – Jun 15, 2026');
    expect(formatStayDates('2026-12-30', '2027-01-02')).toBe('Dec 30, 2026 – Jan 2, 2027');
    expect(describeStayDates({ checkin: '2026-06-12', checkout: '2026-06-13', guests: 1 })).toBe('Jun 12 – Jun 13, 2026 (1 night, 1 guest)');
  });

  it('keys a conflict by its two stays whatever their order', () => {
    const a: Stay = { id: 'booking-1', channel: 'direct', checkin: '2026-12-10', checkout: '2026-12-13', guestName: 'Ann Lee', status: 'confirmed', bookingId: 1, conflict: true };
    const b: Stay = { id: 'import-2-x', channel: 'vrbo', checkin: '2026-12-12', checkout: '2026-12-16', guestName: null, status: 'imported', bookingId: null, conflict: true };
    expect(conflictNotice([b, a], 'https://x.test/').dedupeKey).toBe(conflictNotice([a, b], 'https://x.test').dedupeKey);
    expect(conflictNotice([b, a], 'https://x.test/')).toMatchObject({ subject: 'Double booking: Direct booking and VRBO share Dec 12 – Dec 13, 2026', bookingId: 1 });
    expect(conflictNotice([a, b], 'https://x.test/').text).toContain('https://x.test/admin?tab=availability');
  });

  it('counts a source failing from its last good sync, or from its creation when it never synced', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(sourceFailingSince({ lastSuccessTime: '2026-11-21T06:00:00.000Z', createdAt: '2026-01-01T00:00:00.000Z' }, now)).toBeUndefined();
    expect(sourceFailingSince({ lastSuccessTime: '2026-11-21T05:59:59.000Z', createdAt: '2026-01-01T00:00:00.000Z' }, now)).toBe('2026-11-21T05:59:59.000Z');
    expect(sourceFailingSince({ lastSuccessTime: null, createdAt: '2026-11-21T07:00:00.000Z' }, now)).toBeUndefined();
    expect(sourceFailingSince({ lastSuccessTime: null, createdAt: '2026-11-21T05:00:00.000Z' }, now)).toBe('2026-11-21T05:00:00.000Z');
    const source = { id: 3, name: 'VRBO', lastSyncMessage: 'HTTP 503', lastSuccessTime: null };
    expect(sourceFailingNotice(source, 'https://x.test').dedupeKey).toBe('source-failing-3-never');
  });
});
