/**
 * Changing a booking's dates or guests ([booking.change], [booking.change-money]): the owner asks
 * for the new quote first (the same pricing and rules as a new booking, the booking's own nights
 * left out), then saves the change with how its difference is settled. Browser-safe plain
 * TypeScript over injected ports; the SQLite store is `core/src/node/booking/stays/booking-changes-store.ts`
 * and the server's wiring `web/server/booking/booking-change.ts`.
 *
 * The order, and why:
 * 1. An unfinished change of the booking (a Stripe call whose answer never came) is finished
 *    first, with its own Idempotency-Keys, so Stripe answers what it did and nothing moves twice.
 * 2. The new quote and the difference are computed from the money ledger ([money.ledger]):
 *    `differenceCents` = the new total less the stay's net paid (`stayNetPaidCents`, charges and
 *    offline payments less refunds, [money.net-paid]), the figure balance due and the payment link use. Above 0 the guest owes it; below 0 the guest is owed it.
 * 3. The change is saved in one store transaction: the nights are checked (holds, other stays,
 *    imported and closed nights; the booking's own left out) and the booking's dates, guests and
 *    quote are replaced, so its old nights are released and its new ones taken at the same
 *    instant; the change row, the timeline line and money given back outside Stripe are written
 *    with it. Nothing is saved when a night is taken.
 * 4. Then the money of the difference moves: an off-session charge of the saved card, a payment
 *    link e-mailed to the guest, or a card refund planned per PaymentIntent ([money.refund-plan]).
 *    Each Stripe call's Idempotency-Key is `ridgeline-change-<booking id>-<change id>` (a refund
 *    part adds `-refund-<PaymentIntent>`), every answer is a ledger entry with its Stripe id.
 *
 * Lost or late answers: a call that ends without Stripe's answer ([stripe.unknown-outcome]) leaves
 * the change `open`; the charge's `payment_intent.succeeded` webhook (`settleIntent`) or the
 * booking's next change (the owner's Save change again) or cancel, asking Stripe again with the
 * same key, records what Stripe did, once, whichever comes first. A cancel of the booking
 * runs the open change first (the server serialises changes and cancels of a booking), so money a
 * change took is in the ledger before the cancel plans its refund; money that still arrives on a
 * cancelled booking is recorded and refunded in full by [money.late-payment].
 */
import { formatCents, quoteWithOfflinePayment, type PriceBreakdown } from '../../pricing/pricing.js';
import { stayRuleProblem } from '../../settings/stay-rules.js';
import { MAX_GUESTS, type Settings } from '../../settings/schema.js';
import { addDays, daysBetween, todayIn } from '../../shared/dates.js';
import { PROPERTY } from '../../shared/property.js';
import type { Booking } from '../bookings.js';
import { OFFLINE_METHOD_LABELS, stayNetPaidCents, type LedgerSummary, type NewLedgerEntry, type OfflineMethod } from '../ledger.js';
import { PaymentProviderError, paymentOutcomeUnknown, type PaymentGateway, type PaymentIntentView } from '../payment-gateway.js';
import type { LoggerPort, MailerPort } from '../ports.js';
import { mailStatusText, sendMailWithStatus, type MailStatus } from '../mail-status.js';
import { planRefund } from '../refund-plan.js';
import { stayRangeProblem } from './stay.js';
import type { BookingEventKind } from '../timeline.js';
import { bookingChangeEmail, changeRefundNote, describeStay, settleWords } from './booking-change-words.js';
import type { BookingChange, ChangeRefundPart, ChangeSettle, ChangeSettlement, StayDates } from './booking-change-types.js';

export { bookingChangeEmail, changeRefundNote, describeStay, settleWords } from './booking-change-words.js';
export { CHANGE_SETTLES, type BookingChange, type ChangeRefundPart, type ChangeSettle, type ChangeSettlement, type StayDates } from './booking-change-types.js';

/** What the store saves in one transaction ([booking.change]). */
export interface SaveChangeInput {
  bookingId: number;
  /** the booking's dates and guests the change was computed from: refused (`moved`) when they are no longer */
  from: StayDates;
  to: StayDates;
  /** the new quote (null for an owner stay) */
  quote: PriceBreakdown | null;
  oldTotalCents: number;
  newTotalCents: number;
  differenceCents: number;
  settle: ChangeSettle;
  status: BookingChange['status'];
  parts: ChangeRefundPart[];
  offlineRefund: BookingChange['offlineRefund'];
  /** the payment link gets a new PaymentIntent key (`change-<booking>-<change>`) for the new amount due */
  resetPaymentLink: boolean;
  /** the timeline's `changed` line */
  timeline: string;
}

/**
 * Where changes are kept (SQLite: `createSqliteBookingChangeStore`). Each method is one transaction.
 */
