import { purgeAudit, purgeExpiredOAuthNonces, purgeExpiredSessions, purgeOldPageViews, purgeOldSalts, purgeSecurityEvents } from '@ridgeline/core/node';
import { AUTO_SYNC_TICK_MS } from './ical-sync/calendar-sync.js';
import type { AppDeps } from './deps.js';
import { HOLD_SWEEP_INTERVAL_MS } from './booking/checkout.js';
import { BALANCE_CHARGES_JOB, CALENDAR_AUTO_SYNC_JOB, CLEANING_RECONCILE_JOB, CONFIRMATION_EMAILS_JOB, DAMAGE_DEPOSITS_JOB, HOLD_SWEEP_JOB, HOUSEKEEPING_JOB, OWNER_NOTICES_JOB, REVIEW_REQUESTS_JOB, LATE_PAYMENT_REFUNDS_JOB, RECONCILE_JOB, TAX_RETURN_REMINDERS_JOB } from './jobs/job-names.js';
import { RECONCILE_INTERVAL_MS } from './booking/reconcile.js';
import { LATE_PAYMENT_REFUNDS_INTERVAL_MS } from './booking/late-payments.js';
import { DAMAGE_DEPOSITS_INTERVAL_MS } from './booking/damage-deposits.js';
import { REVIEW_REQUESTS_INTERVAL_MS, sendReviewRequests } from './reviews/review-requests.js';
import { sendOwnerNotices } from './notices/owner-notices.js';
import { JobRunner } from './jobs/job-runner.js';
import { TAX_REMINDERS_INTERVAL_MS, remindTaxReturns } from './reports/tax-reminders.js';
import { BALANCE_CHARGES_INTERVAL_MS } from './booking/balance.js';
import type { Services } from './services.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Back-off for jobs worth retrying soon after a failure: 1, 5, then 15 minutes. */
const RETRY_BACKOFF_MS = [MINUTE, 5 * MINUTE, 15 * MINUTE] as const;
/** A confirmation not sent within this long is left to the owner (the Bookings tab shows the stay). */
const CONFIRMATION_RETRY_WINDOW_MS = 48 * HOUR;

/**
 * The job catalogue: defines the server's background work on `runner` over the services the
 * composition root built (web/server/services.ts; docs/architecture.md "Background work"). A job
 * only schedules a service's work and reports its failures; it builds no service itself:
 * - `hold-sweep`, every minute: settles holds past their 15 minutes with Stripe ([checkout.hold-expiry]);
 * - `calendar-auto-sync`, every minute: syncs the sources whose hourly sync is due ([ical.auto-sync]);
 * - `cleaning-reconcile`, at start, hourly and when stays change: cleaning events follow the stays;
 * - `confirmation-emails`, every 15 minutes and with back-off: sends confirmations a failed send left;
 * - `housekeeping`, at start and daily: expired sessions and OAuth states, old security-log and audit entries, page views past 13 months;
 * - `damage-deposits`, at start and hourly, with back-off: places, renews and releases damage deposit holds ([deposit.hold], [deposit.release]);
 * - `balance-charges`, hourly and at start: charges the balances due off-session, retries failed ones 1 and 3 days later ([payments.balance]);
 * - `owner-notices`, when a notice is made, at start and every 15 minutes with back-off: e-mails the owner's notices ([owner.notices]);
 * - `late-payment-refunds`, at start and hourly with back-off: refunds money that came after a cancel ([money.late-payment]);
 * - `reconcile`, at start and daily with back-off (and from the console's Run now): compares each
 *   booking's ledger with Stripe, adds what is missing, keeps the findings ([money.reconcile]);
 * - `review-requests`, at start and hourly with back-off: asks each guest for a review once after check-out ([reviews.request]);
 * - `tax-return-reminders`, at start and hourly: from the 10th and the 17th, reminds the owner of last month's unfiled lodging-tax returns ([reports.tax-returns]).
 */
