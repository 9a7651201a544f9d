import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { priceStay } from '../../../pricing/pricing.js';
import { createBookingInquiry } from '../bookings-store.js';
import { createCalendarSource, replaceImports, updateCalendarSource, type Platform } from '../../ical-sync/calendar-sources-store.js';
import { setAvailability } from '../../availability/availability-store.js';
import { attachPaymentIntent, placeHold, releaseHold } from '../stays-store.js';
import { guestNameFromSummary, listStays } from './stays-reader.js';
import { createTestDatabase } from '../../test-db.js';
import type { FeedEvent } from '../../ical-sync/ical-import.js';

let t: ReturnType<typeof createTestDatabase>;
beforeEach(() => (t = createTestDatabase()));
afterEach(() => t.cleanup());

const NOW = new Date('2026-11-21T15:00:00Z');
const guest = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '', location: '', ipAddress: '198.51.100.1', message: '', specialRequests: '' };

function booking(checkin: string, checkout: string, paymentStatus: string) {
  return createBookingInquiry(t.db, { ...guest, checkin, checkout, guests: 2, paymentStatus }, NOW);
}
function source(platform: Platform, events: Partial<FeedEvent>[]) {
  const s = createCalendarSource(t.db, { name: platform, icalUrl: `https://example.com/${platform}.ics`, platform }, NOW);
  replaceImports(
    t.db,
    s.id,
    events.map((e) => ({ uid: 'u', startDate: '', endDate: '', summary: 'Reserved', isReservation: true, ...e })),
    NOW,
    NOW,
  );
  return s;
}
const closeNight = (date: string, how: 'unavailable' | 'blocked') => setAvailability(t.db, date, { price: 300, isAvailable: how === 'blocked', isBlocked: how === 'blocked' }, NOW);

