import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMailer, getBookingInquiry, listBookingChanges, listBookingEvents, listLedgerEntries, listOwnerNotices, updateOwnerSettings } from '@ridgeline/core/node';
import { CLEANING_RECONCILE_JOB, BALANCE_CHARGES_JOB } from '../jobs/job-names.js';
import { CARD_GUEST as GUEST, payStayByCard, startPaymentsTestApp } from '../test-support/payments-test-app.js';
import { startSmtpStandIn } from '../test-support/smtp-stand-in.js';
import type { StripeStandIn } from '../test-support/stripe-stand-in.js';
import { type createTestApp, setTestPasswords, signedInAgent } from '../test-support/test-app.js';

/**
 * Changing a booking's dates or guests (issue 23 finding 10; [booking.change],
 * [booking.change-money], [booking.change-follows]) through the real app on a temp SQLite, the
 * Stripe stand-in (signed webhooks over HTTP) and the SMTP stand-in for the guest's e-mail.
 */

const WEBHOOK_SECRET = 'whsec_booking_change';
const STAY = { checkin: '2027-01-20', checkout: '2027-01-23', guests: 2 };
const LONGER = { checkin: '2027-01-20', checkout: '2027-01-24', guests: 2 };
const SHORTER = { checkin: '2027-01-20', checkout: '2027-01-22', guests: 2 };

let stripe: StripeStandIn;
let t: ReturnType<typeof createTestApp>;
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
let stop: () => Promise<void>;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
let base = Date.parse('2026-11-21T15:00:00Z');
let since = performance.now();
const clock = () => new Date(base + (performance.now() - since));
const at = (iso: string) => {
  base = Date.parse(iso);
  since = performance.now();
};

const logged: string[] = [];

beforeEach(async () => {
  logged.length = 0;
  at('2026-11-21T15:00:00Z');
  smtp = await startSmtpStandIn();
  ({ t, stripe, stop } = await startPaymentsTestApp(WEBHOOK_SECRET, clock, { mailer: createMailer({ smtpUrl: smtp.url, from: 'Ridgeline <stay@example.com>' }, () => {}), logger: { info: () => {}, warn: () => {}, error: (message: string) => void logged.push(message) } }));
  await setTestPasswords(t.db);
  admin = await signedInAgent(t.app);
});
afterEach(async () => {
  await stop();
  await smtp.close();
});

const totalOf = async (stay: typeof STAY) => (await request(t.app).get('/api/quote').query(stay).expect(200)).body.totalCents as number;

/** The guest books and pays at the checkout (a deposit when the settings ask for one); the webhook confirms it. */
async function book(stay = STAY) {
  const { id, total, paymentIntentId } = await payStayByCard({ t, stripe }, stay);
  await expect.poll(() => getBookingInquiry(t.db, id)?.status).toBe('confirmed');
  return { id, total, pi: paymentIntentId };
}

/** A message's text, its quoted-printable soft breaks and `=3D` undone. */
const bodyOf = (m: { data: string }) => m.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
const ledger = (id: number) => listLedgerEntries(t.db, id).map((e) => `${e.kind} ${e.amountCents} ${e.paymentIntentId ?? e.method}`);
const events = (id: number, kind: string) => listBookingEvents(t.db, id).filter((e) => e.kind === kind).map((e) => e.detail);
const changeIntents = (id: number) => [...stripe.intents.values()].filter((pi) => pi.metadata.kind === 'change' && pi.metadata.bookingId === String(id));
const quoteChange = (id: number, to: typeof STAY) => admin.post(`/api/bookings/${id}/change-quote`).send(to);
const saveChange = (id: number, body: Record<string, unknown>) => admin.post(`/api/bookings/${id}/change`).send(body);

