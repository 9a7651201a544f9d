import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { priceStay } from '@ridgeline/core';
import { createStripeGateway, listBookingEvents, type MailMessage, type Mailer } from '@ridgeline/core/node';
import { startStripeStandIn, type StripeStandIn } from '../test-support/stripe-stand-in.js';
import { type createTestApp, type signedInAgent, createSignedInTestApp } from '../test-support/test-app.js';

const NOW = new Date('2026-11-21T15:00:00Z');
const stay = { checkin: '2026-12-10', checkout: '2026-12-12', guests: 2 };
const TOTAL = priceStay(stay.checkin, stay.checkout)!.totalCents;
const guest = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '555-0110', message: 'Can we bring a dog?' };

let stripe: StripeStandIn;
let t: ReturnType<typeof createTestApp>;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
let mail: MailMessage[];

async function start(withPayments: boolean) {
  mail = [];
  const mailer: Mailer = { enabled: true, send: async (m) => (mail.push(m), { sent: true }) };
  const payments = withPayments ? createStripeGateway({ secretKey: stripe.secretKey, webhookSecret: 'whsec_test', apiBase: stripe.url }) : undefined;
  ({ admin, ...t } = await createSignedInTestApp({}, {}, () => NOW, { payments, mailer }));
}
const requestToBook = async () => (await request(t.app).post('/api/booking-inquiry').send({ ...guest, ...stay }).expect(201)).body.booking as { id: number; status: string };
const bookable = async () =>
  ((await request(t.app).get('/api/availability/public').query({ startDate: '2026-12-10', endDate: '2026-12-11' }).expect(200)).body.days as { bookable: boolean }[]).map((d) => d.bookable);
const audit = (action: string) => t.db.prepare('SELECT detail FROM audit_log WHERE action = ?').all(action) as { detail: string }[];

beforeEach(async () => {
  stripe = await startStripeStandIn();
});
afterEach(async () => {
  t.cleanup();
  await stripe.close();
});

describe('a request to book [booking.request]', () => {
  it('holds no night and tells the owner', async () => {
    await start(false);
    const booking = await requestToBook();
    expect(booking.status).toBe('inquiry');
    expect(await bookable()).toEqual([true, true]);
    const notices = t.db.prepare('SELECT kind, subject, text, booking_id AS bookingId FROM owner_notices').all() as { kind: string; subject: string; text: string; bookingId: number }[];
    expect(notices).toEqual([expect.objectContaining({ kind: 'booking-request', subject: 'Request to book: Dec 10 – Dec 12, 2026 (2 nights, 2 guests)', bookingId: booking.id })]);
    expect(notices[0]!.text).toContain('Can we bring a dog?');
  });

  it('accepted with payments on: its nights close and the guest is e-mailed the payment link for the total, once', async () => {
    await start(true);
    const { id } = await requestToBook();
    const accepted = await admin.post(`/api/bookings/${id}/request/accept`).expect(200);
    expect(accepted.body).toMatchObject({ accepted: true, booking: { id, kind: 'manual', status: 'confirmed' }, paymentLink: { amountDueCents: TOTAL, emailed: true } });
    expect(accepted.body.paymentLink.url).toMatch(/\/checkout\?link=/);
    expect(await bookable()).toEqual([false, false]);
    expect(mail.filter((m) => m.to === guest.email).map((m) => m.subject)).toEqual(['Pay for your stay at Ridgeline: 2026-12-10 to 2026-12-12']);
    // The link's page asks for the total.
    const token = new URL(accepted.body.paymentLink.url as string).searchParams.get('link');
    expect((await request(t.app).get(`/api/payment-link/${token}`).expect(200)).body).toMatchObject({ amountDueCents: TOTAL });
    // Idempotent: a second accept changes nothing and sends nothing.
    const again = await admin.post(`/api/bookings/${id}/request/accept`).expect(200);
    expect(again.body).toMatchObject({ accepted: false, paymentLink: null, booking: { id, kind: 'manual' } });
    expect(mail.filter((m) => m.to === guest.email)).toHaveLength(1);
    expect(listBookingEvents(t.db, id).filter((e) => e.kind === 'request-accepted')).toHaveLength(1);
    expect(audit('booking request accepted')).toHaveLength(2);
    expect(audit('booking request accepted')[0]!.detail).toContain(`booking=${id}`);
    // Accepted is not declined.
    expect((await admin.post(`/api/bookings/${id}/request/decline`).expect(409)).body).toMatchObject({ reason: 'accepted' });
  });

  it('accepted with payments off: booked, no link', async () => {
    await start(false);
    const { id } = await requestToBook();
    const accepted = await admin.post(`/api/bookings/${id}/request/accept`).expect(200);
    expect(accepted.body).toMatchObject({ accepted: true, paymentLink: null, booking: { kind: 'manual' } });
    expect(mail.filter((m) => m.to === guest.email)).toEqual([]);
  });

  it('is refused when a night was taken meanwhile, changing nothing', async () => {
    await start(true);
    const { id } = await requestToBook();
    await admin.post('/api/bookings').send({ kind: 'owner', checkin: '2026-12-11', checkout: '2026-12-13', guests: 1, firstName: 'Sam' }).expect(201);
    const refused = await admin.post(`/api/bookings/${id}/request/accept`).expect(409);
    expect(refused.body).toMatchObject({ reason: 'closed', closedDates: ['2026-12-11'] });
    expect((await admin.get('/api/booking-inquiries').expect(200)).body.find((b: { id: number }) => b.id === id)).toMatchObject({ kind: 'direct', status: 'inquiry' });
    expect(mail.filter((m) => m.to === guest.email)).toEqual([]);
  });

  it('declined: cancelled without money, the guest e-mailed once', async () => {
    await start(true);
    const { id } = await requestToBook();
    const declined = await admin.post(`/api/bookings/${id}/request/decline`).expect(200);
    expect(declined.body).toMatchObject({ declined: true, emailed: true, booking: { id, status: 'cancelled', cancelReason: 'Request declined', amountPaidCents: 0 } });
    expect(mail.filter((m) => m.to === guest.email).map((m) => m.subject)).toEqual(['Your request to stay at Ridgeline: 2026-12-10 to 2026-12-12']);
    expect((await admin.post(`/api/bookings/${id}/request/decline`).expect(200)).body).toMatchObject({ declined: false, emailed: false });
    expect(mail.filter((m) => m.to === guest.email)).toHaveLength(1);
    expect((await admin.post(`/api/bookings/${id}/request/accept`).expect(409)).body).toMatchObject({ reason: 'declined' });
    expect(audit('booking request declined')).toHaveLength(2);
    expect(stripe.intents.size).toBe(0);
  });

  it('answers 400 naming the id, 404 for an unknown booking, 409 for a booking that is no request, 401 without a session', async () => {
    await start(true);
    expect((await admin.post('/api/bookings/abc/request/accept').expect(400)).body.field).toBe('id');
    expect((await admin.post('/api/bookings/9999/request/decline').expect(404)).body.reason).toBe('not-found');
    const phone = (await admin.post('/api/bookings').send({ kind: 'manual', ...stay, firstName: 'Mary', lastName: 'Jones' }).expect(201)).body.booking.id as number;
    expect((await admin.post(`/api/bookings/${phone}/request/accept`).expect(409)).body.reason).toBe('not-a-request');
    const { id } = await requestToBook();
    await request(t.app).post(`/api/bookings/${id}/request/accept`).expect(401);
  });
});
