import { newBookingNotice, paymentFailedNotice, type CalendarRecheck, type CheckoutPorts, type PaymentIntentView } from '@ridgeline/core';
import { calendarCache, createSqliteBookingStore, createSqliteOwnerBookingStore, recordBookingEvent } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { CLEANING_RECONCILE_JOB } from '../jobs/job-names.js';
import { checkNewConflicts } from '../stays/new-conflicts.js';
import { notifyOwner } from '../notices/owner-notices.js';
import { chargeWebhookHooks } from './charge-webhooks.js';

/** How often expired holds are looked at (the hold-sweep job's interval, [checkout.hold-expiry]). */
export const HOLD_SWEEP_INTERVAL_MS = 60_000;

/**
 * The booking domain's ports wired to the server, for the checkout and cancellation services the
 * composition root builds (web/server/services.ts): the SQLite store of `deps.db` (the public
 * calendar and quote from its in-memory calendar, [availability.cache]), Stripe
 * (`deps.payments`, undefined when off), the calendar re-read `calendars` (the iCal sync's
 * `recheckStale`; none: no re-read), the balance and change services' `settleIntent` for
 * their PaymentIntents' webhooks, the mailer, logger and clock, a cleaning reconcile and a double-booking check after
 * each paid confirmation ([checkout.after-payment], [stays.conflict]); the owner is told of a new
 * direct booking (once per booking) and of a failed card payment (once per Stripe event)
 * ([owner.notices]); the timeline and owner notices of Stripe's refund and dispute webhooks
 * ([stripe.refund-webhook], [stripe.dispute]).
 */
export function checkoutPorts(
  deps: AppDeps,
  { calendars, balance, bookingChanges }: { calendars?: CalendarRecheck; balance: { settleIntent(intent: PaymentIntentView): Promise<unknown> }; bookingChanges: { settleIntent(intent: PaymentIntentView): unknown } },
): CheckoutPorts {
  return {
    store: createSqliteBookingStore(deps.db),
    calendar: calendarCache(deps.db),
    // Read from `deps` at each use, as the routes did before: the service outlives a change of them.
    get payments() {
      return deps.payments;
    },
    calendars,
    get mailer() {
      return deps.mailer;
    },
    logger: deps.logger,
    now: () => deps.now?.() ?? new Date(),
    // MAX_HELD_NIGHTS ([checkout.hold-cap]).
    get maxHeldNights() {
      return deps.config.maxHeldNights;
    },
    get publicUrl() {
      return deps.config.publicUrl;
    },
    // Stripe events of a manual booking's payment link ([bookings.payment-link]).
    ownerBookings: createSqliteOwnerBookingStore(deps.db),
    onConfirmed: (booking) => {
      deps.jobs?.trigger(CLEANING_RECONCILE_JOB);
      // Called for each confirmation of a paid booking (page, webhook, sweep): the key tells it once.
      if (booking.kind === 'direct') notifyOwner(deps, newBookingNotice(booking, deps.config.publicUrl));
      // A paid stay may meet a reservation imported meanwhile ([stays.conflict]).
      checkNewConflicts(deps);
    },
    onPaymentFailed: ({ eventId, intent, hold, booking }) => {
      notifyOwner(
        deps,
        paymentFailedNotice(
          {
            paymentIntentId: intent.id,
            eventId,
            checkin: hold.checkin,
            checkout: hold.checkout,
            guests: hold.guests,
            guestName: `${hold.guest.firstName} ${hold.guest.lastName}`.trim(),
            amountCents: intent.amount,
            declineMessage: intent.lastPaymentError?.message ?? null,
            bookingId: booking?.id ?? null,
          },
          deps.config.publicUrl,
        ),
      );
      if (booking) recordBookingEvent(deps.db, booking.id, 'payment-failed', intent.lastPaymentError?.message ?? 'The card payment failed', deps.now?.() ?? new Date());
    },
    ...chargeWebhookHooks(deps),
    // A balance paid on the guest's page or off-session ([payments.balance]).
    settleBalanceIntent: (intent) => balance.settleIntent(intent),
    // A change's off-session charge whose answer may have been lost ([booking.change-money]).
    settleChangeIntent: (intent) => bookingChanges.settleIntent(intent),
  };
}