describe('the change quote ([booking.change])', () => {
  it('prices the new stay as a new booking, with the difference against the ledger and how it may be settled; nothing changes', async () => {
    updateOwnerSettings(t.db, { damageDepositCents: 10_000 }, clock());
    const longer = await totalOf(LONGER);
    const { id, total } = await book();
    const res = await quoteChange(id, LONGER).expect(200);
    expect(res.body).toMatchObject({ from: STAY, to: LONGER, oldTotalCents: total, newTotalCents: longer, paidCents: total, differenceCents: longer - total, options: ['off_session', 'payment_link', 'offline'] });
    expect(getBookingInquiry(t.db, id)).toMatchObject(STAY);
    expect(listBookingChanges(t.db, id)).toEqual([]);
  });

  it('refuses bad input naming the field, a broken stay rule, and a cancelled booking', async () => {
    const { id } = await book();
    expect((await quoteChange(id, { ...LONGER, guests: 40 }).expect(400)).body.field).toBe('guests');
    expect((await quoteChange(id, { ...LONGER, checkout: '2027-01-19' }).expect(400)).body.field).toBe('checkout');
    updateOwnerSettings(t.db, { minNights: 3 }, clock());
    expect((await quoteChange(id, SHORTER).expect(400)).body).toMatchObject({ field: 'checkout' });
    await admin.post(`/api/bookings/${id}/cancel`).send({ refundCents: 0 }).expect(200);
    expect((await quoteChange(id, LONGER).expect(409)).body.error).toMatch(/cancelled/);
    expect((await saveChange(id, { ...LONGER, settle: 'offline' }).expect(409)).body.error).toMatch(/cancelled/);
    expect(listBookingChanges(t.db, id)).toEqual([]);
  });
});

