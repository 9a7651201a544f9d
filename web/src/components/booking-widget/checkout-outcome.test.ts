import { describe, expect, it } from 'vitest';
import { checkoutOutcomeTarget, needsNewChoice, readCheckoutOutcome, readConfirmedBooking, type CheckoutOutcome } from './checkout-outcome';
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

  it('name a paid booking: its reference in the query, its stay token in the fragment ([checkout.confirmation-panel])', () => {
    const token = 'Z4K6FCkc_srrVOcP09AbkblobH1StSY2';
    const { path } = checkoutOutcomeTarget('success', { reference: 12, stayToken: token });
    expect(path).toBe(`/?success=true&booking=12#stay=${token}`);
    const url = new URL(path, 'http://x');
    expect(readCheckoutOutcome(url.search, null)).toBe('success');
    expect(readConfirmedBooking(url.search, url.hash)).toEqual({ reference: 12, stayToken: token });
    // Only a paid outcome names a booking.
    expect(checkoutOutcomeTarget('booking', { reference: 12, stayToken: token })).toEqual({ path: '/?error=booking' });
    for (const [search, hash] of [['?booking=12', ''], ['?booking=abc', `#stay=${token}`], ['?booking=-1', `#stay=${token}`], ['', `#stay=${token}`], ['?booking=12', '#stay=short'], ['?booking=12', '#stay=bad%20token%20with%20spaces']]) {
      expect(readConfirmedBooking(search!, hash!)).toBeUndefined();
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