export interface BookingChangeStore {
  getBooking(id: number): Booking | undefined;
  /** The sums of the booking's money ledger ([money.ledger]). */
  ledger(bookingId: number): LedgerSummary;
  settings(): Settings;
  /** The server's quote ([booking.quote]); undefined for a stay without nights. */
  quoteStay(checkin: string, checkout: string, guests: number): PriceBreakdown | undefined;
  /** Nights of [checkin, checkout) that cannot be sold, the nights of booking `exceptBookingId` left out ([availability.closed]). */
  closedNights(checkin: string, checkout: string, now: Date, exceptBookingId: number): string[];
  /**
   * Saves a change: re-checks the nights (the booking's own left out) and that the booking is still
   * `from` and not cancelled, then replaces its dates, guests and quote, moves a damage deposit's
   * release date with the check-out, resets the payment link's PaymentIntent when asked, records
   * the offline refund in the ledger, the change row and the `changed` timeline line.
   */
  saveChange(input: SaveChangeInput, now: Date): { ok: true; change: BookingChange; booking: Booking } | { ok: false; reason: 'closed'; closedDates: string[] } | { ok: false; reason: 'moved' };
  /** The booking's change still `open` (the oldest), if any. */
  openChange(bookingId: number): BookingChange | undefined;
  /** A change by its id. */
  getChange(changeId: number): BookingChange | undefined;
  /** The booking's latest change, if any. */
  lastChange(bookingId: number): BookingChange | undefined;
  /** Updates a change's money: status, parts, PaymentIntent, message. */
  updateChange(changeId: number, patch: Partial<Pick<BookingChange, 'status' | 'parts' | 'paymentIntentId' | 'message'>>, now: Date): BookingChange;
  /** Records money once per Stripe object and kind ([money.ledger]). */
  recordMoney(bookingId: number, entry: NewLedgerEntry, now: Date): { created: boolean };
  recordEvent(bookingId: number, kind: BookingEventKind, detail: string, now: Date): void;
}

export interface BookingChangePorts {
  store: BookingChangeStore;
  /** Stripe; undefined when payments are off (a charge or card refund is then refused, 503). */
  payments: PaymentGateway | undefined;
  /** Undefined: nothing is e-mailed (as with SMTP off). `send` answering `{ sent: false }` is not sent either. */
  mailer?: MailerPort | undefined;
  logger: LoggerPort;
  now: () => Date;
  publicUrl: string;
  /**
   * The payment link ([bookings.payment-link]): `withdraw` settles the link's PaymentIntent made
   * for the old amount before the save (credited if the guest paid it, else cancelled at Stripe);
   * `send` makes the link for the new amount due without e-mailing it: the change's own e-mail
   * holds it, so the guest gets one e-mail ([booking.change-money]). Undefined: no payment link.
   */
  paymentLinks?: {
    withdraw(booking: Booking): Promise<void>;
    send(bookingId: number, options: { email: false }): Promise<{ ok: true; url: string; amountDueCents: number; emailed: boolean } | { ok: false; message?: string }>;
  } | undefined;
  /**
   * The seam of what hangs on the dates ([booking.change-follows]): called once per saved change
   * with the booking after it. The server re-plans the cleaning here; messages, door codes and
   * turnovers (issues 28 and 29) hook in here too.
   */
  onDatesChanged?: ((booking: Booking, change: BookingChange) => void) | undefined;
  /** Money arrived on a cancelled booking ([money.late-payment]): the late-payment refunds run now. */
  onLatePayment?: (() => void) | undefined;
  /**
   * Tells the owner of money that did not move as planned (an owner notice of kind `money`), once
   * per `dedupeKey`: a refund part Stripe refused ([booking.change-refund-refused]).
   */
  notifyMoney?: ((booking: Booking, subject: string, text: string, dedupeKey: string) => void) | undefined;
}

/** The new quote of a change and what would happen to its difference. All amounts in cents. */
export interface ChangeQuote {
  booking: Booking;
  from: StayDates;
  to: StayDates;
  /** the new quote (with the new balance's schedule when one follows); null for an owner stay */
  quote: PriceBreakdown | null;
  oldTotalCents: number;
  newTotalCents: number;
  /** the stay's net payments: charges and offline payments less refunds */
  paidCents: number;
  /** new total less old total */
  totalChangeCents: number;
  /** new total less `paidCents`: > 0 owed by the guest, < 0 owed to the guest */
  differenceCents: number;
  /** how the difference may be settled, the first the default */
  options: ChangeSettle[];
  /** what the cards can still give back, and what was paid outside Stripe and can go back that way */
  refundableCents: number;
  offlineRefundableCents: number;
  /** a deposit booking's new balance (its amount and due date), null when none follows */
  balance: { amountCents: number; dueDate: string } | null;
}

export type ChangeRefusal =
  | { ok: false; reason: 'not-found' }
  /** cancelled, past, not confirmed: 409 */
  | { ok: false; reason: 'not-changeable'; message: string }
  /** 400 naming the field */
  | { ok: false; reason: 'invalid'; field: 'checkin' | 'checkout' | 'guests' | 'settle' | 'offlineMethod'; message: string }
  /** some nights are taken: 409 */
  | { ok: false; reason: 'closed'; closedDates: string[] }
  /** card payments are off: 503 */
  | { ok: false; reason: 'payments-unavailable' }
  /** the booking's earlier change is still waiting for Stripe: 502, nothing new saved */
  | { ok: false; reason: 'provider-failed'; message: string }
  /** the change has no refused refund to settle, or a retry the cards cannot give: 409 */
  | { ok: false; reason: 'nothing-refused'; message: string };

