/**
 * The guest's checkout as one service with injected ports (docs/architecture.md "Book: quote →
 * hold → PaymentIntent → webhook / confirm"): quote, hold and PaymentIntent, confirmation by the
 * page, by Stripe's webhook and by the hold sweeper, the inquiry without payment, and the retry
 * of confirmation e-mails. Browser-safe plain TypeScript: no HTTP, no SQL, no SDK. Every outcome
 * a caller must tell apart is a typed result (`{ ok: false, reason }`); the Express routes map
 * them to status codes and bodies.
 */
import type { Booking } from '../bookings.js';
import { addDays, datesInRange, daysBetween, isIsoDate, todayIn } from '../../shared/dates.js';
import { NEAREST_STAY_SEARCH_DAYS, nearestBookableStay, type StayDatesRange } from '../stays/landing-stay.js';
import { nightlyRate, type PriceBreakdown } from '../../pricing/pricing.js';
import { PROPERTY } from '../../shared/property.js';
import { stayRuleProblem, type StayRule } from '../../settings/stay-rules.js';
import { stayDatesProblem, stayRangeProblem } from '../stays/stay.js';
import { placeCheckoutHold } from './checkout-hold.js';
import { confirmFromPaymentIntent, sendConfirmationEmail } from './confirm.js';
import { normalizeEmail, type Hold, type HoldGuest } from '../hold.js';
import { sweepExpiredHolds, type SweepResult } from './hold-sweep.js';
import { PaymentProviderError, type PaymentIntentView, type WebhookEvent } from '../payment-gateway.js';
import type { BookingStore, CheckoutPorts } from '../ports.js';
import { releaseOn } from './release.js';
import { settleLinkIntent } from './payment-link.js';
import { bookingState } from '../stays/stay-state.js';
import { createCancellation } from '../cancellation/cancellation.js';
import { agreementProblem, MAX_USER_AGENT_CHARS, type AgreementSignature } from '../agreement.js';
import { paymentScheduleFor } from '../../pricing/payment-schedule.js';

export type { SweepResult } from './hold-sweep.js';

/** A stay breaking [booking.stay-rules]: the field and why. */
export type InvalidStay = { ok: false; reason: 'invalid-stay'; field: 'checkin' | 'checkout'; message: string };

/** A stay breaking one of the owner's rules ([booking.rules]): the rule, its value and a sentence for the guest. */
export type BrokenRule = { ok: false; reason: 'broken-rule'; rule: StayRule; value: number; field: 'checkin' | 'checkout' | 'guests'; message: string };

/** A quote's refusal with, when one exists, the nearest bookable stay of the same length ([booking.nearest-stay]). */
export type WithNearest<T> = T & { nearest?: StayDatesRange };

/** The length rules the booking calendar applies before asking for a quote ([booking.rules]). */
export interface StayLengthRules {
  minNights: number;
  maxNights: number;
  /** How far ahead a check-in may be, in days. */
  bookingWindowDays: number;
  /** Seasons with their own minimum: `start`/`end` YYYY-MM-DD, `end` inclusive. */
  seasonMinimums: { start: string; end: string; minNights: number }[];
}

export type QuoteResult =
  | { ok: true; quote: PriceBreakdown }
  | WithNearest<InvalidStay>
  | WithNearest<BrokenRule>
  /** some nights are closed ([availability.closed]) */
  | WithNearest<{ ok: false; reason: 'closed'; closedDates: string[] }>;

export type StartPaymentResult =
  | { ok: true; hold: Hold; intent: PaymentIntentView }
  /** no payment provider configured */
  | { ok: false; reason: 'payments-unavailable' }
  | InvalidStay
  | BrokenRule
  /** [agreement.checkout]: the current agreement was not accepted (no signature, an older version, a blank name); nothing held */
  | { ok: false; reason: 'agreement'; message: string }
  /** the amount shown is not the server's total; nothing was held or charged */
  | { ok: false; reason: 'amount-mismatch'; quote: PriceBreakdown }
  /** an earlier hold of this guest or IP could not be cancelled at Stripe; it stays held */
  | { ok: false; reason: 'provider-unreachable' }
  /** other checkouts of this guest kept attaching PaymentIntents while this one replaced them */
  | { ok: false; reason: 'busy' }
  | { ok: false; reason: 'closed'; closedDates: string[] }
  /**
   * [checkout.hold-cap]: live holds already close nearly MAX_HELD_NIGHTS nights; nothing was held
   * or created at Stripe. `freeAt` (ISO 8601): when enough of them expire (null: the stay alone is
   * longer than the cap)
   */
  | { ok: false; reason: 'held-nights'; maxHeldNights: number; freeAt: string | null }
  /** Stripe refused or failed to create the PaymentIntent (`message`: Stripe's, when it gave one); the hold was released */
  | { ok: false; reason: 'provider-failed'; message: string | undefined }
  /** a newer checkout of the guest replaced this hold while Stripe answered; its PaymentIntent was cancelled */
  | { ok: false; reason: 'replaced' };

