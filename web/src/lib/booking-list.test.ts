import { describe, expect, it } from 'vitest';
import { priceStay, type Booking } from '@ridgeline/core';
import { testBooking } from '@ridgeline/core/testing/builders';
import { DEFAULT_BOOKING_LIST_QUERY, bookingRow, bookingWhen, selectBookings, type BookingListQuery } from './booking-list';

/** [bookings.find]: the Bookings list's filters, search and sorts, on the property's date. */

const TODAY = '2026-12-02';

const ids = (list: Booking[]) => list.map((b) => b.id);
/** The standard price of a stay (a test's dates always price). */
function price(checkin: string, checkout: string) {
  const quote = priceStay(checkin, checkout);
  if (!quote) throw new Error(`no price for ${checkin} to ${checkout}`);
  return quote;
}
const query = (over: Partial<BookingListQuery>): BookingListQuery => ({ ...DEFAULT_BOOKING_LIST_QUERY, ...over });

const past = testBooking({ id: 1, firstName: 'Pat', lastName: 'Past', email: 'pat@example.com', checkin: '2026-10-01', checkout: '2026-10-04', createdAt: '2026-09-01T10:00:00.000Z' });
const longAgo = testBooking({ id: 2, firstName: 'Lon', lastName: 'Gago', email: 'lon@example.com', checkin: '2026-03-01', checkout: '2026-03-04', createdAt: '2026-11-30T10:00:00.000Z' });
const inHouse = testBooking({ id: 3, firstName: 'Ina', lastName: 'House', email: 'ina@inn.test', checkin: '2026-11-30', checkout: '2026-12-03', kind: 'manual', createdAt: '2026-11-01T10:00:00.000Z' });
const leavingToday = testBooking({ id: 4, firstName: 'Lea', lastName: 'Vingt', email: 'lea@example.com', checkin: '2026-11-28', checkout: TODAY, kind: 'owner', createdAt: '2026-10-01T10:00:00.000Z' });
const soon = testBooking({ id: 5, firstName: 'Sue', lastName: 'Soon', email: 'SUE@Example.com', checkin: '2026-12-10', checkout: '2026-12-12', createdAt: '2026-10-15T10:00:00.000Z' });
const later = testBooking({ id: 6, firstName: 'Lars', lastName: 'Later', email: 'lars@example.com', checkin: '2027-02-01', checkout: '2027-02-05', createdAt: '2026-12-01T10:00:00.000Z' });
const cancelled = testBooking({ id: 7, firstName: 'Cal', lastName: 'Cancel', email: 'cal@example.com', checkin: '2026-12-20', checkout: '2026-12-22', status: 'cancelled', cancelledAt: '2026-11-20T10:00:00.000Z', createdAt: '2026-11-02T10:00:00.000Z' });
const ALL = [past, longAgo, inHouse, leavingToday, soon, later, cancelled];

describe('bookingWhen', () => {
  it('is in-house from the check-in day through the check-out day, upcoming before, past after, cancelled above all', () => {
    expect(bookingWhen({ checkin: TODAY, checkout: '2026-12-05', status: 'confirmed', cancelledAt: null }, TODAY)).toBe('in-house');
    expect(bookingWhen(leavingToday, TODAY)).toBe('in-house');
    expect(bookingWhen(inHouse, TODAY)).toBe('in-house');
    expect(bookingWhen(soon, TODAY)).toBe('upcoming');
    expect(bookingWhen(past, TODAY)).toBe('past');
    expect(bookingWhen(cancelled, TODAY)).toBe('cancelled');
    // A cancellation marked by its time alone counts as well.
    expect(bookingWhen({ ...soon, status: 'confirmed', cancelledAt: '2026-11-01T00:00:00.000Z' }, TODAY)).toBe('cancelled');
  });
});

