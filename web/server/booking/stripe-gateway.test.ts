import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createStripeGateway,
  PaymentProviderError,
  paymentOutcomeUnknown,
  STRIPE_MAX_NETWORK_RETRIES,
  type PaymentGateway,
  type WebhookEvent,
} from '@ridgeline/core/node';
import { startStripeStandIn, type StripeStandIn } from '../test-support/stripe-stand-in.js';

/**
 * The Stripe gateway (core/src/node/booking/stripe-gateway.ts) against the Stripe stand-in, the
 * real SDK in between: the reads reconciliation makes ([stripe.reconcile]) and what the gateway
 * answers when Stripe is slow, busy with the same key or its answer is lost
 * ([stripe.unknown-outcome]).
 */

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/;
const WEBHOOK_SECRET = 'whsec_gateway_test';

let stand: StripeStandIn;
let gateway: PaymentGateway;

beforeEach(async () => {
  stand = await startStripeStandIn();
  gateway = createStripeGateway({ secretKey: stand.secretKey, webhookSecret: WEBHOOK_SECRET, apiBase: stand.url });
});
afterEach(async () => {
  await stand.close();
});

let keys = 0;
const key = () => `test-key-${(keys += 1)}`;

/** A PaymentIntent made through the gateway, for `bookingId` unless other metadata is given. */
const intent = (amountCents: number, metadata: Record<string, string> = { bookingId: '7' }) =>
  gateway.createPaymentIntent({ amountCents, description: 'A stay', metadata, idempotencyKey: key() });

/** The error a gateway call rejects with. */
async function failure(call: Promise<unknown>): Promise<PaymentProviderError> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PaymentProviderError);
  return err as PaymentProviderError;
}

describe('readPaymentIntentMoney', () => {
  it('the intent, every charge (a declined attempt too), the refunds under their charge and the disputes, oldest first, cents and ISO times', async () => {
    const pi = await intent(20_000);
    await expect(stand.confirm(pi.id, 'pm_card_chargeDeclined')).rejects.toThrow();
    await stand.confirm(pi.id, 'pm_card_visa');
    const ours = await gateway.createRefund({ paymentIntentId: pi.id, amountCents: 3000, idempotencyKey: key(), metadata: { bookingId: '7' } });
    await stand.refund(pi.id, 2000); // in Stripe's dashboard
    const dispute = await stand.dispute(pi.id);

    const money = await gateway.readPaymentIntentMoney(pi.id);
    const succeeded = stand.intents.get(pi.id)!.latest_charge!;
    expect(money).toMatchObject({
      intent: { id: pi.id, status: 'succeeded', amount: 20_000, amountReceived: 20_000, card: { brand: 'visa', last4: '4242' }, metadata: { bookingId: '7' } },
      captureMethod: 'automatic',
      charges: [
        { status: 'failed', amountCents: 20_000, amountCapturedCents: 0, captured: false, refunds: [] },
        {
          id: succeeded,
          status: 'succeeded',
          amountCents: 20_000,
          amountCapturedCents: 20_000,
          captured: true,
          refunds: [
            { id: ours.id, amountCents: 3000, status: 'succeeded', chargeId: succeeded, paymentIntentId: pi.id, metadata: { bookingId: '7' } },
            { amountCents: 2000, chargeId: succeeded, metadata: {} },
          ],
        },
      ],
      // What the cardholder could still claim: 200 less the two refunds.
      disputes: [{ id: dispute.id, chargeId: succeeded, paymentIntentId: pi.id, amountCents: 15_000, status: 'needs_response', reason: 'fraudulent' }],
    });
    expect([...money.charges.map((c) => c.created), ...money.charges[1]!.refunds.map((r) => r.created), money.disputes[0]!.created]).toEqual(Array(5).fill(expect.stringMatching(ISO)));
  });

  it('a hold (manual capture): authorized and not captured, then what the partial capture took', async () => {
    const customer = await gateway.createCustomer({ email: 'ann@example.com', name: 'Ann Lee', idempotencyKey: key() });
    const checkout = await gateway.createPaymentIntent({ amountCents: 30_000, description: 'A stay', metadata: {}, idempotencyKey: key(), customerId: customer.id, setupFutureUsage: 'off_session' });
    await stand.confirm(checkout.id, 'pm_card_visa');
    const saved = stand.intents.get(checkout.id)!.payment_method!;
    const hold = await gateway.authorizeHold({ amountCents: 50_000, customerId: customer.id, paymentMethodId: saved, description: 'Damage deposit', metadata: { bookingId: '7', kind: 'damage_deposit' }, idempotencyKey: key() });

    expect(await gateway.readPaymentIntentMoney(hold.id)).toMatchObject({
      intent: { status: 'requires_capture', amountReceived: 0 },
      captureMethod: 'manual',
      charges: [{ status: 'succeeded', amountCents: 50_000, amountCapturedCents: 0, captured: false, refunds: [] }],
      disputes: [],
    });
    await gateway.capturePaymentIntent({ paymentIntentId: hold.id, amountToCaptureCents: 12_500, idempotencyKey: key() });
    expect(await gateway.readPaymentIntentMoney(hold.id)).toMatchObject({
      intent: { status: 'succeeded', amountReceived: 12_500 },
      captureMethod: 'manual',
      // The released rest is no refund: the refunds list stays empty.
      charges: [{ amountCents: 50_000, amountCapturedCents: 12_500, captured: true, refunds: [] }],
    });
  });

  it("reads Stripe's pages to the end: 101 charges and 101 refunds", async () => {
    const pi = await intent(50_000);
    for (let i = 0; i < 101; i += 1) await expect(stand.confirm(pi.id, 'pm_card_chargeDeclined')).rejects.toThrow();
    await stand.confirm(pi.id, 'pm_card_visa');
    for (let i = 1; i <= 101; i += 1) await stand.refund(pi.id, i);
    const money = await gateway.readPaymentIntentMoney(pi.id);
    expect(money.charges).toHaveLength(102);
    expect(money.charges.filter((c) => c.status === 'failed')).toHaveLength(101);
    expect(money.charges.at(-1)).toMatchObject({ status: 'succeeded' });
    expect(money.charges.at(-1)!.refunds.map((r) => r.amountCents)).toEqual(Array.from({ length: 101 }, (_, i) => i + 1));
    for (const path of ['/v1/charges', '/v1/refunds']) {
      expect(stand.requests.filter((r) => r.path === path).map((r) => typeof r.body.starting_after)).toEqual(['undefined', 'string']);
    }
  });

  it('an unknown PaymentIntent: 404 resource_missing, a known outcome', async () => {
    const err = await failure(gateway.readPaymentIntentMoney('pi_nope'));
    expect(err).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect(paymentOutcomeUnknown(err)).toBe(false);
  });
});