describe('more nights ([booking.change-money])', () => {
  it('charges the difference off-session on the saved card, in the ledger with its Stripe id; the guest is e-mailed, the cleaning re-planned', async () => {
    updateOwnerSettings(t.db, { damageDepositCents: 10_000 }, clock());
    const longer = await totalOf(LONGER);
    const { id, total } = await book();
    const trigger = vi.spyOn(t.deps.jobs!, 'trigger');
    const res = await saveChange(id, { ...LONGER, settle: 'off_session' }).expect(200);
    expect(res.body.settlement).toMatchObject({ settle: 'off_session', status: 'settled', chargedCents: longer - total, emailed: true });
    expect(res.body.booking).toMatchObject({ ...LONGER, amountPaidCents: longer });
    const [intent] = changeIntents(id);
    expect(intent).toMatchObject({ amount: longer - total, status: 'succeeded' });
    expect(stripe.requests.find((r) => r.path === '/v1/payment_intents' && r.body.off_session === 'true')?.idempotencyKey).toBe(`ridgeline-change-${id}-${res.body.change.id}`);
    expect(ledger(id)).toContain(`charge ${longer - total} ${intent!.id}`);
    const money = (await admin.get(`/api/bookings/${id}/ledger`).expect(200)).body;
    expect(money).toMatchObject({ paidCents: longer, balanceDueCents: 0 });
    expect(events(id, 'changed')[0]).toContain('2027-01-20 to 2027-01-23, 2 guests → 2027-01-20 to 2027-01-24, 2 guests');
    expect(trigger).toHaveBeenCalledWith(CLEANING_RECONCILE_JOB);
    await expect.poll(() => smtp.received.filter((m) => m.subject.includes('has changed')).length).toBe(1);
    const mail = smtp.received.find((m) => m.subject.includes('has changed'))!;
    expect(mail.to).toContain('ann@example.com');
    expect(bodyOf(mail)).toMatch(/We charged \$[\d,.]+ to the card saved with your booking/);
    expect(events(id, 'change-emailed')).toEqual(['Sent to ann@example.com']);
  });

  it('asks the difference by a payment link the guest pays: the link is for the difference, credited once', async () => {
    const longer = await totalOf(LONGER);
    const { id, total } = await book();
    const res = await saveChange(id, { ...LONGER, settle: 'payment_link' }).expect(200);
    expect(res.body.settlement).toMatchObject({ settle: 'payment_link' });
    const token = new URL(res.body.settlement.url as string).searchParams.get('link')!;
    const view = await request(t.app).get(`/api/payment-link/${token}`).expect(200);
    expect(view.body).toMatchObject({ ...LONGER, amountDueCents: longer - total });
    const intent = await request(t.app).post(`/api/payment-link/${token}/payment-intent`).expect(200);
    expect(intent.body.amount).toBe(longer - total);
    await stripe.confirm(intent.body.paymentIntentId, 'pm_card_visa');
    await expect.poll(() => ledger(id)).toContain(`charge ${longer - total} ${intent.body.paymentIntentId}`);
    expect((await admin.get(`/api/bookings/${id}/ledger`).expect(200)).body).toMatchObject({ paidCents: longer, balanceDueCents: 0 });
    await expect.poll(() => smtp.received.some((m) => m.subject.includes('has changed') && bodyOf(m).includes('checkout?link='))).toBe(true);
  });

  it('the guest gets one e-mail that says what changed and holds the payment link, not a second "Pay for your stay"', async () => {
    const longer = await totalOf(LONGER);
    const { id, total } = await book();
    const res = await saveChange(id, { ...LONGER, settle: 'payment_link' }).expect(200);
    expect(res.body.settlement.message).toBe(`Payment link for $${((longer - total) / 100).toFixed(2)} e-mailed to the guest with the change`);
    await expect.poll(() => smtp.received.some((m) => m.subject.includes('has changed'))).toBe(true);
    // Every e-mail the guest got but the booking's confirmation.
    const after = smtp.received.filter((m) => m.to.includes('ann@example.com') && !m.subject.includes('is confirmed'));
    expect(after.map((m) => m.subject)).toEqual(['Your stay at Ridgeline has changed: 2027-01-20 to 2027-01-24']);
    expect(bodyOf(after[0]!)).toContain('Before: 2027-01-20 to 2027-01-23, 2 guests');
    expect(bodyOf(after[0]!)).toContain(`pay it by card here: ${res.body.settlement.url as string}`);
    expect(events(id, 'change-emailed')).toEqual(['Sent to ann@example.com, with the payment link']);
  });

  it("paying the link with another card keeps a guest's own booking's stored card and PaymentIntent ([bookings.payment-link-keeps-card])", async () => {
    const { id, pi } = await book();
    const before = getBookingInquiry(t.db, id)!;
    expect(before.stripePaymentDetails).not.toBeNull();
    const res = await saveChange(id, { ...LONGER, settle: 'payment_link' }).expect(200);
    const token = new URL(res.body.settlement.url as string).searchParams.get('link')!;
    const intent = await request(t.app).post(`/api/payment-link/${token}/payment-intent`).expect(200);
    await stripe.confirm(intent.body.paymentIntentId, 'pm_card_mastercard');
    await request(t.app).post(`/api/payment-link/${token}/confirm`).send({ paymentIntentId: intent.body.paymentIntentId }).expect(200);
    await expect.poll(() => ledger(id)).toContain(`charge ${intent.body.amount as number} ${intent.body.paymentIntentId as string}`);
    const after = getBookingInquiry(t.db, id)!;
    expect(after).toMatchObject({ stripePaymentIntentId: pi, stripeCustomerId: before.stripeCustomerId, stripePaymentMethodId: before.stripePaymentMethodId });
    expect(after.stripePaymentDetails).toEqual(before.stripePaymentDetails);
  });

  it("a phone booking's open payment link for the old amount is cancelled at Stripe; the new link asks the new amount due", async () => {
    const phone = { kind: 'manual', ...STAY, firstName: 'Mary', lastName: 'Jones', email: 'mary@example.com', phone: '', amountPaidCents: 10_000, offlineMethod: 'check' };
    const { booking } = (await admin.post('/api/bookings').send(phone).expect(201)).body as { booking: { id: number; quote: { totalCents: number } } };
    const sent = await admin.post(`/api/bookings/${booking.id}/payment-link`).expect(200);
    const token = new URL(sent.body.url as string).searchParams.get('link')!;
    const old = await request(t.app).post(`/api/payment-link/${token}/payment-intent`).expect(200);
    expect(old.body.amount).toBe(booking.quote.totalCents - 10_000);
    const res = await saveChange(booking.id, { ...LONGER, settle: 'payment_link' }).expect(200);
    expect(stripe.intents.get(old.body.paymentIntentId)?.status).toBe('canceled');
    const due = res.body.booking.quote.totalCents - 10_000;
    expect((await request(t.app).get(`/api/payment-link/${token}`).expect(200)).body.amountDueCents).toBe(due);
    const next = await request(t.app).post(`/api/payment-link/${token}/payment-intent`).expect(200);
    expect(next.body).toMatchObject({ amount: due });
    expect(next.body.paymentIntentId).not.toBe(old.body.paymentIntentId);
    await stripe.confirm(next.body.paymentIntentId, 'pm_card_visa');
    await expect.poll(() => getBookingInquiry(t.db, booking.id)?.paymentStatus).toBe('paid');
    expect((await admin.get(`/api/bookings/${booking.id}/ledger`).expect(200)).body.balanceDueCents).toBe(0);
  });

  it("a lost Stripe answer to the charge never charges twice: the owner's retry asks again with the same key", async () => {
    updateOwnerSettings(t.db, { damageDepositCents: 10_000 }, clock());
    const longer = await totalOf(LONGER);
    const { id, total } = await book();
    // Stripe charges, then every answer (the SDK's retries too) is lost, and so is its webhook.
    stripe.setWebhook(undefined);
    stripe.loseNext({ method: 'POST', path: '/v1/payment_intents', times: 3 });
    const first = await saveChange(id, { ...LONGER, settle: 'off_session' }).expect(200);
    expect(first.body.settlement).toMatchObject({ status: 'open', chargedCents: 0 });
    // The owner sees why in the Money section: the change waits for Stripe.
    expect((await admin.get(`/api/bookings/${id}/ledger`).expect(200)).body.changes).toMatchObject([{ status: 'open', differenceCents: longer - total }]);
    expect(logged).toContain('the change charge got no answer from Stripe; the next change or cancel asks again with the same key');
    expect(getBookingInquiry(t.db, id)).toMatchObject(LONGER);
    expect(changeIntents(id)).toHaveLength(1);
    expect(ledger(id).filter((e) => e.startsWith(`charge ${longer - total}`))).toEqual([]);
    // The owner presses Save change again.
    const again = await saveChange(id, { ...LONGER, settle: 'off_session' }).expect(200);
    expect(again.body.settlement).toMatchObject({ status: 'settled', chargedCents: longer - total });
    expect(again.body.change.id).toBe(first.body.change.id);
    expect(changeIntents(id)).toHaveLength(1);
    expect(ledger(id).filter((e) => e.startsWith(`charge ${longer - total}`))).toHaveLength(1);
    const keyed = stripe.requests.filter((r) => r.idempotencyKey === `ridgeline-change-${id}-${first.body.change.id}`);
    expect(keyed.some((r) => r.replayed)).toBe(true);
    expect(listBookingChanges(t.db, id)).toHaveLength(1);
  });

  it("a lost answer is recorded from Stripe's payment_intent.succeeded webhook; the owner's retry then answers that change", async () => {
    updateOwnerSettings(t.db, { damageDepositCents: 10_000 }, clock());
    const longer = await totalOf(LONGER);
    const { id, total } = await book();
    stripe.loseNext({ method: 'POST', path: '/v1/payment_intents', times: 3 });
    const first = await saveChange(id, { ...LONGER, settle: 'off_session' }).expect(200);
    await expect.poll(() => listBookingChanges(t.db, id)[0]?.status).toBe('settled');
    const [intent] = changeIntents(id);
    expect(ledger(id).filter((e) => e === `charge ${longer - total} ${intent!.id}`)).toHaveLength(1);
    const again = await saveChange(id, { ...LONGER, settle: 'off_session' }).expect(200);
    expect(again.body).toMatchObject({ change: { id: first.body.change.id, status: 'settled' }, settlement: { status: 'settled', chargedCents: longer - total } });
    expect(changeIntents(id)).toHaveLength(1);
    expect(ledger(id).filter((e) => e.startsWith(`charge ${longer - total}`))).toHaveLength(1);
    expect(events(id, 'paid').filter((d) => d.includes('for the change'))).toHaveLength(1);
  });

  it('a cancel meanwhile finishes the open change first, so its charge is in the ledger and refunded with the rest', async () => {
    updateOwnerSettings(t.db, { damageDepositCents: 10_000 }, clock());
    const { id } = await book();
    stripe.setWebhook(undefined);
    stripe.loseNext({ method: 'POST', path: '/v1/payment_intents', times: 3 });
    await saveChange(id, { ...LONGER, settle: 'off_session' }).expect(200);
    expect(listBookingChanges(t.db, id)[0]!.status).toBe('open');
    const [intent] = changeIntents(id);
    const cancel = await admin.post(`/api/bookings/${id}/cancel`).send({}).expect(200);
    expect(ledger(id)).toContain(`charge ${intent!.amount} ${intent!.id}`);
    expect(listBookingChanges(t.db, id)[0]!.status).toBe('settled');
    expect(cancel.body.booking.cancelledAt).not.toBeNull();
  });
});

