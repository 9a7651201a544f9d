/**
 * The owner's Bookings list ([bookings.find]): which bookings a filter, a search and a sort keep,
 * and in which order. Pure and browser-safe: the list is fetched whole (`GET /api/booking-inquiries`)
 * and narrowed here, so one change over 1,000 bookings is one pass and one sort.
 */
import { balanceDueCents, bookingMoney, daysBetween, stayNetPaidCents, type Booking, type BookingKind } from '@ridgeline/core';

/** Where a stay stands on `today` ([bookings.find]). */
export const BOOKING_WHENS = ['upcoming', 'in-house', 'past', 'cancelled'] as const;
export type BookingWhen = (typeof BOOKING_WHENS)[number];

/** The "Show" filter: every booking, or those of one `BookingWhen`. */
export type BookingWhenFilter = 'all' | BookingWhen;
/** The "Channel" filter: every channel, or one booking kind ([bookings.kinds]). */
export type BookingChannelFilter = 'all' | BookingKind;
/** `checkin`: stays still ahead first (nearest check-in first), then past ones (latest first); `submitted`: newest first. */
export type BookingSort = 'checkin' | 'submitted';

export interface BookingListQuery {
  when: BookingWhenFilter;
  channel: BookingChannelFilter;
  /** Free text: part of the guest's name or e-mail, or the booking reference ("42" or "#42"). */
  search: string;
  sort: BookingSort;
}

export const DEFAULT_BOOKING_LIST_QUERY: BookingListQuery = { when: 'all', channel: 'all', search: '', sort: 'checkin' };

/** The owner's word for each "Show" filter. */
export const BOOKING_WHEN_LABELS: Readonly<Record<BookingWhenFilter, string>> = {
  all: 'All bookings',
  upcoming: 'Upcoming',
  'in-house': 'In-house',
  past: 'Past',
  cancelled: 'Cancelled',
};

/** The owner's word for each channel ([bookings.kinds]): a guest's own checkout is "Website". */
export const BOOKING_CHANNEL_LABELS: Readonly<Record<BookingKind, string>> = {
  direct: 'Website',
  manual: 'Phone booking',
  owner: 'Owner stay',
};

type ListedBooking = Pick<Booking, 'id' | 'firstName' | 'lastName' | 'email' | 'checkin' | 'checkout' | 'createdAt' | 'kind' | 'status' | 'cancelledAt'>;

/**
 * Where a booking stands on `today` (YYYY-MM-DD, the property's date, [data.today]): `cancelled`
 * once cancelled; else `in-house` from its check-in day through its check-out day, `upcoming`
 * before, `past` after.
 */
export function bookingWhen(booking: Pick<Booking, 'checkin' | 'checkout' | 'status' | 'cancelledAt'>, today: string): BookingWhen {
  if (booking.status === 'cancelled' || booking.cancelledAt) return 'cancelled';
  if (booking.checkin > today) return 'upcoming';
  if (booking.checkout < today) return 'past';
  return 'in-house';
}

/** A search's words, lower-cased and trimmed; '' matches every booking. */
function normalise(search: string): string {
  return search.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * Whether `booking` matches the search `text` (already `normalise`d): the guest's full name or
 * e-mail contains it, or it is the booking reference (its id, with or without a leading "#").
 */
function matches(booking: ListedBooking, text: string): boolean {
  if (text === '') return true;
  const reference = /^#?(\d+)$/.exec(text);
  if (reference && Number(reference[1]) === booking.id) return true;
  if (text.startsWith('#')) return false;
  const name = `${booking.firstName} ${booking.lastName}`.toLowerCase();
  return name.includes(text) || booking.email.toLowerCase().includes(text);
}

/**
 * [bookings.find]: the bookings `query` keeps, in its order. Filters: `when` (on `today`,
 * see bookingWhen), `channel` (the booking's kind), `search` (name, e-mail or reference, case
 * and extra spaces ignored). Sorts: `checkin` puts stays not yet over (check-out on or after
 * `today`) first, nearest check-in first, then the others latest check-in first; `submitted` is
 * newest first. Ties go to the higher id (the later booking). Returns a new array; `bookings`
 * is not changed.
 */
export function selectBookings<B extends ListedBooking>(bookings: readonly B[], query: BookingListQuery, today: string): B[] {
  const text = normalise(query.search);
  const kept = bookings.filter(
    (b) => (query.when === 'all' || bookingWhen(b, today) === query.when) && (query.channel === 'all' || b.kind === query.channel) && matches(b, text),
  );
  if (query.sort === 'submitted') {
    return kept.sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1));
  }
  return kept.sort((a, b) => {
    const aAhead = a.checkout >= today;
    const bAhead = b.checkout >= today;
    if (aAhead !== bAhead) return aAhead ? -1 : 1;
    if (a.checkin !== b.checkin) return (a.checkin < b.checkin ? -1 : 1) * (aAhead ? 1 : -1);
    return b.id - a.id;
  });
}

/** One booking as a row of the compact table ([bookings.find]); money in cents. */
export interface BookingRow {
  nights: number;
  channel: string;
  /** "Cancelled", "In-house", "Upcoming" or "Past". */
  status: string;
  /** The quote's total; null without one (an owner stay, an inquiry without a quote). */
  totalCents: number | null;
  /** Net paid: payments less refunds ([money.net-paid]). */
  paidCents: number;
  /** [money.balance-due]: 0 for a cancelled booking, an owner stay or one without a quote. */
  balanceDueCents: number;
}

/** The figures of `booking`'s table row on `today`. */
export function bookingRow(booking: Pick<Booking, 'checkin' | 'checkout' | 'status' | 'cancelledAt' | 'kind' | 'quote' | 'amountPaidCents' | 'refundedCents'>, today: string): BookingRow {
  const days = daysBetween(booking.checkin, booking.checkout);
  const nights = Number.isFinite(days) ? Math.max(0, days) : 0;
  const money = bookingMoney(booking);
  return {
    nights,
    channel: BOOKING_CHANNEL_LABELS[booking.kind],
    status: BOOKING_WHEN_LABELS[bookingWhen(booking, today)],
    totalCents: booking.kind === 'owner' ? null : (booking.quote?.totalCents ?? null),
    paidCents: stayNetPaidCents(money),
    balanceDueCents: balanceDueCents(booking, money),
  };
}
