import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getBookingInquiry, getDamageDeposit, listBookingEvents, listLedgerEntries, listOwnerNotices, updateOwnerSettings, type MailMessage } from '@ridgeline/core/node';
import { DAMAGE_DEPOSITS_JOB } from '../jobs/job-names.js';
import { CARD_GUEST as GUEST, payStayByCard, startPaymentsTestApp } from '../test-support/payments-test-app.js';
import type { StripeStandIn } from '../test-support/stripe-stand-in.js';
import { type createTestApp, setTestPasswords, signedInAgent } from '../test-support/test-app.js';
import { turnsOf } from './booking-turn.js';

/**
 * The refundable damage deposit through the real app ([deposit.hold], [deposit.release],
 * [deposit.claim]): a temp SQLite, the clock moved by the test (`deps.now`), the hourly job run
 * as the runner runs it, and the Stripe stand-in holding, capturing and cancelling as Stripe does.
 */

const WEBHOOK_SECRET = 'whsec_deposit_test';
const START = new Date('2026-11-21T15:00:00Z');
// Check-in Dec 10 (New York): the hold is placed from Dec 4; check-out Dec 13, released Dec 16.
const STAY = { checkin: '2026-12-10', checkout: '2026-12-13', guests: 2 };
const DEPOSIT = 50_000;

let stripe: StripeStandIn;
let t: ReturnType<typeof createTestApp>;
let mail: MailMessage[];
let now: Date;
let stop: () => Promise<void>;

beforeEach(async () => {
  now = START;
  ({ t, stripe, mail, stop } = await startPaymentsTestApp(WEBHOOK_SECRET, () => now));
  updateOwnerSettings(t.db, { damageDepositCents: DEPOSIT, damageDepositReleaseDays: 3 }, START);
  await setTestPasswords(t.db);
});
afterEach(() => stop());

/** A guest's checkout paid by card (the card saved for the deposit); the webhook confirms it. */
async function paidBooking(stay = STAY) {
  const { id } = await payStayByCard({ t, stripe }, stay, GUEST, 'pm_card_mastercard');
  mail.length = 0;
  return getBookingInquiry(t.db, id)!;
}

const runJob = async (at: string) => {
  now = new Date(at);
  await t.deps.jobs!.runNow(DAMAGE_DEPOSITS_JOB);
  const status = t.deps.jobs!.status().find((j) => j.name === DAMAGE_DEPOSITS_JOB)!;
  expect(status.consecutiveFailures).toBe(0);
};
const holdRequests = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.body.capture_method === 'manual');
const events = (id: number) => listBookingEvents(t.db, id).map((e) => e.kind);

