import type { Request } from 'express';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordAudit } from '@ridgeline/core/node';
import { describeChange } from './audit.js';
import { createTestApp, setTestPasswords, signedInAgent, TEST_ADMIN_PASSWORD } from '../test-support/test-app.js';

let t: ReturnType<typeof createTestApp>;
beforeEach(async () => {
  // One trusted proxy, so each test can act from an address of its choosing.
  t = createTestApp({ TRUST_PROXY: '1' });
  await setTestPasswords(t.db);
});
afterEach(() => t.cleanup());

interface Entry {
  time: string;
  area: string;
  ip: string;
  action: string;
  detail: string;
}

async function auditLog(query = ''): Promise<Entry[]> {
  const console = await signedInAgent(t.app, 'security');
  const res = await console.get(`/api/security/audit-log${query}`).expect(200);
  return res.body.entries as Entry[];
}

describe('audit log ([audit.log])', () => {
  it('records sign-in, a failed sign-in and sign-out with area, IP and time', async () => {
    const agent = request.agent(t.app);
    await agent.post('/api/auth/login').set('X-Forwarded-For', '198.51.100.7').send({ password: 'wrong password!' }).expect(401);
    await agent.post('/api/auth/login').set('X-Forwarded-For', '198.51.100.7').send({ password: TEST_ADMIN_PASSWORD }).expect(200);
    await agent.post('/api/auth/logout').set('X-Forwarded-For', '198.51.100.7').expect(200);
    const admin = (await auditLog()).filter((e) => e.area === 'admin');
    expect(admin.map((e) => e.action)).toEqual(['sign-out', 'sign-in', 'sign-in failed']);
    for (const e of admin) {
      expect(e.ip).toBe('198.51.100.7');
      expect(Date.parse(e.time)).not.toBeNaN();
    }
    // The password tried is never written anywhere in the log.
    expect(JSON.stringify(admin)).not.toContain('wrong password!');
  });

  it('records owner changes with what changed, and nothing for refused or read-only requests', async () => {
    const admin = await signedInAgent(t.app, 'admin');
    await admin.put('/api/availability/2030-06-01').send({ price: 420, isAvailable: true, isBlocked: false }).expect(200);
    await admin.put('/api/availability/not-a-date').send({ price: 420, isAvailable: true, isBlocked: false }).expect(400);
    await admin.get('/api/availability?startDate=2030-06-01&endDate=2030-06-30').expect(200);
    const security = await signedInAgent(t.app, 'security');
    await security.post('/api/security/block-ip').send({ ip: '203.0.113.9', reason: 'scraping' }).expect(200);

    const entries = await auditLog();
    const changes = entries.filter((e) => e.action !== 'sign-in');
    expect(changes.map((e) => [e.area, e.action])).toEqual([
      ['security', 'IP blocked'],
      ['admin', 'availability updated'],
    ]);
    expect(changes[1]?.detail).toContain('date=2030-06-01');
    expect(changes[1]?.detail).toContain('price=420');
    expect(changes[0]?.detail).toContain('"203.0.113.9"');
  });

  it('leaves secrets out of the detail', () => {
    const req = {
      params: { id: '7' },
      body: { password: 'hunter2-password', totp: '123456', refreshToken: 'very-secret-refresh-token', isPublished: true, title: 'x'.repeat(80) },
    } as unknown as Request;
    const detail = describeChange(req);
    expect(detail).toContain('id=7');
    expect(detail).toContain('isPublished=true');
    expect(detail).toContain(`title="${'x'.repeat(57)}..."`);
    for (const secret of ['hunter2-password', '123456', 'very-secret-refresh-token', 'password=', 'totp=']) expect(detail).not.toContain(secret);
  });

  it('answers newest first, filtered and limited, to a security session only', async () => {
    for (let i = 0; i < 5; i += 1) {
      recordAudit(t.db, { area: 'admin', ip: '192.0.2.1', action: 'review updated', detail: `id=${i}` }, new Date(Date.UTC(2026, 0, 1, 0, i)));
    }
    recordAudit(t.db, { area: 'security', ip: '192.0.2.2', action: 'IP blocked', detail: 'ip="10.0.0.1"' });
    const filtered = await auditLog('?filter=REVIEW&limit=3');
    expect(filtered.map((e) => e.detail)).toEqual(['id=4', 'id=3', 'id=2']);
    expect(Object.keys(filtered[0] ?? {}).sort()).toEqual(['action', 'area', 'detail', 'ip', 'time']);
    expect((await auditLog('?area=security')).every((e) => e.area === 'security')).toBe(true);
    // "%" is text, not a wildcard.
    expect(await auditLog('?filter=%25')).toEqual([]);

    const security = await signedInAgent(t.app, 'security');
    const bad = await security.get('/api/security/audit-log?limit=0').expect(400);
    expect(bad.body.error).toMatch(/^limit:/);
    await request(t.app).get('/api/security/audit-log').expect(401);
    const admin = await signedInAgent(t.app, 'admin');
    await admin.get('/api/security/audit-log').expect(401);
  });
});
