import { conflictNotice, createCheckout, type Checkout, type DamageDeposits } from '@ridgeline/core';
import type { AppDeps } from './deps.js';
import { createBalanceService, type BalanceService } from './booking/balance.js';
import { createBookingChangeService, type BookingChangeService } from './booking/booking-change.js';
import { createCancellationService, type CancellationService } from './booking/cancellation.js';
import { checkoutPorts } from './booking/checkout.js';
import { createDamageDepositService } from './booking/damage-deposits.js';
import { createLatePaymentService } from './booking/late-payments.js';
import { createPaymentLinkService, type PaymentLinkService } from './booking/payment-links.js';
import { createReconcileService } from './booking/reconcile.js';
import { createCleaningService } from './cleaning/cleaning-service.js';
import { createCalendarSync, type CalendarSync } from './ical-sync/calendar-sync.js';
import { notifyOwner } from './notices/owner-notices.js';

/**
 * The server's services, each built once per app by `createServices` and handed to the routes
 * (`createApp`) and the jobs (web/server/job-catalogue.ts), which never build one themselves
 * (docs/architecture.md "The composition root").
 */
export interface Services {
  /** Other platforms' calendars: syncs, the re-read before a payment, the feed worker ([ical.sync]). */
  calendarSync: CalendarSync;
  /** Cleaning events that follow the stays ([cleaning.reconcile]); the same object as `deps.cleaning`. */
  cleaning: { reconcile(): Promise<unknown> };
  /** The guest's checkout: calendar, quote, hold, payment, confirmation, webhooks, hold sweep ([checkout.*]). */
  checkout: Checkout;
  /** Cancels with their refunds, the owner's and the guest's ([booking.cancel], [booking.refund]). */
  cancellation: CancellationService;
  /** Changes of a booking's dates or guests and their money ([booking.change], [booking.change-money]). */
  bookingChanges: BookingChangeService;
  /** Balances of stays paid in two parts, and the balance lease ([payments.balance], [money.balance-attempt]). */
  balance: BalanceService;
  /** Payment links of the owner's bookings ([bookings.payment-link]). */
  paymentLinks: PaymentLinkService;
  /** Damage deposit holds, releases and claims ([deposit.hold], [deposit.release], [deposit.claim]). */
  damageDeposits: DamageDeposits;
  /** The late-payment refunds, one run per call ([money.late-payment], [money.duplicate-payment]). */
  latePayments: { run(): Promise<void> };
  /** The reconciliation with Stripe, one run per call ([money.reconcile]). */
  reconcile: { run(): Promise<void> };
}

/**
 * The composition root: builds every service of the server once, from `deps`, each handed the
 * others it works with. Also completes `deps` with what the services and routes reach through it:
 * `deps.cleaning` (the cleaning service, unless given) and `deps.onNewConflict` (tells the owner
 * of each new double booking once, [stays.conflict], [owner.notices], unless given). `deps.jobs`
 * is the job runner `createApp` makes from these services (web/server/job-catalogue.ts).
 * @param given services made elsewhere (a test's own calendar sync)
 */
export function createServices(deps: AppDeps, given: Partial<Pick<Services, 'calendarSync'>> = {}): Services {
  deps.cleaning ??= createCleaningService(deps);
  deps.onNewConflict ??= (conflict) => notifyOwner(deps, conflictNotice(conflict.stays, deps.config.publicUrl));
  const calendarSync = given.calendarSync ?? createCalendarSync(deps);
  const balance = createBalanceService(deps);
  const paymentLinks = createPaymentLinkService(deps);
  const bookingChanges = createBookingChangeService(deps, { paymentLinks, balance });
  const ports = checkoutPorts(deps, { calendars: calendarSync, balance, bookingChanges });
  return {
    calendarSync,
    cleaning: deps.cleaning,
    checkout: createCheckout(ports),
    cancellation: createCancellationService(deps, { ports, bookingChanges, balance }),
    bookingChanges,
    balance,
    paymentLinks,
    damageDeposits: createDamageDepositService(deps),
    latePayments: createLatePaymentService(deps),
    reconcile: createReconcileService(deps),
  };
}