describe('damage deposit ([deposit.hold], [deposit.release])', () => {
  it('is authorized (requires_capture) with the saved card from check-in − 6 days, once, and the guest is told', async () => {
    const booking = await paidBooking();
    expect(booking.stripePaymentMethodId).toMatch(/^pm_/);
    await runJob('2026-12-04T04:30:00Z'); // still Dec 3 in New York
    expect(holdRequests()).toHaveLength(0);
    await runJob('2026-12-04T06:00:00Z');
    await runJob('2026-12-04T07:00:00Z');
    expect(holdRequests()).toHaveLength(1);
    const call = holdRequests()[0]!;
    expect(call.body).toMatchObject({
      amount: String(DEPOSIT),
      confirm: 'true',
      off_session: 'true',
      customer: booking.stripeCustomerId,
      payment_method: booking.stripePaymentMethodId,
      metadata: { bookingId: String(booking.id), kind: 'damage_deposit' },
    });
    const hold = getDamageDeposit(t.db, booking.id)!;
    expect(call.idempotencyKey).toBe(`ridgeline-deposit-${hold.idempotencyKey}`);
    expect(stripe.intents.get(hold.paymentIntentId!)).toMatchObject({ status: 'requires_capture', capture_method: 'manual', amount_capturable: DEPOSIT, amount_received: 0 });
    expect(hold).toMatchObject({ state: 'authorized', releaseOn: '2026-12-16', lapsesAt: '2026-12-11T06:00:00.000Z' });
    expect(mail.map((m) => m.subject)).toEqual(['Damage deposit of $500.00 held on your card for your stay at Ridgeline']);
    expect(mail[0]!.text).toContain('released on 2026-12-16');
    expect(events(booking.id)).toContain('deposit-held');
    const admin = await signedInAgent(t.app);
    const res = await admin.get(`/api/bookings/${booking.id}/damage-deposit`).expect(200);
    expect(res.body.deposit).toEqual({ state: 'authorized', amountCents: DEPOSIT, placeFrom: '2026-12-04', releaseOn: '2026-12-16', claimedCents: null, claimReason: '', failureMessage: null });
    // The guest's page reads the same, by the booking's token only.
    const guest = await request(t.app).get(`/api/stay/${booking.guestToken}/damage-deposit`).expect(200);
    expect(guest.headers['cache-control']).toBe('no-store');
    expect(guest.body.deposit).toMatchObject({ state: 'authorized', amountCents: DEPOSIT, releaseOn: '2026-12-16' });
    await request(t.app).get('/api/stay/not-a-real-token-at-all-xxxxx/damage-deposit').expect(404);
  });

  it('is released on check-out + 3 days (the stand-in shows the PaymentIntent cancelled) and the guest is e-mailed', async () => {
    const booking = await paidBooking();
    await runJob('2026-12-04T12:00:00Z');
    const first = getDamageDeposit(t.db, booking.id)!.paymentIntentId!;
    // Dec 10 12:00 is a day before the Dec 11 lapse, before the Dec 16 release: held again, the old hold cancelled.
    await runJob('2026-12-10T12:00:00Z');
    const second = getDamageDeposit(t.db, booking.id)!.paymentIntentId!;
    expect(second).not.toBe(first);
    expect(stripe.intents.get(first)?.status).toBe('canceled');
    expect(stripe.intents.get(second)?.status).toBe('requires_capture');
    await runJob('2026-12-15T12:00:00Z');
    expect(stripe.intents.get(second)?.status).toBe('requires_capture');
    mail.length = 0;
    await runJob('2026-12-16T06:00:00Z');
    expect(stripe.intents.get(second)?.status).toBe('canceled');
    expect(getDamageDeposit(t.db, booking.id)?.state).toBe('released');
    expect(mail.map((m) => m.subject)).toEqual(['Your damage deposit of $500.00 is released']);
    expect(events(booking.id).filter((k) => k.startsWith('deposit-'))).toEqual(['deposit-held', 'deposit-held', 'deposit-released']);
  });

  it('a declined hold tells the owner at once and goes on the timeline; nothing more is tried', async () => {
    const booking = await paidBooking();
    stripe.failOffSession(booking.stripeCustomerId!, 'card_declined');
    await runJob('2026-12-05T12:00:00Z');
    await runJob('2026-12-05T13:00:00Z');
    expect(holdRequests()).toHaveLength(1);
    expect(getDamageDeposit(t.db, booking.id)).toMatchObject({ state: 'failed', failureMessage: 'Your card was declined.' });
    const notice = listOwnerNotices(t.db).find((n) => n.bookingId === booking.id);
    expect(notice).toMatchObject({ kind: 'payment-failed', subject: `Damage deposit declined for booking ${booking.id}: 2026-12-10 to 2026-12-13` });
    expect(events(booking.id)).toContain('deposit-declined');
    expect(mail.filter((m) => m.to === GUEST.email)).toEqual([]);
  });

  it("a cancelled booking's hold is released at the next run", async () => {
    const booking = await paidBooking();
    await runJob('2026-12-04T12:00:00Z');
    const admin = await signedInAgent(t.app);
    await admin.post(`/api/bookings/${booking.id}/cancel`).send({ refundCents: 0 }).expect(200);
    await runJob('2026-12-04T13:00:00Z');
    expect(stripe.intents.get(getDamageDeposit(t.db, booking.id)!.paymentIntentId!)?.status).toBe('canceled');
    expect(getDamageDeposit(t.db, booking.id)?.state).toBe('released');
  });

  it('a cancelled booking\'s hold is never claimed, even before the job released it (money model finding, issue 23)', async () => {
    const booking = await paidBooking();
    await runJob('2026-12-04T12:00:00Z');
    const admin = await signedInAgent(t.app);
    await admin.post(`/api/bookings/${booking.id}/cancel`).send({}).expect(200);
    const refused = await admin.post(`/api/bookings/${booking.id}/damage-deposit/claim`).send({ amountCents: DEPOSIT, reason: 'Broken lamp' }).expect(409);
    expect(refused.body.error).toBe('This booking is cancelled: its damage deposit is released, not claimed');
    expect(stripe.requests.some((r) => r.path.endsWith('/capture'))).toBe(false);
    expect(listLedgerEntries(t.db, booking.id).filter((e) => e.kind === 'capture')).toEqual([]);
    await runJob('2026-12-04T13:00:00Z');
    expect(getDamageDeposit(t.db, booking.id)?.state).toBe('released');
  });

  it('a claim sent while a cancel is refunding at Stripe waits for it and is refused with its reason, nothing captured ([deposit.claim-guard])', async () => {
    const booking = await paidBooking();
    await runJob('2026-12-04T12:00:00Z');
    const admin = await signedInAgent(t.app);
    const slow = stripe.delayNext({ method: 'POST', path: '/v1/refunds', ms: 60_000 });
    const cancel = admin.post(`/api/bookings/${booking.id}/cancel`).send({ refundCents: 10_000 }).then((r) => r);
    await slow.arrived;
    const claim = admin.post(`/api/bookings/${booking.id}/damage-deposit/claim`).send({ amountCents: DEPOSIT, reason: 'Broken lamp' }).then((r) => r);
    // The claim waits for the cancel's turn (it does nothing meanwhile) before Stripe answers the refund.
    await expect.poll(() => turnsOf(t.db, booking.id)).toBe(2);
    slow.release();
    expect((await cancel).status).toBe(200);
    const refused = await claim;
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ reason: 'cancelled' });
    expect(stripe.requests.some((r) => r.path.endsWith('/capture'))).toBe(false);
    expect(listLedgerEntries(t.db, booking.id).filter((e) => e.kind === 'capture')).toEqual([]);
  });

  it('a claim after the release is refused with 409 saying it was released', async () => {
    const booking = await paidBooking();
    await runJob('2026-12-04T12:00:00Z');
    await runJob('2026-12-16T12:00:00Z');
    expect(getDamageDeposit(t.db, booking.id)?.state).toBe('released');
    const admin = await signedInAgent(t.app);
    const refused = await admin.post(`/api/bookings/${booking.id}/damage-deposit/claim`).send({ amountCents: 100, reason: 'Stain' }).expect(409);
    expect(refused.body).toEqual({ error: 'The damage deposit was already released: nothing is held on the card any more, so nothing can be claimed', reason: 'released' });
    expect(stripe.requests.some((r) => r.path.endsWith('/capture'))).toBe(false);
  });

  it('places nothing with the setting off when the stay was booked', async () => {
    updateOwnerSettings(t.db, { damageDepositCents: null }, START);
    const booking = await paidBooking();
    await runJob('2026-12-05T12:00:00Z');
    expect(holdRequests()).toHaveLength(0);
    const admin = await signedInAgent(t.app);
    expect((await admin.get(`/api/bookings/${booking.id}/damage-deposit`).expect(200)).body.deposit.state).toBe('none');
  });
});