describe('one net paid ([money.net-paid])', () => {
  it('after a change that refunded and a later one that raised the total, the difference, the balance due and the payment link agree', async () => {
    const shorter = await totalOf(SHORTER);
    const longer = await totalOf(LONGER);
    const { id, total } = await book();
    await saveChange(id, { ...SHORTER, settle: 'refund' }).expect(200);
    expect((await admin.get(`/api/bookings/${id}/ledger`).expect(200)).body).toMatchObject({ netPaidCents: shorter, refundedCents: total - shorter, balanceDueCents: 0 });
    const quote = (await quoteChange(id, LONGER).expect(200)).body as { paidCents: number; differenceCents: number };
    expect(quote).toMatchObject({ paidCents: shorter, differenceCents: longer - shorter });
    const res = await saveChange(id, { ...LONGER, settle: 'payment_link' }).expect(200);
    expect((await admin.get(`/api/bookings/${id}/ledger`).expect(200)).body.balanceDueCents).toBe(longer - shorter);
    const token = new URL(res.body.settlement.url as string).searchParams.get('link')!;
    expect((await request(t.app).get(`/api/payment-link/${token}`).expect(200)).body.amountDueCents).toBe(longer - shorter);
    const intent = await request(t.app).post(`/api/payment-link/${token}/payment-intent`).expect(200);
    expect(intent.body.amount).toBe(longer - shorter);
    await stripe.confirm(intent.body.paymentIntentId, 'pm_card_visa');
    await expect.poll(async () => (await admin.get(`/api/bookings/${id}/ledger`).expect(200)).body.balanceDueCents).toBe(0);
    expect((await admin.get(`/api/bookings/${id}/ledger`).expect(200)).body.netPaidCents).toBe(longer);
  });
});

