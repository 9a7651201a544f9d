import { describe, expect, it } from 'vitest';
import { FALLBACK_FAILURE, paymentResult } from './payment-result';

describe('paymentResult', () => {
  it("passes on the provider's message of a failure", () => {
    expect(paymentResult({ error: { message: 'Your card was declined.' } })).toEqual({ kind: 'failed', message: 'Your card was declined.' });
    expect(paymentResult({ error: {} })).toEqual({ kind: 'failed', message: FALLBACK_FAILURE });
  });

  it('is paid when the PaymentIntent succeeded or is processing', () => {
    expect(paymentResult({ paymentIntent: { id: 'pi_1', status: 'succeeded' } })).toEqual({ kind: 'paid', paymentIntentId: 'pi_1' });
    expect(paymentResult({ paymentIntent: { id: 'pi_1', status: 'processing' } })).toEqual({ kind: 'paid', paymentIntentId: 'pi_1' });
    expect(paymentResult({ paymentIntent: { id: 'pi_1', status: 'requires_payment_method' } }).kind).toBe('failed');
    expect(paymentResult({}).kind).toBe('failed');
  });
});