describe('listStays [stays.list]', () => {
  it('collects paid bookings, imports of active sources, owner blocks and live holds, sorted by check-in', () => {
    const paid = booking('2026-12-01', '2026-12-04', 'paid');
    booking('2026-12-05', '2026-12-07', 'pending'); // an unpaid inquiry is no stay
    const airbnb = source('airbnb', [
      { uid: 'abc@airbnb.com', startDate: '2026-12-10', endDate: '2026-12-13' },
      { uid: 'blk@airbnb.com', startDate: '2026-12-20', endDate: '2026-12-21', summary: 'Airbnb (Not available)', isReservation: false },
    ]);
    const vrbo = source('vrbo', [{ uid: 'v1', startDate: '2026-12-14', endDate: '2026-12-16', summary: 'Reserved - Maria' }]);
    const manual = source('manual', [{ uid: 'm1', startDate: '2026-12-22', endDate: '2026-12-23', summary: 'Family' }]);
    const off = source('booking', [{ uid: 'b1', startDate: '2026-12-24', endDate: '2026-12-25' }]);
    updateCalendarSource(t.db, off.id, { isActive: false });
    closeNight('2026-12-26', 'blocked');
    closeNight('2026-12-27', 'unavailable');
    setAvailability(t.db, '2026-12-28', { price: 300, isAvailable: true, isBlocked: false }, NOW); // open: no block
    const held = placeHold(t.db, { checkin: '2027-01-05', checkout: '2027-01-07', guests: 2, guest, quote: priceStay('2027-01-05', '2027-01-07')! }, NOW);
    if (!held.ok) throw new Error('hold placed');
    attachPaymentIntent(t.db, held.hold.id, 'pi_1');
    const gone = placeHold(t.db, { checkin: '2027-01-10', checkout: '2027-01-12', guests: 2, guest: { ...guest, email: 'bo@example.com', ipAddress: '203.0.113.9' }, quote: priceStay('2027-01-10', '2027-01-12')! }, NOW);
    if (!gone.ok) throw new Error('hold placed');
    releaseHold(t.db, gone.hold.id);

    expect(listStays(t.db, '2026-12-01', '2027-02-01')).toEqual([
      { id: `booking-${paid.id}`, channel: 'direct', checkin: '2026-12-01', checkout: '2026-12-04', guestName: 'Ann Lee', status: 'confirmed', bookingId: paid.id, conflict: false },
      { id: `import-${airbnb.id}-abc@airbnb.com`, channel: 'airbnb', checkin: '2026-12-10', checkout: '2026-12-13', guestName: null, status: 'imported', bookingId: null, conflict: false },
      { id: `import-${vrbo.id}-v1`, channel: 'vrbo', checkin: '2026-12-14', checkout: '2026-12-16', guestName: 'Maria', status: 'imported', bookingId: null, conflict: false },
      { id: `import-${airbnb.id}-blk@airbnb.com`, channel: 'block', checkin: '2026-12-20', checkout: '2026-12-21', guestName: null, status: 'imported', bookingId: null, conflict: false },
      { id: `import-${manual.id}-m1`, channel: 'block', checkin: '2026-12-22', checkout: '2026-12-23', guestName: null, status: 'imported', bookingId: null, conflict: false },
      { id: 'block-2026-12-26', channel: 'block', checkin: '2026-12-26', checkout: '2026-12-28', guestName: null, status: 'owner-block', bookingId: null, conflict: false },
      { id: `hold-${held.hold.id}`, channel: 'hold', checkin: '2027-01-05', checkout: '2027-01-07', guestName: 'Ann Lee', status: 'awaiting-payment', bookingId: null, conflict: false },
    ]);
  });

  it('keeps only stays with a night in [from, to): the check-out day is outside', () => {
    booking('2026-12-01', '2026-12-04', 'paid');
    expect(listStays(t.db, '2026-12-04', '2026-12-10')).toEqual([]);
    expect(listStays(t.db, '2026-11-20', '2026-12-01')).toEqual([]);
    expect(listStays(t.db, '2026-12-03', '2026-12-04')).toHaveLength(1);
  });

  it('an owner block keeps its id and dates whatever span is asked for', () => {
    for (const d of ['2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11']) closeNight(d, 'blocked');
    closeNight('2026-12-13', 'unavailable');
    const whole = { id: 'block-2026-12-08', checkin: '2026-12-08', checkout: '2026-12-12' };
    expect(listStays(t.db, '2026-12-01', '2026-12-31').map((s) => [s.id, s.checkin, s.checkout])).toEqual([
      [whole.id, whole.checkin, whole.checkout],
      ['block-2026-12-13', '2026-12-13', '2026-12-14'],
    ]);
    expect(listStays(t.db, '2026-12-09', '2026-12-10')).toMatchObject([whole]);
    expect(listStays(t.db, '2026-12-10', '2026-12-13')).toMatchObject([whole]);
  });

  it('flags an imported reservation overlapping a paid booking, not a turnover nor a platform block [stays.conflict]', () => {
    const paid = booking('2026-12-01', '2026-12-05', 'paid');
    const airbnb = source('airbnb', [
      { uid: 'x', startDate: '2026-12-04', endDate: '2026-12-06' },
      // Airbnb's echo of the direct booking (Ridgeline's export closes these nights there).
      { uid: 'echo', startDate: '2026-12-01', endDate: '2026-12-05', summary: 'Airbnb (Not available)', isReservation: false },
    ]);
    const vrbo = source('vrbo', [{ uid: 'turn', startDate: '2026-12-06', endDate: '2026-12-08', summary: 'Reserved - Bo' }]);
    const flags = Object.fromEntries(listStays(t.db, '2026-12-01', '2026-12-31').map((s) => [s.id, s.conflict]));
    expect(flags).toEqual({ [`booking-${paid.id}`]: true, [`import-${airbnb.id}-x`]: true, [`import-${airbnb.id}-echo`]: false, [`import-${vrbo.id}-turn`]: false });
  });

  it('judges a stay in the span against one outside it', () => {
    const paid = booking('2026-12-10', '2026-12-20', 'paid');
    source('airbnb', [{ uid: 'early', startDate: '2026-12-05', endDate: '2026-12-11' }]);
    // Only the booking has a night in the span; its conflict is with a stay that has none there.
    expect(listStays(t.db, '2026-12-15', '2026-12-16')).toMatchObject([{ id: `booking-${paid.id}`, conflict: true }]);
  });

  it('gives a repeated UID of one feed distinct ids', () => {
    const s = source('airbnb', [
      { uid: 'r', startDate: '2026-12-01', endDate: '2026-12-02' },
      { uid: 'r', startDate: '2026-12-08', endDate: '2026-12-09' },
    ]);
    expect(listStays(t.db, '2026-12-01', '2026-12-31').map((x) => x.id)).toEqual([`import-${s.id}-r-2026-12-01`, `import-${s.id}-r-2026-12-08`]);
  });
});

describe('guestNameFromSummary [ical.reservation]', () => {
  it.each([
    ['Reserved - Maria', 'Maria'],
    ['Reserved – Jean Dupont ', 'Jean Dupont'],
    ['Reserved', null],
    ['Airbnb (Not available)', null],
    ['CLOSED - Not available', null],
    ['', null],
  ])('%j → %j', (summary, name) => {
    expect(guestNameFromSummary(summary)).toBe(name);
  });
});
