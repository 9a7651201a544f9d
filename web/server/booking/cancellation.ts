import {
  OFFLINE_METHOD_LABELS,
  bookingCancellationEmail,
  createCancellation,
  formatCents,
  mailStatusText,
  sendMailWithStatus,
  refundProgress,
  type Booking,
  type CancelRequest,
  type CancelResult,
  type CheckoutPorts,
  type LedgerSummary,
  type RefundQuote,
  type RefundWithParts,
  type UnfinishedRefund,
  withdrawOpenPayments,
} from '@ridgeline/core';
import type { BalanceService } from './balance.js';
import type { BookingChangeService } from './booking-change.js';
import { refundDetail } from './charge-webhooks.js';
import { recordBookingEvent } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { CLEANING_RECONCILE_JOB } from '../jobs/job-names.js';
import { notifyOwner } from '../notices/owner-notices.js';
import { openPaymentsPorts } from './late-payments.js';
import { oneCancelAtATime } from './booking-turn.js';

/** The owner's words for a card PaymentIntent of a booking: the deposit, the balance, the card payment. */
function paymentName(booking: Pick<Booking, 'stripePaymentIntentId' | 'balance'>, paymentIntentId: string): string {
  if (paymentIntentId === booking.balance?.paymentIntentId) return 'the balance';
  if (paymentIntentId === booking.stripePaymentIntentId) return booking.balance?.paymentIntentId ? 'the deposit' : 'the card payment';
  return `card payment ${paymentIntentId}`;
}

/** The owner's words when a cancel is refused because the balance is being charged right now ([money.balance-attempt]). */
const BALANCE_IN_FLIGHT = 'The balance of this stay is being charged at Stripe right now, so nothing was cancelled. Try again in a minute: the cancel then refunds it too.';

/** What the cancellation service does: `cancel` and `quote` (see `createCancellationService`). */
export interface CancellationService {
  cancel(request: CancelRequest): Promise<CancelResult>;
  quote(bookingId: number): (RefundQuote & { booking: Booking; money: LedgerSummary; unfinishedRefund: UnfinishedRefund | null }) | undefined;
}

/**
 * The cancellation service (core/src/booking/cancellation/cancellation.ts) wired to the server, built once by
 * the composition root (web/server/services.ts) over the booking domain's ports, the change
 * service and the balance service, for the owner's `POST /api/bookings/:id/cancel` and the guest's page ([booking.cancel], [booking.refund]):
 * - `cancel({ bookingId, by: 'owner' | 'guest', refundCents?, reason? })` → core's `CancelResult`.
 *   Cancels of one booking run one after the other, whoever asks: the later one is refused as
 *   not cancellable once the first has cancelled it ([booking.cancel]). A cancel holds the
 *   booking's balance lease ([money.balance-attempt]): it waits for an automatic balance charge in
 *   flight, and is refused as `provider-failed` (nothing changed) if it lasts longer than
 *   `deps.balanceAttemptWaitMs`.
 *   A successful cancel then, in this order: records the timeline (`refunded`, `cancelled`),
 *   cancels the stay's PaymentIntents still open at Stripe (the balance page's, then any other:
 *   `withdrawOpenPayments`, [money.cancel-open-payments]; a failure is logged), triggers the
 *   cleaning reconcile (the stay's cleaning is cancelled), e-mails the guest
 *   (awaited; a failure is logged and the timeline says so, the cancellation stands) and tells
 *   the owner (`cancellation` notice, e-mailed by the owner-notices job). A guest always gets the
 *   policy's refund; `refundCents` is the owner's.
 * - `quote(bookingId)` → what a cancel today would refund (`RefundQuote` with the booking), or
 *   undefined for an unknown id.
 */
