import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FANNIN_COUNTY_TAXES, type TaxReport } from '@ridgeline/core';
import { createMailer, listOwnerNotices, updateOwnerSettings } from '@ridgeline/core/node';
import { TAX_RETURN_REMINDERS_JOB } from '../jobs/job-names.js';
import { startSmtpStandIn } from '../test-support/smtp-stand-in.js';
import { createTestApp, setTestPasswords, signedInAgent } from '../test-support/test-app.js';

/**
 * Monthly lodging-tax returns ([reports.tax-returns]) through the real server: marking a month's
 * return filed per authority, and the reminder job on the 10th and the 17th (clock injected),
 * e-mailed to the owner through the SMTP stand-in, zero months included.
 */

// 15:00 UTC is 10:00 in Blue Ridge.
const at = (date: string) => new Date(`${date}T15:00:00Z`);
let now: Date;
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
let t: ReturnType<typeof createTestApp>;
let admin: Awaited<ReturnType<typeof signedInAgent>>;

beforeEach(async () => {
  now = at('2026-12-05');
  smtp = await startSmtpStandIn();
  t = createTestApp({}, {}, () => now, {
    mailer: createMailer({ smtpUrl: smtp.url, from: 'Ridgeline <stay@example.com>' }, () => {}),
  });
  updateOwnerSettings(t.db, { ownerEmail: 'owner@example.com', taxes: [...FANNIN_COUNTY_TAXES] });
  await setTestPasswords(t.db);
  admin = await signedInAgent(t.app);
});
afterEach(async () => {
  t.cleanup();
  await smtp.close();
});

const remind = () => t.deps.jobs!.runNow(TAX_RETURN_REMINDERS_JOB);
const reminders = () => listOwnerNotices(t.db).filter((n) => n.kind === 'tax-return');
const markFiled = (body: Record<string, unknown>) => admin.put('/api/reports/tax/filed').send(body);

describe('PUT /api/reports/tax/filed', () => {
  it('marks a month filed per authority, shown in the tax report; marking again replaces the date', async () => {
    await request(t.app)
      .put('/api/reports/tax/filed')
      .send({ month: '2026-11', authority: 'Fannin County', filedOn: '2026-12-04' })
      .expect(401);
    const res = await markFiled({ month: '2026-11', authority: 'Fannin County', filedOn: '2026-12-04' }).expect(200);
    expect(res.body).toEqual({ month: '2026-11', filed: [{ authority: 'Fannin County', filedOn: '2026-12-04' }] });
    await markFiled({ month: '2026-11', authority: 'Fannin County', filedOn: '2026-12-05' }).expect(200);
    const report = (await admin.get('/api/reports/tax?year=2026').expect(200)).body as TaxReport;
    expect(report.authorities).toEqual(['Georgia Department of Revenue', 'Fannin County']);
    expect(report.months.find((m) => m.month === '2026-11')?.filed).toEqual([
      { authority: 'Fannin County', filedOn: '2026-12-05' },
    ]);
    expect(report.months.filter((m) => m.filed.length > 0)).toHaveLength(1);
  });

  it('refuses a bad month, authority or date with 400 naming the field, and records nothing', async () => {
    for (const [body, field] of [
      [{ month: '2026-13', authority: 'Fannin County', filedOn: '2026-12-04' }, 'month'],
      [{ month: '26-11', authority: 'Fannin County', filedOn: '2026-12-04' }, 'month'],
      [{ month: '2026-11', authority: ' ', filedOn: '2026-12-04' }, 'authority'],
      [{ month: '2026-11', authority: 'A'.repeat(81), filedOn: '2026-12-04' }, 'authority'],
      [{ month: '2026-11', authority: 'Fannin County', filedOn: '2026-02-30' }, 'filedOn'],
      [{ month: '2026-11', authority: 'Fannin County' }, 'filedOn'],
      [{ month: '2026-11', authority: 'Fannin County', filedOn: '2026-12-04', extra: 1 }, 'body'],
    ] as const) {
      const res = await markFiled(body).expect(400);
      expect(res.body.field, JSON.stringify(body)).toBe(field);
    }
    expect(t.db.prepare('SELECT COUNT(*) AS n FROM tax_filings').get()).toEqual({ n: 0 });
  });
});

describe('the tax-return-reminders job', () => {
  it('e-mails a zero month on the 10th once, again on the 17th, never before the 10th or after the 20th', async () => {
    await remind();
    expect(reminders()).toEqual([]);

    now = at('2026-12-10');
    await remind();
    await remind();
    expect(reminders().map((n) => n.subject)).toEqual([
      'Lodging tax returns for November 2026 are due December 20, 2026',
    ]);
    await expect.poll(() => smtp.received.length).toBe(1);
    expect(smtp.received[0]).toMatchObject({
      to: ['owner@example.com'],
      subject: 'Lodging tax returns for November 2026 are due December 20, 2026',
    });
    expect(smtp.received[0]?.data).toContain('Nothing to report still needs a zero return with each authority.');
    expect(smtp.received[0]?.data).toContain('penalty of 15% from the first day late');

    now = at('2026-12-17');
    await remind();
    expect(reminders()).toHaveLength(2);
    now = at('2026-12-21');
    await remind();
    expect(reminders()).toHaveLength(2);
  });

  it('names only the authorities not marked filed, and stops once every return is filed', async () => {
    await markFiled({ month: '2026-11', authority: 'Fannin County', filedOn: '2026-12-08' }).expect(200);
    now = at('2026-12-10');
    await remind();
    expect(reminders().map((n) => n.text)).toEqual([
      expect.stringContaining('Not yet marked filed: Georgia Department of Revenue.'),
    ]);
    await markFiled({ month: '2026-11', authority: 'Georgia Department of Revenue', filedOn: '2026-12-12' }).expect(
      200,
    );
    now = at('2026-12-17');
    await remind();
    expect(reminders()).toHaveLength(1);
  });
});
