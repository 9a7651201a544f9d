import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { paidGuestBooking } from '../test-support/guest-bookings.js';
import { createTestApp, setTestPasswords, signedInAgent } from '../test-support/test-app.js';

/**
 * A 0-day tier ("refund if you cancel before check-in") ends at the check-in time on the
 * check-in day ([cancel.refund-due]), by the app's clock in the property's zone: 4:00 PM in
 * Georgia on 2026-12-10 is 21:00 UTC (EST, UTC−5).
 */
const BEFORE_CHECK_IN_ONLY = { tiers: [{ daysBefore: 0, refundBps: 10_000 }] };
const clock = { now: new Date('2026-12-10T20:59:00Z') };

let t: ReturnType<typeof createTestApp> | undefined;
afterEach(() => t?.cleanup());

describe('a 0-day refund tier ends at the check-in time ([cancel.refund-due])', () => {
  it("gives the refund until 4:00 PM on the check-in day, on the guest's page and in the owner's refund quote, and none from 4:00 PM", async () => {
    t = createTestApp({}, {}, () => clock.now);
    await setTestPasswords(t.db);
    const admin = await signedInAgent(t.app);
    const booking = paidGuestBooking(t.db, { cancellationPolicy: BEFORE_CHECK_IN_ONLY });
    const paid = booking.amountPaidCents;
    const guestRefund = async () => (await request(t!.app).get(`/api/stay/${booking.guestToken}`).expect(200)).body.booking.refundTodayCents as number;
    const ownerRefund = async () => (await admin.get(`/api/bookings/${booking.id}/refund-quote`).expect(200)).body.policyRefundCents as number;

    // The evening before, and at 3:59 PM on the day: still before check-in.
    clock.now = new Date('2026-12-10T04:30:00Z');
    expect(await guestRefund()).toBe(paid);
    clock.now = new Date('2026-12-10T20:59:00Z');
    expect(await guestRefund()).toBe(paid);
    expect(await ownerRefund()).toBe(paid);
    // 4:00 PM and the evening of the check-in day: the tier has ended.
    clock.now = new Date('2026-12-10T21:00:00Z');
    expect(await guestRefund()).toBe(0);
    expect(await ownerRefund()).toBe(0);
    clock.now = new Date('2026-12-11T04:30:00Z');
    expect(await ownerRefund()).toBe(0);
  });

  it('cancels from the guest page after 4:00 PM on the check-in day without a refund', async () => {
    clock.now = new Date('2026-12-10T22:00:00Z');
    t = createTestApp({}, {}, () => clock.now);
    const booking = paidGuestBooking(t.db, { cancellationPolicy: BEFORE_CHECK_IN_ONLY });
    // No payments are configured: a refund due would answer 503, so a 200 proves none was due.
    const res = await request(t.app).post(`/api/stay/${booking.guestToken}/cancel`).send({}).expect(200);
    expect(res.body.refund).toBeNull();
    expect(res.body.booking.status).toBe('cancelled');
  });
});
