/**
 * Cancelling a booking with its refund ([booking.cancel], [booking.refund], [cancel.refund-due]),
 * and keeping bookings in step with refunds and disputes Stripe tells us about
 * ([stripe.refund-webhook], [stripe.dispute]). Browser-safe plain TypeScript over the checkout's
 * ports (docs/architecture.md "Book"): no HTTP, no SQL, no SDK. Every outcome a caller must tell
 * apart is a typed result; the Express routes map them to status codes.
 *
 * Money first, safely: the refund is recorded with a random idempotency key and its plan (which
 * card PaymentIntent gives back how much, from the money ledger: [money.refund-plan]) before
 * Stripe is asked, each part is asked with its own key derived from the refund's and recorded as
 * Stripe answers it, and only then is the booking marked cancelled. A repeated click finds the
 * booking cancelled (no new refund); a retry after a crash or timeout finds the `requested`
 * refund and asks Stripe the parts not answered yet with the same keys and amounts, which answer
 * the same refunds. A part Stripe refuses leaves the refund `incomplete` for the owner to finish
 * or change ([money.refund-incomplete]); a later cancel never gets stuck on it.
 */
import type { Booking } from '../bookings.js';
import { policyRefundCents, type CancellationPolicy } from '../../settings/cancellation-policy.js';
import { PaymentProviderError, type ChargeView, type DisputeView } from '../payment-gateway.js';
import type { CheckoutPorts, RefundWithParts } from '../ports.js';
import { moneyOfBooking, type LedgerSummary, type OfflineMethod } from '../ledger.js';
import { partKeySuffix, partMoved, partRound, planRefund, refundProgress, unfinishedRefundView, type UnfinishedRefund } from '../refund-plan.js';
import { bookingState, transition } from '../stays/stay-state.js';
import { localMomentIn, type LocalMoment } from '../../shared/dates.js';
import { PROPERTY } from '../../shared/property.js';

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
  /**
   * The owner's only ([money.offline-refund]): money given back outside Stripe in this
   * cancellation, recorded as an `offline_refund` ledger entry with the cancellation. Cents, a
   * whole number ≥ 0, at most what was paid offline and not given back yet (card money goes back
   * by card only: [money.offline]).
   */
  offlineRefund?: { amountCents: number; method: OfflineMethod } | undefined;
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
  | { ok: true; booking: Booking; refund: CancelRefund | null }
  | { ok: false; reason: 'not-found' }
  /** already cancelled, or a stay that cannot be cancelled here (awaiting its payment) */
  | { ok: false; reason: 'not-cancellable'; booking: Booking }
  /** more than `refundableCents` (paid by card less refunded) was asked */
  | { ok: false; reason: 'refund-too-large'; refundableCents: number }
  /** an offline refund above what can be given back offline ([money.offline-refund]); nothing changed */
  | { ok: false; reason: 'offline-refund-too-large'; offlineRefundableCents: number }
  /** a refund is due but no payment provider is configured; nothing changed */
  | { ok: false; reason: 'payments-unavailable' }
  /**
   * Stripe refused or could not be reached (`message`: Stripe's, when it gave one); the booking
   * is not cancelled and the cancel can be retried. `refund`: the refund left `incomplete` (a part
   * moved, another was refused: [money.refund-incomplete]) or still `requested`; absent when
   * nothing moved.
   */
  | { ok: false; reason: 'provider-failed'; message: string | undefined; refund?: UnfinishedRefund };

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
  booking: Booking,
  settingsPolicy: CancellationPolicy,
  at: LocalMoment,
  settingsCheckInTime: string,
  money: Pick<LedgerSummary, 'intents'> = moneyOfBooking(booking),
  unfinished?: Pick<UnfinishedRefund, 'status' | 'missingCents'> | undefined,
): RefundQuote {
  const policy = booking.cancellationPolicy ?? settingsPolicy;
  // Only card money goes back by card, never more than each PaymentIntent took less its refunds
  // and disputes ([money.refund-plan]); a damage deposit's capture is not the stay's money.
  const stayIntents = money.intents.filter((i) => !i.damageDeposit);
  const refundableCents = stayIntents.reduce((sum, i) => sum + i.refundableCents, 0);
  const paidCents = stayIntents.reduce((sum, i) => sum + i.paidCents, 0);
  const refundedCents = stayIntents.reduce((sum, i) => sum + i.refundedCents + i.disputedCents, 0);
  const checkInTime = booking.quote?.terms?.checkInTime ?? settingsCheckInTime;
  // A cancellation whose refund is incomplete owes the rest of it, not the policy anew
  // ([money.refund-incomplete]): what its failed parts did not give back.
  const owed = unfinished?.status === 'incomplete' ? unfinished.missingCents : refundableCents > 0 ? policyRefundCents(policy, { paidCents, refundedCents }, booking.checkin, at, checkInTime) : 0;
  return { policyRefundCents: Math.min(owed, refundableCents), refundableCents, policy };
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
  const dueNow = (booking: Booking, money: Pick<LedgerSummary, 'intents'>, unfinished?: Pick<UnfinishedRefund, 'status' | 'missingCents'>) => {
    const settings = store.settings();
    return refundQuote(booking, settings.cancellationPolicy, localMomentIn(PROPERTY.timeZone, ports.now()), settings.checkInTime, money, unfinished);
  };

  /**
   * What cancelling the booking today would refund ([cancel.refund-due]), with the ledger's sums
   * and the cancellation's unfinished refund ([money.refund-incomplete]); undefined for an
   * unknown id.
   */
  function quote(bookingId: number): (RefundQuote & { booking: Booking; money: LedgerSummary; unfinishedRefund: UnfinishedRefund | null }) | undefined {
    const booking = store.getBooking(bookingId);
    if (!booking) return undefined;
    const money = store.ledger(bookingId);
    const open = store.openRefund(bookingId);
    const unfinishedRefund = open && (open.refund.status === 'requested' || open.refund.status === 'incomplete') ? unfinishedRefundView(open.refund, open.parts) : null;
    return { booking, money, unfinishedRefund, ...dueNow(booking, money, unfinishedRefund ?? undefined) };
  }

  /**
   * Cancels a booking and refunds it ([booking.cancel], [booking.refund], [money.refund-plan],
   * [money.refund-incomplete], [money.offline-refund]): a confirmed booking (paid, or made by the
   * owner) or an inquiry. The card refund is the policy's for today ([cancel.refund-due]) unless
   * the owner gives `refundCents` (0…refundable by card); a booking without a card payment
   * cancels without a card refund (and refuses an owner's `refundCents` > 0 as
   * `refund-too-large` with `refundableCents` 0). The owner's `offlineRefund` is recorded with the
   * cancellation. Order: record the refund with a random key and its plan (per card
   * PaymentIntent, latest payment first, each at most what it can still give back) → each part to
   * Stripe `POST /v1/refunds` with Idempotency-Key `ridgeline-refund-<key><suffix>`, each
   * answer in the ledger as it comes → the cancellation in one write.
   *
   * A refund an earlier call left open is finished first, whatever this call asks: parts still
   * `planned` are asked again exactly as stored. When a part was refused (`incomplete`), this
   * call decides the rest: the owner's `refundCents` (default: the missing amount, at most what
   * the cards can still give) is planned anew with new keys, 0 cancels without it; the guest's
   * cancel asks the missing amount again, at most what the cards can give.
   * @returns the cancelled booking and its refund (null without one), or a refusal; after
   *   `provider-failed` the booking is not cancelled and the cancel may be retried
   * @throws RangeError for a `refundCents` or offline amount that is not whole cents ≥ 0
   */
  async function cancel(request: CancelRequest): Promise<CancelResult> {
    const booking = store.getBooking(request.bookingId);
    if (!booking) return { ok: false, reason: 'not-found' };
    const state = bookingState(booking);
    const cancelled = transition(state, 'cancel');
    if (!cancelled.ok) return { ok: false, reason: 'not-cancellable', booking };
    const reason = (request.reason ?? '').trim();
    const offline = request.by === 'owner' && request.offlineRefund && request.offlineRefund.amountCents > 0 ? request.offlineRefund : undefined;
    if (offline && (!Number.isSafeInteger(offline.amountCents) || offline.amountCents < 0)) throw new RangeError(`an offline refund is whole cents ≥ 0, got ${offline.amountCents}`);

    // An earlier cancel of this booking that did not finish is finished (or changed) first.
    const open = store.openRefund(booking.id);
    if (open) return continueRefund(booking, open, request, reason, offline);

    const money = store.ledger(booking.id);
    const due = dueNow(booking, money);
    const asked = request.by === 'owner' && request.refundCents !== undefined ? request.refundCents : due.policyRefundCents;
    if (!Number.isSafeInteger(asked) || asked < 0) throw new RangeError(`refundCents must be a whole number of cents ≥ 0, got ${asked}`);
    if (asked > due.refundableCents) return { ok: false, reason: 'refund-too-large', refundableCents: due.refundableCents };
    if (offline && offline.amountCents > money.offlineRefundableCents) return { ok: false, reason: 'offline-refund-too-large', offlineRefundableCents: money.offlineRefundableCents };

    if (asked === 0) return finish(booking, request.by, reason, null, offline);

    const payments = ports.payments;
    if (!payments) return { ok: false, reason: 'payments-unavailable' };
    // A refund is due: the state machine must allow it after the cancel.
    if (!transition(cancelled.state, 'refund').ok) return { ok: false, reason: 'not-cancellable', booking };
    const started = store.startRefund(
      { bookingId: booking.id, amountCents: asked, source: request.by, reason, idempotencyKey: randomKey() },
      (ledger) => planRefund(asked, ledger, (pi) => partKeySuffix(booking, pi)),
      ports.now(),
    );
    if (started === 'not-found') return { ok: false, reason: 'not-found' };
    if (started === 'cancelled') return { ok: false, reason: 'not-cancellable', booking: store.getBooking(booking.id) ?? booking };
    if (started === 'nothing-to-refund') return { ok: false, reason: 'refund-too-large', refundableCents: dueNow(booking, store.ledger(booking.id)).refundableCents };
    // Another cancel started one meanwhile: finish that one instead.
    if (started.resumed) return continueRefund(booking, started, request, reason, offline);
    const ran = await runParts(booking, started);
    return ran.ok ? outcome(booking, request.by, reason, ran.refund, offline) : ran.failure;
  }

  /**
   * Finishes or changes the refund an earlier cancel left open ([money.refund-incomplete]):
   * planned parts are asked again exactly as stored; then, when a part was refused, this
   * request decides what becomes of the rest (see `cancel`).
   */
  async function continueRefund(booking: Booking, open: RefundWithParts, request: CancelRequest, reason: string, offline: CancelRequest['offlineRefund']): Promise<CancelResult> {
    let current = open;
    // The reason of the cancel that started it stands unless this one gives its own.
    const why = reason || current.refund.reason;
    if (current.parts.some((p) => p.status === 'planned')) {
      if (!ports.payments) return { ok: false, reason: 'payments-unavailable' };
      const ran = await runParts(booking, current);
      if (!ran.ok) return ran.failure;
      current = ran.refund;
    }
    if (current.refund.status === 'incomplete') {
      const money = store.ledger(booking.id);
      const missing = refundProgress(current.parts).failedCents;
      const refundable = dueNow(booking, money).refundableCents;
      const asked = request.by === 'owner' && request.refundCents !== undefined ? request.refundCents : Math.min(missing, refundable);
      if (!Number.isSafeInteger(asked) || asked < 0) throw new RangeError(`refundCents must be a whole number of cents ≥ 0, got ${asked}`);
      if (asked > refundable) return { ok: false, reason: 'refund-too-large', refundableCents: refundable };
      if (offline && offline.amountCents > money.offlineRefundableCents) return { ok: false, reason: 'offline-refund-too-large', offlineRefundableCents: money.offlineRefundableCents };
      if (asked > 0 && !ports.payments) return { ok: false, reason: 'payments-unavailable' };
      const round = Math.max(0, ...current.parts.map(partRound)) + 1;
      current = store.reviseRefund(current.refund.id, (ledger) => (asked > 0 ? planRefund(asked, ledger, (pi) => partKeySuffix(booking, pi, round)) : []), ports.now());
      if (current.parts.some((p) => p.status === 'planned')) {
        const ran = await runParts(booking, current);
        if (!ran.ok) return ran.failure;
        current = ran.refund;
      }
    } else if (offline) {
      const money = store.ledger(booking.id);
      if (offline.amountCents > money.offlineRefundableCents) return { ok: false, reason: 'offline-refund-too-large', offlineRefundableCents: money.offlineRefundableCents };
    }
    return outcome(booking, request.by, why, current, offline);
  }

  /**
   * Asks Stripe each `planned` part of the refund, in order, with its stored key and amount, and
   * records each answer as it comes ([money.refund-plan]). A definite refusal marks the part
   * `failed` with Stripe's message (the ledger then reads that PaymentIntent's refunds from
   * Stripe, so the next plan counts refunds made elsewhere) and the next part is still asked; an
   * answer that never came (timeout, 5xx, 409, 429) stops here with the part still `planned`.
   */
  async function runParts(booking: Booking, refund: RefundWithParts): Promise<{ ok: true; refund: RefundWithParts } | { ok: false; failure: CancelResult }> {
    const payments = ports.payments;
    if (!payments) return { ok: false, failure: { ok: false, reason: 'payments-unavailable' } };
    let current = refund;
    const note = current.refund.reason || `Cancelled by the ${current.refund.source}`;
    for (const part of refund.parts.filter((p) => p.status === 'planned')) {
      let answer;
      try {
        answer = await payments.createRefund({
          paymentIntentId: part.paymentIntentId,
          amountCents: part.amountCents,
          idempotencyKey: `ridgeline-refund-${refund.idempotencyKey}${part.keySuffix}`,
          // From the stored refund only: a resumed refund must send exactly what the first try sent.
          metadata: { bookingId: String(booking.id), ridgeline_refund_key: refund.idempotencyKey, cancelledBy: refund.refund.source },
        });
      } catch (err) {
        ports.logger.error('refund failed', { bookingId: booking.id, paymentIntentId: part.paymentIntentId, err });
        const message = err instanceof PaymentProviderError ? err.message : undefined;
        if (!refusedByStripe(err)) {
          // It may have refunded: the part stays planned, and the retry replays its key.
          return { ok: false, failure: { ok: false, reason: 'provider-failed', message, refund: unfinishedRefundView(current.refund, current.parts) } };
        }
        current = store.settleRefundPart(booking.id, part.id, { error: message ?? 'Stripe refused the refund' }, ports.now());
        await learnRefunds(part.paymentIntentId);
        continue;
      }
      // Money first ([money.ledger]): each part is in the ledger as soon as Stripe answered it.
      current = store.settleRefundPart(booking.id, part.id, { stripeRefundId: answer.id, status: answer.status, amountCents: answer.amountCents, note }, ports.now());
    }
    return { ok: true, refund: current };
  }

  /**
   * Reads a PaymentIntent's refunds from Stripe into the ledger, as `charge.refunded` would: a
   * refused part usually means the ledger missed a refund made elsewhere. Best effort: a failure
   * here is logged, the refund stays as recorded.
   */
  async function learnRefunds(paymentIntentId: string): Promise<void> {
    try {
      await syncIntentRefunds(paymentIntentId);
    } catch (err) {
      ports.logger.warn('could not read the refunds of a PaymentIntent', { paymentIntentId, err });
    }
  }

  /**
   * Stripe's `charge.refund.updated`, `refund.updated` and `refund.failed` ([money.refund-failed]):
   * the PaymentIntent's refunds read again from Stripe (events come in any order: the list says
   * what is true now) into the ledger; a refund that failed after it was recorded gets its
   * reversing entry and the server is told (the owner's notice).
   * @throws PaymentProviderError when Stripe cannot be read (the webhook answers 500; Stripe retries)
   */
  async function syncIntentRefunds(paymentIntentId: string): Promise<void> {
    if (!ports.payments) return;
    const refunds = await ports.payments.listRefunds(paymentIntentId);
    const amountRefundedCents = refunds.filter((r) => isLiveRefund(r.status)).reduce((sum, r) => sum + r.amountCents, 0);
    const change = store.syncChargeRefunds(paymentIntentId, { amountRefundedCents, refunds }, ports.now());
    if (change && (change.added.length > 0 || (change.failed?.length ?? 0) > 0)) ports.onRefundsSynced?.(change);
  }

  /**
   * What the refund's parts come to ([money.refund-incomplete]): all answered and none refused →
   * the cancellation is written; a part refused → `provider-failed` with Stripe's message (the
   * server tells the owner), the booking not cancelled.
   */
  function outcome(booking: Booking, by: CancelledBy, reason: string, refund: RefundWithParts, offline: CancelRequest['offlineRefund']): CancelResult {
    const status = refund.refund.status;
    if (status === 'incomplete' || status === 'failed') {
      ports.onRefundFailed?.(booking, refund);
      const failed = refund.parts.filter((p) => p.status === 'failed');
      const message = failed.map((p) => p.error).find(Boolean);
      return status === 'incomplete'
        ? { ok: false, reason: 'provider-failed', message, refund: unfinishedRefundView(refund.refund, refund.parts) }
        : { ok: false, reason: 'provider-failed', message };
    }
    const moved = refund.parts.filter(partMoved);
    const last = moved[moved.length - 1];
    if (!last?.stripeRefundId) return finish(booking, by, reason, null, offline);
    return finish(booking, by, reason, { id: refund.refund.id, amountCents: refundProgress(refund.parts).movedCents, stripeRefundId: last.stripeRefundId, status }, offline);
  }

  /** Records the cancellation (with Stripe's answer and the offline refund) in one write. */
  function finish(booking: Booking, by: CancelledBy, reason: string, refund: CancelRefund | null, offline: CancelRequest['offlineRefund']): CancelResult {
    const done = store.completeCancellation(
      booking.id,
      {
        by,
        reason,
        refund: refund ? { id: refund.id, stripeRefundId: refund.stripeRefundId, status: refund.status } : undefined,
        offlineRefund: offline ? { amountCents: offline.amountCents, method: offline.method, note: reason || `Cancelled by the ${by}` } : undefined,
      },
      ports.now(),
    );
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
    if (change && (change.added.length > 0 || (change.failed?.length ?? 0) > 0 || change.after.refundedCents !== change.before.refundedCents)) ports.onRefundsSynced?.(change);
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

  return { quote, cancel, syncChargeRefunds, syncIntentRefunds, recordDispute };
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
