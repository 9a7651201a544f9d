/**
 * Ending holds past their 15 minutes ([checkout.hold-expiry]). Part of the checkout service
 * (`checkout.ts`); the server's `hold-sweep` job runs it every minute.
 */
import { confirmFromPaymentIntent } from './confirm.js';
import { PaymentProviderError } from '../payment-gateway.js';
import type { CheckoutPorts } from '../ports.js';
import { releaseOn } from './release.js';

export interface SweepResult {
  /** holds whose nights were freed */
  released: number;
  /** holds whose PaymentIntent had succeeded: their booking is confirmed */
  confirmed: number;
  /** holds Stripe could not settle now: they keep their nights until the next pass */
  failed: number;
}

/**
 * One pass over the expired holds. An expired hold keeps its nights until its PaymentIntent is
 * settled at Stripe:
 * - succeeded (the webhook was missed): the booking is confirmed;
 * - processing: left for the next pass;
 * - canceled: released; otherwise the intent is cancelled first, so the guest can no longer pay,
 *   and only then are the nights released;
 * - Stripe unreachable or refusing: the nights stay held (the safe side), logged with the hold.
 * A hold without a PaymentIntent, or any hold while payments are off, is released.
 * Never rejects.
 */
export async function sweepExpiredHolds(ports: CheckoutPorts): Promise<SweepResult> {
  const result: SweepResult = { released: 0, confirmed: 0, failed: 0 };
  for (const hold of ports.store.listExpiredHolds(ports.now())) {
    if (!hold.paymentIntentId || !ports.payments) {
      releaseOn(ports.store, hold, hold.paymentIntentId ? 'expired-without-provider' : 'released');
      result.released += 1;
      continue;
    }
    try {
      const intent = await ports.payments.retrievePaymentIntent(hold.paymentIntentId);
      if (intent.status === 'succeeded') {
        await confirmFromPaymentIntent(ports, hold, intent, hold.guest);
        result.confirmed += 1;
      } else if (intent.status !== 'processing') {
        if (intent.status !== 'canceled') await ports.payments.cancelPaymentIntent(hold.paymentIntentId);
        releaseOn(ports.store, hold, 'payment-cancelled');
        result.released += 1;
      }
    } catch (err) {
      // The nights stay held and the next pass tries again. A cancel refused because the guest
      // paid at that very moment is the expected case (settled next pass): a warning, not an error.
      result.failed += 1;
      if (err instanceof PaymentProviderError) ports.logger.warn('expired hold left for the next sweep', { holdId: hold.id, paymentIntentId: hold.paymentIntentId, reason: err.message });
      else ports.logger.error('hold sweep failed for one hold', { holdId: hold.id, err });
    }
  }
  return result;
}