describe('selectBookings', () => {
  it('sorts by check-in by default: stays not over, nearest first, then past ones latest first', () => {
    expect(ids(selectBookings(ALL, DEFAULT_BOOKING_LIST_QUERY, TODAY))).toEqual([4, 3, 5, 7, 6, 1, 2]);
  });

  it('sorts by submission, newest first, the higher id first on a tie', () => {
    const twin = testBooking({ id: 8, createdAt: later.createdAt, checkin: '2027-03-01', checkout: '2027-03-03' });
    expect(ids(selectBookings([...ALL, twin], query({ sort: 'submitted' }), TODAY))).toEqual([8, 6, 2, 7, 3, 5, 4, 1]);
  });

  it('filters by when the stay is', () => {
    expect(ids(selectBookings(ALL, query({ when: 'upcoming' }), TODAY))).toEqual([5, 6]);
    expect(ids(selectBookings(ALL, query({ when: 'in-house' }), TODAY))).toEqual([4, 3]);
    expect(ids(selectBookings(ALL, query({ when: 'past' }), TODAY))).toEqual([1, 2]);
    expect(ids(selectBookings(ALL, query({ when: 'cancelled' }), TODAY))).toEqual([7]);
  });

  it('filters by channel, and combines the filters', () => {
    expect(ids(selectBookings(ALL, query({ channel: 'manual' }), TODAY))).toEqual([3]);
    expect(ids(selectBookings(ALL, query({ channel: 'owner' }), TODAY))).toEqual([4]);
    expect(ids(selectBookings(ALL, query({ channel: 'direct' }), TODAY))).toEqual([5, 7, 6, 1, 2]);
    expect(ids(selectBookings(ALL, query({ channel: 'direct', when: 'in-house' }), TODAY))).toEqual([]);
  });

  it('searches the name, the e-mail and the reference, ignoring case and extra spaces', () => {
    expect(ids(selectBookings(ALL, query({ search: '  sue   SOON ' }), TODAY))).toEqual([5]);
    expect(ids(selectBookings(ALL, query({ search: 'example.COM' }), TODAY))).toEqual([4, 5, 7, 6, 1, 2]);
    expect(ids(selectBookings(ALL, query({ search: '@inn' }), TODAY))).toEqual([3]);
    expect(ids(selectBookings(ALL, query({ search: '#6' }), TODAY))).toEqual([6]);
    expect(ids(selectBookings(ALL, query({ search: '7' }), TODAY))).toEqual([7]);
    expect(ids(selectBookings(ALL, query({ search: '#x' }), TODAY))).toEqual([]);
    expect(ids(selectBookings(ALL, query({ search: 'nobody' }), TODAY))).toEqual([]);
  });

  it('leaves its input as it was', () => {
    const input = [...ALL];
    selectBookings(input, query({ sort: 'submitted' }), TODAY);
    expect(input).toEqual(ALL);
  });
});

describe('bookingRow', () => {
  it("gives a guest's booking its nights, channel, status, total, net paid and balance due", () => {
    const quote = price('2026-12-10', '2026-12-12');
    const row = bookingRow({ ...soon, quote, amountPaidCents: 50_000, refundedCents: 10_000 }, TODAY);
    expect(row).toEqual({
      nights: 2,
      channel: 'Website',
      status: 'Upcoming',
      totalCents: quote.totalCents,
      paidCents: 40_000,
      balanceDueCents: quote.totalCents - 40_000,
    });
  });

  it('has no total nor balance for an owner stay, and nothing due once cancelled', () => {
    expect(bookingRow(leavingToday, TODAY)).toMatchObject({ nights: 4, channel: 'Owner stay', status: 'In-house', totalCents: null, balanceDueCents: 0 });
    const quote = price('2026-12-20', '2026-12-22');
    expect(bookingRow({ ...cancelled, quote }, TODAY)).toMatchObject({ status: 'Cancelled', totalCents: quote.totalCents, balanceDueCents: 0 });
  });
});