/**
 * What the owner does with the refund parts of a change Stripe refused ([booking.change-refund-refused]):
 * `retry` asks the cards again (new parts, new keys); `offline` records that the owner gave that
 * money back outside Stripe (cash, check, bank transfer, other).
 */
export type RefusedRefundAction = { action: 'retry' } | { action: 'offline'; method: OfflineMethod; note?: string | undefined };

export type ChangeQuoteResult = { ok: true; quote: ChangeQuote } | ChangeRefusal;

export type ChangeResult = { ok: true; booking: Booking; change: BookingChange; settlement: ChangeSettlement } | ChangeRefusal;

/** The Idempotency-Key of a change's Stripe calls: derived from the booking and the change, never random. */
export const changeIdempotencyKey = (bookingId: number, changeId: number): string => `ridgeline-change-${bookingId}-${changeId}`;

const sameStay = (a: StayDates, b: StayDates) => a.checkin === b.checkin && a.checkout === b.checkout && a.guests === b.guests;
const stayOf = (b: Pick<Booking, 'checkin' | 'checkout' | 'guests'>): StayDates => ({ checkin: b.checkin, checkout: b.checkout, guests: b.guests });

/** Whether the booking's balance (a two-part stay) is still to be charged, so a change moves it. */
const balanceUnpaid = (b: Booking) => !!b.balance && b.balance.status !== 'paid' && b.balance.status !== 'cancelled';

/**
 * The refusal of a change before any price: unknown, cancelled, past or unconfirmed bookings, bad
 * dates, the stay rules of a new booking ([booking.stay-rules], [booking.rules] for a guest's own
 * booking; the owner's bookings keep [bookings.owner-create]'s rules) and the guests limit.
 */
function changeProblem(booking: Booking, to: StayDates, settings: Settings, today: string): ChangeRefusal | undefined {
  if (booking.cancelledAt) return { ok: false, reason: 'not-changeable', message: 'This booking is cancelled, so it cannot be changed' };
  if (booking.checkout <= today) return { ok: false, reason: 'not-changeable', message: 'This stay is over, so it cannot be changed' };
  if (booking.status !== 'confirmed') return { ok: false, reason: 'not-changeable', message: 'Only a confirmed booking can be changed' };
  const started = booking.checkin < today;
  if (started && to.checkin !== booking.checkin) return { ok: false, reason: 'invalid', field: 'checkin', message: 'the stay has begun, so its check-in cannot change' };
  if (!Number.isInteger(to.guests) || to.guests < 1 || to.guests > Math.min(MAX_GUESTS, settings.maxGuests)) {
    return { ok: false, reason: 'invalid', field: 'guests', message: `must be from 1 to ${Math.min(MAX_GUESTS, settings.maxGuests)}` };
  }
  // A stay in progress keeps its check-in, which is in the past: its dates are checked from it.
  const range = stayRangeProblem(to.checkin, to.checkout, started ? booking.checkin : today);
  if (range) return { ok: false, reason: 'invalid', ...range };
  if (booking.kind === 'direct' && !started) {
    const broken = stayRuleProblem(settings, to, today);
    if (broken) return { ok: false, reason: 'invalid', field: broken.field, message: broken.message };
  }
  return undefined;
}

/**
 * The new quote of `to` for a booking ([booking.change]): a direct or phone booking is priced as a
 * new booking today ([pricing.total]; a phone booking's money paid outside Stripe pays no card
 * fee, [money.offline]); an owner stay has none. A deposit booking whose balance is not charged
 * keeps its deposit and owes the rest as its balance, due as many days before the new check-in as
 * before the old one ([payments.schedule]); when the deposit already covers the new total the
 * schedule goes. Pure.
 */
export function changedQuote(booking: Booking, to: StayDates, priced: PriceBreakdown | undefined, money: LedgerSummary, settings: Pick<Settings, 'cardFeeBps'>): PriceBreakdown | null {
  if (booking.kind === 'owner' || !priced) return null;
  const offlineNet = Math.max(0, money.offlinePaidCents - money.offlineRefundedCents);
  const base = booking.kind === 'manual' && offlineNet > 0 ? quoteWithOfflinePayment(priced, offlineNet, settings.cardFeeBps) : priced;
  const { paymentSchedule: _fresh, ...quote } = base;
  const old = booking.quote?.paymentSchedule;
  if (!old) return quote;
  if (!balanceUnpaid(booking)) return { ...quote, paymentSchedule: old };
  const balanceCents = quote.totalCents - stayNetPaidCents(money);
  if (balanceCents <= 0) return quote;
  const daysBefore = daysBetween(old.balanceDueDate, booking.checkin);
  return { ...quote, paymentSchedule: { ...old, balanceCents, balanceDueDate: addDays(to.checkin, -daysBefore) } };
}

