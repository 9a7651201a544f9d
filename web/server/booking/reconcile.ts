import { reconcileBookings, type ReconcilePorts } from '@ridgeline/core';
import { createSqliteReconcileStore } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { notifyOwner } from '../notices/owner-notices.js';

/** How often the reconciliation runs on its own ([money.reconcile]): daily (and from the console's Run now). */
export const RECONCILE_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * The reconciliation (core/src/booking/payments/reconcile.ts) wired to the server ([money.reconcile]): the
 * ledger and findings of `deps.db`, Stripe, the injected clock, and the owner's `money` notice
 * once per finding.
 */
export function reconcilePorts(deps: AppDeps): ReconcilePorts {
  return {
    store: createSqliteReconcileStore(deps.db),
    get payments() {
      return deps.payments;
    },
    logger: deps.logger,
    now: () => deps.now?.() ?? new Date(),
    notifyOwner: (bookingId, subject, text, dedupeKey) => notifyOwner(deps, { kind: 'money', subject, text, bookingId, dedupeKey }),
  };
}

/**
 * The reconciliation built once by the composition root (web/server/services.ts). `run()` is one
 * run of the `reconcile` job: every booking with Stripe activity in the last 120 days, one at a
 * time. @throws naming the bookings Stripe could not be read for (the job retries with back-off)
 */
export function createReconcileService(deps: AppDeps): { run(): Promise<void> } {
  const ports = reconcilePorts(deps);
  return {
    async run() {
      const { failed } = await reconcileBookings(ports);
      if (failed.length > 0) throw new Error(`not reconciled with Stripe yet: ${failed.map((f) => `booking ${f.bookingId}: ${f.error}`).join('; ')}`);
    },
  };
}
