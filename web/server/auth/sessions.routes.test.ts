import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listAudit } from '@ridgeline/core/node';
import { TEST_ADMIN_PASSWORD, createTestApp, setTestPasswords, signedInAgent } from '../test-support/test-app.js';

let t: ReturnType<typeof createTestApp>;
beforeEach(async () => {
  t = createTestApp();
  await setTestPasswords(t.db);
});
afterEach(() => t.cleanup());

describe('the console’s list of open sessions', () => {
  it('lists both areas with client, user agent, IP and times, marks the caller’s, and never shows a token', async () => {
    const desktop = await request(t.app)
      .post('/api/auth/login')
      .set('User-Agent', 'Ridgeline Desktop/1.0')
      .send({ password: TEST_ADMIN_PASSWORD, client: 'desktop' })
      .expect(200);
    const console = await signedInAgent(t.app, 'security');
    const res = await console.get('/api/security/sessions').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const sessions = res.body.sessions as Record<string, unknown>[];
    expect(sessions).toHaveLength(2);
    const admin = sessions.find((s) => s.area === 'admin');
    expect(admin).toMatchObject({ client: 'desktop', userAgent: 'Ridgeline Desktop/1.0', current: false });
    expect(admin?.ip).toMatch(/127\.0\.0\.1|::1/);
    expect(Object.keys(admin ?? {}).sort()).toEqual(['area', 'client', 'createdAt', 'current', 'expiresAt', 'id', 'ip', 'lastUsedAt', 'userAgent']);
    expect(sessions.find((s) => s.area === 'security')).toMatchObject({ client: 'browser', current: true });
    expect(res.text).not.toContain(desktop.body.token);
  });

  it('is the console’s only: an admin session cannot read or revoke', async () => {
    const admin = await signedInAgent(t.app, 'admin');
    await admin.get('/api/security/sessions').expect(401);
    await admin.post('/api/security/sessions/revoke-all').send({}).expect(401);
  });

  it('revokes one session by id, and answers 404 / 400 for unknown and malformed ids', async () => {
    const admin = await signedInAgent(t.app, 'admin');
    const console = await signedInAgent(t.app, 'security');
    const { sessions } = (await console.get('/api/security/sessions')).body as { sessions: { id: string; area: string }[] };
    const target = sessions.find((s) => s.area === 'admin') as { id: string };
    expect((await console.post(`/api/security/sessions/${target.id}/revoke`).expect(200)).body).toEqual({ success: true, area: 'admin' });
    await admin.get('/api/reviews').expect(401);
    await console.post(`/api/security/sessions/${target.id}/revoke`).expect(404);
    expect((await console.post('/api/security/sessions/not-an-id/revoke').expect(400)).body.field).toBe('id');
    expect(listAudit(t.db, { limit: 100 }).map((e) => e.action)).toContain('session revoked');
  });

  it('signs out everywhere, keeping the console session that asked', async () => {
    const admin = await signedInAgent(t.app, 'admin');
    const otherConsole = await signedInAgent(t.app, 'security');
    const console = await signedInAgent(t.app, 'security');
    expect((await console.post('/api/security/sessions/revoke-all').send({ area: 'admin' }).expect(200)).body).toEqual({ success: true, ended: 1 });
    await admin.get('/api/reviews').expect(401);
    await otherConsole.get('/api/security/sessions').expect(200);
    expect((await console.post('/api/security/sessions/revoke-all').expect(200)).body.ended).toBe(1);
    await otherConsole.get('/api/security/sessions').expect(401);
    await console.get('/api/security/sessions').expect(200);
    expect((await console.post('/api/security/sessions/revoke-all').send({ area: 'owner' }).expect(400)).body.field).toBe('area');
    expect(listAudit(t.db, { limit: 100 }).map((e) => e.action)).toContain('signed out everywhere');
  });
});
