import { describe, expect, it } from 'vitest';
import { checkoutKey, checkoutReturnUrl, dollarsText, parseCheckoutParams, parseStripeReturn, payButtonText, withoutStripeReturn } from './checkout-params';

const data = { checkin: '2026-12-10', checkout: '2026-12-12', guests: 4, firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '', message: '100% sure', specialRequests: '' };
const query = (bookingData: string | undefined, amount: string | undefined) => {
  const parts = [];
  if (bookingData !== undefined) parts.push(`bookingData=${bookingData}`);
  if (amount !== undefined) parts.push(`amount=${amount}`);
  return `?${parts.join('&')}`;
};
const encoded = encodeURIComponent(JSON.stringify(data));

describe('parseCheckoutParams ([checkout.entry])', () => {
  it('reads URL-encoded JSON booking data and a numeric amount', () => {
    expect(parseCheckoutParams(query(encoded, '1166.99'))).toEqual({ bookingData: data, amount: 1166.99 });
  });

  it('also reads booking data encoded twice', () => {
    expect(parseCheckoutParams(query(encodeURIComponent(encoded), '1166.99'))?.bookingData).toEqual(data);
  });

  it('needs only checkin, checkout and guests in the booking data', () => {
    const minimal = encodeURIComponent(JSON.stringify({ checkin: '2026-12-10', checkout: '2026-12-12', guests: '2' }));
    expect(parseCheckoutParams(query(minimal, '800'))).toMatchObject({ bookingData: { guests: 2, firstName: '', email: '' }, amount: 800 });
  });

  it.each([
    ['no bookingData', query(undefined, '1166.99')],
    ['no amount', query(encoded, undefined)],
    ['empty amount', query(encoded, '')],
    ['non-numeric amount', query(encoded, 'abc')],
    ['amount NaN', query(encoded, 'NaN')],
    ['unparsable bookingData', query('%7Bnope', '10')],
    ['bookingData not an object', query('42', '10')],
    ['missing checkin', query(encodeURIComponent(JSON.stringify({ ...data, checkin: undefined })), '10')],
    ['missing checkout', query(encodeURIComponent(JSON.stringify({ ...data, checkout: undefined })), '10')],
    ['missing guests', query(encodeURIComponent(JSON.stringify({ ...data, guests: undefined })), '10')],
    ['malformed date', query(encodeURIComponent(JSON.stringify({ ...data, checkin: '12/10/2026' })), '10')],
  ])('is invalid with %s', (_, search) => {
    expect(parseCheckoutParams(search)).toBeUndefined();
  });
});

describe("Stripe's return parameters", () => {
  const back = `${query(encoded, '1166.99')}&payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_x&redirect_status=failed`;

  it('are read and can be removed again', () => {
    expect(parseStripeReturn(back)).toEqual({ paymentIntentId: 'pi_123', clientSecret: 'pi_123_secret_x', redirectStatus: 'failed' });
    expect(parseStripeReturn(query(encoded, '1'))).toBeUndefined();
    expect(parseCheckoutParams(withoutStripeReturn(back))).toEqual({ bookingData: data, amount: 1166.99 });
    expect(checkoutReturnUrl('https://ridgeline.example', back)).toMatch(/^https:\/\/ridgeline\.example\/checkout\?bookingData=.+&amount=1166\.99$/);
  });
});

describe('formatting', () => {
  it('writes the Pay button and totals with 2 decimals', () => {
    expect(payButtonText(116699)).toBe('Pay $1166.99');
    expect(payButtonText(150000)).toBe('Pay $1500.00');
    expect(dollarsText(5)).toBe('$0.05');
  });

  it('identifies a checkout by its stay and amount', () => {
    expect(checkoutKey({ bookingData: data, amount: 1166.99 })).toBe('2026-12-10|2026-12-12|4|1166.99');
  });
});
