import { PaymentProviderError, listExpiredHolds, releaseHold } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { confirmFromPaymentIntent } from './confirm.js';

/** How often expired holds are looked at. */
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
  const sweep = async (): Promise<{ released: number; confirmed: number }> => {
    let released = 0;
    let confirmed = 0;
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
        // A cancel refused because the guest paid at that very moment is settled next sweep.
        if (!(err instanceof PaymentProviderError)) deps.logger.error('hold sweep failed', { holdId: hold.id, err });
      }
    }
    return { released, confirmed };
  };
  return {
    sweep,
    start() {
      const timer = setInterval(() => void sweep().catch((err: unknown) => deps.logger.error('hold sweep failed', { err })), HOLD_SWEEP_INTERVAL_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
