import { PROPERTY, createOwnerBooking, quoteOwnerBooking, localMomentIn, guestStayView, type Booking, type BookingEvent, type GuestStay, type CreateOwnerBookingRequest, type OwnerQuoteQuery, type PaymentIntentView, type RentalAgreement } from '@ridgeline/core';
import {
  calendarCache,
  createSqliteOwnerBookingStore,
  currentRentalAgreement,
  getBookingByGuestToken,
  getBookingInquiry,
  getListing,
  getOwnerSettings,
  getRentalAgreement,
  ledgerSummary,
  listBookingEvents,
  listBookingInquiries,
  listRentalAgreements,
  setBookingPaymentIntent,
  testPaymentIdempotencyKey,
} from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';

/**
 * The bookings as the booking routes read them, over the database and the app's clock
 * (docs/architecture.md "Inside the server": routes do not call stores). The services of the
 * booking (checkout, cancellation, balance, …) are built in web/server/services.ts.
 */

/** Booking `id`, undefined for an unknown id. */
export function bookingById(deps: Pick<AppDeps, 'db'>, id: number): Booking | undefined {
  return getBookingInquiry(deps.db, id);
}

/** The booking behind a guest-page token ([guest.page]), undefined for an unknown one. */
export function bookingOfGuestToken(deps: Pick<AppDeps, 'db'>, token: string): Booking | undefined {
  return getBookingByGuestToken(deps.db, token);
}

/** Every booking, newest first ([bookings.list]). */
export function allBookings(deps: Pick<AppDeps, 'db'>): Booking[] {
  return listBookingInquiries(deps.db);
}

/** Booking `id`'s history, oldest first ([booking.timeline]); undefined for an unknown booking. */
export function bookingTimeline(deps: Pick<AppDeps, 'db'>, id: number): BookingEvent[] | undefined {
  return getBookingInquiry(deps.db, id) ? listBookingEvents(deps.db, id) : undefined;
}

/** The check-in time of the owner's settings (`HH:MM`), for a booking whose quote froze none. */
export function ownerCheckInTime(deps: Pick<AppDeps, 'db'>): string {
  return getOwnerSettings(deps.db).checkInTime;
}

/** The guest's page of `booking` now ([guest.page]; the house as the owner's listing names it, the refund by the property's date and time of day). */
export function guestStayOf(deps: Pick<AppDeps, 'db' | 'now'>, booking: Booking): GuestStay {
  return guestStayView(booking, { ...getOwnerSettings(deps.db), listing: getListing(deps.db) }, localMomentIn(PROPERTY.timeZone, deps.now?.() ?? new Date()), ledgerSummary(deps.db, booking.id));
}

/** The idempotency key of `booking`'s test payment: the booking's own random key, never its row id ([checkout.idempotency]). */
export function testPaymentKey(deps: Pick<AppDeps, 'db'>, bookingId: number): string {
  return `ridgeline-test-payment-${testPaymentIdempotencyKey(deps.db, bookingId)}`;
}

/** Records the test PaymentIntent `intent` on booking `bookingId` ([bookings.list]). */
export function recordTestPaymentIntent(deps: Pick<AppDeps, 'db'>, bookingId: number, intent: Pick<PaymentIntentView, 'id' | 'status' | 'amount'>): void {
  setBookingPaymentIntent(deps.db, bookingId, intent.id, { status: intent.status, amount: intent.amount });
}

/** The rental agreement published last ([agreement.publish]), undefined before the first. */
export function currentAgreement(deps: Pick<AppDeps, 'db'>): RentalAgreement | undefined {
  return currentRentalAgreement(deps.db);
}

/** Version `version` of the rental agreement exactly as published ([agreement.record]), undefined for an unknown one. */
export function agreementVersion(deps: Pick<AppDeps, 'db'>, version: number): RentalAgreement | undefined {
  return getRentalAgreement(deps.db, version);
}

/** Every published version of the rental agreement, newest first ([agreement.publish]). */
export function agreementVersions(deps: Pick<AppDeps, 'db'>): RentalAgreement[] {
  return listRentalAgreements(deps.db);
}

/**
 * Books a stay the owner makes, manual or the owner's own, as of the app's clock
 * ([bookings.owner-create]): the booking, or why not (`invalid-stay` with `field` and `message`,
 * or the `closedDates` already taken); nothing stored on a refusal.
 */
export function bookForOwner(deps: Pick<AppDeps, 'db' | 'now'>, input: CreateOwnerBookingRequest): ReturnType<typeof createOwnerBooking> {
  return createOwnerBooking({ store: createSqliteOwnerBookingStore(deps.db), now: () => deps.now?.() ?? new Date() }, input);
}

/** [bookings.owner-quote]: the price a phone booking of `input` would be recorded at now (see `quoteOwnerBooking`). */
export function quoteForOwner(deps: Pick<AppDeps, 'db' | 'now'>, input: OwnerQuoteQuery): ReturnType<typeof quoteOwnerBooking> {
  return quoteOwnerBooking({ store: createSqliteOwnerBookingStore(deps.db), now: () => deps.now?.() ?? new Date() }, input);
}

/**
 * The public calendar's answer memory of the database ([availability.cache]): `compute` runs at
 * the first call of `key` and its answer is kept until anything the calendar reads changes.
 */
export function publicCalendarMemo(deps: Pick<AppDeps, 'db'>): <T>(key: string, compute: () => T) => T {
  const calendar = calendarCache(deps.db);
  return (key, compute) => calendar.memo(key, compute);
}
