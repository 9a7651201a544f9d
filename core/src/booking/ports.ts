/**
 * The ports of the booking domain (docs/architecture.md "Book"): everything the checkout service
 * needs from outside, as interfaces. The server wires the real ones (`createSqliteBookingStore`
 * in `core/src/node/booking/sqlite-booking-store.ts`, `createStripeGateway`, the calendar sync, the
 * mailer, its logger and clock); unit tests pass in-memory fakes.
 */
import type { Booking, BookingRefund, NewBookingInquiry } from './bookings.js';
import type { PriceBreakdown } from '../pricing/pricing.js';
import type { Settings } from '../settings/schema.js';
import type { Hold, HoldReplacement, HoldRequest, PlaceHoldResult } from './hold.js';
import type { PaymentGateway, PaymentIntentView, RefundView } from './payment-gateway.js';
import type { BookingEventKind } from './timeline.js';
import type { RentalAgreement } from './agreement.js';
import type { LedgerSummary, NewLedgerEntry, OfflineMethod } from './ledger.js';
import type { PlannedPart, RefundPart } from './refund-plan.js';

/** A cancellation's refund with its stored plan ([money.refund-plan]). */
/**
 * A refund Stripe reported `failed` (or `canceled`) after the ledger recorded it
 * ([money.refund-failed]): its reversing `refund_failed` entry was just written. Cents.
 */
export interface FailedRefund {
  stripeRefundId: string;
  amountCents: number;
  /** Stripe's status: `failed` or `canceled` */
  status: string;
  /** Stripe's `failure_reason` (`expired_or_canceled_card`, `lost_or_stolen_card`…), when it gave one */
  reason: string | null;
}

export interface RefundWithParts {
  refund: BookingRefund;
  /** the refund's random key: each part's Idempotency-Key is `ridgeline-refund-<key><part.keySuffix>` */
  idempotencyKey: string;
  /** in the order they are asked */
  parts: RefundPart[];
}

/**
 * Where cancellations and refunds are kept ([booking.cancel], [booking.refund],
 * [stripe.refund-webhook], [stripe.dispute]). Each method is one transaction.
 */
