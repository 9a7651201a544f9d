/**
 * Cancelling a booking with its refund ([booking.cancel], [booking.refund], [cancel.refund-due]),
 * and keeping bookings in step with refunds and disputes Stripe tells us about
 * ([stripe.refund-webhook], [stripe.dispute]). Browser-safe plain TypeScript over the checkout's
 * ports (docs/architecture.md "Book"): no HTTP, no SQL, no SDK. Every outcome a caller must tell
 * apart is a typed result; the Express routes map them to status codes.
 *
 * Money first, safely: the refund is recorded with a random idempotency key before Stripe is
 * asked, Stripe is asked with that key, and only then is the booking marked cancelled, in the same
 * transaction that records Stripe's answer. A repeated click finds the booking cancelled (no new
 * refund); a retry after a crash or timeout between Stripe and our write finds the `requested`
 * refund and asks Stripe again with the same key, which answers the same refund.
 */
import type { BookingInquiry, BookingRefund } from './bookings.js';
import { policyRefundCents, type CancellationPolicy } from './cancellation-policy.js';
import { PaymentProviderError, type ChargeView, type DisputeView, type RefundView } from './payment-gateway.js';
import type { CheckoutPorts } from './ports.js';
import { moneyOfBooking, type LedgerSummary } from './ledger.js';
import { bookingState, transition } from './stay-state.js';
import { localMomentIn, type LocalMoment } from '../shared/dates.js';
import { PROPERTY } from '../shared/property.js';

/** Who cancels: the owner (any refund up to what is refundable) or the guest (the policy's refund). */
export type CancelledBy = 'owner' | 'guest';

export interface CancelRequest {
  bookingId: number;
  by: CancelledBy;
  /**
   * cents, a whole number ≥ 0; only the owner's is used: the owner may give any amount up to
   * what is refundable, the guest always gets the policy's. Absent: the policy's refund.
   */
  refundCents?: number | undefined;
  /** a short sentence kept with the booking and told to the guest; '' when absent */
  reason?: string | undefined;
}

/** A refund as the cancel answers it ([booking.refund]). */
export interface CancelRefund {
  id: number;
  /** cents */
  amountCents: number;
  /** Stripe's status: succeeded, pending… */
  status: string;
  stripeRefundId: string;
}

export type CancelResult =
  | { ok: true; booking: BookingInquiry; refund: CancelRefund | null }
  | { ok: false; reason: 'not-found' }
  /** already cancelled, or a stay that cannot be cancelled here (awaiting its payment) */
  | { ok: false; reason: 'not-cancellable'; booking: BookingInquiry }
  /** more than `refundableCents` (paid by card less refunded) was asked */
  | { ok: false; reason: 'refund-too-large'; refundableCents: number }
  /** a refund is due but no payment provider is configured; nothing changed */
  | { ok: false; reason: 'payments-unavailable' }
  /** Stripe refused or could not be reached (`message`: Stripe's, when it gave one); the booking is not cancelled and the cancel can be retried */
  | { ok: false; reason: 'provider-failed'; message: string | undefined };

/** What a booking's cancellation would refund today ([cancel.refund-due]). */
export interface RefundQuote {
  /** cents the policy gives today */
  policyRefundCents: number;
  /** cents that can be refunded through Stripe: paid by card less refunded; 0 without a card payment */
  refundableCents: number;
  /** the policy used: the booking's frozen one, else today's setting ([cancel.policy]) */
  policy: CancellationPolicy;
}

/** Refund statuses that moved (or are moving) money back to the guest. */
const LIVE_REFUND = new Set(['pending', 'requires_action', 'succeeded']);

/**
 * What cancelling `booking` at the moment `at` (the property's date and time of day) would refund
 * ([cancel.refund-due]; a 0-day tier ends at the check-in time of the stay's frozen terms, else
 * `settingsCheckInTime`, HH:MM). A booking without a card payment (an inquiry, a manual booking
 * paid another way, an owner stay) has nothing refundable through Ridgeline: it cancels without
 * a refund, and the owner settles any money outside.
 */
