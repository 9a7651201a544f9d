import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBookingInquiry, createMailer, listBookingEvents, listOwnerNotices, updateOwnerSettings, type Mailer } from '@ridgeline/core/node';
import { OWNER_NOTICES_JOB } from '../jobs/job-names.js';
import { startSmtpStandIn } from '../test-support/smtp-stand-in.js';
import { createTestApp } from '../test-support/test-app.js';
import { notifyOwner, sendOwnerNotices } from './owner-notices.js';

let now = new Date('2026-11-21T15:00:00Z');
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
let t: ReturnType<typeof createTestApp>;

function app(mailer: Mailer | undefined) {
  t = createTestApp({}, {}, () => now, mailer ? { mailer } : {});
  return t;
}
const smtpMailer = () => createMailer({ smtpUrl: smtp.url, from: 'Ridgeline <stay@example.com>' }, () => {});
const runJob = () => t.deps.jobs!.runNow(OWNER_NOTICES_JOB);
const notice = (dedupeKey?: string) => ({ kind: 'new-booking' as const, subject: 'New booking: Dec 10 – Dec 13, 2026 (3 nights, 4 guests)', text: 'Ann Lee booked.', ...(dedupeKey ? { dedupeKey } : {}) });

beforeEach(async () => {
  now = new Date('2026-11-21T15:00:00Z');
  smtp = await startSmtpStandIn();
});
afterEach(async () => {
  t.cleanup();
  await smtp.close();
});

describe('notifyOwner and the owner-notices job [owner.notices]', () => {
  it('stores a notice once per dedupeKey and e-mails it to ownerEmail through SMTP once', async () => {
    app(smtpMailer());
    updateOwnerSettings(t.db, { ownerEmail: 'owner@example.com' });
    const first = notifyOwner(t.deps, notice('new-booking-1'));
    expect(first).toMatchObject({ kind: 'new-booking', sentAt: null, sendError: null, createdAt: now.toISOString() });
    expect(notifyOwner(t.deps, notice('new-booking-1'))).toBeUndefined();
    await expect.poll(() => smtp.received.length).toBe(1);
    await runJob();
    await runJob();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ to: ['owner@example.com'], subject: 'New booking: Dec 10 – Dec 13, 2026 (3 nights, 4 guests)' });
    expect(smtp.received[0]?.data).toContain('Ann Lee booked.');
    expect(listOwnerNotices(t.db)).toEqual([expect.objectContaining({ id: first!.id, sentAt: now.toISOString(), sendError: null })]);
  });

  it('without a dedupeKey each call is its own notice', async () => {
    app(smtpMailer());
    notifyOwner(t.deps, notice());
    notifyOwner(t.deps, notice());
    expect(listOwnerNotices(t.db)).toHaveLength(2);
  });

  it('lists but does not e-mail a notice without an ownerEmail', async () => {
    app(smtpMailer());
    notifyOwner(t.deps, notice('k'));
    await runJob();
    expect(smtp.received).toEqual([]);
    expect(listOwnerNotices(t.db)).toEqual([expect.objectContaining({ sentAt: null, sendError: null })]);
  });

  it('lists but does not e-mail a notice without SMTP, and logs its subject', async () => {
    const logged: string[] = [];
    app(createMailer({}, () => {}));
    t.deps.logger = { ...t.deps.logger, info: (message: string, fields?: Record<string, unknown>) => void logged.push(`${message}: ${String(fields?.subject)}`) };
    updateOwnerSettings(t.db, { ownerEmail: 'owner@example.com' });
    notifyOwner(t.deps, notice('k'));
    expect(await sendOwnerNotices(t.deps)).toEqual({ sent: 0 });
    expect(logged).toEqual(['owner notice: New booking: Dec 10 – Dec 13, 2026 (3 nights, 4 guests)']);
    expect(listOwnerNotices(t.db)).toEqual([expect.objectContaining({ sentAt: null, sendError: null })]);
  });

  it('keeps the error of a failed send, and a later run sends it once', async () => {
    app(smtpMailer());
    updateOwnerSettings(t.db, { ownerEmail: 'owner@example.com' });
    smtp.failNext(1);
    notifyOwner(t.deps, notice('k'));
    await expect.poll(() => listOwnerNotices(t.db)[0]?.sendError).toMatch(/451/);
    expect(smtp.received).toEqual([]);
    expect(t.deps.jobs!.status().find((j) => j.name === OWNER_NOTICES_JOB)?.lastError).toMatch(/owner notice e-mail not sent/);
    now = new Date('2026-11-21T15:05:00Z');
    await runJob();
    expect(smtp.received).toHaveLength(1);
    expect(listOwnerNotices(t.db)).toEqual([expect.objectContaining({ sentAt: '2026-11-21T15:05:00.000Z', sendError: null })]);
    await runJob();
    expect(smtp.received).toHaveLength(1);
  });

  it("adds 'owner-notified' to the booking's timeline when a notice about it is e-mailed", async () => {
    app(smtpMailer());
    updateOwnerSettings(t.db, { ownerEmail: 'owner@example.com' });
    const booking = createBookingInquiry(t.db, { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '555-0100', location: '', ipAddress: '', message: '', specialRequests: '', checkin: '2026-12-10', checkout: '2026-12-13', guests: 4 }, now);
    notifyOwner(t.deps, { ...notice('k'), bookingId: booking.id });
    await expect.poll(() => listBookingEvents(t.db, booking.id).map((e) => e.kind)).toEqual(['owner-notified']);
    expect(listBookingEvents(t.db, booking.id)[0]?.detail).toBe('E-mailed the owner: New booking: Dec 10 – Dec 13, 2026 (3 nights, 4 guests)');
  });
});
