import { createBalanceCharges, type BalanceCharges } from '@ridgeline/core';
import { createSqliteBalanceStore } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { notifyOwner } from '../notifications/owner-notices.js';

/** How often the balance job looks for balances due ([payments.balance]). */
export const BALANCE_CHARGES_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The balance service (core/src/booking/balance.ts) wired to the server: SQLite store of
 * `deps.db`, Stripe (`deps.payments`), mailer, logger, clock, and the owner's `payment-failed`
 * notice ([owner.notices]) when a balance cannot be charged.
 */
export function balanceFor(deps: AppDeps): BalanceCharges {
  return createBalanceCharges({
    store: createSqliteBalanceStore(deps.db),
    get payments() {
      return deps.payments;
    },
    get mailer() {
      return deps.mailer;
    },
    logger: deps.logger,
    now: () => deps.now?.() ?? new Date(),
    get publicUrl() {
      return deps.config.publicUrl;
    },
    notifyPaymentFailed: (booking, text, dedupeKey) =>
      notifyOwner(deps, { kind: 'payment-failed', subject: `Balance not charged: ${booking.checkin} to ${booking.checkout}`, text, bookingId: booking.id, dedupeKey }),
  });
}