export function createCancellationService(
  deps: AppDeps,
  { ports, bookingChanges, balance }: { ports: CheckoutPorts; bookingChanges: Pick<BookingChangeService, 'finishOpen'>; balance: Pick<BalanceService, 'turnForCancel' | 'withdrawPagePayment'> },
): CancellationService {
  const now = () => deps.now?.() ?? new Date();
  const service = createCancellation({ ...ports, onRefundFailed: (booking, refund) => tellRefundFailed(booking, refund) });

  /**
   * A part of a cancellation's refund refused by Stripe ([money.refund-incomplete]): the
   * timeline says which part failed with Stripe's message and what moved, and the owner is told
   * (`money` notice, once per failed part) to finish or change it from Cancel booking.
   */
  function tellRefundFailed(booking: Booking, refund: RefundWithParts): void {
    const { movedCents } = refundProgress(refund.parts);
    const failed = refund.parts.filter((p) => p.status === 'failed');
    const lines = failed.map((p) => `${formatCents(p.amountCents)} from ${paymentName(booking, p.paymentIntentId)} failed: ${p.error}`);
    const moved = movedCents > 0 ? `${formatCents(movedCents)} went back to the card.` : 'Nothing went back to the card.';
    recordBookingEvent(deps.db, booking.id, 'refund-failed', `${lines.join('; ')}. ${moved} The booking is not cancelled.`, now());
    for (const part of failed) {
      notifyOwner(deps, {
        kind: 'money',
        subject: `Refund failed on booking ${booking.id}: ${booking.checkin} to ${booking.checkout}`,
        text: [
          `Stripe refused part of the refund of booking ${booking.id} (${booking.firstName} ${booking.lastName}, ${booking.checkin} to ${booking.checkout}), cancelled by the ${refund.refund.source}.`,
          `${formatCents(part.amountCents)} from ${paymentName(booking, part.paymentIntentId)}: ${part.error}`,
          moved,
          'The booking is not cancelled yet. Open Cancel booking on it to try the rest again by card, or to cancel without it.',
        ].join('\n'),
        bookingId: booking.id,
        dedupeKey: `refund-failed-${part.id}`,
      });
    }
  }

  /** One at a time per booking (see `oneCancelAtATime`); a later one sees the earlier's outcome. */
  function cancel(request: CancelRequest): Promise<CancelResult> {
    return oneCancelAtATime(deps.db, request.bookingId, () => cancelNow(request));
  }

  async function cancelNow(request: CancelRequest): Promise<CancelResult> {
    // One balance attempt at a time ([money.balance-attempt]): no balance charge runs while the
    // booking is being cancelled, and a charge in flight is waited for (its money then counts in
    // the refund), or the cancel is refused with nothing changed.
    // A change of the booking whose Stripe answer never came is finished first, with its own keys,
    // so the money it moved is in the ledger the refund is planned from ([booking.change-money]).
    await bookingChanges.finishOpen(request.bookingId);
    const release = await balance.turnForCancel(request.bookingId);
    if (!release) return { ok: false, reason: 'provider-failed', message: BALANCE_IN_FLIGHT };
    let result: CancelResult;
    try {
      result = await service.cancel(request);
    } finally {
      release();
    }
    if (!result.ok) return result;
    const { booking, refund } = result;
    if (refund) recordBookingEvent(deps.db, booking.id, 'refunded', refundDetail(refund.amountCents, request.by, booking.cancelReason), now());
    const offline = request.by === 'owner' && request.offlineRefund && request.offlineRefund.amountCents > 0 ? request.offlineRefund : undefined;
    const offlineLine = offline ? `Given back outside Stripe: ${formatCents(offline.amountCents)} (${OFFLINE_METHOD_LABELS[offline.method].toLowerCase()}).` : undefined;
    // [money.offline-refund]: the owner's offline refund is on the timeline as a refund of its own.
    if (offline) recordBookingEvent(deps.db, booking.id, 'offline-refund', `Refunded ${formatCents(offline.amountCents)} by ${OFFLINE_METHOD_LABELS[offline.method].toLowerCase()}, recorded by the owner`, now());
    recordBookingEvent(deps.db, booking.id, 'cancelled', `Cancelled by the ${request.by}${booking.cancelReason ? `: ${booking.cancelReason}` : ''}`, now());
    // A balance the guest started paying on their page can no longer be paid ([payments.balance]).
    await balance.withdrawPagePayment(booking);
    // Nor anything else: every PaymentIntent of the stay still open (a payment link in the guest's
    // tab) is cancelled at Stripe; money Stripe took already is recorded and refunded
    // ([money.cancel-open-payments], [money.late-payment]).
    await withdrawOpenPayments(openPaymentsPorts(deps), booking);
    // The nights are open again; the cleaning of the stay goes ([cleaning.window]).
    deps.jobs?.trigger(CLEANING_RECONCILE_JOB);
    await emailGuest(booking, refund?.amountCents ?? null);
    notifyOwner(deps, {
      kind: 'cancellation',
      subject: `Booking ${booking.id} cancelled by the ${request.by}: ${booking.checkin} to ${booking.checkout}`,
      text: [
        `Booking ${booking.id} (${booking.firstName} ${booking.lastName}, ${booking.checkin} to ${booking.checkout}) was cancelled by the ${request.by}.`,
        refund ? `Refund: ${formatCents(refund.amountCents)} (Stripe ${refund.stripeRefundId}, ${refund.status}).` : 'No refund was made.',
        ...(offlineLine ? [offlineLine] : []),
        ...(booking.cancelReason ? [`Reason: ${booking.cancelReason}`] : []),
        'The nights are open again.',
      ].join('\n'),
      bookingId: booking.id,
      dedupeKey: `cancellation-${booking.id}`,
    });
    return result;
  }

  /** E-mails the guest; a failed send is logged and kept on the timeline, the cancellation stands. */
  async function emailGuest(booking: Booking, refundCents: number | null): Promise<void> {
    const message = bookingCancellationEmail(booking, refundCents, deps.config.publicUrl);
    // [notices.honest]: the timeline says what became of it (sent, not set up, failed, no address).
    const mail = await sendMailWithStatus(deps.mailer, booking.email, message, (err) => deps.logger.error('cancellation e-mail failed', { bookingId: booking.id, err }));
    recordBookingEvent(deps.db, booking.id, 'cancellation-emailed', mailStatusText(mail, booking.email), now());
  }

  return { cancel, quote: (bookingId) => service.quote(bookingId) };
}