export interface RefundStore {
  /** The booking with that id. */
  getBooking(id: number): Booking | undefined;
  /** The sums of the booking's money ledger ([money.ledger]); an unknown booking sums to 0. */
  ledger(bookingId: number): LedgerSummary;
  /**
   * Records money on the booking's ledger ([money.ledger]), once per Stripe object and kind: a
   * refund part as soon as Stripe answers it, before anything else is written.
   * @returns whether this call recorded it (false: it was already there)
   */
  recordMoney(bookingId: number, entry: NewLedgerEntry, now: Date): { created: boolean };
  /** A booking's refunds, oldest first. */
  listRefunds(bookingId: number): BookingRefund[];
  /**
   * The refund of a cancellation of the booking that did not finish ([money.refund-incomplete]):
   * a part not answered yet (`requested`), a part Stripe refused (`incomplete`), or every part
   * answered by Stripe but the cancellation not written (the call stopped). Undefined when there
   * is none or the booking is cancelled.
   */
  openRefund(bookingId: number): RefundWithParts | undefined;
  /**
   * Records a refund about to be asked of Stripe, with its plan, before asking (status
   * `requested`, the caller's random idempotency key, the parts `plan` gives from the ledger read
   * in the same transaction: [money.refund-plan]); the refund's amount is what its parts add up
   * to. When the booking already has an open refund (see `openRefund`) nothing is added and that
   * refund is answered with `resumed: true`, its key and its stored parts, so the retry asks
   * Stripe the same parts with the same keys.
   * @returns `cancelled` when the booking is already cancelled, `not-found` for an unknown id,
   *   `nothing-to-refund` when the plan has no part
   */
  startRefund(
    refund: { bookingId: number; amountCents: number; source: 'owner' | 'guest'; reason: string; idempotencyKey: string },
    plan: (money: LedgerSummary) => readonly PlannedPart[],
    now: Date,
  ): (RefundWithParts & { resumed: boolean }) | 'cancelled' | 'not-found' | 'nothing-to-refund';
  /**
   * Records Stripe's answer to one part ([money.refund-plan], [money.ledger]) in one transaction:
   * a refund that moved money becomes a ledger entry (once per Stripe refund) and the part takes
   * Stripe's status; `{ error }` (a refusal) marks a part still `planned` as `failed` with
   * Stripe's message. The refund's status follows its parts (`refundStatusOf`).
   */
  settleRefundPart(
    bookingId: number,
    partId: number,
    outcome: { stripeRefundId: string; status: string; amountCents: number; note: string } | { error: string },
    now: Date,
  ): RefundWithParts;
  /**
   * Changes what an incomplete refund gives back ([money.refund-incomplete]) in one transaction:
   * its failed parts become `dropped`, and the parts `plan` gives (from the ledger read in the
   * transaction and the refund's parts so far) are added, `planned`.
   */
  reviseRefund(refundId: number, plan: (money: LedgerSummary, parts: RefundPart[]) => readonly PlannedPart[], now: Date): RefundWithParts;
  /**
   * Cancels a booking in one transaction: records Stripe's answer on `refund` (when there is
   * one; a refund with parts takes its status from them), the owner's offline refund as an
   * `offline_refund` ledger entry ([money.offline-refund]), and `cancelled_at`, `cancelled_by`,
   * `cancel_reason`. What was paid and refunded follow from the ledger.
   * @returns the cancelled booking, or undefined when it was already cancelled (nothing changed)
   */
  completeCancellation(
    bookingId: number,
    cancel: {
      by: 'owner' | 'guest';
      reason: string;
      refund?: { id: number; stripeRefundId: string; status: string } | undefined;
      offlineRefund?: { amountCents: number; method: OfflineMethod; note: string } | undefined;
    },
    now: Date,
  ): Booking | undefined;
  /**
   * Keeps a PaymentIntent's booking in step with its charge's refunds ([stripe.refund-webhook]):
   * each refund is matched by its Stripe id, else by our key in its metadata (`ridgeline_refund_key`),
   * else added as made in Stripe's dashboard; `refunded_cents` becomes the largest of its value,
   * `amountRefundedCents` and the refunds' sum; `payment_status` follows. Never cancels the stay.
   * Idempotent and order-independent.
   * @returns the booking before and after and the refunds added; undefined when no booking has that PaymentIntent
   */
  syncChargeRefunds(
    paymentIntentId: string,
    charge: { amountRefundedCents: number; refunds: RefundView[] },
    now: Date,
  ): { before: Booking; after: Booking; added: BookingRefund[]; failed?: FailedRefund[] } | undefined;
  /**
   * Flags the booking of a disputed PaymentIntent ([stripe.dispute]): `dispute_status`, and
   * `disputed_at` the first time.
   * @returns the booking and whether this dispute newly flagged it; undefined when no booking has that PaymentIntent
   */
  recordDispute(
    paymentIntentId: string,
    dispute: { status: string; id?: string | undefined; amountCents?: number | undefined; created?: string | undefined },
    now: Date,
  ): { booking: Booking; opened: boolean; previousStatus?: string | null | undefined } | undefined;
}

/**
 * Where stays are kept. Every method is synchronous and atomic on its own (the SQLite store runs
 * each in one transaction); the checkout calls the payment provider only between them.
 */
