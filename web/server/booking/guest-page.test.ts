import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { PROPERTY, guestStayResponseSchema } from '@ridgeline/core';
import { updateListing } from '@ridgeline/core/node';
import { createLogger } from '../logger.js';
import { paidGuestBooking as paidBooking } from '../test-support/guest-bookings.js';
import { createTestApp } from '../test-support/test-app.js';

const NOW = new Date('2026-11-20T15:00:00Z');
let t: ReturnType<typeof createTestApp> | undefined;
afterEach(() => t?.cleanup());

describe('GET /api/stay/{token} ([guest.page])', () => {
  it("answers the guest's page: dates, receipt, times, address, policy and today's refund; nothing private", async () => {
    t = createTestApp({}, {}, () => NOW);
    const booking = paidBooking(t.db);
    const res = await request(t.app).get(`/api/stay/${booking.guestToken}`).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const { booking: view } = guestStayResponseSchema.parse(res.body);
    const paid = booking.quote!.totalCents;
    expect(view).toMatchObject({
      reference: booking.id,
      firstName: 'Ann',
      lastName: 'Lee',
      checkin: '2026-12-10',
      checkout: '2026-12-12',
      guests: 4,
      status: 'confirmed',
      kind: 'direct',
      amountPaidCents: paid,
      refundedCents: 0,
      checkInTime: '16:00',
      checkOutTime: '10:00',
      canCancel: true,
      // 20 days before check-in: the full refund.
      refundTodayCents: paid,
    });
    expect(view.receipt.at(-1)).toEqual({ label: 'Total', cents: paid, kind: 'total' });
    expect(view.cancellationPolicy[0]).toBe('Full refund if you cancel at least 14 days before check-in (by Nov 26, 2026).');
    expect(view.property.address).toContain('Blue Ridge');
    for (const secret of ['192.0.2.77', booking.guestToken, 'owner-only note', '4242', 'pi_', 'ann@example.com', '555-0100']) expect(res.text).not.toContain(secret);
  });

  it("names the house and its contact as the owner's listing does ([listing.fields])", async () => {
    t = createTestApp({}, {}, () => NOW);
    const booking = paidBooking(t.db);
    const before = guestStayResponseSchema.parse((await request(t.app).get(`/api/stay/${booking.guestToken}`).expect(200)).body).booking;
    expect(before.property.name).toBe(PROPERTY.name);
    expect(updateListing(t.db, { name: 'Laurel Ridge Lodge', contactPhone: '+1 706 555 0199', contactEmail: 'stay@laurelridge.example' }).ok).toBe(true);
    const after = guestStayResponseSchema.parse((await request(t.app).get(`/api/stay/${booking.guestToken}`).expect(200)).body).booking;
    expect(after.property).toMatchObject({ name: 'Laurel Ridge Lodge', phone: '+1 706 555 0199', email: 'stay@laurelridge.example' });
  });

  it("gives the refund by the injected clock in the property's zone", async () => {
    // 03:00 UTC on Dec 4 is still Dec 3 in Georgia: 7 days before check-in, half.
    t = createTestApp({}, {}, () => new Date('2026-12-04T03:00:00Z'));
    const booking = paidBooking(t.db);
    const res = await request(t.app).get(`/api/stay/${booking.guestToken}`).expect(200);
    expect(res.body.booking.refundTodayCents).toBe(Math.floor(booking.quote!.totalCents / 2));
  });

  it('answers the same 404 for an unknown and a malformed token, and never logs the token', async () => {
    const logs: Record<string, unknown>[] = [];
    t = createTestApp({}, {}, () => NOW, { logger: createLogger({ write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) }) });
    const booking = paidBooking(t.db);
    const unknown = await request(t.app).get(`/api/stay/${'A'.repeat(32)}`).expect(404);
    const malformed = await request(t.app).get('/api/stay/short').expect(404);
    const hostile = await request(t.app).get(`/api/stay/${encodeURIComponent("x' OR '1'='1' -- aaaaaaaaaaaa")}`).expect(404);
    expect(unknown.body).toEqual({ error: 'We could not find this booking' });
    expect(malformed.body).toEqual(unknown.body);
    expect(hostile.body).toEqual(unknown.body);
    await request(t.app).get(`/api/stay/${booking.guestToken}`).expect(200);
    await expect.poll(() => logs.filter((l) => l.message === 'request').length).toBeGreaterThanOrEqual(4);
    const text = JSON.stringify(logs);
    expect(text).not.toContain(booking.guestToken);
    expect(text).not.toContain('A'.repeat(32));
    expect(logs.find((l) => l.message === 'request' && (l.res as { status: number }).status === 200)).toMatchObject({ req: { method: 'GET', path: '/api/stay/:token' } });
  });
});

describe("the guest's page in the browser: /stay/{token} ([guest.page])", () => {
  it('serves the app never indexed and without referrer, 404 unless the token is a booking\'s', async () => {
    t = createTestApp({}, {}, () => NOW);
    const booking = paidBooking(t.db);
    const page = await request(t.app).get(`/stay/${booking.guestToken}`).expect(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(page.text).toContain('<meta name="referrer" content="no-referrer" />');
    expect(page.text).toContain('<div id="root">');
    for (const path of [`/stay/${'B'.repeat(40)}`, '/stay/nope', `/review/${'B'.repeat(40)}`]) {
      const missing = await request(t.app).get(path).expect(404);
      expect(missing.text).toContain('<meta name="robots" content="noindex, nofollow" />');
      expect(missing.headers['referrer-policy']).toBe('no-referrer');
    }
    await request(t.app).get(`/review/${booking.guestToken}`).expect(200);
    // Every other page is as before: indexable, with the site's referrer policy.
    const home = await request(t.app).get('/').expect(200);
    expect(home.text).not.toContain('noindex');
    expect(home.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
