import { describe, expect, it } from 'vitest';
import { bookingInquiryBody, readIntentAnswer } from './checkout-api';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('readIntentAnswer', () => {
  it('reads a created PaymentIntent (amount in cents)', async () => {
    expect(await readIntentAnswer(json(200, { success: true, clientSecret: 'pi_1_secret_x', paymentIntentId: 'pi_1', amount: 116699 }))).toEqual({
      kind: 'created',
      clientSecret: 'pi_1_secret_x',
      paymentIntentId: 'pi_1',
      amountCents: 116699,
    });
  });

  it("tells the refusals apart by their reason, not by the body's shape", async () => {
    expect(await readIntentAnswer(json(503, { error: 'off', success: false, reason: 'payments-unavailable' }))).toEqual({ kind: 'off' });
    expect(await readIntentAnswer(json(409, { success: false, reason: 'closed', error: 'taken', closedDates: ['2026-12-10'] }))).toEqual({ kind: 'taken' });
    expect(await readIntentAnswer(json(409, { success: false, reason: 'amount-mismatch', error: 'price', quote: { totalCents: 1 } }))).toEqual({ kind: 'price' });
    // A quote in the body does not make it a price refusal: the reason does.
    expect(await readIntentAnswer(json(409, { success: false, reason: 'replaced', error: 'replaced', quote: { totalCents: 1 } }))).toEqual({ kind: 'taken' });
    expect(await readIntentAnswer(json(400, { success: false, reason: 'agreement', field: 'bookingData.agreement', error: 'agreement' }))).toEqual({ kind: 'agreement' });
    expect(await readIntentAnswer(json(400, { success: false, reason: 'invalid-stay', field: 'bookingData.checkin', error: 'bad' }))).toEqual({ kind: 'failed' });
    expect(await readIntentAnswer(json(400, { error: 'bad' }))).toEqual({ kind: 'failed' });
    expect(await readIntentAnswer(json(502, { error: 'provider' }))).toEqual({ kind: 'failed' });
    expect(await readIntentAnswer(new Response('<html>', { status: 200 }))).toEqual({ kind: 'failed' });
  });
});

describe('bookingInquiryBody', () => {
  it('sends the [checkout.inquiry] names with an empty location and the PaymentIntent id', () => {
    const data = { checkin: '2026-12-10', checkout: '2026-12-12', guests: 4, firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '555', message: 'Hi', specialRequests: 'Crib' };
    expect(bookingInquiryBody(data, 'pi_1')).toEqual({ ...data, location: '', stripePaymentIntentId: 'pi_1' });
  });
});