describe('POST /api/bookings/:id/damage-deposit/claim ([deposit.claim])', () => {
  it('captures part of the hold with the reason (the stand-in shows amount_received), e-mails the guest and is audited', async () => {
    const booking = await paidBooking();
    await runJob('2026-12-04T12:00:00Z');
    const pi = getDamageDeposit(t.db, booking.id)!.paymentIntentId!;
    mail.length = 0;
    const admin = await signedInAgent(t.app);
    const res = await admin.post(`/api/bookings/${booking.id}/damage-deposit/claim`).send({ amountCents: 12_500, reason: 'Broken lamp in the den' }).expect(200);
    expect(res.body.deposit).toMatchObject({ state: 'claimed', claimedCents: 12_500, claimReason: 'Broken lamp in the den' });
    expect(stripe.intents.get(pi)).toMatchObject({ status: 'succeeded', amount_received: 12_500 });
    const capture = stripe.requests.find((r) => r.path === `/v1/payment_intents/${pi}/capture`)!;
    expect(capture.body.amount_to_capture).toBe('12500');
    expect(capture.idempotencyKey).toBe(`ridgeline-deposit-claim-${getDamageDeposit(t.db, booking.id)!.claimKey}`);
    expect(mail.map((m) => m.subject)).toEqual(['$125.00 of your damage deposit was charged']);
    expect(mail[0]!.text).toContain('Reason: Broken lamp in the den');
    expect(mail[0]!.text).toContain('The rest, $375.00, is released');
    expect(events(booking.id)).toContain('deposit-claimed');
    const audit = t.db.prepare("SELECT action FROM audit_log WHERE action = 'damage deposit claimed'").all();
    expect(audit).toHaveLength(1);
    // Claimed: a second claim is refused and the release date releases nothing.
    await admin.post(`/api/bookings/${booking.id}/damage-deposit/claim`).send({ amountCents: 100, reason: 'again' }).expect(409);
    await runJob('2026-12-16T12:00:00Z');
    expect(stripe.intents.get(pi)?.status).toBe('succeeded');
  });

  it('answers 400 naming the field for more than the hold or a blank reason, 409 without an authorized hold, 404 for an unknown booking; nothing captured', async () => {
    const booking = await paidBooking();
    const admin = await signedInAgent(t.app);
    const none = await admin.post(`/api/bookings/${booking.id}/damage-deposit/claim`).send({ amountCents: 100, reason: 'Stain' }).expect(409);
    expect(none.body.error).toMatch(/no damage deposit held/);
    await runJob('2026-12-04T12:00:00Z');
    const tooMuch = await admin.post(`/api/bookings/${booking.id}/damage-deposit/claim`).send({ amountCents: DEPOSIT + 1, reason: 'Stain' }).expect(400);
    expect(tooMuch.body).toEqual({ error: 'amountCents: must be at most $500.00 (the hold)', field: 'amountCents' });
    const blank = await admin.post(`/api/bookings/${booking.id}/damage-deposit/claim`).send({ amountCents: 100, reason: '   ' }).expect(400);
    expect(blank.body.field).toBe('reason');
    await admin.post('/api/bookings/99999/damage-deposit/claim').send({ amountCents: 100, reason: 'Stain' }).expect(404);
    expect(stripe.requests.some((r) => r.path.endsWith('/capture'))).toBe(false);
    expect(getDamageDeposit(t.db, booking.id)).toMatchObject({ state: 'authorized', pendingAction: null, claimedCents: null });
  });
});