export function refundQuote(
  booking: BookingInquiry,
  settingsPolicy: CancellationPolicy,
  at: LocalMoment,
  settingsCheckInTime: string,
  money: Pick<LedgerSummary, 'intents'> = moneyOfBooking(booking),
): RefundQuote {
  const policy = booking.cancellationPolicy ?? settingsPolicy;
  // Only card money goes back by card, never more than each PaymentIntent took less its refunds
  // and disputes ([money.refund-plan]); a damage deposit's capture is not the stay's money.
  const stayIntents = money.intents.filter((i) => !i.damageDeposit);
  const refundableCents = stayIntents.reduce((sum, i) => sum + i.refundableCents, 0);
  const paidCents = stayIntents.reduce((sum, i) => sum + i.paidCents, 0);
  const refundedCents = stayIntents.reduce((sum, i) => sum + i.refundedCents + i.disputedCents, 0);
  const checkInTime = booking.quote?.terms?.checkInTime ?? settingsCheckInTime;
  const policyCents = refundableCents > 0 ? policyRefundCents(policy, { paidCents, refundedCents }, booking.checkin, at, checkInTime) : 0;
  return { policyRefundCents: Math.min(policyCents, refundableCents), refundableCents, policy };
}

/** A new random idempotency key for a refund (never a row id: ids repeat across databases on one Stripe account). */
function randomKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Stripe answered a definite no: nothing moved, so the refund can be dropped and asked anew. Not
 * so for a conflict (409), a rate limit (429) or an idempotency error (the key was used for
 * another request, which may have refunded): those keep the refund and its key.
 */
function refusedByStripe(err: unknown): boolean {
  if (!(err instanceof PaymentProviderError) || err.statusCode === undefined) return false;
  return err.statusCode >= 400 && err.statusCode < 500 && err.statusCode !== 409 && err.statusCode !== 429 && err.code !== 'idempotency_error';
}

/**
 * The cancellation service over the checkout's ports. Stateless: one per request is cheap.
 */
