import { cancellationPolicySchema, type CancellationPolicy } from '@ridgeline/core';
/**
 * The PaymentIntent of this tab's checkout, kept in session storage. Creating an intent holds
 * the stay's nights for 15 minutes (server side), so a reload of /checkout, or Back and Continue
 * again, must pay with the same intent: a second one would find the nights held by the first
 * and be refused. Forgotten once paid.
 */
export interface CheckoutIntent {
  clientSecret: string;
  paymentIntentId: string;
  /** what the PaymentIntent charges, in cents */
  amountCents: number;
  /** the cancellation policy the guest pays under ([cancel.policy]), when the server said */
  cancellationPolicy?: CancellationPolicy | undefined;
  /** [payments.schedule]: the balance charged later to the same card (cents, YYYY-MM-DD); absent when paid in full now */
  balance?: { cents: number; dueDate: string } | undefined;
}

interface StoredIntent extends CheckoutIntent {
  key: string;
  /** ms since the epoch */
  createdAt: number;
}

const STORAGE_KEY = 'ridgeline.checkout-intent';
/** A little less than the server's hold (15 minutes), so a reused intent still holds its nights. */
export const REUSE_WINDOW_MS = 14 * 60 * 1000;

export interface IntentStore {
  load(key: string): CheckoutIntent | undefined;
  save(key: string, intent: CheckoutIntent): void;
  forget(): void;
}

/** The intent stored for the checkout `key`, if it is recent enough. */
export function readStoredIntent(raw: string | null, key: string, now: number): CheckoutIntent | undefined {
  if (!raw) return undefined;
  try {
    const stored = JSON.parse(raw) as Partial<StoredIntent>;
    if (stored.key !== key || typeof stored.createdAt !== 'number' || now - stored.createdAt > REUSE_WINDOW_MS || now < stored.createdAt) return undefined;
    if (typeof stored.clientSecret !== 'string' || typeof stored.paymentIntentId !== 'string' || typeof stored.amountCents !== 'number') return undefined;
    const policy = cancellationPolicySchema.safeParse(stored.cancellationPolicy);
    const balance = stored.balance && typeof stored.balance.cents === 'number' && typeof stored.balance.dueDate === 'string' ? { cents: stored.balance.cents, dueDate: stored.balance.dueDate } : undefined;
    return {
      clientSecret: stored.clientSecret,
      paymentIntentId: stored.paymentIntentId,
      amountCents: stored.amountCents,
      ...(policy.success ? { cancellationPolicy: policy.data } : {}),
      ...(balance ? { balance } : {}),
    };
  } catch {
    return undefined;
  }
}

/** Session storage of this tab (nothing is kept when storage is disabled). */
export function sessionIntentStore(storage: () => Storage = () => window.sessionStorage, now: () => number = Date.now): IntentStore {
  return {
    load(key) {
      try {
        return readStoredIntent(storage().getItem(STORAGE_KEY), key, now());
      } catch {
        return undefined;
      }
    },
    save(key, intent) {
      try {
        storage().setItem(STORAGE_KEY, JSON.stringify({ ...intent, key, createdAt: now() } satisfies StoredIntent));
      } catch {
        // storage disabled or full: a reload creates a new intent
      }
    },
    forget() {
      try {
        storage().removeItem(STORAGE_KEY);
      } catch {
        // nothing stored
      }
    },
  };
}
