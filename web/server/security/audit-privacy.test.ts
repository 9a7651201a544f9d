import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { formatCents, priceStay, type AuditLogResponse } from '@ridgeline/core';
import { getBookingInquiry } from '@ridgeline/core/node';
import { startPaymentsTestApp } from '../test-support/payments-test-app.js';
import { createTestApp, setTestPasswords, signedInAgent } from '../test-support/test-app.js';

/**
 * The audit log keeps no guest e-mail or phone, the booking id instead, and records a guest's own
 * cancellation with its refund ([audit.log], [guest.cancel]), through the real app.
 */
let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

const auditEntries = async (app: Parameters<typeof signedInAgent>[0]) =>
  ((await (await signedInAgent(app, 'security')).get('/api/security/audit-log').expect(200)).body as AuditLogResponse).entries;

describe('no guest e-mail or phone in the audit log ([audit.log])', () => {
  it("records a phone booking the owner adds by its booking id, without the guest's e-mail or phone", async () => {
    const t = createTestApp({}, {}, () => new Date('2026-11-21T15:00:00Z'));
    stop = async () => t.cleanup();
    await setTestPasswords(t.db);
    const admin = await signedInAgent(t.app);
    const res = await admin
      .post('/api/bookings')
      .send({ kind: 'manual', checkin: '2026-12-10', checkout: '2026-12-12', guests: 2, firstName: 'Mary', lastName: 'Jones', email: 'mary.jones@example.com', phone: '+1 706 555 0199', amountPaidCents: 0 })
      .expect(201);
    const added = (await auditEntries(t.app)).find((e) => e.action === 'booking added');
    expect(added).toBeDefined();
    expect(added!.detail).toContain(`booking=${res.body.booking.id as number}`);
    expect(added!.detail).toContain('checkin="2026-12-10"');
    expect(added!.detail).not.toMatch(/mary\.jones|example\.com|555|email=|phone=/);
  });
});

/** A guest's checkout paid by card at the Stripe stand-in and confirmed by its webhook: the booking's id and total. */
async function paidCardBooking(app: Awaited<ReturnType<typeof startPaymentsTestApp>>) {
  const { t, stripe } = app;
  const stay = { checkin: '2026-11-30', checkout: '2026-12-02', guests: 2 };
  const total = priceStay(stay.checkin, stay.checkout)!.totalCents;
  const guest = { firstName: 'Ann', lastName: 'Lee', email: 'ann.lee@example.com', phone: '706-555-0142', message: '', specialRequests: '' };
  const intent = await request(t.app)
    .post('/api/create-payment-intent')
    .send({ amount: total / 100, bookingData: { ...stay, ...guest } })
    .expect(200);
  await stripe.confirm(intent.body.paymentIntentId, 'pm_card_visa');
  const { id } = t.db.prepare('SELECT id FROM booking_inquiries WHERE stripe_payment_intent_id = ?').get(intent.body.paymentIntentId) as { id: number };
  await expect.poll(() => getBookingInquiry(t.db, id)?.status).toBe('confirmed');
  return { id, total };
}

// 2026-11-21 10:00 in Georgia; the stay checks in 9 days later: the default policy refunds half.
const NOW = () => new Date('2026-11-21T15:00:00Z');

describe("cancellations are audited with their refund ([audit.log], [guest.cancel], [booking.cancel])", () => {
  it('records "booking cancelled by guest" in the guest area with the booking id and the refund', async () => {
    const app = await startPaymentsTestApp('whsec_audit_privacy', NOW);
    stop = app.stop;
    const { t } = app;
    await setTestPasswords(t.db);
    const { id, total } = await paidCardBooking(app);

    const cancelled = await request(t.app).post(`/api/stay/${getBookingInquiry(t.db, id)!.guestToken}/cancel`).send({}).expect(200);
    const refund = cancelled.body.refund as { amountCents: number; status: string };
    expect(refund.amountCents).toBe(Math.floor(total / 2));

    const entries = await auditEntries(t.app);
    const entry = entries.find((e) => e.action === 'booking cancelled by guest');
    expect(entry).toMatchObject({ area: 'guest', detail: `booking=${id} refund=${formatCents(refund.amountCents)} (${refund.status})` });
    expect(JSON.stringify(entries)).not.toMatch(/ann\.lee|555-0142/);
    // The console may filter by the new area.
    const guestOnly = ((await (await signedInAgent(t.app, 'security')).get('/api/security/audit-log?area=guest').expect(200)).body as AuditLogResponse).entries;
    expect(guestOnly.map((e) => e.action)).toEqual(['booking cancelled by guest']);
  });

  it("records the refund the owner's cancel made, also when the body named none", async () => {
    const app = await startPaymentsTestApp('whsec_audit_privacy', NOW);
    stop = app.stop;
    const { t } = app;
    await setTestPasswords(t.db);
    const { id, total } = await paidCardBooking(app);
    const admin = await signedInAgent(t.app);
    const res = await admin.post(`/api/bookings/${id}/cancel`).send({}).expect(200);
    const entry = (await auditEntries(t.app)).find((e) => e.action === 'booking cancelled');
    expect(entry).toMatchObject({ area: 'admin', detail: `refund=${formatCents(Math.floor(total / 2))} (${res.body.refund.status as string}) id=${id}` });
  });
});
