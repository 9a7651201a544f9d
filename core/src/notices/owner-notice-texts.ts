/**
 * The words of what the owner is told ([owner.notices]): subject and text of each notice, and the
 * key that makes it once-only. Browser-safe and pure; the server stores and e-mails them
 * (`web/server/notices/owner-notices.ts`). Subjects name the stay and what happened, never
 * the guest's contact details (they are logged); texts may name the guest (they go to the owner
 * only), never card data.
 */
import type { Booking } from '../booking/bookings.js';
import type { Stay, StayChannel } from '../booking/stays/stays.js';
import { formatCents } from '../pricing/pricing.js';
import { daysBetween } from '../shared/dates.js';
import { PROPERTY } from '../shared/property.js';

/**
 * What the owner is told ([owner.notices]): a new booking, a cancellation, a conflict, a dispute,
 * a calendar source failing for hours, a failed payment, money that needs the owner's eye
 * ([money.late-payment], [money.reconcile]: a payment refunded because it came after a cancel,
 * a refund part that failed, what the reconciliation could not explain), and an area's
 * two-factor codes locked ([auth.two-factor-limit]), and a guest's request to book while payments
 * are off ([booking.request]).
 */
export const OWNER_NOTICE_KINDS = ['new-booking', 'cancellation', 'conflict', 'dispute', 'source-failing', 'payment-failed', 'money', 'sign-in-locked', 'tax-return', 'booking-request', 'guest-message', 'door-code'] as const;
export type OwnerNoticeKind = (typeof OWNER_NOTICE_KINDS)[number];

/** A notice before it is stored: what `notifyOwner` takes. */
export interface OwnerNoticeDraft {
  kind: OwnerNoticeKind;
  subject: string;
  text: string;
  bookingId: number | null;
  /** The same key is told once ([owner.notices]). */
  dedupeKey: string;
}

/** How long a calendar source may fail before the owner is told, ms ([owner.notices]). */
export const SOURCE_FAILING_NOTICE_AFTER_MS = 6 * 60 * 60 * 1000;

/** The owner's word for each channel of a stay. */
export const STAY_CHANNEL_NAMES: Readonly<Record<StayChannel, string>> = {
  direct: 'Direct booking',
  manual: 'Manual booking',
  owner: 'Owner stay',
  airbnb: 'Airbnb',
  vrbo: 'VRBO',
  booking: 'Booking.com',
  block: 'Blocked nights',
  hold: 'Checkout in progress',
};

const dayFormat = (withYear: boolean) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', ...(withYear ? { year: 'numeric' } : {}), timeZone: 'UTC' });
const asDate = (iso: string) => new Date(`${iso}T00:00:00Z`);

/**
 * A stay's dates for the owner: "Jun 12 – Jun 15, 2026", or "Dec 30, 2026 – Jan 2, 2027" across
 * a new year. @param checkin YYYY-MM-DD @param checkout YYYY-MM-DD
 */