export function createCancellation(ports: CheckoutPorts) {
  const { store } = ports;
  /** What cancelling `booking` now would refund, by the property's clock, the owner's settings and its money. */
  const dueNow = (booking: BookingInquiry, money: Pick<LedgerSummary, 'intents'>) => {
    const settings = store.settings();
    return refundQuote(booking, settings.cancellationPolicy, localMomentIn(PROPERTY.timeZone, ports.now()), settings.checkInTime, money);
  };

  /** What cancelling the booking today would refund; undefined for an unknown id. */
  function quote(bookingId: number): (RefundQuote & { booking: BookingInquiry }) | undefined {
    const booking = store.getBooking(bookingId);
    if (!booking) return undefined;
    return { booking, ...dueNow(booking, store.ledger(bookingId)) };
  }

  /**
   * Cancels a booking and refunds it ([booking.cancel], [booking.refund]): a confirmed booking
   * (paid, or made by the owner) or an inquiry. The refund is the policy's for today
   * ([cancel.refund-due]) unless the owner gives `refundCents` (0…refundable); a booking without
   * a card payment cancels without a refund (and refuses an owner's `refundCents` > 0 as
   * `refund-too-large` with `refundableCents` 0). Order: record the refund with a random key →
   * Stripe `POST /v1/refunds` with Idempotency-Key `ridgeline-refund-<key>` → Stripe's answer and
   * the cancellation in one write. A refund left `requested` by an earlier call is resumed with its
   * own key and amount, whatever this call asked.
   * @returns the cancelled booking and its refund (null without one), or a refusal; after
   *   `provider-failed` the booking is unchanged and the cancel may be retried
   */
  async function cancel(request: CancelRequest): Promise<CancelResult> {
    const booking = store.getBooking(request.bookingId);
    if (!booking) return { ok: false, reason: 'not-found' };
    const state = bookingState(booking);
    const cancelled = transition(state, 'cancel');
    if (!cancelled.ok) return { ok: false, reason: 'not-cancellable', booking };
    const reason = (request.reason ?? '').trim();
    const due = dueNow(booking, store.ledger(booking.id));
    const asked = request.by === 'owner' && request.refundCents !== undefined ? request.refundCents : due.policyRefundCents;
    if (!Number.isSafeInteger(asked) || asked < 0) throw new RangeError(`refundCents must be a whole number of cents ≥ 0, got ${asked}`);
    // An earlier cancel of this booking that stopped after recording its refund is finished first,
    // with that refund's amount and key, whatever this call asks.
    const unfinished = store.listRefunds(booking.id).some((r) => r.source !== 'stripe' && r.status !== 'failed' && r.status !== 'canceled');
    if (!unfinished && asked > due.refundableCents) return { ok: false, reason: 'refund-too-large', refundableCents: due.refundableCents };

    if (asked === 0 && !unfinished) {
      const done = store.completeCancellation(booking.id, { by: request.by, reason }, ports.now());
      return done ? { ok: true, booking: done, refund: null } : { ok: false, reason: 'not-cancellable', booking: store.getBooking(booking.id) ?? booking };
    }

    const payments = ports.payments;
    if (!payments) return { ok: false, reason: 'payments-unavailable' };
    // A refund is due: the state machine must allow it after the cancel.
    if (!transition(cancelled.state, 'refund').ok) return { ok: false, reason: 'not-cancellable', booking };
    const started = store.startRefund({ bookingId: booking.id, amountCents: asked, source: request.by, reason, idempotencyKey: randomKey() }, ports.now());
    if (started === 'not-found') return { ok: false, reason: 'not-found' };
    if (started === 'cancelled') return { ok: false, reason: 'not-cancellable', booking: store.getBooking(booking.id) ?? booking };
    const { refund, idempotencyKey } = started;
    if (started.resumed && refund.stripeRefundId !== null && isLiveRefund(refund.status)) {
      // Stripe answered an earlier call (we learnt it from the webhook) that stopped before
      // cancelling: finish that cancellation, never refund again.
      return finish(booking, request.by, refund.reason, { id: refund.id, amountCents: refund.amountCents, stripeRefundId: refund.stripeRefundId, status: refund.status });
    }
    let answer: RefundView | undefined;
    // A stay paid in two parts is refunded latest payment first ([payments.refund-both]): the
    // balance's PaymentIntent, then the deposit's, each with its own key derived from the refund's.
    const parts = refundParts(booking, refund, store.listRefunds(booking.id));
    let moved = false;
    for (const part of parts) {
      try {
        answer = await payments.createRefund({
          paymentIntentId: part.paymentIntentId,
          amountCents: part.amountCents,
          idempotencyKey: `ridgeline-refund-${idempotencyKey}${part.keySuffix}`,
          // From the stored refund only: a resumed refund must send exactly what the first try sent.
          metadata: { bookingId: String(booking.id), ridgeline_refund_key: idempotencyKey, cancelledBy: refund.source },
        });
      } catch (err) {
        // A definite refusal moved no money: drop the refund so a retry asks anew — unless an
        // earlier part moved some (a retry replays it by its key). Anything else (timeout, 5xx)
        // may have refunded: keep it `requested` so the retry reuses its keys.
        if (refusedByStripe(err) && !moved) store.failRefund(refund.id);
        ports.logger.error('refund failed', { bookingId: booking.id, paymentIntentId: part.paymentIntentId, err });
        return { ok: false, reason: 'provider-failed', message: err instanceof PaymentProviderError ? err.message : undefined };
      }
      if (answer.status === 'failed' || answer.status === 'canceled') break;
      moved = true;
      // Money first ([money.ledger]): each part is in the ledger as soon as Stripe answered it.
      store.recordMoney(
        booking.id,
        { kind: 'refund', amountCents: answer.amountCents, at: ports.now().toISOString(), source: 'stripe', stripeObjectId: answer.id, paymentIntentId: part.paymentIntentId, note: reason || `Cancelled by the ${request.by}` },
        ports.now(),
      );
    }
    if (!answer) throw new Error(`refund ${refund.id} has nothing to refund`);
    if (answer.status === 'failed' || answer.status === 'canceled') {
      store.failRefund(refund.id);
      return { ok: false, reason: 'provider-failed', message: `Stripe answered the refund as ${answer.status}` };
    }
    return finish(booking, request.by, started.resumed ? refund.reason : reason, { id: refund.id, amountCents: refund.amountCents, stripeRefundId: answer.id, status: answer.status });
  }

  /** Records Stripe's answer and the cancellation in one write. */
  function finish(booking: BookingInquiry, by: CancelledBy, reason: string, refund: CancelRefund): CancelResult {
    const done = store.completeCancellation(booking.id, { by, reason, refund: { id: refund.id, stripeRefundId: refund.stripeRefundId, status: refund.status } }, ports.now());
    if (!done) return { ok: false, reason: 'not-cancellable', booking: store.getBooking(booking.id) ?? booking };
    return { ok: true, booking: done, refund };
  }

  /**
   * Stripe's `charge.refunded` ([stripe.refund-webhook]): the booking of the charge's
   * PaymentIntent takes the charge's refunded total and its refunds (read from Stripe, so
   * refunds made in the dashboard are recorded too); its stay is not cancelled. Idempotent and
   * order-independent. A charge of no booking of ours is ignored.
   * @throws when Stripe cannot be read (the webhook answers 500 and Stripe retries)
   */
  async function syncChargeRefunds(charge: ChargeView): Promise<void> {
    if (!charge.paymentIntentId) return;
    const refunds = ports.payments ? await ports.payments.listRefunds(charge.paymentIntentId) : charge.refunds;
    const change = store.syncChargeRefunds(charge.paymentIntentId, { amountRefundedCents: charge.amountRefundedCents, refunds }, ports.now());
    if (change && (change.added.length > 0 || change.after.refundedCents !== change.before.refundedCents)) ports.onRefundsSynced?.(change);
  }

  /**
   * Stripe's `charge.dispute.created` and `charge.dispute.closed` ([stripe.dispute],
   * [stripe.dispute-closed]): records the dispute's status on the booking of the disputed
   * PaymentIntent and tells the server once (timeline, the owner's notice): opened the first time
   * it flags the booking, closed when the status is a closed one (won, lost, warning_closed) it
   * did not have before. Order-independent: a `closed` arriving first also flags the booking.
   */
  function recordDispute(dispute: DisputeView): void {
    if (!dispute.paymentIntentId) return;
    const result = store.recordDispute(
      dispute.paymentIntentId,
      { status: dispute.status, id: dispute.id, amountCents: dispute.amountCents, ...(dispute.created ? { created: dispute.created } : {}) },
      ports.now(),
    );
    if (!result) return;
    const view = { id: dispute.id, status: dispute.status, reason: dispute.reason, amountCents: dispute.amountCents };
    if (result.opened) ports.onDisputeOpened?.(result.booking, view);
    if (isClosedDisputeStatus(dispute.status) && result.previousStatus !== dispute.status) ports.onDisputeClosed?.(result.booking, view);
  }

  return { quote, cancel, syncChargeRefunds, recordDispute };
}

