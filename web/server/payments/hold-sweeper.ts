import { PaymentProviderError, listExpiredHolds, releaseHold } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { confirmFromPaymentIntent } from './confirm.js';

/** How often expired holds are looked at (the hold-sweep job's interval). */
export const HOLD_SWEEP_INTERVAL_MS = 60_000;

/**
 * Ends holds past their 15 minutes (payments issue: "holds the nights for 15 minutes"). An
 * expired hold keeps its nights until its PaymentIntent is settled at Stripe:
 * - succeeded (the webhook was missed): the booking is confirmed;
 * - processing: left for the next sweep;
 * - otherwise the intent is cancelled, so the guest can no longer pay, and only then are the
 *   nights released. If Stripe cannot be reached, the nights stay held (the safe side).
 */
export function createHoldSweeper(deps: AppDeps) {
  /**
   * One pass over the expired holds. @returns how many were released, confirmed, and left for the
   * next pass because Stripe could not settle them now (each logged with its hold and reason).
   */
  const sweep = async (): Promise<{ released: number; confirmed: number; failed: number }> => {
    let released = 0;
    let confirmed = 0;
    let failed = 0;
    for (const hold of listExpiredHolds(deps.db, deps.now?.())) {
      if (!hold.paymentIntentId || !deps.payments) {
        releaseHold(deps.db, hold.id);
        released += 1;
        continue;
      }
      try {
        const intent = await deps.payments.retrievePaymentIntent(hold.paymentIntentId);
        if (intent.status === 'succeeded') {
          await confirmFromPaymentIntent(deps, hold, intent, hold.guest);
          confirmed += 1;
        } else if (intent.status !== 'processing') {
          if (intent.status !== 'canceled') await deps.payments.cancelPaymentIntent(hold.paymentIntentId);
          releaseHold(deps.db, hold.id);
          released += 1;
        }
      } catch (err) {
        // The nights stay held and the next pass tries again. A cancel refused because the guest
        // paid at that very moment is the expected case (settled next pass): a warning, not an error.
        failed += 1;
        if (err instanceof PaymentProviderError) deps.logger.warn('expired hold left for the next sweep', { holdId: hold.id, paymentIntentId: hold.paymentIntentId, reason: err.message });
        else deps.logger.error('hold sweep failed for one hold', { holdId: hold.id, err });
      }
    }
    return { released, confirmed, failed };
  };
  return { sweep };
}