export interface BookingStore extends RefundStore {
  /** The current published rental agreement, undefined when none ([agreement.publish]); a store without one has none. */
  currentAgreement?(): RentalAgreement | undefined;
  /** Nights from `checkin` up to (not including) `checkout` that cannot be sold ([availability.closed]), sorted. */
  closedNights(checkin: string, checkout: string, now: Date): string[];
  /** The owner's nightly prices (cents) by date for nights in [checkin, checkout); unset dates absent. */
  ownerNightlyPrices(checkin: string, checkout: string): Map<string, number>;
  /**
   * The server's quote with the owner's settings ([booking.quote], [pricing.server-authoritative],
   * [settings.snapshot]); undefined for a stay without nights.
   */
  quoteStay(checkin: string, checkout: string, guests: number): PriceBreakdown | undefined;
  /** The owner's settings as stored now ([settings.fields] defaults where unset). */
  settings(): Settings;
  /**
   * Holds the nights if all are open and live holds stay within `maxHeldNights` nights together,
   * replacing the guest's and client's earlier holds as `settled` allows ([checkout.hold],
   * [checkout.hold-abuse], [checkout.hold-cap]); checks and insert are one transaction.
   */
  placeHold(stay: HoldRequest, now: Date, settled: HoldReplacement, maxHeldNights: number): PlaceHoldResult;
  /** Records the hold's PaymentIntent if the hold is still live; false when it was released meanwhile. */
  attachPaymentIntent(holdId: number, paymentIntentId: string): boolean;
  /** Frees a live hold's nights (no effect on a hold already released or converted). */
  releaseHold(holdId: number): void;
  getHoldByPaymentIntent(paymentIntentId: string): Hold | undefined;
  /** Live holds past their expiry, oldest first ([checkout.hold-expiry]). */
  listExpiredHolds(now: Date): Hold[];
  findBookingByPaymentIntent(paymentIntentId: string): Booking | undefined;
  /** Stores an inquiry without payment ([checkout.inquiry]). */
  createInquiry(booking: NewBookingInquiry, now: Date): Booking;
  /**
   * Stores the booking of a PaymentIntent exactly once ([checkout.once]); a `paid` booking turns
   * its hold into a booking, and a later `paid` call upgrades a pending one.
   * @returns the stored booking and whether this call created it
   */
  confirmBooking(booking: NewBookingInquiry & { stripePaymentIntentId: string }, holdId: number | undefined, now: Date): { booking: Booking; created: boolean };
  /** Claims the confirmation e-mail of a booking; false when it was already claimed (send once) or the booking is cancelled. */
  claimConfirmationEmail(bookingId: number, now: Date): boolean;
  /** Gives the claim back after a failed send. */
  unclaimConfirmationEmail(bookingId: number): void;
  /** Adds a line to a booking's timeline ([booking.timeline]); `detail` never holds card data. */
  recordBookingEvent(bookingId: number, kind: BookingEventKind, detail: string, now: Date): void;
  /** Paid card bookings created since `since` whose confirmation was never sent ([checkout.confirmation-retry]). */
  listUnsentConfirmations(since: Date): Booking[];
  /** Records a Stripe event id; false when it was already handled ([checkout.webhook]). */
  claimStripeEvent(eventId: string, type: string, now: Date): boolean;
  /** Forgets a claimed event id so Stripe's retry is processed. */
  unclaimStripeEvent(eventId: string): void;
}

/**
 * Where the owner's own bookings and their payment links are kept ([bookings.owner-create],
 * [bookings.payment-link]). Each method is atomic on its own, like `BookingStore`'s.
 */
