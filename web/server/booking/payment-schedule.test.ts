import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStripeGateway, getBookingInquiry, updateOwnerSettings, type MailMessage, type Mailer } from '@ridgeline/core/node';
import { startStripeStandIn, type StripeStandIn } from '../test-support/stripe-stand-in.js';
import { createTestApp } from '../test-support/test-app.js';

/**
 * A deposit now and the balance later through the real API ([payments.schedule],
 * [payments.saved-card], [payments.balance]): the app on a temp SQLite with its clock injected,
 * listening so the Stripe stand-in delivers signed webhooks, as Stripe would.
 */

const WEBHOOK_SECRET = 'whsec_schedule_test';
const START = new Date('2026-11-21T15:00:00Z');
// 60 days ahead of START (in New York): a 30-day balance window leaves it due on 2026-12-21.
const STAY = { checkin: '2027-01-20', checkout: '2027-01-23', guests: 2 };
const GUEST = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '555-0100', message: '', specialRequests: '' };

let stripe: StripeStandIn;
let t: ReturnType<typeof createTestApp>;
let listening: Server;
let mail: MailMessage[];
let now: Date;

beforeEach(async () => {
  stripe = await startStripeStandIn();
  mail = [];
  now = START;
  const mailer: Mailer = { enabled: true, send: async (m) => (mail.push(m), { sent: true }) };
  const payments = createStripeGateway({ secretKey: stripe.secretKey, webhookSecret: WEBHOOK_SECRET, apiBase: stripe.url });
  t = createTestApp({}, {}, () => now, { mailer, payments });
  listening = createServer(t.app);
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  stripe.setWebhook({ url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}/api/stripe/webhook`, secret: WEBHOOK_SECRET });
  updateOwnerSettings(t.db, { depositBps: 3_000, balanceDueDays: 30 }, START);
});
afterEach(async () => {
  await new Promise<void>((resolve) => listening.close(() => resolve()));
  t.cleanup();
  await stripe.close();
});

async function quoteTotal(stay = STAY): Promise<number> {
  const res = await request(t.app).get('/api/quote').query(stay).expect(200);
  return res.body.totalCents as number;
}

/** The guest pays the checkout's PaymentIntent with a card; the webhook confirms the booking. */
async function bookWithDeposit(stay = STAY) {
  const total = await quoteTotal(stay);
  const res = await request(t.app)
    .post('/api/create-payment-intent')
    .send({ amount: total / 100, bookingData: { ...stay, ...GUEST } })
    .expect(200);
  await stripe.confirm(res.body.paymentIntentId, 'pm_card_visa');
  const row = t.db.prepare('SELECT id FROM booking_inquiries WHERE stripe_payment_intent_id = ?').get(res.body.paymentIntentId) as { id: number };
  return { total, res, id: row.id };
}

describe('checkout with a deposit ([payments.schedule], [payments.saved-card])', () => {
  it('a stay 60 days ahead with a 30% deposit charges 30% now on a Customer and saves the card', async () => {
    const { total, res, id } = await bookWithDeposit();
    const deposit = Math.floor((total * 3_000) / 10_000);
    expect(res.body).toMatchObject({ amount: deposit, balanceCents: total - deposit, balanceDueDate: '2026-12-21' });
    const customerCall = stripe.requests.find((r) => r.path === '/v1/customers');
    expect(customerCall?.body).toMatchObject({ email: GUEST.email, name: 'Ann Lee' });
    expect(customerCall?.idempotencyKey).toMatch(/^ridgeline-customer-/);
    const intent = stripe.intents.get(res.body.paymentIntentId)!;
    expect(intent).toMatchObject({ amount: deposit, setup_future_usage: 'off_session', status: 'succeeded' });
    expect(stripe.customers.has(intent.customer!)).toBe(true);
    const booking = getBookingInquiry(t.db, id)!;
    expect(booking).toMatchObject({ status: 'confirmed', amountPaidCents: deposit, stripeCustomerId: intent.customer, stripePaymentMethodId: intent.payment_method });
    expect(stripe.paymentMethods.get(booking.stripePaymentMethodId!)?.customer).toBe(intent.customer);
    expect(booking.quote?.paymentSchedule).toEqual({ depositBps: 3_000, depositCents: deposit, balanceCents: total - deposit, balanceDueDate: '2026-12-21' });
    expect(booking.balance).toMatchObject({ status: 'scheduled', amountCents: total - deposit, dueDate: '2026-12-21', attempts: 0 });
  });

  it('a stay inside the balance window pays in full, without a Customer', async () => {
    const { total, res, id } = await bookWithDeposit({ checkin: '2026-12-10', checkout: '2026-12-12', guests: 2 });
    expect(res.body.amount).toBe(total);
    expect(res.body.balanceCents).toBeUndefined();
    expect(stripe.requests.some((r) => r.path === '/v1/customers')).toBe(false);
    expect(getBookingInquiry(t.db, id)).toMatchObject({ amountPaidCents: total, balance: null, stripeCustomerId: null });
  });

  it('with no deposit set the checkout is unchanged: the whole total, no Customer', async () => {
    updateOwnerSettings(t.db, { depositBps: null }, START);
    const { total, res, id } = await bookWithDeposit();
    expect(res.body.amount).toBe(total);
    expect(stripe.intents.get(res.body.paymentIntentId)).toMatchObject({ customer: null, setup_future_usage: null });
    expect(getBookingInquiry(t.db, id)).toMatchObject({ amountPaidCents: total, balance: null });
  });
});
