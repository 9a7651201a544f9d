import { createBookingChanges, type BookingChange, type Booking, type ChangeQuoteResult, type ChangeResult, type ChangeSettle, type OfflineMethod, type PaymentIntentView, type RefusedRefundAction, type StayDates } from '@ridgeline/core';
import { createSqliteBookingChangeStore } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { CLEANING_RECONCILE_JOB, LATE_PAYMENT_REFUNDS_JOB } from '../jobs/job-names.js';
import { notifyOwner } from '../notices/owner-notices.js';
import { checkNewConflicts } from '../stays/new-conflicts.js';
import type { BalanceService } from './balance.js';
import { oneCancelAtATime } from './booking-turn.js';
import type { PaymentLinkService } from './payment-links.js';
import { createWithPortsOf } from './service-ports.js';

/**
 * What hangs on a booking's dates, told once per saved change ([booking.change-follows]): the
 * public calendar, quote and iCal export read the booking's row (the calendar cache sees the write
 * by its triggers); the balance's due date and a damage deposit's release date moved with the save;
 * the review request and the deposit's hold read the dates when their jobs run. Here: the cleaning
 * reconcile re-plans the stay's cleaning events ([cleaning.reconcile]) and the double-booking check
 * runs ([stays.conflict]).
 *
 * The seam of issues 28 and 29: the guest's scheduled messages, door codes and turnovers that hang
 * on the dates are moved from here, the one function every change calls.
 */
export function followDateChange(deps: AppDeps, _booking: Booking, _change: BookingChange): void {
  deps.jobs?.trigger(CLEANING_RECONCILE_JOB);
  checkNewConflicts(deps);
}

/**
 * The change service (core/src/booking/stays/booking-change.ts) wired to the server, built once by the
 * composition root (web/server/services.ts) over the payment links and the balance service
 * ([booking.change], [booking.change-money]):
 * - `quote(bookingId, to)` → core's `ChangeQuoteResult` (nothing changes);
 * - `change(bookingId, { checkin, checkout, guests, settle, offlineMethod? })` → `ChangeResult`.
 *   Changes and cancels of one booking run one after the other (`oneCancelAtATime`), so a change
 *   and a cancel never interleave; a change holds the booking's balance lease like a cancel
 *   ([money.balance-attempt]): no balance charge runs while the balance's amount moves, and a
 *   charge in flight is waited for (or the change is refused, 502, nothing changed).
 */
export function createBookingChangeService(deps: AppDeps, { paymentLinks: links, balance }: { paymentLinks: PaymentLinkService; balance: Pick<BalanceService, 'turnForCancel'> }) {
  const service = createWithPortsOf(deps, createBookingChanges, {
    store: createSqliteBookingChangeStore(deps.db),
    paymentLinks: {
      withdraw: (booking) => links.withdraw(booking),
      send: async (bookingId, options) => {
        const sent = await links.send(bookingId, options);
        return sent.ok ? sent : { ok: false as const, message: sent.reason === 'nothing-due' ? sent.message : `No booking with id ${bookingId}` };
      },
    },
    onDatesChanged: (booking, change) => followDateChange(deps, booking, change),
    onLatePayment: () => deps.jobs?.trigger(LATE_PAYMENT_REFUNDS_JOB),
    notifyMoney: (booking, subject, text, dedupeKey) => void notifyOwner(deps, { kind: 'money', subject, text, bookingId: booking.id, dedupeKey }),
  });

  return {
    quote: (bookingId: number, to: StayDates): ChangeQuoteResult => service.quote(bookingId, to),
    change: (bookingId: number, request: StayDates & { settle: ChangeSettle; offlineMethod?: OfflineMethod | undefined }): Promise<ChangeResult> =>
      oneCancelAtATime(deps.db, bookingId, async () => {
        const release = await balance.turnForCancel(bookingId);
        if (!release) return { ok: false, reason: 'provider-failed', message: 'The balance of this stay is being charged at Stripe right now, so nothing was changed. Try again in a minute.' };
        try {
          return await service.change(bookingId, request);
        } finally {
          release();
        }
      }),
    /**
     * The owner's retry (or offline record) of a change's refund parts Stripe refused
     * ([booking.change-refund-refused]), in the booking's turn like a change or a cancel, so a
     * double click settles once (the second finds nothing refused: 409).
     */
    settleRefused: (bookingId: number, changeId: number, request: RefusedRefundAction): Promise<ChangeResult> =>
      oneCancelAtATime(deps.db, bookingId, () => service.settleRefused(bookingId, changeId, request)),
    /** The `payment_intent.succeeded` webhook of a change's charge: recorded once, without the turn (it only records). */
    settleIntent: (intent: PaymentIntentView) => service.settleIntent(intent),
    /** A cancel's first step, inside its turn: the booking's open change finished ([booking.change-money]); a failure is logged. */
    finishOpen: (bookingId: number) =>
      service.finishOpen(bookingId).catch((err: unknown) => {
        deps.logger.error('finishing an open change before a cancel failed', { bookingId, err });
        return undefined;
      }),
  };
}

/** What `createBookingChangeService` builds. */
export type BookingChangeService = ReturnType<typeof createBookingChangeService>;