export function defineServerJobs(runner: JobRunner, deps: AppDeps, services: Services): void {
  // The booking domain's checkout service (core/src/booking/checkout/checkout.ts) does the work of both
  // payment jobs; the jobs only schedule it and report failures.
  const { checkout: checkoutService, calendarSync } = services;
  runner.define({
    name: HOLD_SWEEP_JOB,
    description: 'Settles checkout holds past their 15 minutes with Stripe',
    everyMs: HOLD_SWEEP_INTERVAL_MS,
    run: async () => {
      const { failed } = await checkoutService.sweepExpiredHolds();
      if (failed > 0) throw new Error(`${failed} expired hold(s) could not be settled with Stripe yet`);
    },
  });
  runner.define({
    name: CALENDAR_AUTO_SYNC_JOB,
    description: 'Syncs the calendar sources whose hourly sync is due',
    everyMs: AUTO_SYNC_TICK_MS,
    run: () => calendarSync.syncDue(),
  });
  runner.define({
    name: CLEANING_RECONCILE_JOB,
    description: 'Creates, moves and cancels cleaning events to follow the stays',
    everyMs: HOUR,
    runAtStart: true,
    retryDelaysMs: RETRY_BACKOFF_MS,
    run: async () => {
      await services.cleaning.reconcile();
    },
  });
  runner.define({
    name: CONFIRMATION_EMAILS_JOB,
    description: 'Sends booking confirmations that a failed send left unsent',
    everyMs: 15 * MINUTE,
    retryDelaysMs: RETRY_BACKOFF_MS,
    run: async () => {
      const since = new Date((deps.now?.() ?? new Date()).getTime() - CONFIRMATION_RETRY_WINDOW_MS);
      const failures = await checkoutService.resendConfirmations(since);
      if (failures.length > 0) throw new Error(`confirmation e-mail not sent for ${failures.map((f) => `booking ${f.bookingId}: ${f.error}`).join('; ')}`);
    },
  });
  runner.define({
    name: DAMAGE_DEPOSITS_JOB,
    description: 'Places damage deposit holds before check-in, renews them before they lapse and releases them after check-out',
    everyMs: DAMAGE_DEPOSITS_INTERVAL_MS,
    runAtStart: true,
    retryDelaysMs: RETRY_BACKOFF_MS,
    run: async () => {
      if (!deps.payments) return;
      const { failures } = await services.damageDeposits.runDue();
      if (failures.length > 0) throw new Error(`damage deposit not settled with Stripe for ${failures.map((f) => `booking ${f.bookingId}: ${f.error}`).join('; ')}`);
    },
  });
  runner.define({
    name: OWNER_NOTICES_JOB,
    description: "E-mails the owner's notices (bookings, cancellations, conflicts, disputes, failing calendars, failed payments)",
    everyMs: 15 * MINUTE,
    runAtStart: true,
    retryDelaysMs: RETRY_BACKOFF_MS,
    run: async () => {
      await sendOwnerNotices(deps);
    },
  });
  runner.define({
    name: BALANCE_CHARGES_JOB,
    description: 'Charges the balances due off-session to the saved card; retries failed ones 1 and 3 days later',
    everyMs: BALANCE_CHARGES_INTERVAL_MS,
    runAtStart: true,
    run: async () => {
      const { errors } = await services.balance.chargeDueBalances();
      // Declines are handled (guest and owner told); only an unreachable Stripe is a job failure.
      if (errors > 0) throw new Error(`${errors} balance charge(s) could not reach Stripe; the next run resumes them`);
    },
  });
  runner.define({
    name: LATE_PAYMENT_REFUNDS_JOB,
    description: 'Refunds in full any card payment that arrived after its booking was cancelled, and tells the owner',
    everyMs: LATE_PAYMENT_REFUNDS_INTERVAL_MS,
    runAtStart: true,
    retryDelaysMs: RETRY_BACKOFF_MS,
    run: () => services.latePayments.run(),
  });
  runner.define({
    name: RECONCILE_JOB,
    description: "Compares each booking's money ledger with Stripe, adds what is missing and reports what it cannot explain",
    everyMs: RECONCILE_INTERVAL_MS,
    runAtStart: true,
    retryDelaysMs: RETRY_BACKOFF_MS,
    run: () => services.reconcile.run(),
  });
  runner.define({
    name: REVIEW_REQUESTS_JOB,
    description: 'E-mails each guest once after check-out, asking for a review',
    everyMs: REVIEW_REQUESTS_INTERVAL_MS,
    // At start too: a server restarted more often than hourly still sends them.
    runAtStart: true,
    retryDelaysMs: RETRY_BACKOFF_MS,
    run: async () => {
      const { failed } = await sendReviewRequests(deps);
      if (failed.length > 0) throw new Error(`review request not sent for ${failed.map((f) => `booking ${f.bookingId}: ${f.error}`).join('; ')}`);
    },
  });
  runner.define({
    name: TAX_RETURN_REMINDERS_JOB,
    description: "Reminds the owner on the 10th and the 17th of last month's lodging-tax returns not marked filed",
    everyMs: TAX_REMINDERS_INTERVAL_MS,
    runAtStart: true,
    retryDelaysMs: RETRY_BACKOFF_MS,
    run: async () => {
      remindTaxReturns(deps);
    },
  });
  runner.define({
    name: HOUSEKEEPING_JOB,
    description: 'Removes expired sessions and OAuth states, security events past 90 days, audit entries past a year and page views past 13 months',
    everyMs: 24 * HOUR,
    runAtStart: true,
    run: async () => {
      const now = deps.now?.() ?? new Date();
      purgeExpiredSessions(deps.db, now);
      purgeSecurityEvents(deps.db, now);
      purgeAudit(deps.db, now);
      purgeExpiredOAuthNonces(deps.db, now);
      // [analytics.visitors]: a past day's salt is deleted even when no visit came since.
      purgeOldSalts(deps.db, now);
      // [analytics.retention]: page views and funnel steps are kept 13 months.
      purgeOldPageViews(deps.db, now);
    },
  });
}

/** A job runner with the server's jobs defined over `services` (not started: `startServer` starts it). */
export function createServerJobs(deps: AppDeps, services: Services): JobRunner {
  const runner = new JobRunner(deps.logger);
  defineServerJobs(runner, deps, services);
  return runner;
}
