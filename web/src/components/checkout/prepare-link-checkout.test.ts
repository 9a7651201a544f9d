import { describe, expect, it, vi } from 'vitest';
import { priceStay } from '@ridgeline/core';
import { afterLinkConfirm, afterLinkPaymentFailed, prepareLinkCheckout, type LinkAnswer, type LinkCheckoutDeps } from './prepare-link-checkout';

const quote = priceStay('2026-12-10', '2026-12-12')!;
const view = { checkin: '2026-12-10', checkout: '2026-12-12', guests: 2, firstName: 'Mary', lastName: 'Jones', amountDueCents: 106699, quote };
const intent = { clientSecret: 'pi_1_secret_x', paymentIntentId: 'pi_1', amountCents: 106699 };
const STRIPE = { stripe: true };

function deps(overrides: Partial<LinkCheckoutDeps<typeof STRIPE>> = {}) {
  return {
    fetchLink: vi.fn(async (): Promise<LinkAnswer> => ({ kind: 'found', view })),
    fetchConfig: vi.fn(async () => ({ available: true, publishableKey: 'pk_test_1' })),
    createIntent: vi.fn(async () => intent as typeof intent | undefined),
    loadStripe: vi.fn(async () => STRIPE as typeof STRIPE | null),
    confirm: vi.fn(async () => ({ paid: true })),
    ...overrides,
  };
}

describe('prepareLinkCheckout [bookings.payment-link]', () => {
  it("loads the link's stay, creates the intent through the link and is ready", async () => {
    const d = deps();
    expect(await prepareLinkCheckout('tok', '?link=tok', d)).toEqual({ kind: 'ready', view, stripe: STRIPE, intent });
    expect(d.createIntent).toHaveBeenCalledWith('tok');
    expect(d.confirm).not.toHaveBeenCalled();
  });

  it('says why an unknown, paid or cancelled link cannot be paid, creating nothing', async () => {
    for (const [kind, title] of [
      ['invalid', 'This payment link is not valid'],
      ['paid', 'This booking is already paid'],
      ['cancelled', 'This booking was cancelled'],
    ] as const) {
      const d = deps({ fetchLink: async () => ({ kind }) });
      expect(await prepareLinkCheckout('tok', '?link=tok', d)).toMatchObject({ kind: 'message', title });
      expect(d.createIntent).not.toHaveBeenCalled();
    }
  });

  it('is unavailable when payments are off', async () => {
    expect(await prepareLinkCheckout('tok', '?link=tok', deps({ fetchConfig: async () => ({ available: false, publishableKey: null }) }))).toEqual({ kind: 'unavailable' });
    expect(await prepareLinkCheckout('tok', '?link=tok', deps({ createIntent: async () => undefined }))).toEqual({ kind: 'unavailable' });
  });

  it('confirms a payment that came back paid from a redirect and leaves with success', async () => {
    const d = deps();
    const back = '?link=tok&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x&redirect_status=succeeded';
    expect(await prepareLinkCheckout('tok', back, d)).toEqual({ kind: 'leave', outcome: 'success' });
    expect(d.confirm).toHaveBeenCalledWith('tok', 'pi_1');
    expect(await prepareLinkCheckout('tok', back, deps({ confirm: () => Promise.reject(new Error('500')) }))).toEqual({ kind: 'leave', outcome: 'booking' });
  });

  it('never says a payment on a cancelled booking confirmed it: the card says it is refunded in full ([money.late-payment])', async () => {
    const back = '?link=tok&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x&redirect_status=succeeded';
    const refunding = { kind: 'message', title: 'This booking was cancelled', text: expect.stringContaining('it is being refunded in full to your card') };
    expect(await prepareLinkCheckout('tok', back, deps({ confirm: async () => ({ paid: false, cancelled: true }) }))).toEqual(refunding);
    expect(afterLinkConfirm({ paid: false, cancelled: true })).toEqual(refunding);
    expect(afterLinkConfirm({ paid: true })).toEqual({ kind: 'leave', outcome: 'success' });
  });

  it('after a refused payment, says nothing was charged when the booking was cancelled meanwhile, else keeps the form', () => {
    expect(afterLinkPaymentFailed({ kind: 'cancelled' })).toEqual({ kind: 'message', title: 'This booking was cancelled', text: expect.stringContaining('Nothing was charged') });
    expect(afterLinkPaymentFailed({ kind: 'found', view })).toBeUndefined();
    expect(afterLinkPaymentFailed({ kind: 'failed' })).toBeUndefined();
  });
});
