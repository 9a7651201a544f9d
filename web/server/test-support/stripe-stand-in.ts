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
 * Every attempt to pay makes a charge (`ch_…`, the intent's `latest_charge`): `succeeded`, or
 * `failed` when the card is declined; a succeeded charge's `amount_refunded` follows its refunds.
 * Reads for reconciliation: GET /v1/charges?payment_intent=…, GET /v1/charges/:id,
 * GET /v1/disputes?payment_intent=… (or `charge`), GET /v1/disputes/:id, and the lists paginate
 * as Stripe's do (newest first, `limit`, `starting_after`, `ending_before`, `has_more`);
 * GET /v1/payment_intents/search?query=… (Stripe's search query language, e.g.
 * `metadata['bookingId']:'12'`; `page`/`next_page`).
 * The owner's dashboard: `refund()` refunds part or all of a charge (`refundsPending(true)` makes
 * new refunds `pending`, and `failRefund()` fails a pending one: `charge.refund.updated`,
 * `refund.failed`), `dispute()` is a chargeback
 * (funds withdrawn, `charge.dispute.created`), `closeDispute()` its outcome (won returns the
 * funds; `charge.dispute.closed`). A disputed charge cannot be refunded (400 `charge_disputed`).
 * With `webhook` set, confirm and cancel deliver signed `payment_intent.*` events to it, and
 * refunds `charge.refunded`.
 * Every POST honours `Idempotency-Key` as Stripe does (docs "Idempotent requests"): the same key
 * with the same endpoint and parameters replays the first answer (`Idempotent-Replayed: true`);
 * with anything else it is refused, 400 `idempotency_error`; while the first request with a key
 * is still running, another with it gets 409 `idempotency_key_in_use` (not saved: a retry later
 * gets the first answer). Keys are shared by every server that uses one stand-in, as they are by
 * every install on one Stripe account.
 * Faults for tests: `delayNext` (a slow Stripe, before or after it acts), `loseNext` (done, but
 * the answer lost: the connection drops), `failNext` (a 500 before anything is done).
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
  /** the withdrawal when it opened, and the reinstatement once won (Stripe's "zero, one, or two") */
  balance_transactions: DisputeBalanceTransaction[];
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

/**
 * Stripe's Charge object (API reference "The Charge object"), the fields Ridgeline reads. Every
 * attempt to pay makes one: `succeeded` when the card is charged (or authorized, for a manual
 * capture), `failed` when the bank declines it. `refunds` is left out, as Stripe leaves it out
 * since API version 2022-11-15 unless expanded: list them with GET /v1/refunds?charge=….
 */
interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  /** cents refunded, and for a partial capture the released rest too */
  amount_refunded: number;
  /** false while a manual-capture authorization waits for its capture, and for a failed charge */
  captured: boolean;
  currency: string;
  paid: boolean;
  refunded: boolean;
  /** true once a dispute was opened on it, whatever its outcome */
  disputed: boolean;
  status: 'succeeded' | 'failed';
  failure_code: string | null;
  failure_message: string | null;
  payment_intent: string;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

/** A balance transaction of a dispute: the funds withdrawn when it opens, reinstated when it is won. */
interface DisputeBalanceTransaction {
  id: string;
  object: 'balance_transaction';
  /** cents: negative when withdrawn, positive when reinstated */
  amount: number;
  /** Stripe's dispute fee is not modelled: 0 */
  fee: number;
  net: number;
  currency: string;
  created: number;
  description: string;
  reporting_category: 'dispute' | 'dispute_reversal';
  type: 'adjustment';
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
  /** `succeeded` at once, or `pending` (while `refundsPending` is on) until it fails (`failRefund`) */
  status: 'succeeded' | 'pending' | 'failed';
  /** why it failed (Stripe's `failure_reason`); null otherwise */
  failure_reason: string | null;
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

/**
 * Which requests a fault applies to: the HTTP method (any when left out) and the path, exactly or
 * by a pattern, without the query string (e.g. `{ method: 'POST', path: '/v1/refunds' }` or
 * `{ path: /^\/v1\/payment_intents\/[^/]+\/capture$/ }`).
 */
export interface RequestMatch {
  method?: string;
  path: string | RegExp;
}

/** A fault set by `delayNext` or `loseNext`, to follow and end it from a test. */
export interface Fault {
  /** Resolves when the first matching request arrives (it is then in flight). */
  arrived: Promise<void>;
  /** Resolves once the last of the matching requests was answered, or its answer lost. */
  done: Promise<void>;
  /** How many requests it has caught so far. */
  readonly matched: number;
  /** Ends the delay now, for the requests waiting and those still to come (a test's "now answer"). */
  release(): void;
}

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
}

