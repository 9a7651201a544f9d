import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { priceStay } from '../../pricing/pricing.js';
import { createTestDatabase } from '../test-db.js';
import { testBookingInput } from '../../booking/testing/test-bookings.js';
import { setSetting } from '../platform/settings.js';
import { updateOwnerSettings } from '../settings/owner-settings-store.js';
import { createBookingInquiry } from '../booking/bookings-store.js';
import { closedNights, ownerNightlyPrices, placeHold, quoteStay, releaseHold, type HoldGuest } from '../booking/stays-store.js';
import { createCalendarSource, replaceImports, updateCalendarSource } from '../ical-sync/calendar-sources-store.js';
import { setAvailability, setPriceForDays } from './availability-store.js';
import { CALENDAR_MEMO_MAX, calendarCache } from './calendar-cache.js';

let t: ReturnType<typeof createTestDatabase>;
beforeEach(() => (t = createTestDatabase()));
afterEach(() => t.cleanup());

const NOW = new Date('2026-11-21T15:00:00Z');
const FROM = '2026-12-01';
const TO = '2027-01-31';
const guest: HoldGuest = { firstName: 'A', lastName: 'B', email: 'a@example.com', phone: '', location: '', ipAddress: '198.51.100.1', message: '', specialRequests: '' };
const booking = (checkin: string, checkout: string, paymentStatus: string) => testBookingInput({ checkin, checkout, paymentStatus });

/** A finished answer kept by `memo` (as the public routes keep their serialized answers). */
const memoClosed = (cache: ReturnType<typeof calendarCache>, from = FROM, to = TO) => JSON.parse(cache.memo(`closed ${from} ${to}`, () => JSON.stringify(cache.closedNights(from, to)))) as string[];

/** The cache, and the answers kept by its `memo`, answer exactly what the store's queries answer. */
function expectSameAsStore(cache: ReturnType<typeof calendarCache>) {
  expect(cache.closedNights(FROM, TO)).toEqual(closedNights(t.db, FROM, TO, NOW));
  expect(memoClosed(cache)).toEqual(closedNights(t.db, FROM, TO, NOW));
  expect(JSON.parse(cache.memo('quote', () => JSON.stringify(cache.quoteStay('2026-12-10', '2026-12-14', 4))))).toEqual(quoteStay(t.db, '2026-12-10', '2026-12-14', 4));
  expect(cache.ownerNightlyPrices(FROM, TO)).toEqual(ownerNightlyPrices(t.db, FROM, TO));
  expect(cache.quoteStay('2026-12-10', '2026-12-14', 4)).toEqual(quoteStay(t.db, '2026-12-10', '2026-12-14', 4));
}