describe('fewer nights ([booking.change-money])', () => {
  it('refunds the difference through the ledger, per PaymentIntent: the balance first, then the deposit', async () => {
    updateOwnerSettings(t.db, { depositBps: 8_500, balanceDueDays: 30 }, clock());
    const shorter = await totalOf(SHORTER);
    const { id, total, pi: depositPi } = await book();
    at('2026-12-21T15:00:00Z');
    // The owner signs in on the due day: the first session is 30 days old, its absolute lifetime ([auth.session-lifetime]).
    admin = await signedInAgent(t.app);
    await t.deps.jobs!.runNow(BALANCE_CHARGES_JOB);
    const paid = getBookingInquiry(t.db, id)!;
    expect(paid.balance?.status).toBe('paid');
    const balancePi = paid.balance!.paymentIntentId!;
    const deposit = Math.floor((total * 8_500) / 10_000);
    const balance = total - deposit;
    expect(total - shorter).toBeGreaterThan(balance);
    const quote = await quoteChange(id, SHORTER).expect(200);
    expect(quote.body).toMatchObject({ differenceCents: shorter - total, options: ['refund', 'credit'] });
    const res = await saveChange(id, { ...SHORTER, settle: 'refund' }).expect(200);
    expect(res.body.settlement).toMatchObject({ status: 'settled', refundedCents: total - shorter });
    const refunds = listLedgerEntries(t.db, id).filter((e) => e.kind === 'refund');
    expect(refunds.map((e) => [e.paymentIntentId, e.amountCents])).toEqual([
      [balancePi, balance],
      [depositPi, total - shorter - balance],
    ]);
    expect(refunds.every((e) => e.stripeObjectId?.startsWith('re_'))).toBe(true);
    // Each says which change, though Stripe's webhook records it before the change's own answer.
    expect(refunds.every((e) => e.note === `Change ${res.body.change.id}: ${SHORTER.checkin} to ${SHORTER.checkout}, ${SHORTER.guests} guests`)).toBe(true);
    expect(stripe.refunds.map((r) => r.metadata.ridgeline_change_refund)).toEqual(['true', 'true']);
    const money = (await admin.get(`/api/bookings/${id}/ledger`).expect(200)).body;
    expect(money).toMatchObject({ netPaidCents: shorter, refundableCents: shorter });
    // Paid in full for its new total ([money.status-words]), not "Partially refunded".
    expect(getBookingInquiry(t.db, id)?.paymentStatus).toBe('paid');
    // The charge.refunded webhooks tell of our own refunds: no dashboard refund is added.
    await expect.poll(() => stripe.requests.length).toBeGreaterThan(0);
    expect(events(id, 'refunded')).toEqual([`Refunded $${((total - shorter) / 100).toFixed(2)} to the card for the change to 2027-01-20 to 2027-01-22, 2 guests`]);
  });

  it('money paid outside Stripe is given back the same way, with its method, in the ledger; without the method it is refused on offlineMethod', async () => {
    const phone = { kind: 'manual', ...STAY, firstName: 'Mary', lastName: 'Jones', email: 'mary@example.com', phone: '', amountPaidCents: 500_000, offlineMethod: 'check', asCredit: true };
    const { booking } = (await admin.post('/api/bookings').send(phone).expect(201)).body as { booking: { id: number } };
    const quote = (await quoteChange(booking.id, SHORTER).expect(200)).body as { differenceCents: number; options: string[]; refundableCents: number };
    expect(quote).toMatchObject({ options: ['refund', 'credit'], refundableCents: 0 });
    expect(quote.differenceCents).toBeLessThan(0);
    expect((await saveChange(booking.id, { ...SHORTER, settle: 'refund' }).expect(400)).body.field).toBe('offlineMethod');
    expect(listBookingChanges(t.db, booking.id)).toEqual([]);
    const res = await saveChange(booking.id, { ...SHORTER, settle: 'refund', offlineMethod: 'check' }).expect(200);
    expect(res.body.settlement).toMatchObject({ status: 'settled', refundedCents: 0, offlineRefundedCents: -quote.differenceCents });
    expect(ledger(booking.id)).toEqual(['offline_payment 500000 check', `offline_refund ${-quote.differenceCents} check`]);
    expect(stripe.refunds).toEqual([]);
  });

  it('a deposit booking whose balance is not charged yet: the balance changes and follows the new check-in', async () => {
    updateOwnerSettings(t.db, { depositBps: 3_000, balanceDueDays: 30 }, clock());
    const later = { checkin: '2027-02-01', checkout: '2027-02-05', guests: 3 };
    const newTotal = await totalOf(later);
    const { id, total } = await book();
    const deposit = Math.floor((total * 3_000) / 10_000);
    const quote = await quoteChange(id, later).expect(200);
    expect(quote.body).toMatchObject({ differenceCents: newTotal - deposit, options: ['balance'], balance: { amountCents: newTotal - deposit, dueDate: '2027-01-02' } });
    await saveChange(id, { ...later, settle: 'off_session' }).expect(400);
    const res = await saveChange(id, { ...later, settle: 'balance' }).expect(200);
    expect(res.body.booking.balance).toMatchObject({ status: 'scheduled', amountCents: newTotal - deposit, dueDate: '2027-01-02' });
    expect(changeIntents(id)).toEqual([]);
  });
});