export type Cancellation = ReturnType<typeof createCancellation>;

/** Stripe's statuses of a closed dispute ([stripe.dispute-closed]). */
const CLOSED_DISPUTE = new Set(['won', 'lost', 'warning_closed']);

/** Whether Stripe's dispute status is a closed one: won, lost or warning_closed. */
export function isClosedDisputeStatus(status: string): boolean {
  return CLOSED_DISPUTE.has(status);
}

/** Whether a refund status counts as money given back (pending, requires_action or succeeded). */
export function isLiveRefund(status: string): boolean {
  return LIVE_REFUND.has(status);
}

/**
 * The Stripe refunds making up one refund of a booking ([payments.refund-both]): a stay paid in two
 * parts is refunded latest payment first — the balance's PaymentIntent (key suffix `-balance`) up
 * to what is left of it, then the deposit's (the refund's own key). What is left of the balance
 * counts the live refunds recorded before this one (refunds go latest first, so they took the
 * balance first): the split is the same on every retry, so each part replays its key exactly.
 */
export function refundParts(
  booking: Pick<BookingInquiry, 'stripePaymentIntentId' | 'balance'>,
  refund: Pick<BookingRefund, 'id' | 'amountCents'>,
  refunds: Pick<BookingRefund, 'id' | 'amountCents' | 'status'>[],
): { paymentIntentId: string; amountCents: number; keySuffix: string }[] {
  const deposit = booking.stripePaymentIntentId as string;
  const balance = booking.balance;
  if (!balance?.paymentIntentId || balance.status !== 'paid') return [{ paymentIntentId: deposit, amountCents: refund.amountCents, keySuffix: '' }];
  const before = refunds.filter((r) => r.id < refund.id && isLiveRefund(r.status)).reduce((sum, r) => sum + r.amountCents, 0);
  const balanceLeft = Math.max(0, balance.amountCents - before);
  const fromBalance = Math.min(refund.amountCents, balanceLeft);
  return [
    { paymentIntentId: balance.paymentIntentId, amountCents: fromBalance, keySuffix: '-balance' },
    { paymentIntentId: deposit, amountCents: refund.amountCents - fromBalance, keySuffix: '' },
  ].filter((p) => p.amountCents > 0);
}
