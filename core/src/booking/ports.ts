/**
 * The ports of the booking domain (docs/architecture.md "Book"): everything the checkout service
 * needs from outside, as interfaces. The server wires the real ones (`createSqliteBookingStore`
 * in `core/src/node/booking/sqlite-booking-store.ts`, `createStripeGateway`, the calendar sync, the
 * mailer, its logger and clock); unit tests pass in-memory fakes.
 */
import type { BookingInquiry, NewBookingInquiry } from './bookings.js';
import type { PriceBreakdown } from '../pricing/pricing.js';
import type { Settings } from '../settings/schema.js';
import type { Hold, HoldGuest, HoldReplacement, PlaceHoldResult } from './hold.js';
import type { PaymentGateway, PaymentIntentView } from './payment-gateway.js';
import type { BookingEventKind } from './timeline.js';

/**
 * Where stays are kept. Every method is synchronous and atomic on its own (the SQLite store runs
 * each in one transaction); the checkout calls the payment provider only between them.
 */
export interface BookingStore {
  /** Nights from `checkin` up to (not including) `checkout` that cannot be sold ([availability.closed]), sorted. */
  closedNights(checkin: string, checkout: string, now: Date): string[];
  /** The owner's nightly prices (cents) by date for nights in [checkin, checkout); unset dates absent. */
  ownerNightlyPrices(checkin: string, checkout: string): Map<string, number>;
  /**
   * The server's quote with the owner's settings ([booking.quote], [pricing.server-authoritative],
   * [settings.snapshot]); undefined for a stay without nights.
   */
  quoteStay(checkin: string, checkout: string, guests: number): PriceBreakdown | undefined;
  /** The owner's settings as stored now ([settings.defaults] where unset). */
  settings(): Settings;
  /**
   * Holds the nights if all are open, replacing the guest's and IP's earlier holds as `settled`
   * allows ([checkout.hold], [checkout.hold-abuse]); check and insert are one transaction.
   */
  placeHold(stay: { checkin: string; checkout: string; guests: number; guest: HoldGuest; quote: PriceBreakdown }, now: Date, settled: HoldReplacement): PlaceHoldResult;
  /** Records the hold's PaymentIntent if the hold is still live; false when it was released meanwhile. */
  attachPaymentIntent(holdId: number, paymentIntentId: string): boolean;
  /** Frees a live hold's nights (no effect on a hold already released or converted). */
  releaseHold(holdId: number): void;
  getHoldByPaymentIntent(paymentIntentId: string): Hold | undefined;
  /** Live holds past their expiry, oldest first ([checkout.hold-expiry]). */
  listExpiredHolds(now: Date): Hold[];
  findBookingByPaymentIntent(paymentIntentId: string): BookingInquiry | undefined;
  /** Stores an inquiry without payment ([checkout.inquiry]). */
  createInquiry(booking: NewBookingInquiry, now: Date): BookingInquiry;
  /**
   * Stores the booking of a PaymentIntent exactly once ([checkout.once]); a `paid` booking turns
   * its hold into a booking, and a later `paid` call upgrades a pending one.
   * @returns the stored booking and whether this call created it
   */
  confirmBooking(booking: NewBookingInquiry & { stripePaymentIntentId: string }, holdId: number | undefined, now: Date): { booking: BookingInquiry; created: boolean };
  /** Claims the confirmation e-mail of a booking; false when it was already claimed (send once). */
  claimConfirmationEmail(bookingId: number, now: Date): boolean;
  /** Gives the claim back after a failed send. */
  unclaimConfirmationEmail(bookingId: number): void;
  /** Adds a line to a booking's timeline ([booking.timeline]); `detail` never holds card data. */
  recordBookingEvent(bookingId: number, kind: BookingEventKind, detail: string, now: Date): void;
  /** Paid card bookings created since `since` whose confirmation was never sent ([checkout.confirmation-retry]). */
  listUnsentConfirmations(since: Date): BookingInquiry[];
  /** Records a Stripe event id; false when it was already handled ([checkout.webhook]). */
  claimStripeEvent(eventId: string, type: string, now: Date): boolean;
  /** Forgets a claimed event id so Stripe's retry is processed. */
  unclaimStripeEvent(eventId: string): void;
}

/** Outgoing mail; `core/src/node/platform/mailer.ts`'s `Mailer` fits. */
export interface MailerPort {
  send(message: { to: string; subject: string; text: string }): Promise<unknown>;
}

/** Structured log lines (the server's pino logger fits). */
export interface LoggerPort {
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** The calendar port: re-reads the sources not synced recently ([checkout.calendar-recheck]); never rejects. */
export interface CalendarRecheck {
  recheckStale(): Promise<unknown>;
}

export interface CheckoutPorts {
  store: BookingStore;
  /** Stripe; undefined when payments are off (the checkout answers `payments-unavailable`). */
  payments: PaymentGateway | undefined;
  /** Calendars to re-read before holding; undefined skips the re-read. */
  calendars?: CalendarRecheck | undefined;
  /** Undefined: confirmations are claimed but not sent (as with SMTP off). */
  mailer?: MailerPort | undefined;
  logger: LoggerPort;
  /** The clock. */
  now: () => Date;
  /** The site's public address, for links in e-mails ([config.public-url]). */
  publicUrl: string;
  /** Told each time a stay is confirmed paid (the server triggers the cleaning reconcile, [checkout.after-payment]). */
  onConfirmed?: ((booking: BookingInquiry) => void) | undefined;
  /**
   * Told of each `payment_intent.payment_failed` event of a held stay, once per event id (the
   * server tells the owner, [owner.notices]): the event id, the PaymentIntent (with Stripe's
   * decline message), its hold and its booking when one exists.
   */
  onPaymentFailed?: ((failure: PaymentFailure) => void) | undefined;
}

/** A failed card payment of a held stay (`CheckoutPorts.onPaymentFailed`). */
export interface PaymentFailure {
  eventId: string;
  intent: PaymentIntentView;
  hold: Hold;
  booking: BookingInquiry | undefined;
}