describe('a refund Stripe refuses ([booking.change-refund-refused])', () => {
  const refuseChange = async () => {
    const shorter = await totalOf(SHORTER);
    const { id, total, pi } = await book();
    stripe.refuseRefunds('balance_insufficient');
    const res = await saveChange(id, { ...SHORTER, settle: 'refund' }).expect(200);
    return { id, total, pi, shorter, owed: total - shorter, change: res.body.change.id as number, res };
  };
  const settleRefused = (id: number, change: number, body: Record<string, unknown>) => admin.post(`/api/bookings/${id}/changes/${change}/refund`).send(body);

  it('is told to the owner clearly, then retried by card with a new key; the money moves once', async () => {
    const { id, owed, pi, change, res } = await refuseChange();
    expect(res.body.settlement).toMatchObject({ status: 'failed', refundedCents: 0 });
    expect(res.body.settlement.message).toMatch(/refused by Stripe.*retry the refund by card, or record it as given back outside Stripe/i);
    const money = (await admin.get(`/api/bookings/${id}/ledger`).expect(200)).body;
    expect(money.changes).toMatchObject([{ id: change, status: 'failed', refusedCents: owed }]);
    expect(listOwnerNotices(t.db).filter((n) => n.kind === 'money' && n.bookingId === id)).toMatchObject([{ subject: expect.stringContaining('Refund refused on booking') }]);
    expect(events(id, 'refund-failed')[0]).toMatch(/Money section/);
    // A retry while Stripe still refuses stays failed and asks with its own key (a refused key only replays the refusal).
    const refusedAgain = await settleRefused(id, change, { action: 'retry' }).expect(200);
    expect(refusedAgain.body.change.status).toBe('failed');
    stripe.refuseRefunds(null);
    const retried = await settleRefused(id, change, { action: 'retry' }).expect(200);
    expect(retried.body.settlement).toMatchObject({ status: 'settled', refundedCents: owed });
    const keys = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds').map((r) => r.idempotencyKey);
    expect(keys).toEqual([`ridgeline-change-${id}-${change}-refund-${pi}`, `ridgeline-change-${id}-${change}-refund-${pi}-retry1`, `ridgeline-change-${id}-${change}-refund-${pi}-retry2`]);
    expect(ledger(id).filter((e) => e.startsWith('refund '))).toEqual([`refund ${owed} ${pi}`]);
    expect((await admin.get(`/api/bookings/${id}/ledger`).expect(200)).body.changes).toMatchObject([{ status: 'settled', refusedCents: 0 }]);
    // Nothing is left to settle: a second click is refused and moves nothing.
    expect((await settleRefused(id, change, { action: 'retry' }).expect(409)).body.error).toMatch(/no refused refund/);
    expect(stripe.refunds).toHaveLength(1);
  });

  it('can be recorded as given back outside Stripe instead, with its method, in the ledger', async () => {
    const { id, owed, change } = await refuseChange();
    expect((await settleRefused(id, change, { action: 'offline' }).expect(400)).body.field).toBe('method');
    expect((await settleRefused(id, change, { action: 'later' }).expect(400)).body.field).toBe('action');
    await settleRefused(id, 9_999, { action: 'retry' }).expect(404);
    const res = await settleRefused(id, change, { action: 'offline', method: 'check', note: 'check no. 114' }).expect(200);
    expect(res.body.change.status).toBe('settled');
    expect(ledger(id)).toContain(`offline_refund ${owed} check`);
    const money = (await admin.get(`/api/bookings/${id}/ledger`).expect(200)).body;
    expect(money).toMatchObject({ balanceDueCents: 0, creditCents: 0, changes: [{ status: 'settled', refusedCents: 0 }] });
    expect(events(id, 'refunded').at(-1)).toMatch(/by check .*recorded by the owner/);
    await settleRefused(id, change, { action: 'offline', method: 'check' }).expect(409);
    expect(ledger(id).filter((e) => e.startsWith('offline_refund'))).toHaveLength(1);
    expect(stripe.refunds).toEqual([]);
  });
});

