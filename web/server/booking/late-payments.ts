import { refundLatePayments, type LatePaymentPorts, type OpenPaymentPorts } from '@ridgeline/core';
import { bookingIntentIds, getBookingInquiry, getDamageDeposit, ledgerSummary, listDuplicatePaymentIntents, listLatePaymentIntents, recordBookingEvent, recordBookingMoney } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { LATE_PAYMENT_REFUNDS_JOB } from '../jobs/job-names.js';
import { notifyOwner } from '../notices/owner-notices.js';

/** How often the late-payment job looks, besides the triggers after each Stripe event ([money.late-payment]). */
export const LATE_PAYMENT_REFUNDS_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The late-payment refunds (core/src/booking/payments/late-payments.ts) wired to the server: the ledger of
 * `deps.db` (late payments and second balance payments), Stripe, the timeline and the owner's
 * `money` notice ([money.late-payment], [money.duplicate-payment]).
 */
export function latePaymentsPorts(deps: AppDeps): LatePaymentPorts {
  return {
    store: {
      listLatePayments: () => [
        ...listLatePaymentIntents(deps.db).flatMap((late) => {
          const booking = getBookingInquiry(deps.db, late.bookingId);
          return booking ? [{ booking, paymentIntentId: late.paymentIntentId, refundableCents: late.refundableCents, why: 'late' as const }] : [];
        }),
        // [money.duplicate-payment]: a balance paid twice gives its second payment back (unless the
        // booking was cancelled since: its cancel planned the refund from the ledger).
        ...listDuplicatePaymentIntents(deps.db).flatMap((dup) => {
          const booking = getBookingInquiry(deps.db, dup.bookingId);
          return booking && !booking.cancelledAt ? [{ booking, paymentIntentId: dup.paymentIntentId, refundableCents: dup.refundableCents, why: 'duplicate' as const }] : [];
        }),
      ],
      recordMoney: (bookingId, entry, now) => ({ created: recordBookingMoney(deps.db, bookingId, entry, now).created }),
      recordEvent: (bookingId, kind, detail, now) => void recordBookingEvent(deps.db, bookingId, kind, detail, now),
    },
    get payments() {
      return deps.payments;
    },
    logger: deps.logger,
    now: () => deps.now?.() ?? new Date(),
    notifyOwner: (booking, subject, text, dedupeKey) => notifyOwner(deps, { kind: 'money', subject, text, bookingId: booking.id, dedupeKey }),
  };
}

/**
 * The late-payment refunds built once by the composition root (web/server/services.ts). `run()`
 * is one run of the `late-payment-refunds` job: refunds each late payment.
 * @throws naming those Stripe did not refund (the job retries with back-off)
 */
export function createLatePaymentService(deps: AppDeps): { run(): Promise<void> } {
  const ports = latePaymentsPorts(deps);
  return {
    async run() {
      const { failed } = await refundLatePayments(ports);
      if (failed.length > 0) throw new Error(`late payments not refunded yet: ${failed.map((f) => `booking ${f.bookingId} (${f.paymentIntentId}): ${f.error}`).join('; ')}`);
    },
  };
}

/**
 * The open PaymentIntents of a cancelled booking (core/src/booking/payments/open-payments.ts) wired to the
 * server ([money.cancel-open-payments]): the booking's PaymentIntents as `deps.db` knows them
 * (`bookingIntentIds`: its columns and its ledger) less its damage deposit's, each charged when
 * its ledger holds money taken on it; Stripe; and the late-payment job triggered when money is
 * found ([money.late-payment]).
 */
export function openPaymentsPorts(deps: AppDeps): OpenPaymentPorts {
  return {
    store: {
      listStayIntents: (bookingId) => {
        const money = ledgerSummary(deps.db, bookingId).intents;
        const hold = getDamageDeposit(deps.db, bookingId);
        const deposit = new Set([hold?.paymentIntentId, hold?.replacedPaymentIntentId, ...money.filter((i) => i.damageDeposit).map((i) => i.paymentIntentId)]);
        return bookingIntentIds(deps.db, bookingId)
          .filter((id) => !deposit.has(id))
          .map((id) => ({ paymentIntentId: id, charged: money.some((i) => i.paymentIntentId === id && i.paidCents > 0) }));
      },
      recordMoney: (bookingId, entry, now) => ({ created: recordBookingMoney(deps.db, bookingId, entry, now).created }),
      recordEvent: (bookingId, kind, detail, now) => void recordBookingEvent(deps.db, bookingId, kind, detail, now),
    },
    get payments() {
      return deps.payments;
    },
    logger: deps.logger,
    now: () => deps.now?.() ?? new Date(),
    onLatePayment: () => deps.jobs?.trigger(LATE_PAYMENT_REFUNDS_JOB),
  };
}
