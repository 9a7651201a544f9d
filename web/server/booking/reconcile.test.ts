import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatCents, type JobStatus } from '@ridgeline/core';
import { recordBookingMoney } from '@ridgeline/core/node';
import { startPaymentsTestApp } from '../test-support/payments-test-app.js';
import type { StripeStandIn } from '../test-support/stripe-stand-in.js';
import { type createTestApp, setTestPasswords, signedInAgent } from '../test-support/test-app.js';

/**
 * The reconciliation job ([money.reconcile]) through the real server, its job runner and the Stripe
 * stand-in: money moved only at Stripe (its dashboard, no webhook delivered) reaches the ledger and
 * the reports after the console's Run now; what cannot be explained is a finding until it is.
 */

const WEBHOOK_SECRET = 'whsec_reconcile';
// 10:00 in Blue Ridge on 2026-11-21: the statement's year is 2026.
const NOW = new Date('2026-11-21T15:00:00Z');
const guest = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '', message: '', specialRequests: '' };

let t: ReturnType<typeof createTestApp>;
let stripe: StripeStandIn;
let stop: () => Promise<void>;
let now: Date;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
let security: Awaited<ReturnType<typeof signedInAgent>>;
beforeEach(async () => {
  now = NOW;
  ({ t, stripe, stop } = await startPaymentsTestApp(WEBHOOK_SECRET, () => now));
  await setTestPasswords(t.db);
  admin = await signedInAgent(t.app);
  security = await signedInAgent(t.app, 'security');
});
afterEach(() => stop());

/** A guest books and pays through the real checkout; answers the booking id, its PaymentIntent and total (cents). */
async function bookAndPay(checkin: string, checkout: string) {
  const q = (await request(t.app).get('/api/quote').query({ checkin, checkout, guests: 2 }).expect(200)).body as { totalCents: number };
  const intent = await request(t.app)
    .post('/api/create-payment-intent')
    .send({ amount: q.totalCents / 100, bookingData: { checkin, checkout, guests: 2, ...guest } })
    .expect(200);
  const paymentIntentId = intent.body.paymentIntentId as string;
  await stripe.confirm(paymentIntentId);
  const res = await request(t.app).post('/api/booking-inquiry').send({ ...guest, checkin, checkout, guests: 2, stripePaymentIntentId: paymentIntentId });
  // The webhook may have stored it first (200) or this call does (201).
  expect([200, 201]).toContain(res.status);
  return { bookingId: res.body.booking.id as number, paymentIntentId, totalCents: q.totalCents };
}

const reconcileJob = async () => ((await security.get('/api/security/jobs').expect(200)).body.jobs as JobStatus[]).find((j) => j.name === 'reconcile')!;

/** The console's Run now, then waits for the run to end; answers the job's state. */
async function runNow() {
  const before = (await reconcileJob()).runs;
  await security.post('/api/security/jobs/reconcile/run').expect(202);
  await expect.poll(async () => (await reconcileJob()).running === false && (await reconcileJob()).runs > before, { timeout: 15_000 }).toBe(true);
  return reconcileJob();
}

type Ledger = { entries: { kind: string; amountCents: number; source: string; stripeObjectId: string | null; paymentIntentId: string | null }[]; refundedCents: number; disputedCents: number };
const ledger = async (bookingId: number) => (await admin.get(`/api/bookings/${bookingId}/ledger`).expect(200)).body as Ledger;
const statementPayouts = async () => /<div>Payouts<strong>([^<]+)<\/strong><\/div>/.exec((await admin.get('/api/reports/statement?year=2026').expect(200)).text)?.[1];

