import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { priceStay } from '../../../pricing/pricing.js';
import { createBookingInquiry } from '../bookings-store.js';
import { createCalendarSource, replaceImports } from '../../ical-sync/calendar-sources-store.js';
import { claimNewConflicts } from './stay-conflicts-store.js';
import { placeHold } from '../stays-store.js';
import { createTestDatabase } from '../../test-db.js';

let t: ReturnType<typeof createTestDatabase>;
beforeEach(() => (t = createTestDatabase()));
afterEach(() => t.cleanup());

const NOW = new Date('2026-11-21T15:00:00Z'); // 10:00 in America/New_York
const guest = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '', location: '', ipAddress: '198.51.100.1', message: '', specialRequests: '' };
const paid = (checkin: string, checkout: string) => createBookingInquiry(t.db, { ...guest, checkin, checkout, guests: 2, paymentStatus: 'paid' }, NOW);
function airbnb(events: { uid: string; startDate: string; endDate: string }[]) {
  const s = createCalendarSource(t.db, { name: 'Airbnb', icalUrl: 'https://example.com/a.ics', platform: 'airbnb' }, NOW);
  replaceImports(t.db, s.id, events.map((e) => ({ ...e, summary: 'Reserved', isReservation: true })), NOW, NOW);
  return s.id;
}
const ids = (found: ReturnType<typeof claimNewConflicts>) => found.map((c) => c.stays.map((s) => s.id));

describe('claimNewConflicts [stays.conflict]', () => {
  it('returns each conflict from today on once, ever', () => {
    const b = paid('2026-12-01', '2026-12-05');
    const source = airbnb([{ uid: 'x', startDate: '2026-12-04', endDate: '2026-12-06' }]);
    expect(ids(claimNewConflicts(t.db, NOW))).toEqual([[`booking-${b.id}`, `import-${source}-x`]]);
    expect(claimNewConflicts(t.db, NOW)).toEqual([]);
  });

  it('leaves out conflicts that ended before today and holds', () => {
    paid('2026-11-10', '2026-11-15');
    // The hold comes first; the import arrives while the guest pays.
    const hold = placeHold(t.db, { checkin: '2026-12-09', checkout: '2026-12-11', guests: 2, guest, quote: priceStay('2026-12-09', '2026-12-11')! }, NOW);
    expect(hold.ok).toBe(true);
    airbnb([
      { uid: 'old', startDate: '2026-11-12', endDate: '2026-11-14' },
      { uid: 'over-hold', startDate: '2026-12-10', endDate: '2026-12-12' },
    ]);
    expect(claimNewConflicts(t.db, NOW)).toEqual([]);
  });
});