function deferred(): Deferred {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

interface FaultRule {
  kind: 'delay' | 'lose';
  match: RequestMatch;
  /** how many matching requests it catches */
  times: number;
  ms: number;
  /** `before`: the action waits (the key is in progress); `after`: done, the answer is late */
  phase: 'before' | 'after';
  matched: number;
  finished: number;
  released: boolean;
  /** the delays waiting now, each woken by `release` */
  wakers: Set<() => void>;
  arrived: Deferred;
  done: Deferred;
}

/** Waits out one delay of a rule, or until it is released. */
function sleepFor(rule: FaultRule): Promise<void> {
  if (rule.released) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      rule.wakers.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, rule.ms);
    rule.wakers.add(wake);
  });
}

function releaseFault(rule: FaultRule): void {
  rule.released = true;
  for (const wake of [...rule.wakers]) wake();
}

/** One clause of Stripe's search query language: `[-]field operator value`. */
interface SearchClause {
  negate: boolean;
  /** `amount`, `created`, `currency`, `customer`, `status`, or `metadata` with its key */
  field: string;
  metadataKey?: string;
  operator: ':' | '~' | '>' | '<' | '>=' | '<=' | '=';
  value: string;
}

const SEARCH_FIELDS = new Set(['amount', 'created', 'currency', 'customer', 'metadata', 'status']);
const NUMERIC_FIELDS = new Set(['amount', 'created']);
const CLAUSE = /^(-?)(?:metadata\[(?:'([^']*)'|"([^"]*)")\]|([a-z_]+))(>=|<=|:|~|>|<|=)(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|([^\s'"]+))/;

/**
 * Parses a PaymentIntent search query (Stripe's docs "Search query language"): clauses joined by
 * spaces or `AND` (all must hold) or by `OR` (one must), never both.
 * @returns the clauses and how they join, or what is wrong (a string)
 */
function parseSearchQuery(query: string): { join: 'AND' | 'OR'; clauses: SearchClause[] } | string {
  const clauses: SearchClause[] = [];
  const joins = new Set<'AND' | 'OR'>();
  let rest = query.trim();
  while (rest) {
    if (clauses.length > 0) {
      const join = /^(AND|OR)\s+/i.exec(rest);
      if (join) {
        joins.add(join[1]!.toUpperCase() as 'AND' | 'OR');
        rest = rest.slice(join[0].length);
      }
    }
    const m = CLAUSE.exec(rest);
    if (!m) return `could not parse "${rest}"`;
    const [, negate, key1, key2, name, operator, single, double, bare] = m;
    const metadataKey = key1 ?? key2;
    const field = metadataKey !== undefined ? 'metadata' : (name as string);
    if (!SEARCH_FIELDS.has(field)) return `"${field}" is not a query field of payment intents`;
    const value = (single ?? double ?? bare ?? '').replace(/\\(.)/g, '$1');
    const op = operator as SearchClause['operator'];
    if (op !== ':' && op !== '~' && !NUMERIC_FIELDS.has(field)) return `"${op}" needs a numeric field, not "${field}"`;
    if (op === '~' && value.length < 3) return 'a substring search needs at least 3 characters';
    clauses.push({ negate: negate === '-', field, ...(metadataKey !== undefined ? { metadataKey } : {}), operator: op, value });
    rest = rest.slice(m[0].length).trimStart();
  }
  if (joins.size > 1) return 'AND and OR cannot be combined';
  return { join: joins.has('OR') ? 'OR' : 'AND', clauses };
}

/** True when the intent matches the parsed query. */
function matchesSearch(query: { join: 'AND' | 'OR'; clauses: SearchClause[] }, pi: Intent): boolean {
  const holds = (c: SearchClause): boolean => {
    const actual = c.field === 'metadata' ? pi.metadata[c.metadataKey ?? ''] : (pi as unknown as Record<string, unknown>)[c.field];
    let result: boolean;
    if (actual === undefined || actual === null) result = false;
    else if (NUMERIC_FIELDS.has(c.field) && c.operator !== '~') {
      const [a, b] = [Number(actual), Number(c.value)];
      result = c.operator === '>' ? a > b : c.operator === '<' ? a < b : c.operator === '>=' ? a >= b : c.operator === '<=' ? a <= b : a === b;
    } else if (c.operator === '~') result = String(actual).toLowerCase().includes(c.value.toLowerCase());
    else result = c.field === 'metadata' ? String(actual) === c.value : String(actual).toLowerCase() === c.value.toLowerCase();
    return c.negate ? !result : result;
  };
  return query.join === 'OR' ? query.clauses.some(holds) : query.clauses.every(holds);
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
  /**
   * While on, the Customer's off-session charges stop at `processing` (Stripe's docs "Payment
   * status updates": the payment is submitted and its outcome comes later), delivering
   * `payment_intent.processing`; `finishProcessing` then ends one as the network answers.
   */
  processOffSession(customerId: string, on: boolean): void;
  /**
   * Ends a `processing` PaymentIntent: `succeeded` (its charge made, `payment_intent.succeeded`
   * delivered) or `failed` (back to `requires_payment_method` with `last_payment_error`, a failed
   * charge, `payment_intent.payment_failed`). Throws for an unknown or not processing intent.
   */
  finishProcessing(paymentIntentId: string, outcome: 'succeeded' | 'failed'): Promise<Intent>;
  /** Every refund made, oldest first. */
  refunds: Refund[];
  /**
   * Every request received: method, path, parsed body, idempotency key, and once answered its
   * HTTP status (`replayed` when it was a saved answer for its key), or `lost` when `loseNext`
   * dropped it.
   */
  requests: { method: string; path: string; body: Record<string, unknown>; idempotencyKey: string | undefined; status?: number; replayed?: boolean; lost?: boolean }[];
  /** Confirms as Stripe.js would after the guest pays (also reachable over HTTP). */
  confirm(id: string, paymentMethod?: string): Promise<Intent>;
  /** A refund made in Stripe's dashboard (delivers `charge.refunded`); throws past what is left. */
  refund(paymentIntentId: string, amount: number): Promise<Refund>;
  /**
   * While on, every new refund (the API's and the dashboard's) is `pending` rather than
   * `succeeded`, as Stripe's are while the card network processes them (Stripe's docs "Refunds":
   * `pending_reason` `processing`); the charge's `amount_refunded` counts it already.
   */
  refundsPending(on: boolean): void;
  /**
   * A pending refund Stripe reports failed (Stripe's docs "Refunds", failed refunds: the card was
   * closed or lost; the money returns to the account's balance): status `failed` with
   * `failure_reason` (default `expired_or_canceled_card`), the charge's `amount_refunded` lowered
   * by it, and `charge.refund.updated` then `refund.failed` delivered with the Refund. Throws for
   * an unknown refund or one not pending.
   */
  failRefund(refundId: string, reason?: string): Promise<Refund>;
  /**
   * A chargeback on the PaymentIntent's charge, as the cardholder's bank opens it: status
   * `needs_response`, `amount` (cents) by default what the charge took less its refunds, at most
   * that; the funds are withdrawn (a `balance_transactions` entry of -amount), the charge shows
   * `disputed: true` and can no longer be refunded (400 `charge_disputed`). Delivers
   * `charge.dispute.created` then `charge.dispute.funds_withdrawn`. Throws when the intent has no
   * succeeded charge or the charge is already disputed. `options` may be the reason alone.
   */
  dispute(paymentIntentId: string, options?: string | { reason?: string; amount?: number }): Promise<Dispute>;
  /**
   * The card network's decision on a dispute: `won` returns the funds (a second balance
   * transaction of +amount, `charge.dispute.funds_reinstated`) and makes the charge refundable
   * again; `lost` keeps them withdrawn. Delivers `charge.dispute.closed` with that status; closing
   * again delivers it again (as a redelivery) but reinstates nothing more.
   */
  closeDispute(disputeId: string, status: 'won' | 'lost' | 'warning_closed'): Promise<Dispute>;
  /** Disputes by id. */
  disputes: Map<string, Dispute>;
  /**
   * While set, every new refund (POST /v1/refunds) is refused as Stripe refuses one it cannot make:
   * 400 `invalid_request_error` with that `code` (`balance_insufficient`: the account's balance
   * cannot cover it, Stripe's docs "Error codes"), nothing refunded. The refusal is saved for its
   * Idempotency-Key as Stripe saves a 400, so the same key replays it; null makes refunds work again.
   */
  refuseRefunds(code: 'balance_insufficient' | null): void;
  /**
   * Makes the next N API calls fail with 500 before anything is done (to test error handling).
   * The SDK retries a 500, so a gateway call fails after `1 + STRIPE_MAX_NETWORK_RETRIES` of them.
   */
  failNext(n: number): void;
  /**
   * Makes the next `times` refunds asked for this PaymentIntent (POST /v1/refunds with its
   * `payment_intent`) fail with 500 before anything is done; other requests go through.
   */
  failNextRefund(paymentIntentId: string, times: number): void;
  /**
   * Delays the next `times` (default 1) requests matching `method` and `path` by `ms`, or until
   * the fault's `release()`. `phase: 'before'` (the default) holds the request inside Stripe
   * before it acts: its Idempotency-Key is in progress, so a request with the same key meanwhile
   * gets Stripe's 409 `idempotency_key_in_use`, and the state is unchanged until it acts.
   * `phase: 'after'`: the action is done, saved for its key and its webhooks delivered, and only
   * the answer is late (a retry with the key gets the saved answer at once). A delay longer than
   * the gateway's timeout makes the SDK give up and retry, as a slow Stripe would.
   */
  delayNext(options: RequestMatch & { ms: number; times?: number; phase?: 'before' | 'after' }): Fault;
  /**
   * Loses the answer of the next `times` (default 1) requests matching `method` and `path`: the
   * request is done as usual (state changed, answer saved for its Idempotency-Key, webhooks
   * delivered) and then the connection is dropped without an answer. The SDK sees a network error
   * (ECONNRESET) and retries with the same key, getting the saved answer (`Idempotent-Replayed`),
   * so one lost answer is invisible to the gateway; `times: 1 + STRIPE_MAX_NETWORK_RETRIES` makes
   * the gateway's call fail with an unknown outcome (PaymentProviderError without a status code).
   */
  loseNext(options: RequestMatch & { times?: number }): Fault;
  /** Ends every fault set by `delayNext` and `loseNext`. */
  clearFaults(): void;
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
  const processingCustomers = new Set<string>();
  /** A test card's details, or a saved card's (by its token). */
  const cardOf = (id: string) => CARDS[id] ?? (paymentMethods.has(id) ? CARDS[(paymentMethods.get(id) as SavedPaymentMethod).token] : undefined);
  const disputes = new Map<string, Dispute>();
  const idempotent = new Map<string, { fingerprint: string; answer: { status: number; body: unknown; executed: boolean } }>();
  const requests: StripeStandIn['requests'] = [];
  let failures = 0;
  let pendingRefunds = false;
  let refusedRefunds: 'balance_insufficient' | null = null;
  const refundFailures = new Map<string, number>();
  /** Idempotency-Keys whose first request is still running. */
  const inProgress = new Set<string>();
  const faults: FaultRule[] = [];
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

  /** A new charge of the intent (Stripe makes one per attempt), its `latest_charge`. */
  const addCharge = (pi: Intent, outcome: { captured: number; failure?: { code: string; message: string } }): Charge => {
    const charge: Charge = {
      id: `ch_${randomBytes(12).toString('hex')}`,
      object: 'charge',
      amount: pi.amount,
      amount_captured: outcome.captured,
      amount_refunded: 0,
      captured: !outcome.failure && outcome.captured > 0,
      currency: pi.currency,
      paid: !outcome.failure,
      refunded: false,
      disputed: false,
      status: outcome.failure ? 'failed' : 'succeeded',
      failure_code: outcome.failure?.code ?? null,
      failure_message: outcome.failure?.message ?? null,
      payment_intent: pi.id,
      metadata: pi.metadata,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    charges.set(charge.id, charge);
    pi.latest_charge = charge.id;
    return charge;
  };

  const confirm = async (id: string, paymentMethod = 'pm_card_visa'): Promise<Intent> => {
    const pi = intents.get(id);
    if (!pi) throw new Error(`no such payment_intent ${id}`);
    const card = cardOf(paymentMethod);
    if (!card || card.decline) {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
      addCharge(pi, { captured: 0, failure: { code: 'card_declined', message: 'Your card was declined.' } });
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
    addCharge(pi, { captured: manual ? 0 : pi.amount });
    await deliver(manual ? 'payment_intent.amount_capturable_updated' : 'payment_intent.succeeded', pi);
    return pi;
  };

  /**
   * Stripe's rules for a refund of a charge: a charge that took money, not charged back (a dispute
   * open or lost, not an inquiry: the dispute's `is_charge_refundable` is false), something left,
   * and no more than is left.
   */
  const refundProblem = (charge: Charge, amount: number): { code: string; message: string; param?: string } | undefined => {
    if (charge.status !== 'succeeded') return { code: 'charge_not_refundable', message: `Charge ${charge.id} has failed; there is nothing to refund.` };
    const chargedBack = [...disputes.values()].some((d) => d.charge === charge.id && !d.is_charge_refundable && d.status !== 'won');
    if (chargedBack) return { code: 'charge_disputed', message: `Charge ${charge.id} has been charged back; cannot issue a refund.` };
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
      status: pendingRefunds ? 'pending' : 'succeeded',
      failure_reason: null,
    };
    refunds.push(refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    await deliver('charge.refunded', charge);
    return refund;
  };
  /** The charge that took the intent's money: its latest, when it succeeded. */
  const chargeOf = (paymentIntentId: string) => {
    const pi = intents.get(paymentIntentId);
    const charge = pi?.latest_charge ? charges.get(pi.latest_charge) : undefined;
    return charge?.status === 'succeeded' ? charge : undefined;
  };
  /** Cents refunded by the refunds of a charge (without a partial capture's released rest). */
  const refundedByRefunds = (chargeId: string) => refunds.filter((r) => r.charge === chargeId && r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);

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
  /** Set by `close()`: answers still going out close their connection, so the server can stop. */
  let closing = false;
  const send = (res: ServerResponse, answer: Answer, headers: Record<string, string> = {}) => {
    res.writeHead(answer.status, {
      'Content-Type': 'application/json',
      'Request-Id': `req_${randomBytes(6).toString('hex')}`,
      ...(closing ? { Connection: 'close' } : {}),
      ...headers,
    });
    res.end(JSON.stringify(answer.body));
  };

  /**
   * One page of a list (Stripe's API reference "Pagination"): newest first, `limit` 1 to 100
   * (10 when left out), after the object `starting_after` or before `ending_before` names.
   * @param items the objects, oldest first
   */
  const listPage = (items: { id: string }[], params: Record<string, unknown>, url: string, what: string): Answer => {
    const newest = [...items].reverse();
    const limit = params.limit === undefined ? 10 : Number(params.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      return error(400, 'invalid_request_error', `Invalid integer: ${String(params.limit)}. This value must be greater than or equal to 1 and less than or equal to 100.`, { code: 'parameter_invalid_integer', param: 'limit' }, false);
    }
    const cursor = typeof params.starting_after === 'string' ? 'starting_after' : typeof params.ending_before === 'string' ? 'ending_before' : undefined;
    if (!cursor) return ok({ object: 'list', data: newest.slice(0, limit), has_more: newest.length > limit, url });
    const at = newest.findIndex((x) => x.id === params[cursor]);
    if (at < 0) return error(400, 'invalid_request_error', `No such ${what}: '${String(params[cursor])}'`, { code: 'resource_missing', param: cursor }, false);
    if (cursor === 'starting_after') return ok({ object: 'list', data: newest.slice(at + 1, at + 1 + limit), has_more: newest.length > at + 1 + limit, url });
    return ok({ object: 'list', data: newest.slice(Math.max(0, at - limit), at), has_more: at - limit > 0, url });
  };

  /** GET /v1/charges (filters `payment_intent`, `customer`), GET /v1/charges/:id (Stripe's docs: "Charges"). */
  const routeCharges = (method: string, id: string | undefined, params: Record<string, unknown>): Answer => {
    if (method !== 'GET') return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: /v1/charges${id ? `/${id}` : ''}).`, {}, false);
    if (id) {
      const charge = charges.get(id);
      return charge ? ok(charge) : error(404, 'invalid_request_error', `No such charge: '${id}'`, { code: 'resource_missing', param: 'id' });
    }
    const customer = typeof params.customer === 'string' ? params.customer : undefined;
    const matching = [...charges.values()].filter(
      (c) => (!params.payment_intent || c.payment_intent === params.payment_intent) && (!customer || intents.get(c.payment_intent)?.customer === customer),
    );
    return listPage(matching, params, '/v1/charges', 'charge');
  };

  /** GET /v1/disputes (filters `payment_intent`, `charge`), GET /v1/disputes/:id (Stripe's docs: "Disputes"). */
  const routeDisputes = (method: string, id: string | undefined, params: Record<string, unknown>): Answer => {
    if (method !== 'GET') return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: /v1/disputes${id ? `/${id}` : ''}).`, {}, false);
    if (id) {
      const dispute = disputes.get(id);
      return dispute ? ok(dispute) : error(404, 'invalid_request_error', `No such dispute: '${id}'`, { code: 'resource_missing', param: 'dispute' });
    }
    const matching = [...disputes.values()].filter((d) => (!params.payment_intent || d.payment_intent === params.payment_intent) && (!params.charge || d.charge === params.charge));
    return listPage(matching, params, '/v1/disputes', 'dispute');
  };

  /**
   * GET /v1/payment_intents/search (Stripe's docs: "Search PaymentIntents" and "Search query
   * language"): the query fields of PaymentIntents (`amount`, `created`, `currency`, `customer`,
   * `metadata['key']`, `status`), `:` exact match, `~` substring, `>` `<` `>=` `<=` `=` on numbers,
   * `-` to negate, clauses joined by spaces, `AND` or `OR` (not both). Newest first; `limit` and
   * `page` (the `next_page` of the answer before). Unlike Stripe, whose index lags up to a minute,
   * an intent is searchable at once.
   */
  const searchIntents = (params: Record<string, unknown>): Answer => {
    if (typeof params.query !== 'string' || params.query.trim() === '') return error(400, 'invalid_request_error', 'Missing required param: query.', { code: 'parameter_missing', param: 'query' }, false);
    const parsed = parseSearchQuery(params.query);
    if (typeof parsed === 'string') return error(400, 'invalid_request_error', `Invalid search query: ${parsed}`, { code: 'parameter_invalid', param: 'query' }, false);
    const limit = params.limit === undefined ? 10 : Number(params.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      return error(400, 'invalid_request_error', `Invalid integer: ${String(params.limit)}. This value must be greater than or equal to 1 and less than or equal to 100.`, { code: 'parameter_invalid_integer', param: 'limit' }, false);
    }
    const offset = typeof params.page === 'string' ? Number(Buffer.from(params.page, 'base64url').toString().replace(/^offset:/, '')) : 0;
    if (!Number.isInteger(offset) || offset < 0) return error(400, 'invalid_request_error', `Invalid page: '${String(params.page)}'`, { code: 'parameter_invalid', param: 'page' }, false);
    const found = [...intents.values()].filter((pi) => matchesSearch(parsed, pi)).reverse();
    const hasMore = found.length > offset + limit;
    return ok({
      object: 'search_result',
      data: found.slice(offset, offset + limit),
      has_more: hasMore,
      next_page: hasMore ? Buffer.from(`offset:${offset + limit}`).toString('base64url') : null,
      url: '/v1/payment_intents/search',
    });
  };

  /** The endpoints, once the request is authenticated. */
  const route = async (method: string, pathname: string, body: Record<string, unknown>): Promise<Answer> => {
    const refundPath = /^\/v1\/refunds(?:\/([^/]+))?$/.exec(pathname);
    if (refundPath) return routeRefunds(method, refundPath[1], body);
    const chargePath = /^\/v1\/charges(?:\/([^/]+))?$/.exec(pathname);
    if (chargePath) return routeCharges(method, chargePath[1], body);
    const disputePath = /^\/v1\/disputes(?:\/([^/]+))?$/.exec(pathname);
    if (disputePath) return routeDisputes(method, disputePath[1], body);
    if (pathname === '/v1/payment_intents/search' && method === 'GET') return searchIntents(body);
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
      addCharge(pi, { captured: 0, failure: { code: failure, message } });
      await deliver('payment_intent.payment_failed', pi);
      return error(402, 'card_error', message, { code: failure, decline_code, payment_intent: pi, payment_method: saved });
    }
    if (body.off_session === 'true' && pi.customer && processingCustomers.has(pi.customer)) {
      pi.payment_method = pm;
      pi.status = 'processing';
      await deliver('payment_intent.processing', pi);
      return ok(expanded(pi, body.expand));
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
      return listPage(
        refunds.filter((r) => (!body.payment_intent || r.payment_intent === body.payment_intent) && (!body.charge || r.charge === body.charge)),
        body,
        '/v1/refunds',
        'refund',
      );
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
    if (refusedRefunds) {
      return error(400, 'invalid_request_error', 'You have insufficient funds in your Stripe account for this refund. Your card balance is too low.', { code: refusedRefunds });
    }
    const problem = refundProblem(charge, amount);
    if (problem) return error(400, 'invalid_request_error', problem.message, { code: problem.code, ...(problem.param ? { param: problem.param } : {}) });
    return ok(await makeRefund(charge, amount, (body.metadata as Record<string, string>) ?? {}, (body.reason as string) ?? null));
  };

  /** The faults of a request (`delayNext`, `loseNext`), taken when it arrives. */
  const takeFaults = (method: string, pathname: string) => {
    const taken = faults.filter((f) => f.matched < f.times && (!f.match.method || f.match.method.toUpperCase() === method) && (typeof f.match.path === 'string' ? f.match.path === pathname : f.match.path.test(pathname)));
    for (const f of taken) {
      f.matched += 1;
      if (f.matched === 1) f.arrived.resolve();
    }
    const wait = (phase: 'before' | 'after') => Promise.all(taken.filter((f) => f.kind === 'delay' && f.phase === phase).map(sleepFor));
    return {
      before: () => wait('before'),
      after: () => wait('after'),
      lose: taken.some((f) => f.kind === 'lose'),
      finish: () => {
        for (const f of taken) {
          f.finished += 1;
          if (f.finished === f.times) f.done.resolve();
        }
      },
    };
  };

  /**
   * Stripe's answer to an arrived request. `before` runs the delays that hold the request inside
   * Stripe: its Idempotency-Key is then in progress, and a request with the same key is refused
   * with a 409.
   */
  const answerFor = async (req: IncomingMessage, url: URL, raw: string, body: Record<string, unknown>, before: () => Promise<unknown>): Promise<{ answer: Answer; headers?: Record<string, string> }> => {
    const method = req.method ?? '';
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const refundOf = method === 'POST' && url.pathname === '/v1/refunds' && typeof body.payment_intent === 'string' ? body.payment_intent : undefined;
    if (refundOf && (refundFailures.get(refundOf) ?? 0) > 0) {
      refundFailures.set(refundOf, (refundFailures.get(refundOf) ?? 0) - 1);
      return { answer: error(500, 'api_error', 'Something went wrong on Stripe’s end.', {}, false) };
    }
    if (failures > 0) {
      failures -= 1;
      return { answer: error(500, 'api_error', 'Something went wrong on Stripe’s end.', {}, false) };
    }
    const auth = req.headers.authorization ?? '';
    const browserConfirm = /^\/v1\/payment_intents\/[^/]+\/confirm$/.test(url.pathname) && auth.startsWith('Bearer pk_');
    if (auth !== `Bearer ${secretKey}` && !browserConfirm) {
      return { answer: error(401, 'invalid_request_error', 'Invalid API Key provided: ' + auth.replace(/^Bearer /, '').slice(0, 8) + '***', {}, false) };
    }
    if (!(method === 'POST' && idempotencyKey)) {
      await before();
      return { answer: await route(method, url.pathname, body) };
    }
    // Stripe's docs ("Idempotent requests"): the first answer for a key is saved once the endpoint
    // runs, and a request with the same key gets it again; one whose endpoint or parameters differ
    // is refused with an idempotency_error, and one that comes while the first is still running
    // with a 409 (error code idempotency_key_in_use), not saved, so it can be retried. One account
    // here, so keys are shared by every client.
    const fingerprint = `${method} ${url.pathname} ${raw}`;
    const saved = idempotent.get(idempotencyKey);
    if (saved && saved.fingerprint !== fingerprint) {
      const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
      return { answer: error(400, 'idempotency_error', message, {}, false) };
    }
    if (saved) {
      await before();
      return { answer: saved.answer, headers: { 'Idempotent-Replayed': 'true' } };
    }
    if (inProgress.has(idempotencyKey)) {
      const message = `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${idempotencyKey}. Please try again later.`;
      return { answer: error(409, 'idempotency_error', message, { code: 'idempotency_key_in_use', doc_url: 'https://stripe.com/docs/error-codes/idempotency-key-in-use' }, false) };
    }
    inProgress.add(idempotencyKey);
    try {
      await before();
      const answer = await route(method, url.pathname, body);
      if (answer.executed) idempotent.set(idempotencyKey, { fingerprint, answer: structuredClone(answer) });
      return { answer };
    } finally {
      inProgress.delete(idempotencyKey);
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const method = req.method ?? '';
    const body = method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(raw);
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const logged: StripeStandIn['requests'][number] = { method, path: url.pathname, body, idempotencyKey };
    requests.push(logged);
    // Browsers (the Stripe.js stand-in) call confirm with the publishable key and CORS.
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
    if (method === 'OPTIONS') return send(res, { status: 204, body: {}, executed: false });
    const fault = takeFaults(method, url.pathname);
    try {
      const { answer, headers } = await answerFor(req, url, raw, body, fault.before);
      // Done and saved at Stripe; the answer is on its way back, late or never.
      await fault.after();
      // A lost answer: the connection drops, which the SDK sees as a network error (ECONNRESET)
      // and retries with the same Idempotency-Key.
      if (fault.lose) {
        logged.lost = true;
        res.socket?.destroy();
      } else {
        Object.assign(logged, { status: answer.status, ...(headers?.['Idempotent-Replayed'] ? { replayed: true } : {}) });
        send(res, answer, headers);
      }
    } finally {
      fault.finish();
    }
  };

  const addFault = (kind: 'delay' | 'lose', options: RequestMatch & { times?: number; ms?: number; phase?: 'before' | 'after' }): Fault => {
    const times = options.times ?? 1;
    if (!Number.isInteger(times) || times < 1) throw new Error(`times must be a positive integer, not ${times}`);
    if (kind === 'delay' && !(Number.isFinite(options.ms) && (options.ms as number) >= 0)) throw new Error('a delay needs ms >= 0');
    const rule: FaultRule = {
      kind,
      match: { ...(options.method ? { method: options.method } : {}), path: options.path },
      times,
      ms: options.ms ?? 0,
      phase: options.phase ?? 'before',
      matched: 0,
      finished: 0,
      released: false,
      wakers: new Set(),
      arrived: deferred(),
      done: deferred(),
    };
    faults.push(rule);
    return {
      arrived: rule.arrived.promise,
      done: rule.done.promise,
      get matched() {
        return rule.matched;
      },
      release: () => releaseFault(rule),
    };
  };

  /** A dispute's balance transaction: `amount` negative when withdrawn, positive when reinstated. */
  const disputeTransaction = (amount: number, charge: Charge, created: number): DisputeBalanceTransaction => ({
    id: `txn_${randomBytes(12).toString('hex')}`,
    object: 'balance_transaction',
    amount,
    fee: 0,
    net: amount,
    currency: charge.currency,
    created,
    description: amount < 0 ? `Chargeback withdrawal for ${charge.id}` : `Chargeback reversal for ${charge.id}`,
    reporting_category: amount < 0 ? 'dispute' : 'dispute_reversal',
    type: 'adjustment',
  });

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
    disputes,
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
    refundsPending: (on) => {
      pendingRefunds = on;
    },
    refuseRefunds: (code) => {
      refusedRefunds = code;
    },
    processOffSession: (customerId, on) => {
      if (on) processingCustomers.add(customerId);
      else processingCustomers.delete(customerId);
    },
    async finishProcessing(paymentIntentId, outcome) {
      const pi = intents.get(paymentIntentId);
      if (!pi || pi.status !== 'processing') throw new Error(`payment_intent ${paymentIntentId} is not processing`);
      if (outcome === 'failed') {
        const failure = { code: 'card_declined', message: 'Your card was declined.' };
        pi.status = 'requires_payment_method';
        pi.last_payment_error = { type: 'card_error', ...failure };
        addCharge(pi, { captured: 0, failure });
        await deliver('payment_intent.payment_failed', pi);
        return structuredClone(pi);
      }
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
      addCharge(pi, { captured: pi.amount });
      await deliver('payment_intent.succeeded', pi);
      return structuredClone(pi);
    },
    async failRefund(refundId, reason = 'expired_or_canceled_card') {
      const refund = refunds.find((r) => r.id === refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      if (refund.status !== 'pending') throw new Error(`refund ${refundId} is ${refund.status}, not pending`);
      refund.status = 'failed';
      refund.failure_reason = reason;
      const charge = charges.get(refund.charge);
      if (charge) {
        charge.amount_refunded -= refund.amount;
        charge.refunded = charge.amount_refunded >= charge.amount;
      }
      await deliver('charge.refund.updated', refund);
      await deliver('refund.failed', refund);
      return structuredClone(refund);
    },
    async dispute(paymentIntentId, options) {
      const { reason = 'fraudulent', amount: asked } = typeof options === 'string' ? { reason: options } : (options ?? {});
      const charge = chargeOf(paymentIntentId);
      if (!charge) throw new Error(`no charge for ${paymentIntentId}`);
      if ([...disputes.values()].some((d) => d.charge === charge.id)) throw new Error(`charge ${charge.id} is already disputed`);
      // Stripe's docs ("The Dispute object"): usually the charge's amount, less when only part of
      // it is disputed; the cardholder cannot claim back what was already refunded.
      const disputable = charge.amount_captured - refundedByRefunds(charge.id);
      const amount = asked ?? disputable;
      if (!Number.isInteger(amount) || amount < 1 || amount > disputable) throw new Error(`a dispute of ${amount} cents on ${charge.id}: between 1 and ${disputable}`);
      charge.disputed = true;
      const created = Math.floor(Date.now() / 1000);
      const dispute: Dispute = {
        id: `dp_${randomBytes(12).toString('hex')}`,
        object: 'dispute',
        amount,
        // The funds are withdrawn from the balance as the dispute opens (Stripe's docs "Disputes").
        balance_transactions: [disputeTransaction(-amount, charge, created)],
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
      await deliver('charge.dispute.funds_withdrawn', dispute);
      return structuredClone(dispute);
    },
    async closeDispute(disputeId, status) {
      const dispute = disputes.get(disputeId);
      if (!dispute) throw new Error(`no dispute ${disputeId}`);
      // Stripe's docs ("Dispute object"): a closed dispute is won, lost or (an inquiry) warning_closed.
      // Won, the funds come back once: a second closing (a redelivery) reinstates nothing more.
      const reinstate = status === 'won' && dispute.balance_transactions.length === 1;
      dispute.status = status;
      if (reinstate) {
        dispute.balance_transactions.push(disputeTransaction(dispute.amount, charges.get(dispute.charge) as Charge, Math.floor(Date.now() / 1000)));
        await deliver('charge.dispute.funds_reinstated', dispute);
      }
      await deliver('charge.dispute.closed', dispute);
      return structuredClone(dispute);
    },
    delayNext: (options) => addFault('delay', options),
    loseNext: (options) => addFault('lose', options),
    clearFaults: () => {
      for (const f of faults.splice(0)) releaseFault(f);
    },
    failNext: (n) => (failures = n),
    failNextRefund: (paymentIntentId, times) => void refundFailures.set(paymentIntentId, times),
    setWebhook: (next) => {
      webhook = next;
    },
    close: () => {
      // A delayed request must not hold the server open.
      closing = true;
      for (const f of faults.splice(0)) releaseFault(f);
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
