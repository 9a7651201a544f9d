import { describe, expect, it } from 'vitest';
import { checkoutOutcomeTarget, needsNewChoice, readCheckoutOutcome, type CheckoutOutcome } from './checkout-outcome';
import { outcomeToast } from './outcome-toast';

describe('checkout outcomes', () => {
  it('travel to the home page as [home.checkout-outcome] says, and are read back', () => {
    expect(checkoutOutcomeTarget('success')).toEqual({ path: '/?success=true' });
    expect(checkoutOutcomeTarget('booking')).toEqual({ path: '/?error=booking' });
    expect(checkoutOutcomeTarget('unavailable')).toEqual({ path: '/?error=unavailable' });
    expect(checkoutOutcomeTarget('price')).toEqual({ path: '/?error=price' });
    // Any other failure to start the payment returns to `/` itself.
    expect(checkoutOutcomeTarget('payment')).toEqual({ path: '/', state: { checkoutOutcome: 'payment' } });
    for (const outcome of ['success', 'booking', 'unavailable', 'price', 'payment'] as CheckoutOutcome[]) {
      const { path, state } = checkoutOutcomeTarget(outcome);
      expect(readCheckoutOutcome(path.slice(1), state)).toBe(outcome);
    }
  });

  it('ignores other queries and state', () => {
    expect(readCheckoutOutcome('?success=false', null)).toBeUndefined();
    expect(readCheckoutOutcome('?error=whatever', { scrollToSection: 'booking' })).toBeUndefined();
    expect(readCheckoutOutcome('', { checkoutOutcome: 'success' })).toBeUndefined();
  });

  it('show the texts of [checkout.outcomes] for success, and send the guest back to choose after a refusal', () => {
    expect(outcomeToast('success')).toEqual({
      title: 'Payment Successful',
      description: "Thank you for your booking! You'll receive a confirmation email shortly.",
      variant: 'default',
    });
    expect(outcomeToast('booking').variant).toBe('destructive');
    expect(['success', 'booking', 'unavailable', 'price', 'payment'].map((o) => needsNewChoice(o as CheckoutOutcome))).toEqual([false, false, true, true, true]);
  });
});