export type ConfirmPaymentResult =
  | { ok: true; booking: Booking; created: boolean }
  /** the dates or e-mail are not the payment's (one answer for every mismatch) */
  | { ok: false; reason: 'mismatch' }
  | { ok: false; reason: 'payments-unavailable' }
  /** no hold of this site has that PaymentIntent */
  | { ok: false; reason: 'unknown-payment' }
  /** Stripe does not know the PaymentIntent (404) */
  | { ok: false; reason: 'no-such-intent' }
  /** Stripe could not be read */
  | { ok: false; reason: 'provider-unreachable' };

export type RecordInquiryResult = { ok: true; booking: Booking } | InvalidStay;

/** What became of a verified Stripe event: handled, a repeat of a handled one, or failed (to be retried by Stripe). */
export type PaymentEventOutcome = 'handled' | 'duplicate' | 'failed';

/** The guest's entries for a checkout: the stay and who books it. */
export interface CheckoutStay {
  /** YYYY-MM-DD */
  checkin: string;
  /** YYYY-MM-DD */
  checkout: string;
  guests: number;
  guest: HoldGuest;
}

/** Stripe's events of a refund whose status changed ([money.refund-failed]). */
const REFUND_EVENTS: ReadonlySet<string> = new Set(['charge.refund.updated', 'refund.updated', 'refund.failed']);

/**
 * The checkout service over `ports` (see `CheckoutPorts`). Stateless: creating one per request or
 * job run is cheap.
 */
