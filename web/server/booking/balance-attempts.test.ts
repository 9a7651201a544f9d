import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getBookingInquiry, listBookingEvents, listLedgerEntries, listOwnerNotices, updateOwnerSettings, type MailMessage } from '@ridgeline/core/node';
import { BALANCE_CHARGES_JOB } from '../jobs/job-names.js';
import type { Logger } from '../logger.js';
import { payStayByCard, startPaymentsTestApp } from '../test-support/payments-test-app.js';
import type { StripeStandIn } from '../test-support/stripe-stand-in.js';
import { type createTestApp, setTestPasswords, signedInAgent } from '../test-support/test-app.js';

/**
 * The balance of a stay paid in two parts where the page, the automatic charge and a cancel meet
 * (issue 23, findings 3 and 4; [payments.balance], [money.balance-attempt], [money.late-payment]):
 * the real app on a temp SQLite, listening so the Stripe stand-in delivers signed webhooks, with
 * requests held at the stand-in (`delayNext`) to make the races real. The clock ticks from the
 * time a test sets, so what happened first is earlier, as on a real server.
 */

const WEBHOOK_SECRET = 'whsec_balance_attempts';
const STAY = { checkin: '2027-01-20', checkout: '2027-01-23', guests: 2 };
/** The balance's due date (check-in less 30 days) at 10:00 in New York. */
const DUE = '2026-12-21T15:00:00Z';

let stripe: StripeStandIn;
let t: ReturnType<typeof createTestApp>;
let mail: MailMessage[];
let stop: () => Promise<void>;
let base = Date.parse('2026-11-21T15:00:00Z');
let since = performance.now();
const clock = () => new Date(base + (performance.now() - since));
/** The clock goes on from `iso`. */
const at = (iso: string) => {
  base = Date.parse(iso);
  since = performance.now();
};
const logged: string[] = [];
const logger: Logger = { info: (message) => void logged.push(message), warn: (message) => void logged.push(message), error: (message) => void logged.push(message) };

async function start(extra: Parameters<typeof startPaymentsTestApp>[2] = {}) {
  at('2026-11-21T15:00:00Z');
  logged.length = 0;
  ({ t, stripe, mail, stop } = await startPaymentsTestApp(WEBHOOK_SECRET, clock, { logger, ...extra }));
  updateOwnerSettings(t.db, { depositBps: 3_000, balanceDueDays: 30 }, clock());
}
beforeEach(() => start());
afterEach(() => stop());

/** The guest pays the 30% deposit at the checkout; the webhook confirms the booking. */
async function bookWithDeposit() {
  const { id, total, paymentIntentId } = await payStayByCard({ t, stripe }, STAY);
  await expect.poll(() => getBookingInquiry(t.db, id)?.status).toBe('confirmed');
  const deposit = Math.floor((total * 3_000) / 10_000);
  return { id, total, deposit, balance: total - deposit, token: getBookingInquiry(t.db, id)!.guestToken, depositIntentId: paymentIntentId };
}

const runBalanceJob = () => t.deps.jobs!.runNow(BALANCE_CHARGES_JOB);
const offSessionCharges = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.body.off_session === 'true');
/** The booking's balance PaymentIntents that took money at Stripe. */
const succeededBalanceIntents = (id: number) => [...stripe.intents.values()].filter((pi) => pi.metadata.kind === 'balance' && pi.metadata.bookingId === String(id) && pi.status === 'succeeded');
const refundedAtStripe = (paymentIntentId: string) => stripe.refunds.filter((r) => r.payment_intent === paymentIntentId).reduce((sum, r) => sum + r.amount, 0);
const ledgerOf = (id: number, kind: string, paymentIntentId: string) => listLedgerEntries(t.db, id).filter((e) => e.kind === kind && e.paymentIntentId === paymentIntentId);
/** Starts a request now (supertest sends on `then`); resolves with its answer. */
const send = <T>(req: PromiseLike<T>) => Promise.resolve().then(() => req);

