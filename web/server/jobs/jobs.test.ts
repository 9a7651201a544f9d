import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { priceStay } from '@ridgeline/core';
import { PaymentProviderError, attachPaymentIntent, createBookingInquiry, getHold, issueOAuthNonce, placeHold, type MailMessage, type PaymentGateway } from '@ridgeline/core/node';
import { CONFIRMATION_EMAILS_JOB, HOLD_SWEEP_JOB, HOUSEKEEPING_JOB } from './job-names.js';
import { createTestApp, setTestPasswords, signedInAgent } from '../test-support/test-app.js';

const NOW = new Date('2026-11-23T15:00:00Z');
let t: ReturnType<typeof createTestApp> | undefined;
afterEach(() => t?.cleanup());

/** A mailer that refuses while `failing` is true and records what it sent. */
function flakyMailer() {
  const sent: MailMessage[] = [];
  const state = { failing: true };
  return {
    sent,
    state,
    mailer: {
      enabled: true,
      async send(message: MailMessage) {
        if (state.failing) throw new Error('SMTP 451 try again later');
        sent.push(message);
        return { sent: true };
      },
    },
  };
}

function paidBooking(db: Parameters<typeof createBookingInquiry>[0], email: string, createdAt: Date) {
  return createBookingInquiry(
    db,
    {
      firstName: 'Ann',
      lastName: 'Lee',
      email,
      phone: '',
      location: '',
      ipAddress: '192.0.2.1',
      checkin: '2027-01-10',
      checkout: '2027-01-12',
      guests: 2,
      message: '',
      specialRequests: '',
      paymentStatus: 'paid',
      stripePaymentIntentId: `pi_${email}`,
    },
    createdAt,
  );
}

describe('background jobs ([security.jobs])', () => {
  it('the confirmation-e-mail job sends what a failed send left, once, and reports its failure until then', async () => {
    const mail = flakyMailer();
    t = createTestApp({}, {}, () => NOW, { mailer: mail.mailer });
    const recent = paidBooking(t.db, 'ann@example.com', new Date(NOW.getTime() - 60 * 60_000));
    // Older than the retry window: left to the owner, never mailed out of the blue.
    paidBooking(t.db, 'old@example.com', new Date(NOW.getTime() - 72 * 60 * 60_000));
    const jobs = t.deps.jobs!;

    await jobs.runNow(CONFIRMATION_EMAILS_JOB);
    const failed = jobs.status().find((j) => j.name === CONFIRMATION_EMAILS_JOB);
    expect(failed?.lastError).toContain(`booking ${recent.id}: SMTP 451 try again later`);
    expect(failed?.consecutiveFailures).toBe(1);

    mail.state.failing = false;
    await jobs.runNow(CONFIRMATION_EMAILS_JOB);
    await jobs.runNow(CONFIRMATION_EMAILS_JOB);
    expect(mail.sent.map((m) => m.to)).toEqual(['ann@example.com']);
    expect(jobs.status().find((j) => j.name === CONFIRMATION_EMAILS_JOB)?.consecutiveFailures).toBe(0);
  });

  it('the hold sweep reports a hold Stripe could not settle, and keeps its nights', async () => {
    const stripeDown = {
      retrievePaymentIntent: async () => {
        throw new PaymentProviderError('Stripe is unavailable', 503, undefined);
      },
    } as unknown as PaymentGateway;
    const warnings: string[] = [];
    t = createTestApp({}, {}, () => NOW, { payments: stripeDown, logger: { info() {}, error() {}, warn: (message) => void warnings.push(message) } });
    const quote = priceStay('2027-02-01', '2027-02-03')!;
    const guest = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '', location: '', ipAddress: '192.0.2.1', message: '', specialRequests: '' };
    const held = placeHold(t.db, { checkin: '2027-02-01', checkout: '2027-02-03', guests: 2, guest, quote }, new Date(NOW.getTime() - 60 * 60_000));
    if (!held.ok) throw new Error('no hold');
    attachPaymentIntent(t.db, held.hold.id, 'pi_unsettled');

    await t.deps.jobs!.runNow(HOLD_SWEEP_JOB);
    expect(t.deps.jobs!.status().find((j) => j.name === HOLD_SWEEP_JOB)?.lastError).toBe('1 expired hold(s) could not be settled with Stripe yet');
    expect(warnings).toContain('expired hold left for the next sweep');
    expect(getHold(t.db, held.hold.id)?.status).toBe('held');
  });

  it('housekeeping removes security events past their 90 days and expired OAuth states', async () => {
    t = createTestApp({}, {}, () => NOW);
    t.db.prepare("INSERT INTO security_events (time, ip, event, outcome) VALUES ('2020-01-01T00:00:00.000Z', '192.0.2.1', 'login', 'ok')").run();
    issueOAuthNonce(t.db, 'session-token', new Date(NOW.getTime() - 60 * 60_000));
    await t.deps.jobs!.runNow(HOUSEKEEPING_JOB);
    expect(t.db.prepare('SELECT COUNT(*) AS n FROM security_events').get()).toEqual({ n: 0 });
    // An OAuth state nobody came back with is gone once it expired (10 minutes).
    expect(t.db.prepare('SELECT COUNT(*) AS n FROM oauth_states').get()).toEqual({ n: 0 });
  });

  it('GET /api/security/jobs lists every job with its state, to a security session only', async () => {
    t = createTestApp();
    await setTestPasswords(t.db);
    await request(t.app).get('/api/security/jobs').expect(401);
    await (await signedInAgent(t.app, 'admin')).get('/api/security/jobs').expect(401);
    await t.deps.jobs!.runNow(HOUSEKEEPING_JOB);
    const res = await (await signedInAgent(t.app, 'security')).get('/api/security/jobs').expect(200);
    expect(res.body.jobs.map((j: { name: string }) => j.name)).toEqual(['hold-sweep', 'calendar-auto-sync', 'cleaning-reconcile', 'confirmation-emails', 'owner-notices', 'review-requests', 'housekeeping']);
    expect(res.body.jobs.find((j: { name: string }) => j.name === 'housekeeping')).toMatchObject({ runs: 1, lastError: null, running: false });
  });
});
