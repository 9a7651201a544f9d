import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.js';

/**
 * The Stripe stand-in's own behaviour where tests of the app rely on it being Stripe's: the
 * idempotency of concurrent requests, the faults tests inject (a slow Stripe, a lost answer) and
 * how the real SDK's retries meet them, the owner's dashboard actions (refund, dispute and its
 * outcome) and the reads reconciliation makes (charges, refunds and disputes of an intent, pages,
 * search). Over HTTP, as the SDK talks to it.
 */

const WEBHOOK_SECRET = 'whsec_stand_in_test';

let stand: StripeStandIn;
/** The events the stand-in delivered, signature checked, in order. */
let events: Stripe.Event[];
let receiver: Server;

beforeEach(async () => {
  stand = await startStripeStandIn();
  events = [];
  const verifier = new Stripe('sk_test_unused');
  receiver = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c));
    req.on('end', () => {
      events.push(verifier.webhooks.constructEvent(raw, String(req.headers['stripe-signature']), WEBHOOK_SECRET));
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  stand.setWebhook({ url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`, secret: WEBHOOK_SECRET });
});
afterEach(async () => {
  await stand.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** A raw call in Stripe's wire format: form-encoded body (or query for GET), Bearer secret key. */
async function api(method: 'GET' | 'POST', path: string, params: Record<string, string | number> = {}, idempotencyKey?: string) {
  const form = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const res = await fetch(`${stand.url}${path}${method === 'GET' && form ? `?${form}` : ''}`, {
    method,
    headers: {
      Authorization: `Bearer ${stand.secretKey}`,
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
    },
    ...(method === 'POST' ? { body: form } : {}),
  });
  // Response.json() answers `any`: Stripe's objects, read by each test as it needs.
  return { status: res.status, headers: res.headers, body: await res.json() };
}

/** The real SDK pointed at the stand-in, with the retries the gateway uses. */
const sdk = () => {
  const url = new URL(stand.url);
  return new Stripe(stand.secretKey, { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 2, telemetry: false });
};

/** A PaymentIntent paid with a Visa: one succeeded charge of `amount` cents. */
async function paidIntent(amount = 10_000, metadata: Record<string, string> = {}) {
  const created = await api('POST', '/v1/payment_intents', { amount, currency: 'usd', ...Object.fromEntries(Object.entries(metadata).map(([k, v]) => [`metadata[${k}]`, v])) });
  await stand.confirm(created.body.id as string, 'pm_card_visa');
  return created.body.id as string;
}

describe('Idempotency-Key while the first request is still running', () => {
  it("answers 409 idempotency_key_in_use, saves nothing for it, and replays the first answer once that one is done", async () => {
    const pi = await paidIntent();
    const slow = stand.delayNext({ method: 'POST', path: '/v1/refunds', ms: 60_000 });
    const first = api('POST', '/v1/refunds', { payment_intent: pi, amount: 1000 }, 'key-busy');
    await slow.arrived;

    const second = await api('POST', '/v1/refunds', { payment_intent: pi, amount: 1000 }, 'key-busy');
    expect(second.status).toBe(409);
    expect(second.body.error).toEqual({
      type: 'idempotency_error',
      code: 'idempotency_key_in_use',
      doc_url: 'https://stripe.com/docs/error-codes/idempotency-key-in-use',
      message:
        'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): key-busy. Please try again later.',
    });
    // Held before it acts: nothing refunded yet.
    expect(stand.refunds).toHaveLength(0);

    slow.release();
    const answered = await first;
    expect(answered.status).toBe(200);
    const again = await api('POST', '/v1/refunds', { payment_intent: pi, amount: 1000 }, 'key-busy');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(answered.body.id);
    expect(stand.refunds).toHaveLength(1);
  });

  it('the SDK retries the 409 and gets the first answer: one refund for two calls with one key', async () => {
    const pi = await paidIntent();
    const stripe = sdk();
    const slow = stand.delayNext({ method: 'POST', path: '/v1/refunds', ms: 60_000 });
    const first = stripe.refunds.create({ payment_intent: pi, amount: 1000 }, { idempotencyKey: 'key-sdk' });
    await slow.arrived;
    const second = stripe.refunds.create({ payment_intent: pi, amount: 1000 }, { idempotencyKey: 'key-sdk' });
    const withKey = () => stand.requests.filter((r) => r.idempotencyKey === 'key-sdk');
    await expect.poll(() => withKey().map((r) => r.status)).toEqual([undefined, 409]);
    slow.release();
    const [a, b] = await Promise.all([first, second]);
    expect(b.id).toBe(a.id);
    expect(stand.refunds).toHaveLength(1);
    expect(withKey().map((r) => [r.status, r.replayed ?? false])).toEqual([
      [200, false],
      [409, false],
      [200, true],
    ]);
  });
});

describe('delayNext', () => {
  it('delays the answer of the next matching request by ms, and only of matching ones', async () => {
    const pi = await paidIntent();
    const slow = stand.delayNext({ method: 'GET', path: /^\/v1\/payment_intents\/[^/]+$/, ms: 300 });
    // Not matching: another method, another path.
    await api('POST', `/v1/payment_intents/${pi}/cancel`);
    await api('GET', '/v1/refunds', { payment_intent: pi });
    expect(slow.matched).toBe(0);
    const started = Date.now();
    const read = await api('GET', `/v1/payment_intents/${pi}`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(read.status).toBe(200);
    await slow.done;
    await api('GET', `/v1/payment_intents/${pi}`);
    expect(slow.matched).toBe(1);
  });

  it("phase 'after': the action is done and its webhook delivered before the late answer; a retry with the key gets the saved answer at once", async () => {
    const pi = await paidIntent();
    events.length = 0;
    const late = stand.delayNext({ method: 'POST', path: '/v1/refunds', ms: 60_000, phase: 'after' });
    const first = api('POST', '/v1/refunds', { payment_intent: pi, amount: 2500 }, 'key-late');
    await expect.poll(() => stand.refunds.length).toBe(1);
    await expect.poll(() => events.map((e) => e.type)).toEqual(['charge.refunded']);
    const retry = await api('POST', '/v1/refunds', { payment_intent: pi, amount: 2500 }, 'key-late');
    expect(retry).toMatchObject({ status: 200, body: { id: stand.refunds[0]!.id, amount: 2500 } });
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    late.release();
    expect((await first).body.id).toBe(stand.refunds[0]!.id);
    expect(stand.refunds).toHaveLength(1);
  });

  it('close() ends the delays still waiting', async () => {
    const pi = await paidIntent();
    const slow = stand.delayNext({ path: `/v1/payment_intents/${pi}`, ms: 600_000 });
    const read = api('GET', `/v1/payment_intents/${pi}`);
    await slow.arrived;
    await stand.close();
    expect((await read).status).toBe(200);
    stand = await startStripeStandIn();
  });
});

describe('loseNext', () => {
  it('does the action and delivers its webhook, then drops the connection; the key replays the saved answer', async () => {
    const pi = await paidIntent();
    events.length = 0;
    const lost = stand.loseNext({ method: 'POST', path: '/v1/refunds' });
    await expect(api('POST', '/v1/refunds', { payment_intent: pi, amount: 3000 }, 'key-lost')).rejects.toThrow();
    await lost.done;
    expect(stand.refunds).toMatchObject([{ amount: 3000, payment_intent: pi }]);
    expect(stand.charges.get(stand.intents.get(pi)!.latest_charge!)?.amount_refunded).toBe(3000);
    expect(events.map((e) => e.type)).toEqual(['charge.refunded']);
    expect(stand.requests.at(-1)).toMatchObject({ path: '/v1/refunds', lost: true });

    const retry = await api('POST', '/v1/refunds', { payment_intent: pi, amount: 3000 }, 'key-lost');
    expect(retry).toMatchObject({ status: 200, body: { id: stand.refunds[0]!.id } });
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(stand.refunds).toHaveLength(1);
  });

  it("the SDK's retry with the same key gets the saved answer: one lost answer is invisible, and nothing is done twice", async () => {
    const pi = await paidIntent();
    const stripe = sdk();
    stand.loseNext({ method: 'POST', path: '/v1/refunds' });
    const refund = await stripe.refunds.create({ payment_intent: pi, amount: 1500 }, { idempotencyKey: 'key-sdk-lost' });
    expect(refund.id).toBe(stand.refunds[0]!.id);
    expect(stand.refunds).toHaveLength(1);
    expect(stand.requests.filter((r) => r.idempotencyKey === 'key-sdk-lost').map((r) => [r.lost ?? false, r.replayed ?? false])).toEqual([
      [true, false],
      [false, true],
    ]);
  });

  it('even without a key of ours: the SDK keys every POST itself, so a retried create makes one intent', async () => {
    const stripe = sdk();
    stand.loseNext({ method: 'POST', path: '/v1/payment_intents' });
    const intent = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd' });
    expect([...stand.intents.keys()]).toEqual([intent.id]);
    const keys = stand.requests.filter((r) => r.path === '/v1/payment_intents').map((r) => r.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^stripe-node-retry-/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('past the retries the SDK gives up with a connection error, though the refund was made', async () => {
    const pi = await paidIntent();
    const stripe = sdk();
    const lost = stand.loseNext({ method: 'POST', path: '/v1/refunds', times: 3 });
    await expect(stripe.refunds.create({ payment_intent: pi, amount: 1000 }, { idempotencyKey: 'key-gone' })).rejects.toMatchObject({ type: 'StripeConnectionError' });
    await lost.done;
    expect(lost.matched).toBe(3);
    expect(stand.refunds).toHaveLength(1);
  });
});

describe("the owner's dashboard", () => {
  it('refunds part of a charge: delivered as charge.refunded, listed with the intent', async () => {
    const pi = await paidIntent(10_000);
    events.length = 0;
    const refund = await stand.refund(pi, 2500);
    const charge = stand.charges.get(stand.intents.get(pi)!.latest_charge!)!;
    expect(charge).toMatchObject({ amount_refunded: 2500, refunded: false });
    expect(events.map((e) => e.type)).toEqual(['charge.refunded']);
    expect((await api('GET', '/v1/refunds', { payment_intent: pi })).body.data).toMatchObject([{ id: refund.id, amount: 2500, charge: charge.id }]);
    await expect(stand.refund(pi, 7501)).rejects.toThrow('Refund amount ($75.01) is greater than unrefunded amount on charge ($75.00)');
  });

  it('opens a dispute: funds withdrawn, the charge disputed and no longer refundable; created then funds_withdrawn delivered', async () => {
    const pi = await paidIntent(10_000);
    await stand.refund(pi, 1000);
    events.length = 0;
    const dispute = await stand.dispute(pi);
    const charge = stand.charges.get(stand.intents.get(pi)!.latest_charge!)!;
    // What the cardholder can still claim: the charge less its refund.
    expect(dispute).toMatchObject({ object: 'dispute', amount: 9000, charge: charge.id, payment_intent: pi, status: 'needs_response', reason: 'fraudulent', is_charge_refundable: false });
    expect(dispute.balance_transactions).toMatchObject([{ amount: -9000, net: -9000, reporting_category: 'dispute' }]);
    expect(charge.disputed).toBe(true);
    expect(events.map((e) => [e.type, (e.data.object as { id: string }).id])).toEqual([
      ['charge.dispute.created', dispute.id],
      ['charge.dispute.funds_withdrawn', dispute.id],
    ]);
    const refused = await api('POST', '/v1/refunds', { payment_intent: pi, amount: 100 });
    expect(refused).toMatchObject({ status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_disputed', message: `Charge ${charge.id} has been charged back; cannot issue a refund.` } } });
    await expect(stand.refund(pi, 100)).rejects.toThrow('charged back');
    await expect(stand.dispute(pi)).rejects.toThrow('already disputed');
  });

  it('a dispute of part of the charge, within what was taken', async () => {
    const pi = await paidIntent(10_000);
    await expect(stand.dispute(pi, { amount: 10_001 })).rejects.toThrow('between 1 and 10000');
    expect(await stand.dispute(pi, { amount: 4000, reason: 'product_not_received' })).toMatchObject({ amount: 4000, reason: 'product_not_received' });
  });

  it('won returns the funds once and the charge can be refunded again; delivered funds_reinstated then closed', async () => {
    const pi = await paidIntent(10_000);
    const opened = await stand.dispute(pi);
    events.length = 0;
    const won = await stand.closeDispute(opened.id, 'won');
    expect(won.status).toBe('won');
    expect(won.balance_transactions.map((b) => b.amount)).toEqual([-10_000, 10_000]);
    expect(events.map((e) => e.type)).toEqual(['charge.dispute.funds_reinstated', 'charge.dispute.closed']);
    // A redelivery of the outcome reinstates nothing more.
    events.length = 0;
    expect((await stand.closeDispute(opened.id, 'won')).balance_transactions).toHaveLength(2);
    expect(events.map((e) => e.type)).toEqual(['charge.dispute.closed']);
    expect((await api('POST', '/v1/refunds', { payment_intent: pi, amount: 100 })).status).toBe(200);
  });

  it('lost keeps the funds withdrawn and the charge unrefundable', async () => {
    const pi = await paidIntent(10_000);
    const opened = await stand.dispute(pi);
    events.length = 0;
    const lost = await stand.closeDispute(opened.id, 'lost');
    expect(lost.balance_transactions.map((b) => b.amount)).toEqual([-10_000]);
    expect(events.map((e) => [e.type, (e.data.object as { status: string }).status])).toEqual([['charge.dispute.closed', 'lost']]);
    expect((await api('POST', '/v1/refunds', { payment_intent: pi, amount: 100 })).body.error.code).toBe('charge_disputed');
  });
});

describe('reads for reconciliation', () => {
  it('a declined attempt leaves a failed charge: GET /v1/charges?payment_intent lists both, newest first; the failed one refunds nothing', async () => {
    const created = await api('POST', '/v1/payment_intents', { amount: 8000, currency: 'usd' });
    const pi = created.body.id as string;
    await expect(stand.confirm(pi, 'pm_card_chargeDeclined')).rejects.toThrow('declined');
    await stand.confirm(pi, 'pm_card_visa');
    const list = await api('GET', '/v1/charges', { payment_intent: pi });
    expect(list.body).toMatchObject({ object: 'list', url: '/v1/charges', has_more: false });
    expect(list.body.data).toMatchObject([
      { object: 'charge', status: 'succeeded', paid: true, captured: true, amount: 8000, amount_captured: 8000, payment_intent: pi },
      { object: 'charge', status: 'failed', paid: false, captured: false, amount_captured: 0, failure_code: 'card_declined', payment_intent: pi },
    ]);
    expect(stand.intents.get(pi)!.latest_charge).toBe(list.body.data[0].id);
    const failedId = list.body.data[1].id as string;
    expect((await api('GET', `/v1/charges/${failedId}`)).body).toMatchObject({ id: failedId, status: 'failed' });
    expect((await api('POST', '/v1/refunds', { charge: failedId })).body.error).toMatchObject({ code: 'charge_not_refundable' });
    expect((await api('GET', '/v1/charges/ch_nope')).status).toBe(404);
  });

  it('lists paginate as Stripe: limit, starting_after, ending_before, has_more; limit above 100 refused', async () => {
    const pi = await paidIntent(10_000);
    for (let i = 1; i <= 25; i += 1) await stand.refund(pi, i);
    // Newest first: amounts 25 … 1.
    const first = await api('GET', '/v1/refunds', { payment_intent: pi, limit: 10 });
    expect(first.body.data.map((r: { amount: number }) => r.amount)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
    expect(first.body.has_more).toBe(true);
    const second = await api('GET', '/v1/refunds', { payment_intent: pi, limit: 10, starting_after: first.body.data[9].id });
    expect(second.body.data.map((r: { amount: number }) => r.amount)).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6]);
    const third = await api('GET', '/v1/refunds', { payment_intent: pi, limit: 10, starting_after: second.body.data[9].id });
    expect(third.body).toMatchObject({ has_more: false });
    expect(third.body.data.map((r: { amount: number }) => r.amount)).toEqual([5, 4, 3, 2, 1]);
    const back = await api('GET', '/v1/refunds', { payment_intent: pi, limit: 3, ending_before: second.body.data[0].id });
    expect(back.body.data.map((r: { amount: number }) => r.amount)).toEqual([18, 17, 16]);
    expect(back.body.has_more).toBe(true);
    // Without a limit: Stripe's 10.
    expect((await api('GET', '/v1/refunds', { payment_intent: pi })).body.data).toHaveLength(10);
    expect((await api('GET', '/v1/refunds', { payment_intent: pi, limit: 101 })).body.error).toMatchObject({ param: 'limit', code: 'parameter_invalid_integer' });
    expect((await api('GET', '/v1/refunds', { payment_intent: pi, starting_after: 're_nope' })).body.error).toMatchObject({ param: 'starting_after', code: 'resource_missing' });
  });

  it('GET /v1/disputes by payment_intent or charge, and by id', async () => {
    const pi = await paidIntent(10_000);
    const other = await paidIntent(5000);
    const dispute = await stand.dispute(pi);
    await stand.dispute(other);
    expect((await api('GET', '/v1/disputes', { payment_intent: pi })).body).toMatchObject({ object: 'list', url: '/v1/disputes', has_more: false, data: [{ id: dispute.id, amount: 10_000 }] });
    expect((await api('GET', '/v1/disputes', { charge: dispute.charge })).body.data).toHaveLength(1);
    expect((await api('GET', '/v1/disputes')).body.data).toHaveLength(2);
    expect((await api('GET', `/v1/disputes/${dispute.id}`)).body).toMatchObject({ id: dispute.id, status: 'needs_response' });
    expect((await api('GET', '/v1/disputes/dp_nope')).body.error).toMatchObject({ code: 'resource_missing' });
  });

  it("GET /v1/payment_intents/search: Stripe's query language over metadata, status and amount, newest first, in pages", async () => {
    const b12a = await paidIntent(10_000, { bookingId: '12', kind: 'balance' });
    const b120 = await paidIntent(10_000, { bookingId: '120' });
    const open12 = (await api('POST', '/v1/payment_intents', { amount: 700, currency: 'usd', 'metadata[bookingId]': '12' })).body.id as string;
    const hold = (await api('POST', '/v1/payment_intents', { amount: 900, currency: 'usd', 'metadata[holdId]': '12' })).body.id as string;
    const ids = async (query: string) => {
      const res = await api('GET', '/v1/payment_intents/search', { query });
      expect(res.status).toBe(200);
      return res.body.data.map((pi: { id: string }) => pi.id);
    };
    const found = await api('GET', '/v1/payment_intents/search', { query: "metadata['bookingId']:'12'" });
    expect(found.body).toMatchObject({ object: 'search_result', url: '/v1/payment_intents/search', has_more: false, next_page: null });
    expect(found.body.data.map((pi: { id: string }) => pi.id)).toEqual([open12, b12a]);
    expect(await ids('metadata["bookingId"]:"12" AND status:"succeeded"')).toEqual([b12a]);
    expect(await ids("metadata['bookingId']:'12' -status:'succeeded'")).toEqual([open12]);
    expect(await ids("metadata['holdId']:'12' OR metadata['bookingId']:'120'")).toEqual([hold, b120]);
    expect(await ids('amount>800 AND amount<=900')).toEqual([hold]);
    expect(await ids("metadata['bookingId']:'1'")).toEqual([]);

    const page1 = await api('GET', '/v1/payment_intents/search', { query: 'currency:"usd"', limit: 3 });
    expect(page1.body).toMatchObject({ has_more: true, next_page: expect.any(String) });
    const page2 = await api('GET', '/v1/payment_intents/search', { query: 'currency:"usd"', limit: 3, page: page1.body.next_page });
    expect(page2.body).toMatchObject({ has_more: false, next_page: null });
    expect([...page1.body.data, ...page2.body.data].map((pi: { id: string }) => pi.id)).toEqual([hold, open12, b120, b12a]);

    for (const bad of ['email:"a@b.c"', "status:'succeeded' AND amount>5 OR amount<3", 'metadata[bookingId]:12', 'description~"ab"']) {
      expect((await api('GET', '/v1/payment_intents/search', { query: bad })).body.error, bad).toMatchObject({ type: 'invalid_request_error', param: 'query' });
    }
    expect((await api('GET', '/v1/payment_intents/search')).body.error).toMatchObject({ code: 'parameter_missing', param: 'query' });
  });
});