describe('Pay balance clicked but not paid (issue 23 finding 3; [money.balance-attempt])', () => {
  it('an abandoned page PaymentIntent is cancelled at Stripe, then the balance is charged automatically on its due date', async () => {
    const { id, token, balance } = await bookWithDeposit();
    at('2026-12-01T15:00:00Z');
    const page = await request(t.app).post(`/api/stay/${token}/balance-intent`).expect(200);
    // The guest closes the tab without paying.
    at(DUE);
    await runBalanceJob();
    expect(stripe.intents.get(page.body.paymentIntentId)?.status).toBe('canceled');
    const cancelAt = stripe.requests.findIndex((r) => r.path === `/v1/payment_intents/${page.body.paymentIntentId}/cancel`);
    const chargeAt = stripe.requests.indexOf(offSessionCharges()[0]!);
    expect(cancelAt).toBeGreaterThan(-1);
    expect(chargeAt).toBeGreaterThan(cancelAt);
    expect(getBookingInquiry(t.db, id)!.balance).toMatchObject({ status: 'paid', attempts: 1 });
    expect(succeededBalanceIntents(id).map((pi) => pi.amount)).toEqual([balance]);
    // The page's old PaymentIntent can no longer be paid, and there is nothing left to pay.
    await request(t.app).post(`/api/stay/${token}/balance-intent`).expect(409);
  });

  it('while the guest is paying on the page the automatic charge waits; once they left, it cancels their PaymentIntent and charges', async () => {
    const { id, token } = await bookWithDeposit();
    at(DUE);
    const page = await request(t.app).post(`/api/stay/${token}/balance-intent`).expect(200);
    at('2026-12-21T15:05:00Z');
    await runBalanceJob();
    expect(offSessionCharges()).toHaveLength(0);
    expect(stripe.intents.get(page.body.paymentIntentId)?.status).toBe('requires_payment_method');
    at('2026-12-21T15:40:00Z');
    await runBalanceJob();
    expect(stripe.intents.get(page.body.paymentIntentId)?.status).toBe('canceled');
    expect(offSessionCharges()).toHaveLength(1);
    expect(getBookingInquiry(t.db, id)!.balance?.status).toBe('paid');
  });

  it('a page payment that succeeded at Stripe (its webhook and the page both lost) is credited by the job, never charged again', async () => {
    const { id, token, total } = await bookWithDeposit();
    const page = await request(t.app).post(`/api/stay/${token}/balance-intent`).expect(200);
    stripe.setWebhook(undefined);
    await stripe.confirm(page.body.paymentIntentId, 'pm_card_visa');
    at(DUE);
    await runBalanceJob();
    expect(offSessionCharges()).toHaveLength(0);
    expect(getBookingInquiry(t.db, id)).toMatchObject({ amountPaidCents: total, balance: { status: 'paid' } });
    expect(ledgerOf(id, 'charge', page.body.paymentIntentId)).toHaveLength(1);
  });

  it('a page payment still processing at Stripe holds the automatic charge; the owner is told once that the balance was not collected on its due date', async () => {
    const { id, token, balance } = await bookWithDeposit();
    const page = await request(t.app).post(`/api/stay/${token}/balance-intent`).expect(200);
    // A bank debit takes days: Stripe says processing.
    stripe.intents.get(page.body.paymentIntentId)!.status = 'processing';
    at(DUE);
    await runBalanceJob();
    expect(offSessionCharges()).toHaveLength(0);
    expect(stripe.intents.get(page.body.paymentIntentId)?.status).toBe('processing');
    const uncollected = () => listOwnerNotices(t.db).filter((n) => n.bookingId === id && n.kind === 'payment-failed' && n.subject.startsWith('Balance not collected'));
    expect(uncollected()).toHaveLength(0);

    at('2026-12-22T15:00:00Z');
    await runBalanceJob();
    at('2026-12-22T16:00:00Z');
    await runBalanceJob();
    expect(offSessionCharges()).toHaveLength(0);
    expect(uncollected()).toHaveLength(1);
    expect(uncollected()[0]!.text).toContain('due on 2026-12-21');
    expect(uncollected()[0]!.text).toContain('processing');
    expect(listBookingEvents(t.db, id).filter((e) => e.kind === 'payment-failed' && e.detail.includes('not collected'))).toHaveLength(1);

    // The bank's debit goes through: credited once, never charged again.
    await stripe.confirm(page.body.paymentIntentId, 'pm_card_visa');
    await expect.poll(() => getBookingInquiry(t.db, id)!.balance?.status).toBe('paid');
    at('2026-12-23T15:00:00Z');
    await runBalanceJob();
    expect(offSessionCharges()).toHaveLength(0);
    expect(succeededBalanceIntents(id).map((pi) => pi.amount)).toEqual([balance]);
  });
});