describe('the reconcile job ([money.reconcile])', () => {
  it('adds a refund and a dispute made only at Stripe with source reconcile, the reports follow, and a second run adds nothing', async () => {
    const stay = await bookAndPay('2026-12-10', '2026-12-13');
    const other = await bookAndPay('2026-12-20', '2026-12-22');
    expect(await statementPayouts()).toBe(formatCents(stay.totalCents + other.totalCents));

    // The owner refunds $100 and a cardholder disputes in Stripe's dashboard; no webhook reaches the server.
    stripe.setWebhook(undefined);
    const refund = await stripe.refund(stay.paymentIntentId, 10_000);
    const dispute = await stripe.dispute(other.paymentIntentId, { amount: 5_000 });
    expect((await ledger(stay.bookingId)).entries.map((e) => e.kind)).toEqual(['charge']);
    expect((await ledger(other.bookingId)).disputedCents).toBe(0);

    const job = await runNow();
    expect(job).toMatchObject({ lastError: null, findings: [] });
    const refunded = await ledger(stay.bookingId);
    expect(refunded.entries.filter((e) => e.kind === 'refund')).toEqual([
      expect.objectContaining({ amountCents: 10_000, source: 'reconcile', stripeObjectId: refund.id, paymentIntentId: stay.paymentIntentId }),
    ]);
    expect(refunded.refundedCents).toBe(10_000);
    const disputed = await ledger(other.bookingId);
    expect(disputed.entries.filter((e) => e.kind.startsWith('dispute'))).toEqual([
      expect.objectContaining({ kind: 'dispute_opened', amountCents: 5_000, source: 'reconcile', stripeObjectId: dispute.id, paymentIntentId: other.paymentIntentId }),
    ]);
    expect(disputed.disputedCents).toBe(5_000);
    // The reports read the ledger: the payouts lost the $100 refunded and the $50 the dispute holds ([money.payout]).
    expect(await statementPayouts()).toBe(formatCents(stay.totalCents + other.totalCents - 10_000 - 5_000));

    // The dispute is lost at Stripe, still unheard: the next run records that, and nothing twice.
    await stripe.closeDispute(dispute.id, 'lost');
    await runNow();
    await runNow();
    expect((await ledger(stay.bookingId)).entries.map((e) => [e.kind, e.source])).toEqual([
      ['charge', 'stripe'],
      ['refund', 'reconcile'],
    ]);
    expect((await ledger(other.bookingId)).entries.map((e) => [e.kind, e.source])).toEqual([
      ['charge', 'stripe'],
      ['dispute_opened', 'reconcile'],
      ['dispute_lost', 'reconcile'],
    ]);
  });

  it('a charge on a PaymentIntent Stripe says never succeeded is a finding in the Background Jobs, told to the owner once, resolved once the guest pays', async () => {
    const stay = await bookAndPay('2026-12-10', '2026-12-13');
    // A PaymentIntent of the booking recorded as paid before Stripe took anything.
    const open = await t.deps.payments!.createPaymentIntent({ amountCents: 20_000, description: 'Extra', metadata: { bookingId: String(stay.bookingId) }, idempotencyKey: 'reconcile-test-extra' });
    recordBookingMoney(t.db, stay.bookingId, { kind: 'charge', amountCents: 20_000, at: NOW.toISOString(), source: 'stripe', stripeObjectId: open.id, paymentIntentId: open.id }, NOW);

    const text = `The ledger records a charge of $200.00 on ${open.id}, but Stripe says it never succeeded (status requires_payment_method).`;
    const found = await runNow();
    expect(found.findings).toEqual([expect.objectContaining({ bookingId: stay.bookingId, paymentIntentId: open.id, text })]);
    await runNow();
    expect((await reconcileJob()).findings).toHaveLength(1);
    const notices = t.db.prepare("SELECT subject, text FROM owner_notices WHERE kind = 'money'").all() as { subject: string; text: string }[];
    expect(notices).toEqual([{ subject: `Money to check on booking ${stay.bookingId}`, text: expect.stringContaining(text) }]);

    // The guest pays it (the webhook is lost): explained now, the finding is resolved, nothing added.
    stripe.setWebhook(undefined);
    await stripe.confirm(open.id);
    expect((await runNow()).findings).toEqual([]);
    expect(t.db.prepare('SELECT resolved_at FROM reconcile_findings').all()).toEqual([{ resolved_at: NOW.toISOString() }]);
    expect((await ledger(stay.bookingId)).entries.map((e) => e.kind)).toEqual(['charge', 'charge']);
  });

  it('leaves bookings without Stripe activity in the last 120 days alone', async () => {
    const stay = await bookAndPay('2026-12-10', '2026-12-13');
    stripe.setWebhook(undefined);
    await stripe.refund(stay.paymentIntentId, 5_000);
    // 121 days later by the server's clock, the booking and its money are out of the window.
    now = new Date(NOW.getTime() + 121 * 24 * 60 * 60 * 1000);
    // The sessions expired meanwhile.
    admin = await signedInAgent(t.app);
    security = await signedInAgent(t.app, 'security');
    await runNow();
    expect((await ledger(stay.bookingId)).entries.map((e) => e.kind)).toEqual(['charge']);
  });
});