describe('searchPaymentIntents', () => {
  it("finds a booking's intents by metadata bookingId, newest first, and a checkout's by holdId", async () => {
    const deposit = await intent(10_000, { bookingId: '12', kind: 'deposit' });
    await intent(10_000, { bookingId: '120' });
    await intent(10_000, { bookingId: '1' });
    const balance = await intent(30_000, { bookingId: '12', kind: 'balance' });
    const checkout = await intent(40_000, { holdId: '12' });
    await stand.confirm(balance.id, 'pm_card_visa');

    expect(await gateway.searchPaymentIntents({ bookingId: 12 })).toMatchObject([
      { id: balance.id, status: 'succeeded', amount: 30_000, metadata: { kind: 'balance' } },
      { id: deposit.id, status: 'requires_payment_method' },
    ]);
    expect((await gateway.searchPaymentIntents({ holdId: 12 })).map((p) => p.id)).toEqual([checkout.id]);
    expect(await gateway.searchPaymentIntents({ bookingId: 99 })).toEqual([]);
    expect(stand.requests.find((r) => r.path === '/v1/payment_intents/search')?.body).toMatchObject({ query: "metadata['bookingId']:'12'", limit: '100' });
  });

  it('reads every page of the results', async () => {
    for (let i = 0; i < 101; i += 1) await intent(1000, { bookingId: '5' });
    expect(await gateway.searchPaymentIntents({ bookingId: 5 })).toHaveLength(101);
    expect(stand.requests.filter((r) => r.path === '/v1/payment_intents/search').map((r) => typeof r.body.page)).toEqual(['undefined', 'string']);
  });
});

