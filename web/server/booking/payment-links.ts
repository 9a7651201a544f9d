import { createPaymentLinks } from '@ridgeline/core';
import { createSqliteOwnerBookingStore } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { LATE_PAYMENT_REFUNDS_JOB } from '../jobs/job-names.js';
import { createWithPortsOf } from './service-ports.js';

/**
 * The payment-link service (core/src/booking/checkout/payment-link.ts) wired to the server, built once by
 * the composition root (web/server/services.ts): the SQLite store of `deps.db`, Stripe, mailer,
 * logger, clock, and the late-payment job for money paid on a cancelled booking
 * ([bookings.payment-link], [money.late-payment]).
 */
export function createPaymentLinkService(deps: AppDeps) {
  return createWithPortsOf(deps, createPaymentLinks, {
    store: createSqliteOwnerBookingStore(deps.db),
    // Money paid on a cancelled booking goes back at once ([money.late-payment]).
    onLatePayment: () => deps.jobs?.trigger(LATE_PAYMENT_REFUNDS_JOB),
  });
}

/** What `createPaymentLinkService` builds. */
export type PaymentLinkService = ReturnType<typeof createPaymentLinkService>;
