import request from 'supertest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStripeGateway, type MailMessage, type Mailer } from '@ridgeline/core/node';
import { startStripeStandIn } from './stripe-stand-in.js';
import type { AppDeps } from '../deps.js';
import { createTestApp } from './test-app.js';

/**
 * The real app with card payments against the Stripe stand-in, listening on a free port so the
 * stand-in delivers its signed webhooks over HTTP as Stripe does, with an in-memory mailer and
 * the clock `now`. `stop()` closes the listener, the database and the stand-in.
 * @param extraDeps more dependencies of the app (e.g. `feedOptions`)
 * @param env more environment variables of its configuration (e.g. `TRUST_PROXY: '1'`)
 */
export async function startPaymentsTestApp(
  webhookSecret: string,
  now: () => Date,
  extraDeps: Partial<AppDeps> = {},
  env: Record<string, string> = {},
) {
  const stripe = await startStripeStandIn();
  const mail: MailMessage[] = [];
  const mailer: Mailer = { enabled: true, send: async (m) => (mail.push(m), { sent: true }) };
  const payments = createStripeGateway({ secretKey: stripe.secretKey, webhookSecret, apiBase: stripe.url });
  const t = createTestApp(env, {}, now, { mailer, payments, ...extraDeps });
  const listening = createServer(t.app);
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  const webhook = {
    url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}/api/stripe/webhook`,
    secret: webhookSecret,
  };
  stripe.setWebhook(webhook);
  return {
    t,
    stripe,
    mail,
    /** Where the stand-in delivers webhooks (to stop and restart deliveries: `stripe.setWebhook`). */
    webhook,
    stop: async () => {
      await new Promise<void>((resolve) => listening.close(() => resolve()));
      t.cleanup();
      await stripe.close();
    },
  };
}

/** What startPaymentsTestApp answers. */
export type PaymentsTestApp = Awaited<ReturnType<typeof startPaymentsTestApp>>;

/** A guest of the card tests: what the checkout's form sends besides the stay. */
export const CARD_GUEST = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: '555-0100',
  message: '',
  specialRequests: '',
};

/**
 * A guest pays a stay by card through the real checkout ([checkout.flow]): the server's quote,
 * `POST /api/create-payment-intent` for its total, the card (`pm_card_visa` unless said)
 * confirmed at the stand-in (its webhook books it). Answers the booking's id, the total in cents,
 * the PaymentIntent's id and the checkout's answer (`res`, its body as the route sent it).
 */
export async function payStayByCard(
  app: Pick<PaymentsTestApp, 't' | 'stripe'>,
  stay: { checkin: string; checkout: string; guests: number },
  guest = CARD_GUEST,
  card = 'pm_card_visa',
) {
  const total = (await request(app.t.app).get('/api/quote').query(stay).expect(200)).body.totalCents as number;
  const res = await request(app.t.app)
    .post('/api/create-payment-intent')
    .send({ amount: total / 100, bookingData: { ...stay, ...guest } })
    .expect(200);
  const paymentIntentId = res.body.paymentIntentId as string;
  await app.stripe.confirm(paymentIntentId, card);
  const id = (
    app.t.db.prepare('SELECT id FROM booking_inquiries WHERE stripe_payment_intent_id = ?').get(paymentIntentId) as {
      id: number;
    }
  ).id;
  return { id, total, paymentIntentId, res };
}
