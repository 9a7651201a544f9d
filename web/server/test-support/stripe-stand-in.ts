import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the parts of Stripe's API Ridgeline uses, speaking Stripe's wire format:
 * form-encoded request bodies with bracketed keys, Bearer secret keys, `Idempotency-Key`, JSON
 * objects shaped like Stripe's, and Stripe's error body `{ error: { type, code, message, param } }`.
 * Tests point the real Stripe SDK at it with STRIPE_API_BASE; nothing else differs.
 *
 * Endpoints: POST /v1/payment_intents, GET /v1/payment_intents/:id (expand payment_method),
 * POST /v1/payment_intents/:id/confirm (payment_method pm_card_visa | pm_card_mastercard |
 * pm_card_amex | pm_card_chargeDeclined | pm_card_authenticationRequired, which stops at
 * `requires_action`), POST /v1/payment_intents/:id/cancel,
 * POST /v1/payment_intents/:id/capture (`amount_to_capture`; a partial capture releases the rest).
 * A PaymentIntent created with `capture_method: manual` is authorized on confirm and waits at
 * `requires_capture` (Stripe's "Place a hold on a payment method"), its `amount_capturable` the
 * amount; `failOffSession` (below) makes such a hold on a saved card decline too. POST /v1/refunds (payment_intent or
 * charge, amount at most what is left of the charge, else 400 `amount_too_large`, or
 * `charge_already_refunded` once all of it is), GET /v1/refunds?payment_intent=…, GET /v1/refunds/:id.
 * Customers ([payments.saved-card]): POST /v1/customers, GET /v1/customers/:id. A PaymentIntent
 * created with `customer` and `setup_future_usage: off_session` saves its card when it succeeds: the
 * test card becomes a PaymentMethod `pm_…` attached to the Customer (its `payment_method`). A
 * PaymentIntent created with `customer`, such a `payment_method`, `off_session: true` and
 * `confirm: true` charges it at once; `failOffSession(customer, code)` makes those charges fail as
 * Stripe's do — 402 `card_error` with `code` `card_declined` or `authentication_required`, the
 * failed intent (`requires_payment_method`, `last_payment_error`) as `error.payment_intent`, and
 * `payment_intent.payment_failed` delivered.
 * A confirmed PaymentIntent has one charge (`ch_…`, its `latest_charge`) whose `amount_refunded`
 * follows its refunds. `refund()` is a refund made in Stripe's dashboard, `dispute()` a
 * chargeback (delivers `charge.dispute.created`), `closeDispute()` its outcome (delivers
 * `charge.dispute.closed`).
 * With `webhook` set, confirm and cancel deliver signed `payment_intent.*` events to it, and
 * refunds `charge.refunded`.
 * Every POST honours `Idempotency-Key` as Stripe does (docs "Idempotent requests"): the same key
 * with the same endpoint and parameters replays the first answer (`Idempotent-Replayed: true`);
 * with anything else it is refused, 400 `idempotency_error`. Keys are shared by every server that
 * uses one stand-in, as they are by every install on one Stripe account.
 */

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  payment_method: string | null;
  receipt_email: string | null;
  created: number;
  livemode: false;
  automatic_payment_methods: { enabled: boolean } | null;
  last_payment_error: unknown;
  latest_charge: string | null;
  /** `automatic` (charged on confirm) or `manual` (authorized on confirm, `requires_capture`, then captured) */
  capture_method: 'automatic' | 'manual';
  /** cents captured: the amount once succeeded automatically, what a capture took for a manual one */
  amount_received: number;
  amount_capturable: number;
  customer: string | null;
  setup_future_usage: string | null;
}

interface Customer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

/** A card saved on a Customer (Stripe's PaymentMethod object, the fields Ridgeline reads). */
interface SavedPaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  card: { brand: string; last4: string };
  /** the test card it was made from */
  token: string;
}

/** Stripe's Dispute object (API reference "The Dispute object"), the fields a webhook carries. */
interface Dispute {
  id: string;
  object: 'dispute';
  /** cents disputed */
  amount: number;
  balance_transactions: unknown[];
  charge: string;
  currency: string;
  created: number;
  evidence_details: { due_by: number; has_evidence: boolean; past_due: boolean; submission_count: number };
  is_charge_refundable: boolean;
  livemode: false;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string;
  /** warning_needs_response, warning_under_review, warning_closed, needs_response, under_review, won or lost */
  status: string;
}

interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  /** false while a manual-capture authorization waits for its capture */
  captured: boolean;
  currency: string;
  paid: true;
  refunded: boolean;
  disputed: boolean;
  status: 'succeeded';
  payment_intent: string;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: null;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  receipt_number: null;
  status: 'succeeded';
}

const CARDS: Record<string, { brand: string; last4: string; decline?: boolean; authenticate?: boolean }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_amex: { brand: 'amex', last4: '8431' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', decline: true },
  // Stripe's 3D Secure test card: the bank asks the cardholder to authenticate first.
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', authenticate: true },
};


/** Parses Stripe's form encoding (`metadata[a]=1&expand[0]=x`) into nested objects. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node = out as Record<string, unknown>;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

export interface StripeStandIn {
  /** e.g. http://127.0.0.1:41234 — use as STRIPE_API_BASE */
  url: string;
  secretKey: string;
  intents: Map<string, Intent>;
  /** Charges by id (one per succeeded PaymentIntent). */
  charges: Map<string, Charge>;
  /** Customers by id. */
  customers: Map<string, Customer>;
  /** Saved cards (PaymentMethods attached to a Customer) by id. */
  paymentMethods: Map<string, SavedPaymentMethod>;
  /**
   * Makes the Customer's off-session charges fail as a bank would (`card_declined`, or
   * `authentication_required` when it wants the cardholder present), or succeed again (null).
   */
  failOffSession(customerId: string, code: 'card_declined' | 'authentication_required' | null): void;
  /** Every refund made, oldest first. */
  refunds: Refund[];
  /** Every request received: method, path, parsed body, idempotency key. */
  requests: { method: string; path: string; body: Record<string, unknown>; idempotencyKey: string | undefined }[];
  /** Confirms as Stripe.js would after the guest pays (also reachable over HTTP). */
  confirm(id: string, paymentMethod?: string): Promise<Intent>;
  /** A refund made in Stripe's dashboard (delivers `charge.refunded`); throws past what is left. */
  refund(paymentIntentId: string, amount: number): Promise<Refund>;
  /** A chargeback on the PaymentIntent's charge (delivers `charge.dispute.created`; status needs_response). */
  dispute(paymentIntentId: string, reason?: string): Promise<Dispute>;
  /** The card network's decision on a dispute (delivers `charge.dispute.closed` with that status). */
  closeDispute(disputeId: string, status: 'won' | 'lost' | 'warning_closed'): Promise<Dispute>;
  /** Makes the next N API calls fail with 500 (to test error handling). */
  failNext(n: number): void;
  /**
   * Makes the next `times` refunds asked for this PaymentIntent (POST /v1/refunds with its
   * `payment_intent`) fail with 500 before anything is done; other requests go through.
   */
  failNextRefund(paymentIntentId: string, times: number): void;
  /** Starts (or stops) delivering webhooks, e.g. once the server under test knows its URL. */
  setWebhook(webhook: { url: string; secret: string } | undefined): void;
  close(): Promise<void>;
}

