import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { priceStay, runJobResponseSchema } from '@ridgeline/core';
import { PaymentProviderError, attachPaymentIntent, createBookingInquiry, getHold, issueOAuthNonce, placeHold, type MailMessage, type PaymentGateway } from '@ridgeline/core/node';
import type { JobRunner } from './job-runner.js';
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
    expect(res.body.jobs.map((j: { name: string }) => j.name)).toEqual(['hold-sweep', 'calendar-auto-sync', 'cleaning-reconcile', 'confirmation-emails', 'damage-deposits', 'owner-notices', 'balance-charges', 'late-payment-refunds', 'reconcile', 'review-requests', 'tax-return-reminders', 'housekeeping']);
    expect(res.body.jobs.find((j: { name: string }) => j.name === 'housekeeping')).toMatchObject({ runs: 1, lastError: null, running: false });
  });
  describe('POST /api/security/jobs/:name/run ([console.jobs-run])', () => {
    /** A job that runs until `finish()` is called. */
    function slowJob(jobs: JobRunner) {
      let finish = () => {};
      let runs = 0;
      jobs.define({
        name: 'slow-test-job',
        description: 'Waits for the test',
        run: () => {
          runs += 1;
          return new Promise<void>((resolve) => (finish = resolve));
        },
      });
      return { finish: () => finish(), runs: () => runs };
    }

    it('is for a security session only, and changes nothing otherwise', async () => {
      t = createTestApp();
      await setTestPasswords(t.db);
      await request(t.app).post(`/api/security/jobs/${HOUSEKEEPING_JOB}/run`).expect(401);
      await (await signedInAgent(t.app, 'admin')).post(`/api/security/jobs/${HOUSEKEEPING_JOB}/run`).expect(401);
      expect(t.deps.jobs!.statusOf(HOUSEKEEPING_JOB)?.runs).toBe(0);
    });

    it('answers 404 with an error for a job the server does not have', async () => {
      t = createTestApp();
      await setTestPasswords(t.db);
      const res = await (await signedInAgent(t.app, 'security')).post('/api/security/jobs/no-such-job/run').expect(404);
      expect(res.body).toEqual({ error: 'There is no background job named “no-such-job”' });
    });

    it('starts the job at once (202, running), 409 while it runs, and the list shows the finished run', async () => {
      t = createTestApp();
      await setTestPasswords(t.db);
      const slow = slowJob(t.deps.jobs as JobRunner);
      const agent = await signedInAgent(t.app, 'security');
      const started = await agent.post('/api/security/jobs/slow-test-job/run').expect(202);
      // The answer is the shared contract's shape (the console parses it with the same schema).
      expect(runJobResponseSchema.parse(started.body).job).toMatchObject({ name: 'slow-test-job', running: true, runs: 1 });
      const busy = await agent.post('/api/security/jobs/slow-test-job/run').expect(409);
      expect(busy.body).toEqual({ error: 'The job slow-test-job is already running' });
      expect(slow.runs()).toBe(1);

      slow.finish();
      await expect
        .poll(async () => (await agent.get('/api/security/jobs').expect(200)).body.jobs.find((j: { name: string }) => j.name === 'slow-test-job'))
        .toMatchObject({ running: false, runs: 1, lastError: null, lastSuccessAt: expect.any(String) });
    });

    it('runs a real job: housekeeping clears old security events, and the audit log says who ran what', async () => {
      t = createTestApp({}, {}, () => NOW);
      await setTestPasswords(t.db);
      t.db.prepare("INSERT INTO security_events (time, ip, event, outcome) VALUES ('2020-01-01T00:00:00.000Z', '192.0.2.1', 'login', 'ok')").run();
      const agent = await signedInAgent(t.app, 'security');
      await agent.post(`/api/security/jobs/${HOUSEKEEPING_JOB}/run`).expect(202);
      await expect.poll(() => t!.deps.jobs!.statusOf(HOUSEKEEPING_JOB)).toMatchObject({ running: false, runs: 1, lastError: null });
      expect(t.db.prepare("SELECT COUNT(*) AS n FROM security_events WHERE time < '2021-01-01'").get()).toEqual({ n: 0 });

      const log = await agent.get('/api/security/audit-log').expect(200);
      expect(log.body.entries[0]).toMatchObject({ area: 'security', action: 'background job run', detail: `name=${HOUSEKEEPING_JOB}` });
      // Refusals are not changes: neither the 404 nor a 409 is logged.
      await agent.post('/api/security/jobs/no-such-job/run').expect(404);
      const after = await agent.get('/api/security/audit-log').expect(200);
      expect(after.body.entries.filter((e: { action: string }) => e.action === 'background job run')).toHaveLength(1);
    });
  });
});