/**
 * The ways the difference may be settled, the first the default ([booking.change-money]); without
 * card payments (`cardPayments` false) nothing is offered that needs Stripe.
 */
export function changeOptions(booking: Booking, differenceCents: number, money: LedgerSummary, cardPayments: boolean): ChangeSettle[] {
  if (booking.kind === 'owner' || differenceCents === 0) return ['none'];
  if (differenceCents > 0) {
    if (balanceUnpaid(booking)) return ['balance'];
    const options: ChangeSettle[] = [];
    if (cardPayments && booking.stripeCustomerId && booking.stripePaymentMethodId) options.push('off_session');
    if (cardPayments) options.push('payment_link');
    options.push('offline');
    return options;
  }
  const refundable = (cardPayments ? money.refundableCents : 0) + money.offlineRefundableCents;
  return refundable > 0 ? ['refund', 'credit'] : ['credit'];
}

/** The change service over `ports`. Stateless: one per request is cheap. */
export function createBookingChanges(ports: BookingChangePorts) {
  const { store } = ports;
  const today = () => todayIn(PROPERTY.timeZone, ports.now());

  /**
   * The new quote of changing booking `bookingId` to `to` ([booking.change]): refused when the
   * booking cannot change or the stay cannot be booked (nothing changes); otherwise the new quote,
   * the old and new totals, what the ledger says was paid, the difference and how it may be settled.
   */
  function quote(bookingId: number, to: StayDates): ChangeQuoteResult {
    const booking = store.getBooking(bookingId);
    if (!booking) return { ok: false, reason: 'not-found' };
    const settings = store.settings();
    const problem = changeProblem(booking, to, settings, today());
    if (problem) return problem;
    const closedDates = store.closedNights(to.checkin, to.checkout, ports.now(), booking.id);
    if (closedDates.length > 0) return { ok: false, reason: 'closed', closedDates };
    const money = store.ledger(booking.id);
    const newQuote = changedQuote(booking, to, store.quoteStay(to.checkin, to.checkout, to.guests), money, settings);
    const oldTotalCents = booking.quote?.totalCents ?? 0;
    const newTotalCents = newQuote?.totalCents ?? 0;
    const paidCents = stayNetPaidCents(money);
    const differenceCents = booking.kind === 'owner' ? 0 : newTotalCents - paidCents;
    const schedule = newQuote?.paymentSchedule;
    return {
      ok: true,
      quote: {
        booking,
        from: stayOf(booking),
        to,
        quote: newQuote,
        oldTotalCents,
        newTotalCents,
        paidCents,
        totalChangeCents: newTotalCents - oldTotalCents,
        differenceCents,
        options: changeOptions(booking, differenceCents, money, !!ports.payments),
        refundableCents: money.refundableCents,
        offlineRefundableCents: money.offlineRefundableCents,
        balance: schedule && balanceUnpaid(booking) ? { amountCents: schedule.balanceCents, dueDate: schedule.balanceDueDate } : null,
      },
    };
  }

  /** Asks Stripe for the change's off-session charge (again, with the same key) and records its answer. */
  async function runCharge(change: BookingChange, booking: Booking): Promise<BookingChange> {
    const payments = ports.payments;
    if (!payments || !booking.stripeCustomerId || !booking.stripePaymentMethodId) {
      return store.updateChange(change.id, { status: 'failed', message: 'No saved card to charge' }, ports.now());
    }
    try {
      const intent = await payments.chargeSavedCard({
        amountCents: change.differenceCents,
        customerId: booking.stripeCustomerId,
        paymentMethodId: booking.stripePaymentMethodId,
        description: `${PROPERTY.name}: change of booking ${booking.id} to ${change.to.checkin} to ${change.to.checkout}`,
        metadata: { bookingId: String(booking.id), kind: 'change', changeId: String(change.id) },
        ...(booking.email ? { receiptEmail: booking.email } : {}),
        idempotencyKey: changeIdempotencyKey(booking.id, change.id),
      });
      if (intent.status !== 'succeeded') {
        return store.updateChange(change.id, { paymentIntentId: intent.id, message: `Stripe is still processing the charge (${intent.status})` }, ports.now());
      }
      return recordCharge(change, intent);
    } catch (err) {
      if (paymentOutcomeUnknown(err) || !(err instanceof PaymentProviderError)) {
        ports.logger.error('the change charge got no answer from Stripe; the next change or cancel asks again with the same key', { bookingId: booking.id, changeId: change.id, err });
        // The webhook may have told of the charge meanwhile.
        const now = store.getChange(change.id) ?? change;
        if (now.status !== 'open') return now;
        return store.updateChange(change.id, { message: "Stripe's answer to the charge did not come; it is asked again (never charged twice)" }, ports.now());
      }
      const now = ports.now();
      store.recordEvent(booking.id, 'payment-failed', `The saved card was not charged ${formatCents(change.differenceCents)} for the change: ${err.message}`, now);
      return store.updateChange(change.id, { status: 'failed', message: `The saved card was declined: ${err.message}. ${formatCents(change.differenceCents)} is left to pay.` }, now);
    }
  }

  /**
   * Records a change's succeeded charge once (its PaymentIntent's `charge` entry), whoever tells
   * first: the charge's answer, its retry or the `payment_intent.succeeded` webhook. Money on a
   * booking cancelled meanwhile is recorded and refunded in full ([money.late-payment]).
   */
  function recordCharge(change: BookingChange, intent: PaymentIntentView): BookingChange {
    const now = ports.now();
    const cancelled = !!store.getBooking(change.bookingId)?.cancelledAt;
    const recorded = store.recordMoney(
      change.bookingId,
      {
        kind: 'charge',
        amountCents: intent.amountReceived ?? intent.amount,
        at: now.toISOString(),
        source: 'stripe',
        stripeObjectId: intent.id,
        paymentIntentId: intent.id,
        note: cancelled ? `Change ${change.id}, charged after the booking was cancelled` : `Change ${change.id}: ${describeStay(change.to)}`,
      },
      now,
    );
    if (recorded.created) {
      if (cancelled) ports.onLatePayment?.();
      store.recordEvent(change.bookingId, 'paid', `Paid ${formatCents(intent.amount)} by the saved card for the change to ${describeStay(change.to)}`, now);
    }
    return store.updateChange(change.id, { status: 'settled', paymentIntentId: intent.id, message: `${formatCents(intent.amount)} charged to the saved card` }, now);
  }

  /**
   * Stripe's `payment_intent.succeeded` of a change's charge (metadata `kind: change`,
   * `changeId`, `bookingId`) ([booking.change-money]): recorded once when it is the change's
   * off-session charge for its difference, so a charge whose answer was lost is in the ledger
   * without waiting for the owner's retry. Anything else is ignored. @returns the change after, or undefined
   */
  function settleIntent(intent: PaymentIntentView): BookingChange | undefined {
    if (intent.metadata.kind !== 'change' || intent.status !== 'succeeded' || intent.currency !== 'usd') return undefined;
    const change = store.getChange(Number(intent.metadata.changeId));
    if (!change || String(change.bookingId) !== intent.metadata.bookingId || change.settle !== 'off_session' || change.differenceCents !== intent.amount) return undefined;
    return recordCharge(change, intent);
  }

  /** Cents of the parts that moved money (not planned, refused or dropped). */
  const movedOf = (parts: readonly ChangeRefundPart[]) => parts.filter((p) => p.status !== 'planned' && p.status !== 'failed' && p.status !== 'dropped').reduce((sum, p) => sum + p.amountCents, 0);

  /**
   * Asks Stripe for each refund part not answered yet (same keys as before) and records each
   * answer in the ledger. A part Stripe refuses is told to the owner (timeline and a `money`
   * notice, once per part) with what to do: retry it or record it as given back outside Stripe
   * from the Money section ([booking.change-refund-refused]); the change is then `failed`.
   */
  async function runRefunds(change: BookingChange): Promise<BookingChange> {
    const payments = ports.payments;
    const parts = change.parts.map((p) => ({ ...p }));
    const asked = new Set<ChangeRefundPart>();
    for (const part of parts) {
      if (part.status !== 'planned' || !payments) continue;
      try {
        const refund = await payments.createRefund({
          paymentIntentId: part.paymentIntentId,
          amountCents: part.amountCents,
          idempotencyKey: `${changeIdempotencyKey(change.bookingId, change.id)}-refund-${part.paymentIntentId}${part.retry ? `-retry${part.retry}` : ''}`,
          // Our own refund, not one made in Stripe's dashboard ([stripe.refund-webhook]).
          metadata: { bookingId: String(change.bookingId), changeId: String(change.id), ridgeline_change_refund: 'true' },
        });
        asked.add(part);
        part.stripeRefundId = refund.id;
        part.status = refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : refund.status;
        if (part.status !== 'failed') {
          const now = ports.now();
          store.recordMoney(change.bookingId, { kind: 'refund', amountCents: refund.amountCents, at: refund.created ?? now.toISOString(), source: 'stripe', stripeObjectId: refund.id, paymentIntentId: part.paymentIntentId, note: changeRefundNote(change.id, change.to) }, now);
        } else part.error = `Stripe answered the refund as ${refund.status}`;
      } catch (err) {
        if (paymentOutcomeUnknown(err) || !(err instanceof PaymentProviderError)) {
          ports.logger.error('a change refund got no answer from Stripe; asked again with the same key', { bookingId: change.bookingId, changeId: change.id, err });
          continue;
        }
        asked.add(part);
        part.status = 'failed';
        part.error = err.message;
      }
    }
    const planned = parts.some((p) => p.status === 'planned');
    const failed = parts.filter((p) => p.status === 'failed');
    const failedCents = failed.reduce((s, p) => s + p.amountCents, 0);
    const moved = movedOf(parts);
    const movedNow = movedOf([...asked]);
    const now = ports.now();
    if (!planned && movedNow > 0) store.recordEvent(change.bookingId, 'refunded', `Refunded ${formatCents(movedNow)} to the card for the change to ${describeStay(change.to)}`, now);
    if (!planned && failed.length > 0) {
      store.recordEvent(change.bookingId, 'refund-failed', `${failed.map((p) => `${formatCents(p.amountCents)} from ${p.paymentIntentId} failed: ${p.error}`).join('; ')}. The booking keeps its change. ${REFUSED_WHAT_NOW}.`, now);
      const booking = store.getBooking(change.bookingId);
      for (const part of failed.filter((p) => asked.has(p))) {
        if (!booking) break;
        ports.notifyMoney?.(
          booking,
          `Refund refused on booking ${booking.id}: ${booking.checkin} to ${booking.checkout}`,
          [
            `Stripe refused ${formatCents(part.amountCents)} of the refund for the change of booking ${booking.id} (${booking.firstName} ${booking.lastName}) to ${describeStay(change.to)}.`,
            `Stripe said: ${part.error}`,
            moved > 0 ? `${formatCents(moved)} went back to the card.` : 'Nothing went back to the card.',
            `The booking keeps its new dates; the guest is still owed ${formatCents(failedCents)}. ${REFUSED_WHAT_NOW}.`,
          ].join('\n'),
          `change-refund-refused-${change.id}-${part.paymentIntentId}-${part.retry ?? 0}`,
        );
      }
    }
    const status: BookingChange['status'] = planned ? 'open' : failed.length > 0 ? 'failed' : 'settled';
    const message = planned
      ? "Stripe's answer to the refund did not come; it is asked again (never refunded twice)"
      : failed.length > 0
        ? `${formatCents(moved)} refunded; ${formatCents(failedCents)} was refused by Stripe (${failed.map((p) => p.error).join('; ')}). ${REFUSED_WHAT_NOW}`
        : `${formatCents(moved)} refunded to the card`;
    return store.updateChange(change.id, { status, parts, message }, now);
  }

  /**
   * Settles the refund parts of a change that Stripe refused ([booking.change-refund-refused]),
   * the owner's action from the Money section:
   * - `retry`: the refused amount is planned anew over the stay's card PaymentIntents (latest
   *   first, each at most what it can still give back, [money.refund-plan]) as new parts asked
   *   with `…-refund-<PaymentIntent>-retry<n>` (a refused key would only replay Stripe's refusal);
   *   the refused parts become `dropped`. Refused (`nothing-refused`, 409) when the cards cannot
   *   give it all back now; 503 without card payments.
   * - `offline`: the refused amount is recorded as an `offline_refund` (source owner, its method,
   *   the change in the note) and the refused parts become `dropped`; the change is settled.
   * Refused (404) for another booking's change, (409) for a cancelled booking (its cancellation
   * planned its refund from the ledger, the refused money included), a change without refused
   * parts, or one a later change followed (its difference counted the refused money; a new change
   * drops the refused parts of the one before). The server runs it in the booking's turn, so a
   * double click settles once.
   */
  async function settleRefused(bookingId: number, changeId: number, request: RefusedRefundAction): Promise<ChangeResult> {
    const change = store.getChange(changeId);
    const booking = store.getBooking(bookingId);
    if (!change || !booking || change.bookingId !== bookingId) return { ok: false, reason: 'not-found' };
    if (booking.cancelledAt) return { ok: false, reason: 'not-changeable', message: 'This booking is cancelled: its cancellation planned the refund from what was paid, the refused part included' };
    const refused = change.parts.filter((p) => p.status === 'failed');
    const refusedCents = refused.reduce((s, p) => s + p.amountCents, 0);
    if (change.status !== 'failed' || refused.length === 0) return { ok: false, reason: 'nothing-refused', message: 'This change has no refused refund to settle' };
    if (store.lastChange(bookingId)?.id !== change.id) return { ok: false, reason: 'nothing-refused', message: 'A later change of this booking counted this money in its difference; settle it there' };
    const dropped = change.parts.map((p) => (p.status === 'failed' ? { ...p, status: 'dropped' } : p));
    const now = ports.now();
    if (request.action === 'offline') {
      const how = OFFLINE_METHOD_LABELS[request.method].toLowerCase();
      store.recordMoney(
        bookingId,
        { kind: 'offline_refund', amountCents: refusedCents, at: now.toISOString(), source: 'owner', method: request.method, note: `Change ${change.id}: the card refused ${formatCents(refusedCents)}, given back by ${how}${request.note ? ` (${request.note})` : ''}` },
        now,
      );
      store.recordEvent(bookingId, 'refunded', `Refunded ${formatCents(refusedCents)} by ${how} for the change to ${describeStay(change.to)}, recorded by the owner (the card had refused it)`, now);
      const done = store.updateChange(change.id, { status: 'settled', parts: dropped, message: `${formatCents(movedOf(change.parts))} refunded to the card; ${formatCents(refusedCents)} given back by ${how} (recorded by the owner)` }, now);
      return { ok: true, booking: store.getBooking(bookingId) ?? booking, change: done, settlement: settlementOf(done, null, null) };
    }
    if (!ports.payments) return { ok: false, reason: 'payments-unavailable' };
    const money = store.ledger(bookingId);
    if (money.refundableCents < refusedCents) {
      return { ok: false, reason: 'nothing-refused', message: `The card payments of this booking can give back only ${formatCents(money.refundableCents)} of the ${formatCents(refusedCents)} refused; record it as given back outside Stripe instead` };
    }
    const retry = Math.max(0, ...change.parts.map((p) => p.retry ?? 0)) + 1;
    const parts = [...dropped, ...planRefund(refusedCents, money, () => '').map((p) => ({ paymentIntentId: p.paymentIntentId, amountCents: p.amountCents, status: 'planned', stripeRefundId: null, error: '', retry }))];
    const done = await runRefunds(store.updateChange(change.id, { status: 'open', parts }, now));
    return { ok: true, booking: store.getBooking(bookingId) ?? booking, change: done, settlement: settlementOf(done, null, null) };
  }

  /** Runs the Stripe call(s) of an open change. */
  async function settleOpen(change: BookingChange): Promise<BookingChange> {
    if (change.status !== 'open') return change;
    const booking = store.getBooking(change.bookingId);
    if (!booking) return change;
    if (change.settle === 'off_session') return runCharge(change, booking);
    if (change.settle === 'refund') return runRefunds(change);
    return store.updateChange(change.id, { status: 'settled' }, ports.now());
  }

  /**
   * Finishes the booking's open change, if any ([booking.change-money]): its Stripe call asked
   * again with the same Idempotency-Key, so Stripe answers what it did, recorded once. Called before
   * every change and cancel of the booking. @returns the change after, or undefined without one
   */
  async function finishOpen(bookingId: number): Promise<BookingChange | undefined> {
    const open = store.openChange(bookingId);
    return open ? settleOpen(open) : undefined;
  }

  /** E-mails the guest the change; what became of it ([notices.honest]; a failed send is logged). */
  function emailGuest(booking: Booking, change: BookingChange, url: string | null): Promise<MailStatus> {
    return sendMailWithStatus(ports.mailer, booking.email, bookingChangeEmail(booking, change, { url }, ports.publicUrl), (err) =>
      ports.logger.error('change e-mail failed', { bookingId: booking.id, err }),
    );
  }

  /**
   * Saves a change of dates or guests and settles its difference ([booking.change],
   * [booking.change-money]); see the module's comment for the order. `settle` must be one of the
   * quote's `options` (400 naming `settle`); a refund with money paid outside Stripe to give back
   * needs `offlineMethod` (400). Refusals change nothing. A declined card or a refused refund keeps
   * the change (status and money are two things): the difference stays owed (or credited) and the
   * answer says so.
   */
  async function change(bookingId: number, request: StayDates & { settle: ChangeSettle; offlineMethod?: OfflineMethod | undefined }): Promise<ChangeResult> {
    const to: StayDates = { checkin: request.checkin, checkout: request.checkout, guests: request.guests };
    const resumed = await finishOpen(bookingId);
    if (resumed?.status === 'open') return { ok: false, reason: 'provider-failed', message: `${resumed.message}. Nothing new was saved; try again.` };
    let current = store.getBooking(bookingId);
    if (!current) return { ok: false, reason: 'not-found' };
    const latest = resumed ?? store.lastChange(bookingId);
    if (latest && sameStay(latest.to, to) && sameStay(stayOf(current), to) && !current.cancelledAt) {
      // The owner's retry of the change whose answer was lost: finished above, or by the webhook.
      return { ok: true, booking: current, change: latest, settlement: settlementOf(latest, null, null) };
    }
    if (sameStay(stayOf(current), to) && !current.cancelledAt) return { ok: false, reason: 'invalid', field: 'checkout', message: 'these are already the booking’s dates and guests' };
    let quoted = quote(bookingId, to);
    if (!quoted.ok) return quoted;
    // A payment link made for the old amount can no longer be paid (or is credited when it was).
    if (ports.paymentLinks && current.kind !== 'owner') {
      await ports.paymentLinks.withdraw(current);
      current = store.getBooking(bookingId) ?? current;
      quoted = quote(bookingId, to);
      if (!quoted.ok) return quoted;
    }
    const q = quoted.quote;
    if (!q.options.includes(request.settle)) {
      return { ok: false, reason: 'invalid', field: 'settle', message: `must be one of ${q.options.join(', ')} for this change` };
    }
    const needsStripe = request.settle === 'off_session' || request.settle === 'payment_link' || (request.settle === 'refund' && q.refundableCents > 0);
    if (needsStripe && !ports.payments) return { ok: false, reason: 'payments-unavailable' };
    let parts: ChangeRefundPart[] = [];
    let offlineRefund: BookingChange['offlineRefund'] = null;
    if (request.settle === 'refund') {
      const owed = -q.differenceCents;
      const card = Math.min(owed, q.refundableCents);
      const money = store.ledger(bookingId);
      parts = planRefund(card, money, () => '').map((p) => ({ paymentIntentId: p.paymentIntentId, amountCents: p.amountCents, status: 'planned', stripeRefundId: null, error: '' }));
      const offline = Math.min(owed - card, q.offlineRefundableCents);
      if (offline > 0) {
        if (!request.offlineMethod) return { ok: false, reason: 'invalid', field: 'offlineMethod', message: 'is required: money paid outside Stripe is given back the same way' };
        offlineRefund = { amountCents: offline, method: request.offlineMethod };
      }
    }
    const opens = request.settle === 'off_session' || (request.settle === 'refund' && parts.length > 0);
    const timeline = [
      `${describeStay(q.from)} → ${describeStay(q.to)}`,
      ...(q.booking.kind === 'owner' ? [] : [`total ${formatCents(q.oldTotalCents)} → ${formatCents(q.newTotalCents)}`, `difference ${q.differenceCents >= 0 ? '' : '−'}${formatCents(Math.abs(q.differenceCents))}: ${settleWords(request.settle, q.differenceCents)}`]),
    ].join('; ');
    const previous = store.lastChange(bookingId);
    const saved = store.saveChange(
      {
        bookingId,
        from: q.from,
        to,
        quote: q.quote,
        oldTotalCents: q.oldTotalCents,
        newTotalCents: q.newTotalCents,
        differenceCents: q.differenceCents,
        settle: request.settle,
        status: opens ? 'open' : 'settled',
        parts,
        offlineRefund,
        resetPaymentLink: request.settle === 'payment_link',
        timeline,
      },
      ports.now(),
    );
    if (!saved.ok) {
      if (saved.reason === 'closed') return { ok: false, reason: 'closed', closedDates: saved.closedDates };
      return { ok: false, reason: 'not-changeable', message: 'This booking changed meanwhile; look at it again' };
    }
    // The refund an earlier change could not make is in this change's difference (computed from
    // the ledger, where that money is still paid): it is settled here, never a second time there.
    if (previous && previous.id !== saved.change.id && refusedRefundCents(previous) > 0) {
      store.updateChange(previous.id, { parts: previous.parts.map((p) => (p.status === 'failed' ? { ...p, status: 'dropped' } : p)), message: `${formatCents(refusedRefundCents(previous))} Stripe refused is counted in the next change of the booking, whose difference includes it` }, ports.now());
    }
    let done = saved.change;
    let url: string | null = null;
    if (opens) done = await settleOpen(done);
    // The link is made, not e-mailed on its own: the change's e-mail below holds it (one e-mail).
    const link = request.settle === 'payment_link' && ports.paymentLinks ? await ports.paymentLinks.send(bookingId, { email: false }) : undefined;
    if (link) {
      url = link.ok ? link.url : null;
      if (!link.ok) done = store.updateChange(done.id, { message: link.message ?? 'The payment link could not be made' }, ports.now());
    }
    if (request.settle === 'offline' || request.settle === 'credit' || request.settle === 'balance' || request.settle === 'none') {
      done = store.updateChange(done.id, { message: settleWords(request.settle, q.differenceCents) }, ports.now());
    }
    const booking = store.getBooking(bookingId) as Booking;
    ports.onDatesChanged?.(booking, done);
    const mail = await emailGuest(booking, done, url);
    const emailed = mail === 'sent';
    store.recordEvent(bookingId, 'change-emailed', `${mailStatusText(mail, booking.email)}${emailed && url ? ', with the payment link' : ''}`, ports.now());
    if (link?.ok) {
      done = store.updateChange(done.id, { message: `Payment link for ${formatCents(link.amountDueCents)} ${emailed ? 'e-mailed to the guest with the change' : 'made (not e-mailed)'}` }, ports.now());
    }
    return { ok: true, booking, change: done, settlement: settlementOf(done, url, mail) };
  }

  return { quote, change, finishOpen, settleIntent, settleRefused };
}