describe('when the answer is lost, late or the key busy', () => {
  it('one lost answer: the SDK retries with the same key and the gateway answers the one object made', async () => {
    const pi = await intent(10_000);
    await stand.confirm(pi.id, 'pm_card_visa');
    stand.loseNext({ method: 'POST', path: '/v1/refunds' });
    stand.loseNext({ method: 'GET', path: `/v1/payment_intents/${pi.id}` });
    const refund = await gateway.createRefund({ paymentIntentId: pi.id, amountCents: 1000, idempotencyKey: key(), metadata: {} });
    expect(stand.refunds.map((r) => r.id)).toEqual([refund.id]);
    expect((await gateway.retrievePaymentIntent(pi.id)).status).toBe('succeeded');
  });

  it("every answer lost: an unknown outcome; search finds the PaymentIntent whose creation answer was never stored, and the key answers it", async () => {
    const lost = stand.loseNext({ method: 'POST', path: '/v1/payment_intents', times: 1 + STRIPE_MAX_NETWORK_RETRIES });
    const idempotencyKey = key();
    const create = () => gateway.createPaymentIntent({ amountCents: 25_000, description: 'A stay', metadata: { bookingId: '9', kind: 'balance' }, idempotencyKey });
    const err = await failure(create());
    expect(err.statusCode).toBeUndefined();
    expect(paymentOutcomeUnknown(err)).toBe(true);
    await lost.done;
    expect(stand.intents.size).toBe(1);

    const [found] = await gateway.searchPaymentIntents({ bookingId: 9 });
    expect(found).toMatchObject({ id: [...stand.intents.keys()][0], amount: 25_000, metadata: { kind: 'balance' } });
    expect((await create()).id).toBe(found!.id);
    expect(stand.intents.size).toBe(1);
  });

  it('a 409 while the first request with the key still runs: the SDK retries it, then the gateway answers 409 idempotency_key_in_use, an unknown outcome', async () => {
    const pi = await intent(10_000);
    await stand.confirm(pi.id, 'pm_card_visa');
    const slow = stand.delayNext({ method: 'POST', path: '/v1/refunds', ms: 60_000 });
    const input = { paymentIntentId: pi.id, amountCents: 1000, idempotencyKey: key(), metadata: {} };
    const first = gateway.createRefund(input);
    await slow.arrived;
    const err = await failure(gateway.createRefund(input));
    expect(err).toMatchObject({ statusCode: 409, code: 'idempotency_key_in_use' });
    expect(paymentOutcomeUnknown(err)).toBe(true);
    expect(stand.requests.filter((r) => r.idempotencyKey === input.idempotencyKey).map((r) => r.status)).toEqual([undefined, 409, 409, 409]);

    slow.release();
    const made = await first;
    expect((await gateway.createRefund(input)).id).toBe(made.id);
    expect(stand.refunds).toHaveLength(1);
  });

  it('a Stripe slower than the timeout: the retries meet the first request still running (409); it is done once, and a later call with the key answers it', async () => {
    const impatient = createStripeGateway({ secretKey: stand.secretKey, apiBase: stand.url, timeoutMs: 300 });
    const pi = await intent(10_000);
    await stand.confirm(pi.id, 'pm_card_visa');
    const slow = stand.delayNext({ method: 'POST', path: '/v1/refunds', ms: 60_000 });
    const input = { paymentIntentId: pi.id, amountCents: 1000, idempotencyKey: key(), metadata: {} };
    const err = await failure(impatient.createRefund(input));
    expect(paymentOutcomeUnknown(err)).toBe(true);
    expect(stand.refunds).toHaveLength(0);

    slow.release();
    await expect.poll(() => stand.refunds.length).toBe(1);
    expect((await impatient.createRefund(input)).id).toBe(stand.refunds[0]!.id);
    expect(stand.refunds).toHaveLength(1);
  });

  it('paymentOutcomeUnknown: no status, 409 and 5xx are unknown; a refusal is known', () => {
    expect(paymentOutcomeUnknown(new PaymentProviderError('An error occurred with our connection to Stripe.', undefined, undefined))).toBe(true);
    expect(paymentOutcomeUnknown(new PaymentProviderError('busy', 409, 'idempotency_key_in_use'))).toBe(true);
    expect(paymentOutcomeUnknown(new PaymentProviderError('oops', 500, undefined))).toBe(true);
    expect(paymentOutcomeUnknown(new PaymentProviderError('Your card was declined.', 402, 'card_declined'))).toBe(false);
    expect(paymentOutcomeUnknown(new PaymentProviderError('too much', 400, 'amount_too_large'))).toBe(false);
    expect(paymentOutcomeUnknown(new Error('not from Stripe'))).toBe(false);
  });
});

describe('webhook views', () => {
  let receiver: Server;
  let received: WebhookEvent[];
  beforeEach(async () => {
    received = [];
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push(gateway.verifyWebhook(Buffer.concat(chunks), String(req.headers['stripe-signature'])));
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    stand.setWebhook({ url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`, secret: WEBHOOK_SECRET });
  });
  afterEach(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it('a dispute event carries its creation time; a closed and won one its status', async () => {
    const pi = await intent(10_000);
    await stand.confirm(pi.id, 'pm_card_visa');
    const opened = await stand.dispute(pi.id, { amount: 4000 });
    await stand.closeDispute(opened.id, 'won');
    const disputes = received.filter((e) => e.type.startsWith('charge.dispute.'));
    expect(disputes.map((e) => [e.type, e.dispute?.status, e.dispute?.amountCents])).toEqual([
      ['charge.dispute.created', 'needs_response', 4000],
      ['charge.dispute.funds_withdrawn', 'needs_response', 4000],
      ['charge.dispute.funds_reinstated', 'won', 4000],
      ['charge.dispute.closed', 'won', 4000],
    ]);
    expect(disputes[0]!.dispute).toMatchObject({ id: opened.id, paymentIntentId: pi.id, created: expect.stringMatching(ISO) });
  });
});