export function createCheckout(ports: CheckoutPorts) {
  const { store } = ports;
  /** What the public calendar and the quote read ([availability.cache]); the checkout reads `store`. */
  const calendar = ports.calendar ?? store;
  const today = () => todayIn(PROPERTY.timeZone, ports.now());
  /** The stay's dates ([booking.stay-rules]), then the owner's rules ([booking.rules]) as `reads` has them. */
  const invalidStay = (checkin: string, checkout: string, guests: number, reads: Pick<BookingStore, 'settings'> = store): InvalidStay | BrokenRule | undefined => {
    const problem = stayDatesProblem(checkin, checkout, today());
    if (problem) return { ok: false, reason: 'invalid-stay', field: problem.field, message: problem.message };
    const broken = stayRuleProblem(reads.settings(), { checkin, checkout, guests }, today());
    return broken ? { ok: false, reason: 'broken-rule', ...broken } : undefined;
  };

  /**
   * The public calendar from `startDate` to `endDate` inclusive ([booking.calendar]): each night
   * bookable when open and inside the owner's advance notice and booking window ([booking.rules]),
   * with its price in whole dollars ([pricing.nightly]: own price, season, weekend, base), and the
   * length rules the calendar applies. Dates already validated by the caller.
   */
  function availability(startDate: string, endDate: string): { days: { date: string; bookable: boolean; price: number }[]; stayRules: StayLengthRules } {
    const end = addDays(endDate, 1);
    const closed = new Set(calendar.closedNights(startDate, end, ports.now()));
    const prices = calendar.ownerNightlyPrices(startDate, end);
    const settings = calendar.settings();
    // No stay can hold a night inside the advance notice or past the window.
    const first = addDays(today(), settings.advanceNoticeDays);
    const last = addDays(today(), settings.bookingWindowDays);
    const days = datesInRange(startDate, end).map((date) => ({
      date,
      bookable: !closed.has(date) && date >= first && date <= last,
      price: Math.round(nightlyRate(settings, date, prices.get(date)).priceCents / 100),
    }));
    const stayRules: StayLengthRules = {
      minNights: settings.minNights,
      maxNights: settings.maxNights,
      bookingWindowDays: settings.bookingWindowDays,
      seasonMinimums: settings.seasons.flatMap((x) => (x.minNights === undefined ? [] : [{ start: x.start, end: x.end, minNights: x.minNights }])),
    };
    return { days, stayRules };
  }

  /**
   * `refusal` with the nearest stay of the same length a guest can book ([booking.nearest-stay]):
   * open nights, the owner's rules and the guests as asked, check-ins from the advance notice to
   * the booking window, within NEAREST_STAY_SEARCH_DAYS of the asked one (of the first possible
   * check-in, when the asked one has passed or is inside the notice). Nothing is added when
   * the dates are not real dates, or when no such stay exists (too many guests, too long a stay).
   */
  function withNearest<T extends { ok: false }>(refusal: T, checkin: string, checkout: string, guests: number): WithNearest<T> {
    if (!isIsoDate(checkin) || !isIsoDate(checkout) || daysBetween(checkin, checkout) < 1) return refusal;
    const settings = calendar.settings();
    const first = addDays(today(), settings.advanceNoticeDays);
    const last = addDays(today(), settings.bookingWindowDays);
    // A check-in before the first possible one (passed, or inside the notice): nearest is from that day on.
    const from = checkin < first ? first : checkin;
    const nights = daysBetween(checkin, checkout);
    const later = (a: string, b: string) => (a > b ? a : b);
    const earlier = (a: string, b: string) => (a < b ? a : b);
    const earliest = later(first, addDays(from, -NEAREST_STAY_SEARCH_DAYS));
    const latest = earlier(last, addDays(from, NEAREST_STAY_SEARCH_DAYS));
    if (earliest > latest) return refusal;
    const closed = new Set(calendar.closedNights(earliest, addDays(latest, nights), ports.now()));
    const canBook = (start: string, end: string) =>
      invalidStay(start, end, guests, calendar) === undefined && datesInRange(start, end).every((night) => !closed.has(night));
    const nearest = nearestBookableStay({ checkin: from, checkout: addDays(from, nights) }, canBook, { earliest, latest });
    return nearest ? { ...refusal, nearest } : refusal;
  }

  /**
   * The server's quote for a stay ([booking.quote], [pricing.server-authoritative]).
   * @returns the quote, `invalid-stay` ([booking.stay-rules]), `broken-rule` ([booking.rules]) or
   *   `closed` with the closed nights
   */
  function quote(checkin: string, checkout: string, guests: number): QuoteResult {
    const invalid = invalidStay(checkin, checkout, guests, calendar);
    if (invalid) return withNearest(invalid, checkin, checkout, guests);
    const closedDates = calendar.closedNights(checkin, checkout, ports.now());
    if (closedDates.length > 0) return withNearest({ ok: false, reason: 'closed' as const, closedDates }, checkin, checkout, guests);
    const priced = calendar.quoteStay(checkin, checkout, guests) as PriceBreakdown;
    // What is due today and what later ([payments.schedule]), as the checkout will charge it.
    const schedule = paymentScheduleFor(calendar.settings(), priced.totalCents, checkin, today());
    return { ok: true, quote: schedule ? { ...priced, paymentSchedule: schedule } : priced };
  }

  /**
   * Starts paying for a stay ([checkout.payment-intent], in its order): payments on, stay rules,
   * `amountCents` equal to the server's total, stale calendars re-read
   * ([checkout.calendar-recheck]), the nights held for 15 minutes replacing the guest's or
   * `clientKey`'s earlier hold ([checkout.hold], [checkout.hold-abuse]) within
   * `ports.maxHeldNights` held nights ([checkout.hold-cap]), then the PaymentIntent for the server's total
   * with the hold's random idempotency key ([checkout.idempotency]) and the guest's e-mail as
   * receipt address. A Stripe failure releases the hold. Once a rental agreement is published,
   * `agreement` must accept its current version with a typed name ([agreement.checkout]); the
   * hold keeps the acceptance with the time, the guest's IP and `userAgent` ([agreement.record]).
   * @param amountCents what the guest was shown, in cents
   * @param clientKey the client as the `/api` rate limit counts it (IPv6 by /64, IPv4 by address;
   *   `rateLimitKey` of web/server/http/client-ip.ts): one live hold per client
   * @throws only what is not a payment-provider error (a bug or a broken store)
   */
  async function startPayment(
    stay: CheckoutStay & { amountCents: number; clientKey: string; agreement?: AgreementSignature | undefined; userAgent?: string | undefined },
  ): Promise<StartPaymentResult> {
    const payments = ports.payments;
    if (!payments) return { ok: false, reason: 'payments-unavailable' };
    const { checkin, checkout, guests } = stay;
    const invalid = invalidStay(checkin, checkout, guests);
    if (invalid) return invalid;
    // [agreement.checkout]: the current agreement, accepted with a typed name, before anything is held.
    const currentAgreement = store.currentAgreement?.();
    const refused = agreementProblem(currentAgreement, stay.agreement);
    if (refused) return { ok: false, reason: 'agreement', message: refused };
    // [agreement.record]: the hold keeps the acceptance; the booking stores it when confirmed.
    const guest =
      currentAgreement && stay.agreement
        ? {
            ...stay.guest,
            agreement: {
              version: currentAgreement.version,
              signedName: stay.agreement.signedName.trim(),
              signedAt: ports.now().toISOString(),
              ipAddress: stay.guest.ipAddress,
              userAgent: (stay.userAgent ?? '').slice(0, MAX_USER_AGENT_CHARS),
            },
          }
        : stay.guest;
    const pricedQuote = store.quoteStay(checkin, checkout, guests) as PriceBreakdown;
    if (stay.amountCents !== pricedQuote.totalCents) return { ok: false, reason: 'amount-mismatch', quote: pricedQuote };
    // A deposit now and the balance later ([payments.schedule]), frozen with the hold's quote.
    const settings = store.settings();
    const schedule = paymentScheduleFor(settings, pricedQuote.totalCents, checkin, today());
    const serverQuote: PriceBreakdown = schedule ? { ...pricedQuote, paymentSchedule: schedule } : pricedQuote;
    // The card is saved for a later charge: the balance, or a damage deposit's hold when that is on.
    const damageDepositCents = (settings as { damageDepositCents?: number | null }).damageDepositCents ?? null;
    const saveCard = schedule !== null || (damageDepositCents ?? 0) > 0;
    // Never sell a night another platform just sold: re-read stale calendars first (bounded).
    await ports.calendars?.recheckStale();
    let held;
    try {
      held = await placeCheckoutHold(
        { store, payments, now: ports.now, maxHeldNights: ports.maxHeldNights },
        { checkin, checkout, guests, guest, quote: serverQuote, clientKey: stay.clientKey },
      );
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      // An earlier hold of this guest or IP could not be cancelled at Stripe: it stays held.
      ports.logger.error('replacing an earlier hold failed', { err });
      return { ok: false, reason: 'provider-unreachable' };
    }
    if (!held.ok) {
      // Someone may be trying to close the calendar: worth a line in the server's log.
      if (held.reason === 'held-nights') ports.logger.warn('held nights at their limit, checkout refused', { checkin, checkout, maxHeldNights: held.maxHeldNights });
      return held;
    }
    let intent;
    try {
      // One Customer per hold: its key is derived from the hold's random key ([checkout.idempotency]).
      const customer = saveCard
        ? await payments.createCustomer({
            email: guest.email,
            name: `${guest.firstName} ${guest.lastName}`.trim(),
            idempotencyKey: `ridgeline-customer-${held.hold.idempotencyKey}`,
            metadata: { holdId: String(held.hold.id) },
          })
        : undefined;
      intent = await payments.createPaymentIntent({
        amountCents: schedule ? schedule.depositCents : serverQuote.totalCents,
        ...(customer ? { customerId: customer.id, setupFutureUsage: 'off_session' as const } : {}),
        description: `${PROPERTY.name}: ${checkin} to ${checkout}, ${guests} guest(s)`,
        metadata: {
          holdId: String(held.hold.id),
          checkin,
          checkout,
          guests: String(guests),
          nights: String(serverQuote.nights),
          totalCents: String(serverQuote.totalCents),
          ...(schedule ? { kind: 'deposit', depositCents: String(schedule.depositCents), balanceCents: String(schedule.balanceCents), balanceDueDate: schedule.balanceDueDate } : {}),
        },
        receiptEmail: guest.email,
        // The hold's random key, never its row id ([checkout.idempotency]).
        idempotencyKey: `ridgeline-hold-${held.hold.idempotencyKey}`,
      });
    } catch (err) {
      releaseOn(store, held.hold, 'released');
      ports.logger.error('creating a PaymentIntent failed', { err });
      return { ok: false, reason: 'provider-failed', message: err instanceof PaymentProviderError ? err.message : undefined };
    }
    if (!store.attachPaymentIntent(held.hold.id, intent.id)) {
      // A newer checkout of the same guest or IP replaced this hold while Stripe answered: no
      // hold keeps the nights, so this intent must never be paid (its secret is not handed out).
      await payments.cancelPaymentIntent(intent.id).catch((err: unknown) => ports.logger.error('cancelling a replaced PaymentIntent failed', { err }));
      return { ok: false, reason: 'replaced' };
    }
    return { ok: true, hold: { ...held.hold, paymentIntentId: intent.id }, intent };
  }

  /**
   * The page's confirmation after paying ([checkout.confirm], [checkout.once]): the booking of
   * `paymentIntentId`, stored from its hold with Stripe's latest state, idempotent per
   * PaymentIntent. A PaymentIntent id alone is no proof of being its guest: the dates and the
   * e-mail must be the booking's (or its hold's), and every mismatch answers the same `mismatch`.
   */
  async function confirmPayment(input: CheckoutStay & { paymentIntentId: string }): Promise<ConfirmPaymentResult> {
    const mine = (stay: { checkin: string; checkout: string; email: string }) =>
      stay.checkin === input.checkin && stay.checkout === input.checkout && normalizeEmail(stay.email) === normalizeEmail(input.guest.email);
    const existing = store.findBookingByPaymentIntent(input.paymentIntentId);
    if (existing && bookingState(existing) === 'confirmed') {
      if (!mine(existing)) return { ok: false, reason: 'mismatch' };
      return { ok: true, booking: existing, created: false };
    }
    if (!ports.payments) return { ok: false, reason: 'payments-unavailable' };
    const hold = store.getHoldByPaymentIntent(input.paymentIntentId);
    if (!hold) return { ok: false, reason: 'unknown-payment' };
    if (!mine({ checkin: hold.checkin, checkout: hold.checkout, email: hold.guest.email })) return { ok: false, reason: 'mismatch' };
    let intent;
    try {
      intent = await ports.payments.retrievePaymentIntent(input.paymentIntentId);
    } catch (err) {
      if (err instanceof PaymentProviderError && err.statusCode === 404) return { ok: false, reason: 'no-such-intent' };
      return { ok: false, reason: 'provider-unreachable' };
    }
    const { booking, created } = await confirmFromPaymentIntent(ports, hold, intent, input.guest);
    return { ok: true, booking, created };
  }

  /**
   * A booking inquiry without payment ([checkout.inquiry]): stored pending with the server's
   * quote; it closes no night.
   */
  function recordInquiry(stay: CheckoutStay): RecordInquiryResult {
    // An inquiry asks; it sells nothing, so only the fixed stay rules apply ([booking.stay-rules]).
    const problem = stayRangeProblem(stay.checkin, stay.checkout, today());
    if (problem) return { ok: false, reason: 'invalid-stay', field: problem.field, message: problem.message };
    const booking = store.createInquiry(
      { ...stay.guest, checkin: stay.checkin, checkout: stay.checkout, guests: stay.guests, quote: store.quoteStay(stay.checkin, stay.checkout, stay.guests) ?? null },
      ports.now(),
    );
    return { ok: true, booking };
  }

  /**
   * A verified Stripe event ([checkout.webhook]), each event id once:
   * `payment_intent.succeeded` confirms the booking from its hold with the PaymentIntent's latest
   * state (events can arrive out of order), or credits a manual booking's payment link
   * ([bookings.payment-link], metadata `paymentLink`), a balance (metadata kind `balance`) or a
   * change's charge (kind `change`, [booking.change-money]); `payment_intent.canceled` releases the hold;
   * `payment_intent.payment_failed` does not ([checkout.declined-card]) but tells `onPaymentFailed`
   * ([owner.notices]); `charge.refunded` keeps the booking's refunds in step
   * ([stripe.refund-webhook]); `charge.refund.updated`, `refund.updated` and `refund.failed` read
   * the PaymentIntent's refunds again, so a refund that failed is reversed in the ledger
   * ([money.refund-failed]); `charge.dispute.created` flags it ([stripe.dispute]) and
   * `charge.dispute.closed` records its outcome ([stripe.dispute-closed]); other types are ignored.
   * A failure forgets the event id (so Stripe's retry is processed) and is logged.
   */
  async function handlePaymentEvent(event: WebhookEvent): Promise<PaymentEventOutcome> {
    if (!store.claimStripeEvent(event.id, event.type, ports.now())) return 'duplicate';
    try {
      const intent = event.paymentIntent;
      const hold = intent ? store.getHoldByPaymentIntent(intent.id) : undefined;
      if (intent && hold) {
        if (event.type === 'payment_intent.succeeded') {
          if (!ports.payments) throw new Error('payments are not configured');
          const latest = await ports.payments.retrievePaymentIntent(intent.id);
          await confirmFromPaymentIntent(ports, hold, latest, hold.guest);
        } else if (event.type === 'payment_intent.canceled') {
          releaseOn(store, hold, 'payment-cancelled');
        } else if (event.type === 'payment_intent.payment_failed') {
          // The hold stays ([checkout.declined-card]); the owner is told ([owner.notices]).
          ports.onPaymentFailed?.({ eventId: event.id, intent, hold, booking: store.findBookingByPaymentIntent(intent.id) });
        }
      } else if (intent && event.type === 'payment_intent.succeeded' && intent.metadata.paymentLink === 'true' && ports.ownerBookings) {
        // A manual booking's payment link ([bookings.payment-link]): credited once, whichever of
        // this event and the page's confirm comes first.
        if (!ports.payments) throw new Error('payments are not configured');
        const latest = await ports.payments.retrievePaymentIntent(intent.id);
        await settleLinkIntent({ ...ports, store: ports.ownerBookings }, latest);
      } else if (intent && event.type === 'payment_intent.succeeded' && intent.metadata.kind === 'balance' && ports.settleBalanceIntent) {
        // A balance paid on the guest's page or off-session ([payments.balance]): credited once.
        if (!ports.payments) throw new Error('payments are not configured');
        await ports.settleBalanceIntent(await ports.payments.retrievePaymentIntent(intent.id));
      } else if (intent && event.type === 'payment_intent.succeeded' && intent.metadata.kind === 'change' && ports.settleChangeIntent) {
        // A change's off-session charge ([booking.change-money]): recorded once, whichever of this
        // event, the charge's answer and its retry comes first.
        if (!ports.payments) throw new Error('payments are not configured');
        await ports.settleChangeIntent(await ports.payments.retrievePaymentIntent(intent.id));
      }
      if (event.type === 'charge.refunded' && event.charge) await createCancellation(ports).syncChargeRefunds(event.charge);
      // [money.refund-failed]: a refund's status changed (Stripe's docs: a pending refund can fail).
      if (REFUND_EVENTS.has(event.type) && event.refund?.paymentIntentId) await createCancellation(ports).syncIntentRefunds(event.refund.paymentIntentId);
      if ((event.type === 'charge.dispute.created' || event.type === 'charge.dispute.closed') && event.dispute) createCancellation(ports).recordDispute(event.dispute);
      return 'handled';
    } catch (err) {
      store.unclaimStripeEvent(event.id);
      ports.logger.error('webhook handling failed', { eventId: event.id, type: event.type, err });
      return 'failed';
    }
  }

  /**
   * Sends the confirmations a failed send left ([checkout.confirmation-retry]), for paid bookings
   * created since `since`. @returns the bookings still unsent, each with its error message
   */
  async function resendConfirmations(since: Date): Promise<{ bookingId: number; error: string }[]> {
    const failures: { bookingId: number; error: string }[] = [];
    for (const booking of store.listUnsentConfirmations(since)) {
      try {
        await sendConfirmationEmail(ports, booking);
      } catch (err) {
        failures.push({ bookingId: booking.id, error: err instanceof Error ? err.message : String(err) });
      }
    }
    return failures;
  }

  return {
    availability,
    quote,
    startPayment,
    confirmPayment,
    recordInquiry,
    handlePaymentEvent,
    /** Ends expired holds ([checkout.hold-expiry]); see `sweepExpiredHolds`. */
    sweepExpiredHolds: (): Promise<SweepResult> => sweepExpiredHolds(ports),
    /** Confirms a hold's booking from a PaymentIntent already read; see `confirmFromPaymentIntent`. */
    confirmIntent: (hold: Hold, intent: PaymentIntentView, guest: HoldGuest) => confirmFromPaymentIntent(ports, hold, intent, guest),
    resendConfirmations,
  };
}

export type Checkout = ReturnType<typeof createCheckout>;