export interface OwnerBookingStore extends Pick<BookingStore, 'quoteStay' | 'settings' | 'claimConfirmationEmail' | 'unclaimConfirmationEmail' | 'recordBookingEvent'> {
  /**
   * Stores a `manual` or `owner` booking if none of its nights is closed ([availability.closed]:
   * a live hold, an imported stay, a paid booking, an owner-closed night), with its `created`
   * timeline line; check and insert are one transaction.
   */
  insertOwnerBooking(
    booking: NewBookingInquiry & { kind: 'manual' | 'owner' },
    created: string,
    now: Date,
  ): { ok: true; booking: Booking } | { ok: false; closedDates: string[] };
  getBooking(id: number): Booking | undefined;
  /** The booking's payment-link token, made (random) on first use and the same afterwards. */
  paymentLinkToken(bookingId: number): string;
  /** The booking whose payment-link token is `token`; undefined for any other. */
  findByPaymentLinkToken(token: string): Booking | undefined;
  /** The booking whose payment link made PaymentIntent `paymentIntentId`. */
  findByPaymentLinkIntent(paymentIntentId: string): Booking | undefined;
  /**
   * The link's PaymentIntent so far: its random Idempotency-Key (made on first use, kept) and
   * the PaymentIntent created with it, if any.
   */
  paymentLinkIntent(bookingId: number): { idempotencyKey: string; paymentIntentId: string | null };
  /** Records the link's PaymentIntent. */
  attachPaymentLinkIntent(bookingId: number, paymentIntentId: string): void;
  /**
   * Forgets the link's PaymentIntent cancelled at Stripe and its key, unless it was credited: the
   * link's next PaymentIntent gets a new random key ([booking.change-money]). Absent: kept.
   */
  forgetPaymentLinkIntent?(bookingId: number): void;
  /**
   * Credits a link payment exactly once: `amountCents` added to what was paid, payment status
   * `paid`, the PaymentIntent recorded → `credited`. On a booking cancelled meanwhile (checked
   * atomically) the money is only recorded, once, for the late-payment refund → `late`
   * ([money.late-payment]). Undefined when this PaymentIntent was already credited or recorded,
   * or is not the booking's link intent.
   */
  creditLinkPayment(
    bookingId: number,
    payment: { paymentIntentId: string; amountCents: number; card: { brand: string; last4: string } | null },
    now: Date,
  ): 'credited' | 'late' | undefined;
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
  /**
   * Where the public calendar and the quote read closed nights, prices and settings
   * ([availability.cache]): the server passes its in-memory calendar; undefined reads `store`.
   * Never used to hold or charge: `startPayment` checks `store` ([checkout.hold]).
   */
  calendar?: Pick<BookingStore, 'closedNights' | 'ownerNightlyPrices' | 'quoteStay' | 'settings'> | undefined;
  /** Stripe; undefined when payments are off (the checkout answers `payments-unavailable`). */
  payments: PaymentGateway | undefined;
  /** Calendars to re-read before holding; undefined skips the re-read. */
  calendars?: CalendarRecheck | undefined;
  /** Undefined: confirmations are claimed but not sent (as with SMTP off). */
  mailer?: MailerPort | undefined;
  logger: LoggerPort;
  /** The clock. */
  now: () => Date;
  /**
   * MAX_HELD_NIGHTS: how many nights all live holds may close together ([checkout.hold-cap]);
   * undefined: DEFAULT_MAX_HELD_NIGHTS (60).
   */
  maxHeldNights?: number | undefined;
  /** The site's public address, for links in e-mails ([config.public-url]). */
  publicUrl: string;
  /** Told each time a stay is confirmed paid (the server triggers the cleaning reconcile, [checkout.after-payment]). */
  onConfirmed?: ((booking: Booking) => void) | undefined;
  /**
   * Told when Stripe's charge.refunded webhook changed a booking's refunds ([stripe.refund-webhook]):
   * the server records the timeline.
   */
  onRefundsSynced?: ((change: { before: Booking; after: Booking; added: BookingRefund[]; failed?: FailedRefund[] }) => void) | undefined;
  /**
   * Told when Stripe refused a part of a cancellation's refund ([money.refund-incomplete]): the
   * refund is `incomplete` (another part moved) or `failed` (nothing moved) and the booking is
   * not cancelled. The server records the timeline and tells the owner, once per failed part.
   */
  onRefundFailed?: ((booking: Booking, refund: RefundWithParts) => void) | undefined;
  /** Told when a dispute newly flags a booking ([stripe.dispute]): the server records the timeline and tells the owner. */
  onDisputeOpened?: ((booking: Booking, dispute: { id: string; status: string; reason: string; amountCents: number }) => void) | undefined;
  /**
   * Stripe closed a dispute of a booking (`charge.dispute.closed`, [stripe.dispute-closed]): won,
   * lost or warning_closed. Called once per dispute and status.
   */
  onDisputeClosed?: ((booking: Booking, dispute: { id: string; status: string; reason: string; amountCents: number }) => void) | undefined;
  /**
   * The owner's bookings, for Stripe events of a payment link ([bookings.payment-link]);
   * undefined: such events are ignored.
   */
  ownerBookings?: OwnerBookingStore | undefined;
  /**
   * Records a change's off-session charge once Stripe says it succeeded ([booking.change-money],
   * metadata `kind: change`); see `createBookingChanges().settleIntent`. Undefined: ignored.
   */
  settleChangeIntent?: ((intent: PaymentIntentView) => unknown) | undefined;
  /** Credits a balance's PaymentIntent once Stripe says it succeeded ([payments.balance]); see `createBalanceCharges().settleIntent`. */
  settleBalanceIntent?: ((intent: PaymentIntentView) => Promise<unknown>) | undefined;
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
  booking: Booking | undefined;
}