/** What a change's money did, from the change. */
function settlementOf(change: BookingChange, url: string | null, mail: MailStatus | null): ChangeSettlement {
  const moved = change.parts.filter((p) => p.status !== 'planned' && p.status !== 'failed' && p.status !== 'dropped').reduce((sum, p) => sum + p.amountCents, 0);
  return {
    settle: change.settle,
    status: change.status,
    chargedCents: change.settle === 'off_session' && change.status === 'settled' ? change.differenceCents : 0,
    refundedCents: moved,
    offlineRefundedCents: change.offlineRefund?.amountCents ?? 0,
    url,
    emailed: mail === 'sent',
    mail,
    message: change.message,
  };
}

/** What the owner is told to do with a refund part Stripe refused ([booking.change-refund-refused]). */
export const REFUSED_WHAT_NOW = "In the booking's Money section, retry the refund by card, or record it as given back outside Stripe (cash, check, bank transfer)";

/** Cents of a change's refund parts Stripe refused and nobody settled yet ([booking.change-refund-refused]). */
export const refusedRefundCents = (change: Pick<BookingChange, 'parts'>): number => change.parts.filter((p) => p.status === 'failed').reduce((s, p) => s + p.amountCents, 0);

export type BookingChanges = ReturnType<typeof createBookingChanges>;