export function formatStayDates(checkin: string, checkout: string): string {
  const sameYear = checkin.slice(0, 4) === checkout.slice(0, 4);
  return `${dayFormat(!sameYear).format(asDate(checkin))} – ${dayFormat(true).format(asDate(checkout))}`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "Jun 12 – Jun 15, 2026 (3 nights, 4 guests)" */
export function describeStayDates(stay: { checkin: string; checkout: string; guests?: number | null }): string {
  const parts = [plural(daysBetween(stay.checkin, stay.checkout), 'night'), ...(stay.guests ? [plural(stay.guests, 'guest')] : [])];
  return `${formatStayDates(stay.checkin, stay.checkout)} (${parts.join(', ')})`;
}

const adminLink = (publicUrl: string, tab: string) => `${publicUrl.replace(/\/+$/, '')}/admin?tab=${tab}`;

/** A direct booking newly paid ([owner.notices]): once per booking. */
export function newBookingNotice(booking: Booking, publicUrl: string): OwnerNoticeDraft {
  const when = describeStayDates(booking);
  const paid = booking.amountPaidCents || booking.quote?.totalCents || 0;
  return {
    kind: 'new-booking',
    subject: `New booking: ${when}`,
    text: [
      `${`${booking.firstName} ${booking.lastName}`.trim() || 'A guest'} booked and paid online.`,
      '',
      `Dates:  ${when}`,
      `Total:  ${formatCents(paid)}`,
      `Booking reference: ${booking.id}`,
      '',
      `See the booking: ${adminLink(publicUrl, 'bookings')}`,
    ].join('\n'),
    bookingId: booking.id,
    dedupeKey: `new-booking-${booking.id}`,
  };
}

/**
 * A guest's request to book, sent while card payments are off ([booking.request]): once per
 * request, with the stay, the server's quote and where to accept or decline it.
 */
export function bookingRequestNotice(booking: Booking, publicUrl: string): OwnerNoticeDraft {
  const when = describeStayDates(booking);
  return {
    kind: 'booking-request',
    subject: `Request to book: ${when}`,
    text: [
      `${`${booking.firstName} ${booking.lastName}`.trim() || 'A guest'} asks to book (online payments are not set up, so nothing was paid and no night is held).`,
      '',
      `Dates:  ${when}`,
      ...(booking.quote ? [`Quote:  ${formatCents(booking.quote.totalCents)}`] : []),
      ...(booking.message ? ['', 'Message:', booking.message] : []),
      `Booking reference: ${booking.id}`,
      '',
      `Accept or decline it: ${adminLink(publicUrl, 'bookings')}`,
    ].join('\n'),
    bookingId: booking.id,
    dedupeKey: `booking-request-${booking.id}`,
  };
}

const nameStay = (stay: Stay) => `${STAY_CHANNEL_NAMES[stay.channel]}${stay.guestName ? ` (${stay.guestName})` : ''}: ${describeStayDates(stay)}`;

/**
 * Two stays that share a night ([stays.conflict]): once per pair of stays, naming both and their
 * channels. `bookingId` is the first of the two that is a Ridgeline booking, if any.
 */
export function conflictNotice(stays: readonly [Stay, Stay], publicUrl: string): OwnerNoticeDraft {
  const [a, b] = [...stays].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0)) as [Stay, Stay];
  const from = a.checkin > b.checkin ? a.checkin : b.checkin;
  const to = a.checkout < b.checkout ? a.checkout : b.checkout;
  return {
    kind: 'conflict',
    subject: `Double booking: ${STAY_CHANNEL_NAMES[a.channel]} and ${STAY_CHANNEL_NAMES[b.channel]} share ${formatStayDates(from, to)}`,
    text: [
      'Two stays share a night. One of them has to move or be cancelled:',
      '',
      `- ${nameStay(a)}`,
      `- ${nameStay(b)}`,
      '',
      `See the calendar: ${adminLink(publicUrl, 'availability')}`,
    ].join('\n'),
    bookingId: a.bookingId ?? b.bookingId,
    dedupeKey: `conflict-${a.id}-${b.id}`,
  };
}

/**
 * Whether a source that just failed to sync has been failing for longer than
 * SOURCE_FAILING_NOTICE_AFTER_MS: its last good sync (or, never synced, its creation) is older.
 * @returns the time the outage is counted from (ISO 8601), or undefined while not yet
 */
export function sourceFailingSince(source: { lastSuccessTime: string | null; createdAt: string }, now: Date): string | undefined {
  const since = source.lastSuccessTime ?? source.createdAt;
  return now.getTime() - Date.parse(since) > SOURCE_FAILING_NOTICE_AFTER_MS ? since : undefined;
}

/**
 * A calendar source failing for more than 6 hours ([owner.notices]): once per outage (the key is
 * the source and its last good sync, so the next outage after a good sync is told again).
 */
