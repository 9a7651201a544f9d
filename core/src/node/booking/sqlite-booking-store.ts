import type { BookingStore } from '../../booking/ports.js';
import {
  completeBookingCancellation,
  createBookingInquiry,
  getBookingInquiry,
  listBookingRefunds,
  listUnsentConfirmations,
  openBookingRefund,
  recordBookingDispute,
  recordBookingMoney,
  reviseBookingRefund,
  settleBookingRefundPart,
  startBookingRefund,
  syncChargeRefunds,
} from './bookings-store.js';
import type { Db } from '../platform/database.js';
import { ledgerSummary } from './ledger-store.js';
import { getOwnerSettings } from '../settings/owner-settings-store.js';
import {
  attachPaymentIntent,
  claimConfirmationEmail,
  claimStripeEvent,
  closedNights,
  confirmBooking,
  findBookingByPaymentIntent,
  getHoldByPaymentIntent,
  listExpiredHolds,
  ownerNightlyPrices,
  placeHold,
  quoteStay,
  releaseHold,
  unclaimConfirmationEmail,
  unclaimStripeEvent,
} from './stays-store.js';
import { currentRentalAgreement } from '../settings/rental-agreements-store.js';
import { recordBookingEvent } from './booking-events-store.js';

/**
 * The booking domain's store port (`BookingStore`, core/src/booking/ports.ts) over SQLite: each
 * method is the store function of `stays-store.ts` / `bookings-store.ts` of the same name (or
 * near it: `startRefund` → `startBookingRefund`), on
 * `db` (their transactions and guards are the port's atomicity).
 */
export function createSqliteBookingStore(db: Db): BookingStore {
  return {
    closedNights: (checkin, checkout, now) => closedNights(db, checkin, checkout, now),
    ownerNightlyPrices: (checkin, checkout) => ownerNightlyPrices(db, checkin, checkout),
    quoteStay: (checkin, checkout, guests) => quoteStay(db, checkin, checkout, guests),
    settings: () => getOwnerSettings(db),
    placeHold: (stay, now, settled, maxHeldNights) => placeHold(db, stay, now, settled, maxHeldNights),
    attachPaymentIntent: (holdId, paymentIntentId) => attachPaymentIntent(db, holdId, paymentIntentId),
    releaseHold: (holdId) => releaseHold(db, holdId),
    getHoldByPaymentIntent: (paymentIntentId) => getHoldByPaymentIntent(db, paymentIntentId),
    listExpiredHolds: (now) => listExpiredHolds(db, now),
    findBookingByPaymentIntent: (paymentIntentId) => findBookingByPaymentIntent(db, paymentIntentId),
    createInquiry: (booking, now) => createBookingInquiry(db, booking, now),
    confirmBooking: (booking, holdId, now) => confirmBooking(db, booking, holdId, now),
    claimConfirmationEmail: (bookingId, now) => claimConfirmationEmail(db, bookingId, now),
    unclaimConfirmationEmail: (bookingId) => unclaimConfirmationEmail(db, bookingId),
    recordBookingEvent: (bookingId, kind, detail, now) => void recordBookingEvent(db, bookingId, kind, detail, now),
    listUnsentConfirmations: (since) => listUnsentConfirmations(db, since),
    claimStripeEvent: (eventId, type, now) => claimStripeEvent(db, eventId, type, now),
    unclaimStripeEvent: (eventId) => unclaimStripeEvent(db, eventId),
    getBooking: (id) => getBookingInquiry(db, id),
    ledger: (bookingId) => ledgerSummary(db, bookingId),
    recordMoney: (bookingId, entry, now) => ({ created: recordBookingMoney(db, bookingId, entry, now).created }),
    listRefunds: (bookingId) => listBookingRefunds(db, bookingId),
    openRefund: (bookingId) => openBookingRefund(db, bookingId),
    startRefund: (refund, plan, now) => startBookingRefund(db, refund, plan, now),
    settleRefundPart: (bookingId, partId, outcome, now) => settleBookingRefundPart(db, bookingId, partId, outcome, now),
    reviseRefund: (refundId, plan, now) => reviseBookingRefund(db, refundId, plan, now),
    completeCancellation: (bookingId, cancel, now) => completeBookingCancellation(db, bookingId, cancel, now),
    syncChargeRefunds: (paymentIntentId, charge, now) => syncChargeRefunds(db, paymentIntentId, charge, now),
    recordDispute: (paymentIntentId, dispute, now) => recordBookingDispute(db, paymentIntentId, dispute, now),
    currentAgreement: () => currentRentalAgreement(db),
  };
}
