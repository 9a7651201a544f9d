/**
 * Placing a checkout's hold while replacing the guest's earlier one ([checkout.hold],
 * [checkout.hold-abuse], [checkout.hold-cap], docs/decisions/0005, 0007). Part of the checkout
 * service (`checkout.ts`).
 */
import { DEFAULT_MAX_HELD_NIGHTS, type HoldRequest, type PlaceHoldResult } from '../hold.js';
import { PaymentProviderError, type PaymentGateway } from '../payment-gateway.js';
import type { BookingStore } from '../ports.js';

/**
 * How many times a checkout cancels the earlier holds it finds before giving up: more than one
 * only when another request of the same guest or IP attached a PaymentIntent meanwhile.
 */
const REPLACE_ROUNDS = 3;

export type CheckoutHoldResult = Exclude<PlaceHoldResult, { reason: 'replace' }> | { ok: false; reason: 'busy' };

/**
 * What cancelling an earlier hold's PaymentIntent left it as: `canceled` (its nights may be
 * released) or `paid` (succeeded or processing: the guest paid, the hold stays).
 * @throws PaymentProviderError when Stripe cannot be reached or leaves it in another state
 */
async function cancelForReplacement(payments: PaymentGateway, paymentIntentId: string): Promise<'canceled' | 'paid'> {
  try {
    if ((await payments.cancelPaymentIntent(paymentIntentId)).status === 'canceled') return 'canceled';
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    // Never created at this Stripe account (the keys changed): nobody can pay it.
    if (err.statusCode === 404) return 'canceled';
    // Refused because it already succeeded or was cancelled: Stripe's current state decides.
    if (err.code !== 'payment_intent_unexpected_state') throw err;
  }
  const latest = await payments.retrievePaymentIntent(paymentIntentId);
  if (latest.status === 'canceled') return 'canceled';
  if (latest.status === 'succeeded' || latest.status === 'processing') return 'paid';
  throw new PaymentProviderError(`PaymentIntent ${paymentIntentId} is ${latest.status} after cancelling`, undefined, undefined);
}

/**
 * Places a checkout's hold (`BookingStore.placeHold`), replacing the same guest's and the same
 * client's earlier live hold ([checkout.hold-abuse]: "one live hold per client and one per guest
 * e-mail", a client being `stay.clientKey`: IPv6 by /64): the earlier hold's PaymentIntent is
 * cancelled at Stripe first, and only a
 * `canceled` one frees its nights (docs/decisions/0005); one that succeeded or is processing (the
 * guest paid) is left alone and not replaced. Every placement is one transaction of the store;
 * Stripe is called between them, never inside.
 *
 * Races (two tabs of one guest): a tab whose hold has no PaymentIntent yet loses it to the newer
 * one (its `attachPaymentIntent` fails and it cancels its intent); a hold that got a
 * PaymentIntent meanwhile is cancelled in another round. After REPLACE_ROUNDS: `busy`.
 * Live holds together close at most `ports.maxHeldNights` nights (default
 * DEFAULT_MAX_HELD_NIGHTS, [checkout.hold-cap]); the store checks it before anything is cancelled.
 * @returns the placed hold (`replaced`: ids of the holds it released), `closed` nights or
 *   `held-nights` (nothing cancelled), or `busy`
 * @throws PaymentProviderError when an earlier intent cannot be cancelled (its hold stays)
 */
export async function placeCheckoutHold(
  ports: { store: BookingStore; payments: PaymentGateway; now: () => Date; maxHeldNights?: number | undefined },
  stay: HoldRequest,
): Promise<CheckoutHoldResult> {
  const cancelled = new Set<number>();
  const paid = new Set<number>();
  const maxHeldNights = ports.maxHeldNights ?? DEFAULT_MAX_HELD_NIGHTS;
  for (let round = 0; round < REPLACE_ROUNDS; round += 1) {
    const placed = ports.store.placeHold(stay, ports.now(), { cancelled, paid }, maxHeldNights);
    if (placed.ok || placed.reason !== 'replace') return placed;
    for (const hold of placed.holds) {
      const outcome = await cancelForReplacement(ports.payments, hold.paymentIntentId as string);
      (outcome === 'canceled' ? cancelled : paid).add(hold.id);
    }
  }
  // Whatever was cancelled in the last round can never be paid (its PaymentIntent is
  // `payment-cancelled` in stay-state terms): free its nights now.
  for (const id of cancelled) ports.store.releaseHold(id);
  return { ok: false, reason: 'busy' };
}