describe('races around the automatic balance charge (issue 23 finding 4; [money.balance-attempt])', () => {
  it('(a) a guest cancel during the off-session charge waits for it, then refunds it with the rest: nothing is charged on the cancelled stay', async () => {
    const { id, token } = await bookWithDeposit();
    at(DUE);
    const held = stripe.delayNext({ method: 'POST', path: '/v1/payment_intents', ms: 15_000 });
    const job = runBalanceJob();
    await held.arrived;
    const cancelling = send(request(t.app).post(`/api/stay/${token}/cancel`).send({}));
    let answered = false;
    void cancelling.then(() => (answered = true));
    // Either the cancel went ahead (it must not) or it waits for the charge in flight.
    await expect.poll(() => answered || logged.some((m) => m.includes('waits for the balance attempt'))).toBe(true);
    held.release();
    await job;
    const cancelled = await cancelling;
    expect(cancelled.status).toBe(200);

    const booking = getBookingInquiry(t.db, id)!;
    expect(booking.status).toBe('cancelled');
    const [charged] = succeededBalanceIntents(id);
    expect(charged).toBeDefined();
    // The balance was paid before the stay was cancelled, so the cancel's refund counted it.
    const [entry] = ledgerOf(id, 'charge', charged!.id);
    expect(Date.parse(entry!.at)).toBeLessThan(Date.parse(booking.cancelledAt!));
    expect(stripe.refunds.reduce((sum, r) => sum + r.amount, 0)).toBe(cancelled.body.refund?.amountCents ?? 0);
    expect(refundedAtStripe(charged!.id)).toBe(ledgerOf(id, 'refund', charged!.id).reduce((sum, e) => sum + e.amountCents, 0));
    // No receipt after the cancellation.
    const cancelMail = mail.findIndex((m) => m.subject.includes('is cancelled'));
    const receipt = mail.findIndex((m) => m.subject.startsWith('Receipt: balance'));
    expect(cancelMail).toBeGreaterThan(-1);
    expect(receipt).toBeLessThan(cancelMail);
  });

  it('(a) a cancel that cannot wait long enough is refused and changes nothing; retried, it refunds the balance too', async () => {
    await stop();
    await start({ balanceAttemptWaitMs: 200 });
    const { id, token } = await bookWithDeposit();
    await setTestPasswords(t.db);
    at(DUE);
    // The owner signs in on the due day: a session from the booking's day (30 days before) would
    // reach its absolute lifetime ([auth.session-lifetime]) within this test.
    const admin = await signedInAgent(t.app);
    const held = stripe.delayNext({ method: 'POST', path: '/v1/payment_intents', ms: 15_000 });
    const job = runBalanceJob();
    await held.arrived;
    const refused = await admin.post(`/api/bookings/${id}/cancel`).send({ reason: 'Plans changed' });
    expect(refused.status).toBe(502);
    expect(refused.body.error).toContain('balance');
    expect(getBookingInquiry(t.db, id)!.status).toBe('confirmed');
    const guest = await request(t.app).post(`/api/stay/${token}/cancel`).send({});
    expect(guest.status).toBe(502);
    held.release();
    await job;
    const [charged] = succeededBalanceIntents(id);
    expect(getBookingInquiry(t.db, id)!.balance?.status).toBe('paid');
    const done = await admin.post(`/api/bookings/${id}/cancel`).send({ reason: 'Plans changed' }).expect(200);
    expect(done.body.booking.status).toBe('cancelled');
    expect(stripe.refunds.some((r) => r.payment_intent === charged!.id)).toBe(true);
  });

  it('(a) Stripe charging after the cancel (the attempt outlived its lease) is recorded, refunded automatically and never credited', async () => {
    const { id, token, balance } = await bookWithDeposit();
    at(DUE);
    const held = stripe.delayNext({ method: 'POST', path: '/v1/payment_intents', ms: 15_000 });
    const job = runBalanceJob();
    await held.arrived;
    // Much later by the clock: the attempt's hold has expired (its server is presumed gone).
    at('2026-12-21T16:00:00Z');
    const cancelled = await request(t.app).post(`/api/stay/${token}/cancel`).send({}).expect(200);
    expect(cancelled.body.booking.status).toBe('cancelled');
    const mailBefore = mail.length;
    held.release();
    await job;
    const [charged] = succeededBalanceIntents(id);
    expect(charged?.amount).toBe(balance);
    // Money moved: in the ledger, refunded in full by the late-payment job, the owner told.
    expect(ledgerOf(id, 'charge', charged!.id)).toHaveLength(1);
    await expect.poll(() => refundedAtStripe(charged!.id)).toBe(balance);
    await expect.poll(() => ledgerOf(id, 'refund', charged!.id).reduce((sum, e) => sum + e.amountCents, 0)).toBe(balance);
    await expect.poll(() => listOwnerNotices(t.db).some((n) => n.bookingId === id && n.kind === 'money')).toBe(true);
    // Never credited: no receipt, no confirmation, the balance is the cancelled stay's.
    const booking = getBookingInquiry(t.db, id)!;
    expect(booking).toMatchObject({ status: 'cancelled', balance: { status: 'cancelled', paidAt: null } });
    expect(mail.slice(mailBefore).filter((m) => m.subject.startsWith('Receipt') || m.subject.includes('confirmed'))).toEqual([]);
    expect(listBookingEvents(t.db, id).some((e) => e.kind === 'paid' && e.detail.includes('Balance'))).toBe(false);
  });

  it("the guest paying on the page while the owner's cancel is refunding is refused by Stripe: nothing is kept on the cancelled stay", async () => {
    const { id, token } = await bookWithDeposit();
    const page = await request(t.app).post(`/api/stay/${token}/balance-intent`).expect(200);
    await setTestPasswords(t.db);
    const admin = await signedInAgent(t.app);
    const refunding = stripe.delayNext({ method: 'POST', path: '/v1/refunds', ms: 15_000 });
    const cancelling = send(admin.post(`/api/bookings/${id}/cancel`).send({ reason: 'Owner cannot host' }));
    await refunding.arrived;
    // The guest's open tab confirms with Stripe.js (the publishable key), as the page would.
    const confirm = await fetch(`${stripe.url}/v1/payment_intents/${page.body.paymentIntentId}/confirm`, {
      method: 'POST',
      headers: { Authorization: 'Bearer pk_test_standin', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'payment_method=pm_card_visa',
    });
    refunding.release();
    expect((await cancelling).status).toBe(200);
    await request(t.app).post(`/api/stay/${token}/balance-confirm`).send({ paymentIntentId: page.body.paymentIntentId }).expect(200);
    // Whatever Stripe took for the balance is given back in full; the balance is the cancelled stay's.
    for (const pi of succeededBalanceIntents(id)) await expect.poll(() => refundedAtStripe(pi.id)).toBe(pi.amount);
    expect(confirm.status).toBe(400);
    expect(getBookingInquiry(t.db, id)!.balance).toMatchObject({ status: 'cancelled', paidAt: null });
    expect(mail.filter((m) => m.subject.startsWith('Receipt'))).toEqual([]);
  });

  it('a page payment confirmed while the cancel withdraws it is recorded only after, by the cancel: its refund counts it', async () => {
    const { id, token, total } = await bookWithDeposit();
    const page = await request(t.app).post(`/api/stay/${token}/balance-intent`).expect(200);
    await setTestPasswords(t.db);
    const admin = await signedInAgent(t.app);
    const withdrawing = stripe.delayNext({ method: 'POST', path: `/v1/payment_intents/${page.body.paymentIntentId}/cancel`, ms: 15_000 });
    const cancelling = send(admin.post(`/api/bookings/${id}/cancel`).send({ reason: 'Owner cannot host' }));
    await withdrawing.arrived;
    // The guest pays at that moment; Stripe's webhook comes while the cancel runs, and waits for it.
    await stripe.confirm(page.body.paymentIntentId, 'pm_card_visa');
    expect(logged).toContain('a balance payment arrived while the booking is being cancelled; recorded once the cancel is done');
    expect(getBookingInquiry(t.db, id)!.balance?.status).not.toBe('paid');
    withdrawing.release();
    const cancelled = await cancelling;
    expect(cancelled.status).toBe(200);
    // Paid before the cancel took effect at Stripe: the balance, refunded with the deposit (the
    // policy gives all of it 30 days ahead).
    expect(cancelled.body.refund.amountCents).toBe(total);
    expect(refundedAtStripe(page.body.paymentIntentId)).toBe(stripe.intents.get(page.body.paymentIntentId)!.amount);
    const [charge] = ledgerOf(id, 'charge', page.body.paymentIntentId);
    expect(Date.parse(charge!.at)).toBeLessThan(Date.parse(getBookingInquiry(t.db, id)!.cancelledAt!));
  });

  it('(b) paying on the page while the off-session charge is in flight is refused: the balance is charged once', async () => {
    const { id, token, balance } = await bookWithDeposit();
    at(DUE);
    const held = stripe.delayNext({ method: 'POST', path: '/v1/payment_intents', ms: 15_000 });
    const job = runBalanceJob();
    await held.arrived;
    const page = await request(t.app).post(`/api/stay/${token}/balance-intent`);
    if (page.status === 200) {
      // What the guest's browser would do with it.
      await stripe.confirm(page.body.paymentIntentId, 'pm_card_visa');
      await request(t.app).post(`/api/stay/${token}/balance-confirm`).send({ paymentIntentId: page.body.paymentIntentId });
    }
    held.release();
    await job;
    expect(succeededBalanceIntents(id).map((pi) => pi.amount)).toEqual([balance]);
    expect(page.status).toBe(409);
    expect(page.body.error).toMatch(/already going through/);
    expect(getBookingInquiry(t.db, id)!.balance?.status).toBe('paid');
    expect(listLedgerEntries(t.db, id).filter((e) => e.kind === 'charge' && e.note === 'Balance')).toHaveLength(1);
  });
});

describe('an automatic charge Stripe is still processing ([money.balance-processing])', () => {
  it('whose webhook is lost is read from Stripe at the next try and credited: never charged with a new key', async () => {
    const { id, balance } = await bookWithDeposit();
    stripe.processOffSession(getBookingInquiry(t.db, id)!.stripeCustomerId!, true);
    stripe.setWebhook(undefined);
    at(DUE);
    await runBalanceJob();
    expect(offSessionCharges()).toHaveLength(1);
    const [processing] = [...stripe.intents.values()].filter((pi) => pi.metadata.kind === 'balance' && pi.status === 'processing');
    expect(processing?.amount).toBe(balance);
    // The guest cannot pay it a second way meanwhile.
    await request(t.app).post(`/api/stay/${getBookingInquiry(t.db, id)!.guestToken}/balance-intent`).expect(409);
    // The bank says yes; the webhook telling it never arrives.
    await stripe.finishProcessing(processing!.id, 'succeeded');
    at('2026-12-22T16:00:00Z');
    await runBalanceJob();
    expect(offSessionCharges()).toHaveLength(1);
    expect(succeededBalanceIntents(id).map((pi) => pi.id)).toEqual([processing!.id]);
    expect(getBookingInquiry(t.db, id)!.balance).toMatchObject({ status: 'paid', paymentIntentId: processing!.id });
    expect(ledgerOf(id, 'charge', processing!.id)).toHaveLength(1);
    await runBalanceJob();
    expect(offSessionCharges()).toHaveLength(1);
  });

  it('that failed at the bank is forgotten, and the next try charges again as a new attempt', async () => {
    const { id, balance } = await bookWithDeposit();
    const customer = getBookingInquiry(t.db, id)!.stripeCustomerId!;
    stripe.processOffSession(customer, true);
    stripe.setWebhook(undefined);
    at(DUE);
    await runBalanceJob();
    const [processing] = [...stripe.intents.values()].filter((pi) => pi.metadata.kind === 'balance' && pi.status === 'processing');
    await stripe.finishProcessing(processing!.id, 'failed');
    stripe.processOffSession(customer, false);
    at('2026-12-22T16:00:00Z');
    await runBalanceJob();
    const keys = offSessionCharges().map((r) => r.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    expect(succeededBalanceIntents(id).map((pi) => pi.amount)).toEqual([balance]);
    expect(getBookingInquiry(t.db, id)!.balance?.status).toBe('paid');
  });
});

describe('a cancel while the automatic charge is processing ([money.balance-processing], [money.cancel-open-payments])', () => {
  it('withdraws it at Stripe: nothing is charged on the cancelled stay', async () => {
    const { id, token } = await bookWithDeposit();
    stripe.processOffSession(getBookingInquiry(t.db, id)!.stripeCustomerId!, true);
    at(DUE);
    await runBalanceJob();
    const [processing] = [...stripe.intents.values()].filter((pi) => pi.metadata.kind === 'balance' && pi.status === 'processing');
    expect(processing).toBeDefined();
    await request(t.app).post(`/api/stay/${token}/cancel`).send({}).expect(200);
    await expect.poll(() => stripe.intents.get(processing!.id)?.status).toBe('canceled');
    expect(succeededBalanceIntents(id)).toEqual([]);
    expect(getBookingInquiry(t.db, id)!.status).toBe('cancelled');
  });
});

describe('a balance paid twice ([money.duplicate-payment])', () => {
  it('the second payment is refunded in full automatically, recorded in the ledger, and the owner told', async () => {
    const { id, balance, total } = await bookWithDeposit();
    at(DUE);
    await runBalanceJob();
    expect(getBookingInquiry(t.db, id)!.balance?.status).toBe('paid');
    // Somehow a second balance payment succeeds at Stripe (another install, a replayed page...).
    const created = await fetch(`${stripe.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stripe.secretKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `amount=${balance}&currency=usd&metadata[bookingId]=${id}&metadata[kind]=balance`,
    });
    const second = (await created.json()) as { id: string };
    await stripe.confirm(second.id, 'pm_card_visa');
    await expect.poll(() => refundedAtStripe(second.id)).toBe(balance);
    await expect.poll(() => ledgerOf(id, 'refund', second.id).map((e) => e.amountCents)).toEqual([balance]);
    expect(ledgerOf(id, 'charge', second.id)).toHaveLength(1);
    expect(stripe.requests.find((r) => r.path === '/v1/refunds' && r.body.payment_intent === second.id)?.idempotencyKey).toBe(`ridgeline-duplicate-refund-${second.id}`);
    // The refund's webhook may record the ledger entry before the late-payment job tells the owner.
    const notices = () => listOwnerNotices(t.db).filter((n) => n.bookingId === id && n.kind === 'money').map((n) => n.subject);
    await expect.poll(notices).toEqual(expect.arrayContaining([expect.stringContaining('Balance paid twice'), expect.stringContaining('Second balance payment refunded')]));
    expect(listBookingEvents(t.db, id).some((e) => e.kind === 'refunded' && e.detail.startsWith('Second payment of the balance'))).toBe(true);
    await setTestPasswords(t.db);
    const admin = await signedInAgent(t.app);
    expect((await admin.get(`/api/bookings/${id}/ledger`).expect(200)).body).toMatchObject({ netPaidCents: total, balanceDueCents: 0 });
    // The job again refunds nothing more.
    await t.deps.jobs!.runNow('late-payment-refunds');
    expect(refundedAtStripe(second.id)).toBe(balance);
  });
});