describe('calendarCache ([availability.cache])', () => {
  it('reads the database once, then answers from memory until something it reads changes', () => {
    const cache = calendarCache(t.db);
    expect(calendarCache(t.db)).toBe(cache);
    cache.closedNights(FROM, TO);
    cache.quoteStay('2026-12-10', '2026-12-12', 2);
    cache.settings();
    expect(cache.builds).toBe(1);
    // Writes elsewhere (another settings key, the analytics) change nothing it reads.
    setSetting(t.db, 'ical_export_token', 'x');
    t.db.prepare("INSERT INTO page_views (path, referrer, created_at) VALUES ('/', '', ?)").run(NOW.toISOString());
    cache.closedNights(FROM, TO);
    expect(cache.builds).toBe(1);
  });

  it('is never stale after a write to any table it reads, through any write path', () => {
    const cache = calendarCache(t.db);
    expectSameAsStore(cache);
    const steps: [string, () => void, (closed: string[]) => void][] = [
      ['owner closes a night', () => setAvailability(t.db, '2026-12-03', { price: 300, isAvailable: false, isBlocked: false }, NOW), (c) => expect(c).toContain('2026-12-03')],
      ['owner blocks a night', () => setAvailability(t.db, '2026-12-04', { price: 300, isAvailable: true, isBlocked: true }, NOW), (c) => expect(c).toContain('2026-12-04')],
      ['owner reopens it', () => setAvailability(t.db, '2026-12-04', { price: 410, isAvailable: true, isBlocked: false }, NOW), (c) => expect(c).not.toContain('2026-12-04')],
      ['owner prices 30 days', () => setPriceForDays(t.db, '2026-12-10', 30, 455, NOW), () => expect(cache.ownerNightlyPrices('2026-12-10', '2026-12-11').get('2026-12-10')).toBe(45500)],
      ['a paid booking', () => createBookingInquiry(t.db, booking('2026-12-20', '2026-12-23', 'paid'), NOW), (c) => expect(c).toEqual(expect.arrayContaining(['2026-12-20', '2026-12-21', '2026-12-22']))],
      ['an unpaid inquiry (closes nothing)', () => createBookingInquiry(t.db, booking('2026-12-24', '2026-12-26', 'pending'), NOW), (c) => expect(c).not.toContain('2026-12-24')],
      ['the booking cancelled', () => t.db.prepare("UPDATE booking_inquiries SET cancelled_at = ? WHERE checkin = '2026-12-20'").run(NOW.toISOString()), (c) => expect(c).not.toContain('2026-12-20')],
      ['the owner settings', () => updateOwnerSettings(t.db, { baseNightlyRateCents: 25000 }, NOW), () => expect(cache.settings().baseNightlyRateCents).toBe(25000)],
    ];
    for (const [, write, check] of steps) {
      write();
      check(cache.closedNights(FROM, TO));
      expectSameAsStore(cache);
    }
  });

  it('follows holds placed and released, and keeps an expired hold closed until it is released ([checkout.hold-expiry])', () => {
    const cache = calendarCache(t.db);
    expect(cache.closedNights('2026-12-10', '2026-12-12')).toEqual([]);
    const held = placeHold(t.db, { checkin: '2026-12-10', checkout: '2026-12-12', guests: 2, guest, quote: priceStay('2026-12-10', '2026-12-12')! }, NOW);
    if (!held.ok) throw new Error('placed');
    expect(cache.closedNights('2026-12-10', '2026-12-12')).toEqual(['2026-12-10', '2026-12-11']);
    expect(memoClosed(cache, '2026-12-10', '2026-12-12')).toEqual(['2026-12-10', '2026-12-11']);
    // Nothing in memory depends on the clock: an hour later the hold still closes its nights, as in the store.
    expect(closedNights(t.db, '2026-12-10', '2026-12-12', new Date(NOW.getTime() + 3_600_000))).toEqual(['2026-12-10', '2026-12-11']);
    releaseHold(t.db, held.hold.id);
    expect(cache.closedNights('2026-12-10', '2026-12-12')).toEqual([]);
    expect(memoClosed(cache, '2026-12-10', '2026-12-12')).toEqual([]);
  });

  it('follows calendar imports and a source switched off or removed', () => {
    const cache = calendarCache(t.db);
    expect(memoClosed(cache, '2026-12-14', '2026-12-18')).toEqual([]);
    const source = createCalendarSource(t.db, { name: 'Airbnb', icalUrl: 'https://example.com/a.ics', platform: 'airbnb' }, NOW);
    replaceImports(t.db, source.id, [{ uid: 'u1', startDate: '2026-12-15', endDate: '2026-12-17', summary: 'Reserved', isReservation: true }], NOW, NOW);
    expect(cache.closedNights('2026-12-14', '2026-12-18')).toEqual(['2026-12-15', '2026-12-16']);
    expect(memoClosed(cache, '2026-12-14', '2026-12-18')).toEqual(['2026-12-15', '2026-12-16']);
    updateCalendarSource(t.db, source.id, { isActive: false });
    expect(cache.closedNights('2026-12-14', '2026-12-18')).toEqual([]);
    expect(memoClosed(cache, '2026-12-14', '2026-12-18')).toEqual([]);
    updateCalendarSource(t.db, source.id, { isActive: true });
    replaceImports(t.db, source.id, [], NOW, NOW);
    expect(cache.closedNights('2026-12-14', '2026-12-18')).toEqual([]);
  });

  it("sees another connection's commits (the feed worker's imports)", () => {
    const cache = calendarCache(t.db);
    expect(cache.closedNights('2026-12-14', '2026-12-18')).toEqual([]);
    expect(memoClosed(cache, '2026-12-14', '2026-12-18')).toEqual([]);
    const other = new Database(path.join(t.dataDir, 'ridgeline.sqlite'), { fileMustExist: true });
    try {
      other.prepare("INSERT INTO availability (date, price_cents, is_available, is_blocked, updated_at) VALUES ('2026-12-15', 30000, 0, 0, 'x')").run();
    } finally {
      other.close();
    }
    expect(cache.closedNights('2026-12-14', '2026-12-18')).toEqual(['2026-12-15']);
    expect(memoClosed(cache, '2026-12-14', '2026-12-18')).toEqual(['2026-12-15']);
  });

  it('keeps nothing uncommitted: inside a transaction it reads the database, and a rollback is forgotten', () => {
    const cache = calendarCache(t.db);
    expect(cache.closedNights('2026-12-14', '2026-12-18')).toEqual([]);
    expect(memoClosed(cache, '2026-12-14', '2026-12-18')).toEqual([]);
    const attempt = t.db.transaction(() => {
      setAvailability(t.db, '2026-12-16', { price: 300, isAvailable: false, isBlocked: false }, NOW);
      expect(cache.closedNights('2026-12-14', '2026-12-18')).toEqual(['2026-12-16']);
      expect(memoClosed(cache, '2026-12-14', '2026-12-18')).toEqual(['2026-12-16']);
      throw new Error('roll back');
    });
    expect(() => attempt()).toThrow('roll back');
    expect(cache.closedNights('2026-12-14', '2026-12-18')).toEqual([]);
    expect(memoClosed(cache, '2026-12-14', '2026-12-18')).toEqual([]);
  });

  it('memo computes an answer once per key until something it reads changes, and keeps at most CALENDAR_MEMO_MAX', () => {
    const cache = calendarCache(t.db);
    let computed = 0;
    const answer = (key = 'a') => cache.memo(key, () => (computed += 1));
    expect([answer(), answer(), answer('b'), answer('b')]).toEqual([1, 1, 2, 2]);
    // A write elsewhere keeps them; a write the calendar reads drops them all.
    setSetting(t.db, 'ical_export_token', 'x');
    expect(answer()).toBe(1);
    setAvailability(t.db, '2026-12-16', { price: 300, isAvailable: false, isBlocked: false }, NOW);
    expect([answer(), answer('b'), answer()]).toEqual([3, 4, 3]);
    // Past the bound the oldest goes first.
    for (let i = 0; i < CALENDAR_MEMO_MAX; i += 1) answer(`k${i}`);
    const last = computed;
    expect(answer(`k${CALENDAR_MEMO_MAX - 1}`)).toBe(last);
    expect(answer()).toBe(last + 1);
  });
});