describe('the nights ([booking.change])', () => {
  it('refuses nights another stay holds and changes nothing', async () => {
    const { id } = await book();
    await admin.post('/api/bookings').send({ kind: 'owner', checkin: '2027-01-23', checkout: '2027-01-25', guests: 1, firstName: 'Own', lastName: 'Er' }).expect(201);
    const before = ledger(id);
    const res = await saveChange(id, { ...LONGER, settle: 'offline' }).expect(409);
    expect(res.body).toMatchObject({ closedDates: ['2027-01-23'] });
    expect(getBookingInquiry(t.db, id)).toMatchObject(STAY);
    expect(ledger(id)).toEqual(before);
    expect(listBookingChanges(t.db, id)).toEqual([]);
    expect(events(id, 'changed')).toEqual([]);
  });

  it('releases the old nights only when the change is saved: a checkout for them is refused until then, allowed after', async () => {
    const { id } = await book();
    const later = { checkin: '2027-02-01', checkout: '2027-02-04', guests: 2 };
    const { options } = (await quoteChange(id, later).expect(200)).body as { options: string[] };
    // The quote holds nothing: the old nights are still the booking's, the new ones still open.
    await request(t.app).get('/api/quote').query(STAY).expect(409);
    await request(t.app).get('/api/quote').query(later).expect(200);
    const total = await totalOf(later);
    const feed = async () => {
      const url = new URL((await admin.get('/api/calendar/feed').expect(200)).body.platformFeedUrl as string);
      return (await request(t.app).get(url.pathname + url.search).expect(200)).text;
    };
    expect(await feed()).toContain('DTSTART;VALUE=DATE:20270120');
    await saveChange(id, { ...later, settle: options[0] }).expect(200);
    await request(t.app).get('/api/quote').query(later).expect(409);
    // The export feed follows ([ical.export]).
    const after = await feed();
    expect(after).toContain('DTSTART;VALUE=DATE:20270201');
    expect(after).not.toContain('DTSTART;VALUE=DATE:20270120');
    await request(t.app)
      .post('/api/create-payment-intent')
      .send({ amount: total / 100, bookingData: { ...STAY, ...GUEST, email: 'other@example.com' } })
      .expect(200);
  });

  it('a checkout holding the new nights first wins: the change is refused with nothing changed', async () => {
    const { id } = await book();
    const later = { checkin: '2027-02-01', checkout: '2027-02-04', guests: 2 };
    const total = await totalOf(later);
    await request(t.app)
      .post('/api/create-payment-intent')
      .send({ amount: total / 100, bookingData: { ...later, ...GUEST, email: 'other@example.com' } })
      .expect(200);
    const res = await saveChange(id, { ...later, settle: 'offline' }).expect(409);
    expect(res.body.closedDates).toEqual(['2027-02-01', '2027-02-02', '2027-02-03']);
    expect(getBookingInquiry(t.db, id)).toMatchObject(STAY);
  });
});

describe('without SMTP', () => {
  it('does not claim the guest was e-mailed', async () => {
    t.deps.mailer = createMailer({}, () => {});
    const { id } = await book();
    const res = await saveChange(id, { ...LONGER, settle: 'offline' }).expect(200);
    expect(res.body.settlement.emailed).toBe(false);
    expect(events(id, 'change-emailed')[0]).toMatch(/^Not sent/);
  });
});
