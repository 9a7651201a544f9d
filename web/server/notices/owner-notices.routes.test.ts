import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addOwnerNotice, createBookingInquiry, createMailer, recordBookingEvent, updateOwnerSettings, type Mailer } from '@ridgeline/core/node';
import { createTestApp, setTestPasswords, signedInAgent } from '../test-support/test-app.js';

const NOW = new Date('2026-11-21T15:00:00Z');
const smtpOn: Mailer = { enabled: true, send: async () => ({ sent: true }) };
let t: ReturnType<typeof createTestApp>;

async function app(mailer?: Mailer) {
  t = createTestApp({}, {}, () => NOW, mailer ? { mailer } : {});
  await setTestPasswords(t.db);
  return signedInAgent(t.app);
}
afterEach(() => t.cleanup());

describe('GET /api/owner-notices [owner.notices]', () => {
  let admin: Awaited<ReturnType<typeof signedInAgent>>;
  beforeEach(async () => {
    admin = await app(createMailer({}, () => {}));
  });

  it('is for the owner only', async () => {
    await request(t.app).get('/api/owner-notices').expect(401);
  });

  it('lists the newest 50 first and says why nothing is e-mailed', async () => {
    for (let i = 1; i <= 52; i++) addOwnerNotice(t.db, { kind: 'conflict', subject: `Notice ${i}`, text: 'x' }, new Date(NOW.getTime() + i * 1000));
    const res = await admin.get('/api/owner-notices').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.notices).toHaveLength(50);
    expect(res.body.notices[0]).toEqual({ id: 52, kind: 'conflict', subject: 'Notice 52', text: 'x', bookingId: null, createdAt: '2026-11-21T15:00:52.000Z', sentAt: null, sendError: null });
    expect(res.body.notices[49].subject).toBe('Notice 3');
    expect(res.body).toMatchObject({ emailConfigured: false, notEmailedBecause: 'owner-email' });
    updateOwnerSettings(t.db, { ownerEmail: 'owner@example.com' });
    expect((await admin.get('/api/owner-notices').expect(200)).body).toMatchObject({ emailConfigured: false, notEmailedBecause: 'smtp' });
  });

  it('says e-mail is configured with an owner e-mail and SMTP', async () => {
    t.cleanup();
    admin = await app(smtpOn);
    updateOwnerSettings(t.db, { ownerEmail: 'owner@example.com' });
    expect((await admin.get('/api/owner-notices').expect(200)).body).toEqual({ notices: [], emailConfigured: true, notEmailedBecause: null });
  });
});

describe('GET /api/bookings/:id/timeline [booking.timeline]', () => {
  it('answers the events oldest first, 404 for an unknown booking, 400 naming id for a bad one, 401 signed out', async () => {
    const admin = await app();
    const booking = createBookingInquiry(t.db, { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '', location: '', ipAddress: '', checkin: '2026-12-10', checkout: '2026-12-13', guests: 2, message: '', specialRequests: '' }, NOW);
    recordBookingEvent(t.db, booking.id, 'paid', 'Paid $10.00 by card', new Date(NOW.getTime() + 1000));
    recordBookingEvent(t.db, booking.id, 'created', 'Booked online', NOW);
    const res = await admin.get(`/api/bookings/${booking.id}/timeline`).expect(200);
    expect(res.body.events.map((e: { kind: string }) => e.kind)).toEqual(['created', 'paid']);
    expect(res.body.events[1]).toEqual({ id: expect.any(Number), bookingId: booking.id, kind: 'paid', detail: 'Paid $10.00 by card', at: '2026-11-21T15:00:01.000Z' });
    expect((await admin.get('/api/bookings/999/timeline').expect(404)).body.error).toBe('Booking not found');
    expect((await admin.get('/api/bookings/abc/timeline').expect(400)).body.field).toBe('id');
    await request(t.app).get(`/api/bookings/${booking.id}/timeline`).expect(401);
  });
});