export async function startStripeStandIn(options: { webhook?: { url: string; secret: string } } = {}): Promise<StripeStandIn> {
  const secretKey = 'sk_test_standin';
  const intents = new Map<string, Intent>();
  const charges = new Map<string, Charge>();
  const refunds: Refund[] = [];
  const customers = new Map<string, Customer>();
  const paymentMethods = new Map<string, SavedPaymentMethod>();
  const offSessionFailures = new Map<string, 'card_declined' | 'authentication_required'>();
  /** A test card's details, or a saved card's (by its token). */
  const cardOf = (id: string) => CARDS[id] ?? (paymentMethods.has(id) ? CARDS[(paymentMethods.get(id) as SavedPaymentMethod).token] : undefined);
  const disputes = new Map<string, Dispute>();
  const idempotent = new Map<string, { fingerprint: string; answer: { status: number; body: unknown; executed: boolean } }>();
  const requests: StripeStandIn['requests'] = [];
  let failures = 0;
  const refundFailures = new Map<string, number>();
  const signer = new Stripe(secretKey);
  let webhook = options.webhook;

  const expanded = (pi: Intent, expand: unknown) => {
    const wants = expand && typeof expand === 'object' ? Object.values(expand as object) : [];
    if (!wants.includes('payment_method') || !pi.payment_method) return pi;
    const card = cardOf(pi.payment_method);
    return { ...pi, payment_method: { id: pi.payment_method, object: 'payment_method', type: 'card', card: card ? { brand: card.brand, last4: card.last4 } : null } };
  };

  const deliver = async (type: string, pi: Intent | Charge | object) => {
    if (!webhook) return;
    const payload = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type,
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      data: { object: pi },
    });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: webhook.secret });
    await fetch(webhook.url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header }, body: payload }).catch(() => undefined);
  };

  const confirm = async (id: string, paymentMethod = 'pm_card_visa'): Promise<Intent> => {
    const pi = intents.get(id);
    if (!pi) throw new Error(`no such payment_intent ${id}`);
    const card = cardOf(paymentMethod);
    if (!card || card.decline) {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
      await deliver('payment_intent.payment_failed', pi);
      const error = new Error('Your card was declined.') as Error & { intent: Intent };
      error.intent = pi;
      throw error;
    }
    pi.payment_method = paymentMethod;
    if (pi.customer && pi.setup_future_usage && CARDS[paymentMethod]) {
      // Stripe saves the card on the Customer as a new PaymentMethod when the payment succeeds.
      const saved: SavedPaymentMethod = { id: `pm_${randomBytes(12).toString('hex')}`, object: 'payment_method', type: 'card', customer: pi.customer, card: { brand: card.brand, last4: card.last4 }, token: paymentMethod };
      paymentMethods.set(saved.id, saved);
      pi.payment_method = saved.id;
    }
    if (card.authenticate) {
      pi.status = 'requires_action';
      return pi;
    }
    // Stripe's docs ("Place a hold on a payment method"): a manual-capture intent is authorized
    // on confirm and waits at requires_capture; its charge is not captured yet.
    const manual = pi.capture_method === 'manual';
    pi.status = manual ? 'requires_capture' : 'succeeded';
    pi.amount_received = manual ? 0 : pi.amount;
    pi.amount_capturable = manual ? pi.amount : 0;
    const charge: Charge = {
      id: `ch_${randomBytes(12).toString('hex')}`,
      object: 'charge',
      amount: pi.amount,
      amount_captured: manual ? 0 : pi.amount,
      amount_refunded: 0,
      captured: !manual,
      currency: pi.currency,
      paid: true,
      refunded: false,
      disputed: false,
      status: 'succeeded',
      payment_intent: pi.id,
      metadata: pi.metadata,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    charges.set(charge.id, charge);
    pi.latest_charge = charge.id;
    await deliver(manual ? 'payment_intent.amount_capturable_updated' : 'payment_intent.succeeded', pi);
    return pi;
  };

  /** Stripe's rules for a refund of a charge: something left, and no more than is left. */
  const refundProblem = (charge: Charge, amount: number): { code: string; message: string; param?: string } | undefined => {
    if (charge.amount_refunded >= charge.amount) return { code: 'charge_already_refunded', message: `Charge ${charge.id} has already been refunded.` };
    const left = charge.amount - charge.amount_refunded;
    if (amount > left) {
      const usd = (c: number) => `$${(c / 100).toFixed(2)}`;
      return { code: 'amount_too_large', param: 'amount', message: `Refund amount (${usd(amount)}) is greater than unrefunded amount on charge (${usd(left)})` };
    }
    return undefined;
  };
  const makeRefund = async (charge: Charge, amount: number, metadata: Record<string, string>, reason: string | null): Promise<Refund> => {
    const refund: Refund = {
      id: `re_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount,
      balance_transaction: null,
      charge: charge.id,
      created: Math.floor(Date.now() / 1000),
      currency: charge.currency,
      metadata,
      payment_intent: charge.payment_intent,
      reason,
      receipt_number: null,
      status: 'succeeded',
    };
    refunds.push(refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    await deliver('charge.refunded', charge);
    return refund;
  };
  const chargeOf = (paymentIntentId: string) => {
    const pi = intents.get(paymentIntentId);
    return pi?.latest_charge ? charges.get(pi.latest_charge) : undefined;
  };

  interface Answer {
    status: number;
    body: unknown;
    /** false for a request refused before the endpoint ran (its result is not saved for the key) */
    executed: boolean;
  }
  const ok = (body: unknown): Answer => ({ status: 200, body, executed: true });
  const error = (status: number, type: string, message: string, extra: object = {}, executed = true): Answer => ({
    status,
    body: { error: { type, message, ...extra } },
    executed,
  });
  const send = (res: ServerResponse, answer: Answer, headers: Record<string, string> = {}) => {
    res.writeHead(answer.status, { 'Content-Type': 'application/json', 'Request-Id': `req_${randomBytes(6).toString('hex')}`, ...headers });
    res.end(JSON.stringify(answer.body));
  };

  /** The endpoints, once the request is authenticated. */
  const route = async (method: string, pathname: string, body: Record<string, unknown>): Promise<Answer> => {
    const refundPath = /^\/v1\/refunds(?:\/([^/]+))?$/.exec(pathname);
    if (refundPath) return routeRefunds(method, refundPath[1], body);
    const customerPath = /^\/v1\/customers(?:\/([^/]+))?$/.exec(pathname);
    if (customerPath) return routeCustomers(method, customerPath[1], body);
    const match = /^\/v1\/payment_intents(?:\/([^/]+))?(?:\/(confirm|cancel|capture))?$/.exec(pathname);
    if (!match) return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${pathname}).`, {}, false);
    const [, id, action] = match;
    if (!id && method === 'POST') {
      const amount = Number(body.amount);
      // Parameter validation fails before the endpoint runs: not saved for the key.
      if (!Number.isInteger(amount) || amount < 50) return error(400, 'invalid_request_error', 'Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' }, false);
      if (!body.currency) return error(400, 'invalid_request_error', 'Missing required param: currency.', { code: 'parameter_missing', param: 'currency' }, false);
      const newId = `pi_${randomBytes(12).toString('hex')}`;
      const pi: Intent = {
        id: newId,
        object: 'payment_intent',
        amount,
        currency: String(body.currency),
        status: 'requires_payment_method',
        client_secret: `${newId}_secret_${randomBytes(12).toString('hex')}`,
        description: (body.description as string) ?? null,
        metadata: (body.metadata as Record<string, string>) ?? {},
        payment_method: null,
        receipt_email: (body.receipt_email as string) ?? null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        automatic_payment_methods: body.automatic_payment_methods ? { enabled: true } : null,
        last_payment_error: null,
        latest_charge: null,
        capture_method: body.capture_method === 'manual' ? 'manual' : 'automatic',
        amount_received: 0,
        amount_capturable: 0,
        customer: typeof body.customer === 'string' ? body.customer : null,
        setup_future_usage: typeof body.setup_future_usage === 'string' ? body.setup_future_usage : null,
      };
      if (pi.customer && !customers.has(pi.customer)) return error(400, 'invalid_request_error', `No such customer: '${pi.customer}'`, { code: 'resource_missing', param: 'customer' }, false);
      if (body.confirm !== 'true') {
        intents.set(newId, pi);
        return ok(pi);
      }
      return createAndConfirm(pi, body);
    }
    const pi = id ? intents.get(id) : undefined;
    if (!pi) return error(404, 'invalid_request_error', `No such payment_intent: '${id}'`, { code: 'resource_missing', param: 'intent' });
    if (!action && method === 'GET') return ok(expanded(pi, body.expand));
    if (action === 'confirm' && method === 'POST') {
      if (pi.status === 'canceled' || pi.status === 'succeeded') {
        return error(400, 'invalid_request_error', `This PaymentIntent's status is ${pi.status}, so it cannot be confirmed.`, { code: 'payment_intent_unexpected_state', payment_intent: pi });
      }
      try {
        return ok(await confirm(pi.id, String(body.payment_method ?? 'pm_card_visa')));
      } catch {
        return error(402, 'card_error', 'Your card was declined.', { code: 'card_declined', decline_code: 'generic_decline', payment_intent: pi });
      }
    }
    if (action === 'capture' && method === 'POST') return capture(pi, body);
    if (action === 'cancel' && method === 'POST') {
      // Stripe's docs ("Cancel a PaymentIntent"): only requires_payment_method, requires_capture,
      // requires_confirmation, requires_action or processing can be cancelled.
      if (pi.status === 'succeeded' || pi.status === 'canceled') {
        return error(400, 'invalid_request_error', `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`, { code: 'payment_intent_unexpected_state', payment_intent: pi });
      }
      pi.status = 'canceled';
      pi.amount_capturable = 0;
      await deliver('payment_intent.canceled', pi);
      return ok(pi);
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${pathname}).`, {}, false);
  };

  /**
   * POST /v1/payment_intents/:id/capture (Stripe's docs: "Capture a PaymentIntent"): only a
   * `requires_capture` intent; `amount_to_capture` at most what was authorized (all of it when
   * left out). A partial capture releases the rest: the charge's `amount_refunded` shows it.
   */
  const capture = async (pi: Intent, body: Record<string, unknown>): Promise<Answer> => {
    if (pi.status !== 'requires_capture') {
      return error(
        400,
        'invalid_request_error',
        `This PaymentIntent could not be captured because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
        { code: 'payment_intent_unexpected_state', payment_intent: pi },
      );
    }
    const amount = body.amount_to_capture === undefined ? pi.amount : Number(body.amount_to_capture);
    if (!Number.isInteger(amount) || amount < 1) return error(400, 'invalid_request_error', 'Invalid positive integer', { code: 'parameter_invalid_integer', param: 'amount_to_capture' }, false);
    if (amount > pi.amount_capturable) {
      return error(400, 'invalid_request_error', `The amount to capture (${amount}) must be less than or equal to the amount capturable (${pi.amount_capturable}).`, {
        code: 'amount_too_large',
        param: 'amount_to_capture',
      });
    }
    const charge = pi.latest_charge ? charges.get(pi.latest_charge) : undefined;
    pi.status = 'succeeded';
    pi.amount_received = amount;
    pi.amount_capturable = 0;
    if (body.metadata) pi.metadata = { ...pi.metadata, ...(body.metadata as Record<string, string>) };
    if (charge) {
      charge.captured = true;
      charge.amount_captured = amount;
      charge.amount_refunded = pi.amount - amount;
      charge.refunded = charge.amount_refunded >= charge.amount;
      await deliver('charge.captured', charge);
    }
    await deliver('payment_intent.succeeded', pi);
    return ok(expanded(pi, body.expand));
  };

  /**
   * `confirm: true` at creation (Stripe's docs "Charge saved payment methods off-session"): with
   * `off_session`, the saved card must be the Customer's; a failure answers 402 with the intent.
   */
  const createAndConfirm = async (pi: Intent, body: Record<string, unknown>): Promise<Answer> => {
    const pm = typeof body.payment_method === 'string' ? body.payment_method : undefined;
    if (!pm) return error(400, 'invalid_request_error', 'You must provide a payment_method to confirm this PaymentIntent.', { code: 'parameter_missing', param: 'payment_method' }, false);
    const saved = paymentMethods.get(pm);
    if (body.off_session === 'true' && (!saved || saved.customer !== pi.customer)) {
      return error(400, 'invalid_request_error', `The provided PaymentMethod ${pm} does not belong to Customer ${pi.customer ?? ''}.`, { code: 'payment_method_invalid_parameter', param: 'payment_method' }, false);
    }
    intents.set(pi.id, pi);
    // Off-session, a card whose bank always asks for 3-D Secure cannot be charged: Stripe answers authentication_required.
    const failure =
      body.off_session === 'true' && pi.customer
        ? (offSessionFailures.get(pi.customer) ?? (saved && CARDS[saved.token]?.authenticate ? 'authentication_required' : saved && CARDS[saved.token]?.decline ? 'card_declined' : undefined))
        : undefined;
    if (failure) {
      const message = failure === 'authentication_required' ? 'Your card was declined. This transaction requires authentication.' : 'Your card was declined.';
      const decline_code = failure === 'authentication_required' ? 'authentication_required' : 'generic_decline';
      pi.payment_method = null;
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { type: 'card_error', code: failure, decline_code, message, payment_method: saved };
      await deliver('payment_intent.payment_failed', pi);
      return error(402, 'card_error', message, { code: failure, decline_code, payment_intent: pi, payment_method: saved });
    }
    try {
      return ok(expanded(await confirm(pi.id, pm), body.expand));
    } catch {
      return error(402, 'card_error', 'Your card was declined.', { code: 'card_declined', decline_code: 'generic_decline', payment_intent: pi });
    }
  };

  /** POST /v1/customers, GET /v1/customers/:id (Stripe's docs: "Customers"). */
  const routeCustomers = async (method: string, id: string | undefined, body: Record<string, unknown>): Promise<Answer> => {
    if (id && method === 'GET') {
      const customer = customers.get(id);
      return customer ? ok(customer) : error(404, 'invalid_request_error', `No such customer: '${id}'`, { code: 'resource_missing', param: 'id' });
    }
    if (id || method !== 'POST') return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: /v1/customers${id ? `/${id}` : ''}).`, {}, false);
    const customer: Customer = {
      id: `cus_${randomBytes(7).toString('hex')}`,
      object: 'customer',
      email: typeof body.email === 'string' ? body.email : null,
      name: typeof body.name === 'string' ? body.name : null,
      metadata: (body.metadata as Record<string, string>) ?? {},
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    customers.set(customer.id, customer);
    return ok(customer);
  };

  /** POST /v1/refunds, GET /v1/refunds, GET /v1/refunds/:id (Stripe's docs: "Refunds"). */
  const routeRefunds = async (method: string, id: string | undefined, body: Record<string, unknown>): Promise<Answer> => {
    if (id && method === 'GET') {
      const refund = refunds.find((r) => r.id === id);
      return refund ? ok(refund) : error(404, 'invalid_request_error', `No such refund: '${id}'`, { code: 'resource_missing', param: 'id' });
    }
    if (!id && method === 'GET') {
      const data = refunds.filter((r) => (!body.payment_intent || r.payment_intent === body.payment_intent) && (!body.charge || r.charge === body.charge)).reverse();
      return ok({ object: 'list', data, has_more: false, url: '/v1/refunds' });
    }
    if (id || method !== 'POST') return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: /v1/refunds${id ? `/${id}` : ''}).`, {}, false);
    let charge: Charge | undefined;
    if (typeof body.charge === 'string') {
      charge = charges.get(body.charge);
      if (!charge) return error(404, 'invalid_request_error', `No such charge: '${body.charge}'`, { code: 'resource_missing', param: 'charge' });
    } else if (typeof body.payment_intent === 'string') {
      if (!intents.has(body.payment_intent)) return error(404, 'invalid_request_error', `No such payment_intent: '${body.payment_intent}'`, { code: 'resource_missing', param: 'payment_intent' });
      charge = chargeOf(body.payment_intent);
      if (!charge) {
        return error(400, 'invalid_request_error', `This PaymentIntent (${body.payment_intent}) does not have a successful charge to refund.`, { code: 'charge_not_refundable', param: 'payment_intent' });
      }
    } else {
      return error(400, 'invalid_request_error', 'One of the following params should be provided for this request: payment_intent or charge.', { code: 'parameter_missing' }, false);
    }
    const amount = body.amount === undefined ? charge.amount - charge.amount_refunded : Number(body.amount);
    if (!Number.isInteger(amount) || amount < 1) return error(400, 'invalid_request_error', 'Invalid positive integer', { code: 'parameter_invalid_integer', param: 'amount' }, false);
    const problem = refundProblem(charge, amount);
    if (problem) return error(400, 'invalid_request_error', problem.message, { code: problem.code, ...(problem.param ? { param: problem.param } : {}) });
    return ok(await makeRefund(charge, amount, (body.metadata as Record<string, string>) ?? {}, (body.reason as string) ?? null));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const method = req.method ?? '';
    const body = method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(raw);
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    requests.push({ method, path: url.pathname, body, idempotencyKey });
    // Browsers (the Stripe.js stand-in) call confirm with the publishable key and CORS.
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
    if (method === 'OPTIONS') return send(res, { status: 204, body: {}, executed: false });
    const refundOf = method === 'POST' && url.pathname === '/v1/refunds' && typeof body.payment_intent === 'string' ? body.payment_intent : undefined;
    if (refundOf && (refundFailures.get(refundOf) ?? 0) > 0) {
      refundFailures.set(refundOf, (refundFailures.get(refundOf) ?? 0) - 1);
      return send(res, error(500, 'api_error', 'Something went wrong on Stripe’s end.', {}, false));
    }
    if (failures > 0) {
      failures -= 1;
      return send(res, error(500, 'api_error', 'Something went wrong on Stripe’s end.', {}, false));
    }
    const auth = req.headers.authorization ?? '';
    const browserConfirm = /^\/v1\/payment_intents\/[^/]+\/confirm$/.test(url.pathname) && auth.startsWith('Bearer pk_');
    if (auth !== `Bearer ${secretKey}` && !browserConfirm) {
      return send(res, error(401, 'invalid_request_error', 'Invalid API Key provided: ' + auth.replace(/^Bearer /, '').slice(0, 8) + '***', {}, false));
    }
    // Stripe's docs ("Idempotent requests"): the first answer for a key is saved once the endpoint
    // runs, and a request with the same key gets it again; one whose endpoint or parameters differ
    // is refused with an idempotency_error. One account here, so keys are shared by every client.
    if (method === 'POST' && idempotencyKey) {
      const fingerprint = `${method} ${url.pathname} ${raw}`;
      const saved = idempotent.get(idempotencyKey);
      if (saved && saved.fingerprint !== fingerprint) {
        return send(
          res,
          error(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            {},
            false,
          ),
        );
      }
      if (saved) return send(res, saved.answer, { 'Idempotent-Replayed': 'true' });
      const answer = await route(method, url.pathname, body);
      if (answer.executed) idempotent.set(idempotencyKey, { fingerprint, answer: structuredClone(answer) });
      return send(res, answer);
    }
    return send(res, await route(method, url.pathname, body));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: Error) => send(res, error(500, 'api_error', err.message, {}, false)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    intents,
    charges,
    customers,
    paymentMethods,
    failOffSession: (customerId, code) => {
      if (code) offSessionFailures.set(customerId, code);
      else offSessionFailures.delete(customerId);
    },
    refunds,
    requests,
    confirm,
    async refund(paymentIntentId, amount) {
      const charge = chargeOf(paymentIntentId);
      if (!charge) throw new Error(`no charge for ${paymentIntentId}`);
      const problem = refundProblem(charge, amount);
      if (problem) throw new Error(problem.message);
      return makeRefund(charge, amount, {}, 'requested_by_customer');
    },
    async dispute(paymentIntentId, reason = 'fraudulent') {
      const charge = chargeOf(paymentIntentId);
      if (!charge) throw new Error(`no charge for ${paymentIntentId}`);
      charge.disputed = true;
      const created = Math.floor(Date.now() / 1000);
      const dispute: Dispute = {
        id: `dp_${randomBytes(12).toString('hex')}`,
        object: 'dispute',
        amount: charge.amount,
        balance_transactions: [],
        charge: charge.id,
        currency: charge.currency,
        created,
        evidence_details: { due_by: created + 7 * 86_400, has_evidence: false, past_due: false, submission_count: 0 },
        is_charge_refundable: false,
        livemode: false,
        metadata: {},
        payment_intent: paymentIntentId,
        reason,
        status: 'needs_response',
      };
      disputes.set(dispute.id, dispute);
      await deliver('charge.dispute.created', dispute);
      return dispute;
    },
    async closeDispute(disputeId, status) {
      const dispute = disputes.get(disputeId);
      if (!dispute) throw new Error(`no dispute ${disputeId}`);
      // Stripe's docs ("Dispute object"): a closed dispute is won, lost or (an inquiry) warning_closed.
      dispute.status = status;
      await deliver('charge.dispute.closed', dispute);
      return { ...dispute };
    },
    failNext: (n) => (failures = n),
    failNextRefund: (paymentIntentId, times) => void refundFailures.set(paymentIntentId, times),
    setWebhook: (next) => {
      webhook = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
