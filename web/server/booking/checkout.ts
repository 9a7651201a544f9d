import { createCheckout, type Checkout, type CheckoutPorts, type SweepResult } from '@ridgeline/core';
import { createSqliteBookingStore } from '@ridgeline/core/node';
import type { CalendarSync } from '../ical-sync/calendar-sync.js';
import type { AppDeps } from '../deps.js';
import { CLEANING_RECONCILE_JOB } from '../jobs/job-names.js';
import { checkNewConflicts } from '../stays/new-conflicts.js';
import { chargeWebhookHooks } from './cancellation.js';

/** How often expired holds are looked at (the hold-sweep job's interval, [checkout.hold-expiry]). */
export const HOLD_SWEEP_INTERVAL_MS = 60_000;

/**
 * The booking domain's ports wired to the server: the SQLite store of `deps.db`, Stripe
 * (`deps.payments`, undefined when off), the calendar re-read of `calendarSync` (none: no
 * re-read), the mailer, logger and clock, a cleaning reconcile and a double-booking check after
 * each paid confirmation ([checkout.after-payment], [stays.conflict]), and the timeline and owner
 * notices of Stripe's refund and dispute webhooks ([stripe.refund-webhook], [stripe.dispute]).
 */
export function checkoutPorts(deps: AppDeps, calendarSync?: Pick<CalendarSync, 'recheckStale'>): CheckoutPorts {
  return {
    store: createSqliteBookingStore(deps.db),
    // Read from `deps` at each use, as the routes did before: the service outlives a change of them.
    get payments() {
      return deps.payments;
    },
    calendars: calendarSync,
    get mailer() {
      return deps.mailer;
    },
    logger: deps.logger,
    now: () => deps.now?.() ?? new Date(),
    get publicUrl() {
      return deps.config.publicUrl;
    },
    onConfirmed: () => {
      deps.jobs?.trigger(CLEANING_RECONCILE_JOB);
      // A paid stay may meet a reservation imported meanwhile ([stays.conflict]).
      checkNewConflicts(deps);
    },
    ...chargeWebhookHooks(deps),
  };
}

/** The booking domain's checkout service (core/src/booking/checkout.ts) over `checkoutPorts`. */
export function checkoutFor(deps: AppDeps, calendarSync?: Pick<CalendarSync, 'recheckStale'>): Checkout {
  return createCheckout(checkoutPorts(deps, calendarSync));
}

/** The hold-sweep job's work: one pass of `sweepExpiredHolds` ([checkout.hold-expiry]). */
export function createHoldSweeper(deps: AppDeps): { sweep(): Promise<SweepResult> } {
  const checkout = checkoutFor(deps);
  return { sweep: () => checkout.sweepExpiredHolds() };
}
