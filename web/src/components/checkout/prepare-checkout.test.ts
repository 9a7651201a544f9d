import { describe, expect, it, vi } from 'vitest';
import type { IntentAnswer } from './checkout-api';
import { prepareCheckout, type CheckoutDeps } from './prepare-checkout';
import type { CheckoutIntent } from './stored-intent';

const data = { checkin: '2026-12-10', checkout: '2026-12-12', guests: 4, firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '', message: '', specialRequests: '' };
const search = `?bookingData=${encodeURIComponent(JSON.stringify(data))}&amount=1166.99`;
const created: IntentAnswer = { kind: 'created', clientSecret: 'pi_1_secret_x', paymentIntentId: 'pi_1', amountCents: 116699 };
const STRIPE = { stripe: true };

function deps(overrides: Partial<CheckoutDeps<typeof STRIPE>> = {}) {
  let stored: { key: string; intent: CheckoutIntent } | undefined;
  const d = {
    fetchConfig: vi.fn(async () => ({ available: true, publishableKey: 'pk_test_1' })),
    createIntent: vi.fn(async (): Promise<IntentAnswer> => created),
    loadStripe: vi.fn(async () => STRIPE as typeof STRIPE | null),
    saveBooking: vi.fn(async () => undefined),
    intents: {
      load: (key: string) => (stored?.key === key ? stored.intent : undefined),
      save: (key: string, intent: CheckoutIntent) => void (stored = { key, intent }),
      forget: () => void (stored = undefined),
    },
    ...overrides,
  };
  return d;
}

describe('prepareCheckout', () => {
  it('creates the PaymentIntent for the amount and booking data, loads Stripe.js and is ready', async () => {
    const d = deps();
    const decision = await prepareCheckout(search, d);
    expect(d.createIntent).toHaveBeenCalledWith(1166.99, data);
    expect(d.loadStripe).toHaveBeenCalledWith('pk_test_1');
    expect(decision).toEqual({ kind: 'ready', params: { bookingData: data, amount: 1166.99 }, stripe: STRIPE, intent: { clientSecret: 'pi_1_secret_x', paymentIntentId: 'pi_1', amountCents: 116699 } });
  });

  it('reuses the intent of a reload instead of creating a second one', async () => {
    const d = deps();
    await prepareCheckout(search, d);
    const again = await prepareCheckout(search, d);
    expect(d.createIntent).toHaveBeenCalledTimes(1);
    expect(again).toMatchObject({ kind: 'ready', intent: { paymentIntentId: 'pi_1' } });
  });

  it('leaves for / on an invalid entry, without calling anything', async () => {
    const d = deps();
    expect(await prepareCheckout('?amount=12', d)).toEqual({ kind: 'leave' });
    expect(d.fetchConfig).not.toHaveBeenCalled();
  });

  it('is unavailable when payments are off, refused with 503, or Stripe.js cannot load', async () => {
    const off = deps({ fetchConfig: vi.fn(async () => ({ available: false, publishableKey: null })) });
    expect(await prepareCheckout(search, off)).toEqual({ kind: 'unavailable' });
    expect(off.createIntent).not.toHaveBeenCalled();
    expect(await prepareCheckout(search, deps({ createIntent: vi.fn(async (): Promise<IntentAnswer> => ({ kind: 'off' })) }))).toEqual({ kind: 'unavailable' });
    expect(await prepareCheckout(search, deps({ loadStripe: vi.fn(async () => Promise.reject(new Error('Failed to load Stripe.js'))) }))).toEqual({ kind: 'unavailable' });
    expect(await prepareCheckout(search, deps({ loadStripe: vi.fn(async () => null) }))).toEqual({ kind: 'unavailable' });
  });

  it('leaves for / when the intent is refused, explaining the 409s', async () => {
    const answer = (kind: 'taken' | 'price' | 'failed') => deps({ createIntent: vi.fn(async (): Promise<IntentAnswer> => ({ kind })) });
    expect(await prepareCheckout(search, answer('taken'))).toEqual({ kind: 'leave', outcome: 'unavailable' });
    expect(await prepareCheckout(search, answer('price'))).toEqual({ kind: 'leave', outcome: 'price' });
    expect(await prepareCheckout(search, answer('failed'))).toEqual({ kind: 'leave', outcome: 'payment' });
  });

  describe('back from a payment method that left the page', () => {
    const back = (status: string) => `${search}&payment_intent=pi_9&payment_intent_client_secret=pi_9_secret_y&redirect_status=${status}`;

    it('saves the booking when paid and leaves with success (or the booking error)', async () => {
      const d = deps();
      expect(await prepareCheckout(back('succeeded'), d)).toEqual({ kind: 'leave', outcome: 'success' });
      expect(d.saveBooking).toHaveBeenCalledWith(data, 'pi_9');
      const failing = deps({ saveBooking: vi.fn(async () => Promise.reject(new Error('500: down'))) });
      expect(await prepareCheckout(back('processing'), failing)).toEqual({ kind: 'leave', outcome: 'booking' });
    });

    it('shows the form again with the same intent when it failed', async () => {
      const d = deps();
      const decision = await prepareCheckout(back('failed'), d);
      expect(decision).toMatchObject({ kind: 'ready', retry: true, intent: { clientSecret: 'pi_9_secret_y', paymentIntentId: 'pi_9', amountCents: 116699 } });
      expect(d.createIntent).not.toHaveBeenCalled();
    });
  });

  describe('with a published rental agreement ([agreement.checkout])', () => {
    const agreement = { version: 3, text: 'No parties.' };

    it('shows the agreement first and creates no PaymentIntent before it is accepted', async () => {
      const d = deps({ fetchAgreement: vi.fn(async () => agreement) });
      expect(await prepareCheckout(search, d)).toEqual({ kind: 'agreement', params: { bookingData: data, amount: 1166.99 }, agreement });
      expect(d.createIntent).not.toHaveBeenCalled();
    });

    it('sends the signature with the booking data once accepted', async () => {
      const d = deps({ fetchAgreement: vi.fn(async () => agreement) });
      const decision = await prepareCheckout(search, d, { version: 3, signedName: 'Ann Lee' });
      expect(d.createIntent).toHaveBeenCalledWith(1166.99, { ...data, agreement: { version: 3, signedName: 'Ann Lee' } });
      expect(decision).toMatchObject({ kind: 'ready' });
    });

    it('shows the current agreement again when the server says it changed', async () => {
      const d = deps({ fetchAgreement: vi.fn(async () => ({ version: 4, text: 'New rules.' })), createIntent: vi.fn(async (): Promise<IntentAnswer> => ({ kind: 'agreement' })) });
      expect(await prepareCheckout(search, d, { version: 3, signedName: 'Ann Lee' })).toMatchObject({ kind: 'agreement', agreement: { version: 4 }, changed: true });
    });
  });
});
