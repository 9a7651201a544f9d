/**
 * Freeing a hold's nights, only when the stay's state machine says the event ends it
 * ([checkout.hold-expiry], [checkout.declined-card], docs/decisions/0005).
 */
import type { Hold } from '../hold.js';
import type { BookingStore } from '../ports.js';
import { holdState, transition, type StayEvent } from '../stays/stay-state.js';

/**
 * Releases `hold` when `event` moves it to `cancelled` (`released` for a hold without a
 * PaymentIntent, `payment-cancelled` once Stripe cancelled its intent, `expired-without-provider`
 * for an expired hold while payments are off); any other outcome (a converted hold, one already
 * released, a declined card) leaves the nights as they are.
 * @returns whether the hold was released by this call's decision (the store ignores a hold that
 *   is no longer live)
 */
export function releaseOn(store: BookingStore, hold: Pick<Hold, 'id' | 'status' | 'paymentIntentId'>, event: StayEvent): boolean {
  const next = transition(holdState(hold), event);
  if (!next.ok || next.state !== 'cancelled') return false;
  store.releaseHold(hold.id);
  return true;
}