export function sourceFailingNotice(
  source: { id: number; name: string; lastSuccessTime: string | null; lastSyncMessage: string },
  publicUrl: string,
): OwnerNoticeDraft {
  return {
    kind: 'source-failing',
    subject: `Calendar not syncing: ${source.name}`,
    text: [
      `Ridgeline has not been able to read the calendar "${source.name}" for more than 6 hours.`,
      source.lastSuccessTime ? `Last good sync: ${source.lastSuccessTime.slice(0, 16).replace('T', ' ')} UTC.` : 'It has never been read.',
      `The error: ${source.lastSyncMessage || 'unknown'}`,
      '',
      "Until it syncs, nights booked on that platform are not closed here. Check the calendar's address in the platform and in Ridgeline:",
      adminLink(publicUrl, 'ical-sync'),
    ].join('\n'),
    bookingId: null,
    dedupeKey: `source-failing-${source.id}-${source.lastSuccessTime ?? 'never'}`,
  };
}

/**
 * A card payment that failed ([owner.notices]): once per failure (PaymentIntent and Stripe
 * event). Names the stay and Stripe's decline message; never card data.
 */
export function paymentFailedNotice(
  failure: { paymentIntentId: string; eventId: string; checkin: string; checkout: string; guests: number; guestName: string; amountCents: number; declineMessage: string | null; bookingId: number | null },
  publicUrl: string,
): OwnerNoticeDraft {
  const when = describeStayDates(failure);
  return {
    kind: 'payment-failed',
    subject: `Payment failed: ${when}`,
    text: [
      `${failure.guestName || 'A guest'} tried to pay ${formatCents(failure.amountCents)} for ${when}, and the payment failed.`,
      `Stripe says: ${failure.declineMessage || 'the payment was not completed'}`,
      '',
      'The guest may try again with another card while the nights are held. Nothing is booked until a payment succeeds.',
      `Stripe payment: ${failure.paymentIntentId}`,
      adminLink(publicUrl, 'bookings'),
    ].join('\n'),
    bookingId: failure.bookingId,
    dedupeKey: `payment-failed-${failure.paymentIntentId}-${failure.eventId}`,
  };
}

const AREA_NAMES = { admin: 'admin dashboard', security: 'security console' } as const;
const AREA_PAGES = { admin: 'admin', security: 'security-console' } as const;
const lockTime = new Intl.DateTimeFormat('en-US', { timeZone: PROPERTY.timeZone, month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * An area's two-factor codes locked after too many wrong ones from anywhere
 * ([auth.two-factor-limit]): once per lock. Says until when (in the property's zone), and what to
 * do if it was not the owner: someone who knows the password is guessing codes.
 * @param lock `area`, `lockedAt` and `until` (ISO 8601 UTC) of the lock
 * @param limit wrong codes that locked it; @param windowMinutes the window they came in
 */
export function twoFactorLockedNotice(
  lock: { area: 'admin' | 'security'; lockedAt: string; until: string },
  limit: number,
  windowMinutes: number,
  publicUrl: string,
): OwnerNoticeDraft {
  const name = AREA_NAMES[lock.area];
  const minutes = Math.round((Date.parse(lock.until) - Date.parse(lock.lockedAt)) / 60_000);
  return {
    kind: 'sign-in-locked',
    subject: `Two-factor sign-in locked: ${name}`,
    text: [
      `${limit} wrong two-factor codes were tried for the ${name} within ${windowMinutes} minutes, from any addresses.`,
      `Ridgeline refuses every two-factor code for the ${name} for ${minutes} minutes, until ${lockTime.format(new Date(lock.until))} (${PROPERTY.timeZone}), even the right one.`,
      '',
      'If this was not you, someone knows the password of this area: once the lock ends, sign in and change it, and look at the security log for the addresses that tried.',
      `${publicUrl.replace(/\/+$/, '')}/${AREA_PAGES[lock.area]}`,
    ].join('\n'),
    bookingId: null,
    dedupeKey: `sign-in-locked-${lock.area}-${lock.lockedAt}`,
  };
}