describe('a claim or release whose outcome is unknown ([deposit.unknown-outcome])', () => {
  const capturePath = (pi: string) => `/v1/payment_intents/${pi}/capture`;
  /** The ledger of the hold's PaymentIntent: what the booking's Money section shows ([money.ledger]). */
  const depositLedger = (bookingId: number, pi: string) =>
    listLedgerEntries(t.db, bookingId)
      .filter((e) => e.paymentIntentId === pi)
      .map((e) => `${e.kind} ${e.amountCents}`);

  it("a capture whose answer is lost is read back from Stripe: claimed, and the guest is told what was charged, never that it was released", async () => {
    const booking = await paidBooking();
    await runJob('2026-12-04T12:00:00Z');
    const pi = getDamageDeposit(t.db, booking.id)!.paymentIntentId!;
    mail.length = 0;
    // Stripe captures, and every answer (the SDK's two retries included) is lost on the way back.
    stripe.loseNext({ method: 'POST', path: capturePath(pi), times: 3 });
    const admin = await signedInAgent(t.app);
    const res = await admin.post(`/api/bookings/${booking.id}/damage-deposit/claim`).send({ amountCents: 12_500, reason: 'Broken lamp in the den' });
    expect(res.status).toBe(200);
    expect(res.body.deposit).toMatchObject({ state: 'claimed', claimedCents: 12_500, claimReason: 'Broken lamp in the den' });
    expect(stripe.intents.get(pi)).toMatchObject({ status: 'succeeded', amount_received: 12_500 });
    expect(stripe.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${pi}`)).toHaveLength(1);
    expect(mail.map((m) => m.subject)).toEqual(['$125.00 of your damage deposit was charged']);
    expect(depositLedger(booking.id, pi)).toEqual(['authorization 50000', 'capture 12500', 'release 37500']);
    // The release date finds it claimed: nothing released, no second e-mail.
    await runJob('2026-12-16T12:00:00Z');
    expect(getDamageDeposit(t.db, booking.id)).toMatchObject({ state: 'claimed', claimedCents: 12_500, pendingAction: null });
    expect(mail.map((m) => m.subject)).toEqual(['$125.00 of your damage deposit was charged']);
    expect(events(booking.id).filter((k) => k.startsWith('deposit-'))).toEqual(['deposit-held', 'deposit-claimed']);
  });

  it('stays pending while Stripe cannot be read, then the job settles it from the PaymentIntent: claimed, once', async () => {
    const booking = await paidBooking();
    await runJob('2026-12-04T12:00:00Z');
    const pi = getDamageDeposit(t.db, booking.id)!.paymentIntentId!;
    mail.length = 0;
    stripe.loseNext({ method: 'POST', path: capturePath(pi), times: 3 });
    stripe.loseNext({ method: 'GET', path: `/v1/payment_intents/${pi}`, times: 3 });
    const admin = await signedInAgent(t.app);
    const res = await admin.post(`/api/bookings/${booking.id}/damage-deposit/claim`).send({ amountCents: 12_500, reason: 'Broken lamp in the den' });
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('Stripe did not answer, so whether the claim went through is not known yet. It stays pending and is settled from Stripe automatically (within about an hour); do not claim again.');
    expect(getDamageDeposit(t.db, booking.id)).toMatchObject({ state: 'authorized', pendingAction: 'claim', claimedCents: 12_500, claimReason: 'Broken lamp in the den' });
    // Pending: no second claim, no release, nothing told yet.
    await admin.post(`/api/bookings/${booking.id}/damage-deposit/claim`).send({ amountCents: 100, reason: 'again' }).expect(409);
    expect(mail).toEqual([]);
    await runJob('2026-12-04T12:05:00Z');
    expect(getDamageDeposit(t.db, booking.id)?.pendingAction).toBe('claim');
    await runJob('2026-12-04T12:11:00Z');
    expect(getDamageDeposit(t.db, booking.id)).toMatchObject({ state: 'claimed', claimedCents: 12_500, claimReason: 'Broken lamp in the den', pendingAction: null });
    expect(mail.map((m) => m.subject)).toEqual(['$125.00 of your damage deposit was charged']);
    expect(depositLedger(booking.id, pi)).toEqual(['authorization 50000', 'capture 12500', 'release 37500']);
    await runJob('2026-12-16T12:00:00Z');
    expect(mail).toHaveLength(1);
    expect(stripe.requests.filter((r) => r.path === `/v1/payment_intents/${pi}/cancel`)).toEqual([]);
  });

  it("a release Stripe refuses because the hold was captured meanwhile (in Stripe's dashboard) records the capture, and the guest is told what was charged", async () => {
    const booking = await paidBooking();
    await runJob('2026-12-04T12:00:00Z');
    const pi = getDamageDeposit(t.db, booking.id)!.paymentIntentId!;
    const dashboard = await fetch(`${stripe.url}${capturePath(pi)}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stripe.secretKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'amount_to_capture=20000',
    });
    expect(dashboard.status).toBe(200);
    mail.length = 0;
    await runJob('2026-12-16T06:00:00Z');
    expect(stripe.requests.filter((r) => r.path === `/v1/payment_intents/${pi}/cancel`)).toHaveLength(1);
    expect(getDamageDeposit(t.db, booking.id)).toMatchObject({ state: 'claimed', claimedCents: 20_000, pendingAction: null });
    expect(mail.map((m) => m.subject)).toEqual(['$200.00 of your damage deposit was charged']);
    expect(mail[0]!.text).not.toContain('Nothing was charged');
    expect(mail[0]!.text).not.toContain('Reason:');
    expect(mail[0]!.text).toContain('The rest, $300.00, is released');
    expect(depositLedger(booking.id, pi)).toEqual(['authorization 50000', 'capture 20000', 'release 30000']);
    const admin = await signedInAgent(t.app);
    expect((await admin.get(`/api/bookings/${booking.id}/damage-deposit`).expect(200)).body.deposit).toMatchObject({ state: 'claimed', claimedCents: 20_000 });
    expect(listBookingEvents(t.db, booking.id).find((e) => e.kind === 'deposit-claimed')?.detail).toBe(
      `Stripe shows $200.00 of the $500.00 damage deposit captured (no claim recorded here); guest e-mailed at ${GUEST.email}`,
    );
  });
});
