import { generateSync } from 'otplib';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listAudit } from '@ridgeline/core/node';
import {
  TEST_ADMIN_PASSWORD,
  TEST_SECURITY_PASSWORD,
  createTestApp,
  setTestPasswords,
  signedInAgent,
} from '../test-support/test-app.js';

/** A clock the test moves, so codes of distinct 30-second steps can be made. */
let clock = new Date('2026-11-23T12:00:05Z');
const now = () => clock;
const advance = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));
const codeFor = (secret: string) => generateSync({ secret, epoch: Math.floor(clock.getTime() / 1000) });

let t: ReturnType<typeof createTestApp>;
beforeEach(async () => {
  clock = new Date('2026-11-23T12:00:05Z');
  t = createTestApp({}, {}, now);
  await setTestPasswords(t.db);
});
afterEach(() => t.cleanup());

type Agent = Awaited<ReturnType<typeof signedInAgent>>;

/** Turns two-factor sign-in on for `area` through the API; returns the secret and recovery codes. */
async function enrol(agent: Agent, base = '/api/auth') {
  const setup = await agent.post(`${base}/two-factor/setup`).expect(200);
  expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Ridgeline:/);
  expect(setup.body.otpauthUrl).toContain(`secret=${setup.body.secret}`);
  expect(setup.body.qrDataUrl).toMatch(/^data:image\/png;base64,/);
  expect((await agent.get(`${base}/two-factor`).expect(200)).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });
  await agent.post(`${base}/two-factor/enable`).send({ totp: '000000' }).expect(403);
  const enabled = await agent.post(`${base}/two-factor/enable`).send({ totp: codeFor(setup.body.secret) }).expect(200);
  expect(enabled.body.recoveryCodes).toHaveLength(10);
  expect((await agent.get(`${base}/two-factor`).expect(200)).body).toEqual({ enabled: true, recoveryCodesLeft: 10 });
  advance(30);
  return { secret: setup.body.secret as string, recoveryCodes: enabled.body.recoveryCodes as string[] };
}

describe('two-factor sign-in', () => {
  it('asks for the code after the right password, with the exact 401 shape', async () => {
    await enrol(await signedInAgent(t.app));
    const res = await request(t.app).post('/api/auth/login').send({ password: TEST_ADMIN_PASSWORD }).expect(401);
    expect(res.body).toEqual({ error: 'Two-factor code required', twoFactorRequired: true });
    expect(res.headers['set-cookie']).toBeUndefined();
    // A wrong password still says only that.
    const wrong = await request(t.app).post('/api/auth/login').send({ password: 'wrong-password', totp: '123456' }).expect(401);
    expect(wrong.body).toEqual({ error: 'Incorrect password' });
  });

  it('signs in with the password and a code, and refuses the same code twice', async () => {
    const { secret } = await enrol(await signedInAgent(t.app));
    const totp = codeFor(secret);
    const res = await request(t.app).post('/api/auth/login').send({ password: TEST_ADMIN_PASSWORD, totp }).expect(200);
    expect(String(res.headers['set-cookie'])).toMatch(/^rl_admin_session=/);
    const replay = await request(t.app).post('/api/auth/login').send({ password: TEST_ADMIN_PASSWORD, totp }).expect(401);
    expect(replay.body).toEqual({ error: 'Incorrect two-factor code', twoFactorRequired: true });
  });

  it('signs in with a recovery code once, and records its use', async () => {
    const { recoveryCodes } = await enrol(await signedInAgent(t.app));
    const recoveryCode = recoveryCodes[0] as string;
    const desktop = await request(t.app).post('/api/auth/login').send({ password: TEST_ADMIN_PASSWORD, client: 'desktop', recoveryCode }).expect(200);
    await request(t.app).get('/api/reviews').set('Authorization', `Bearer ${desktop.body.token}`).expect(200);
    await request(t.app).post('/api/auth/login').send({ password: TEST_ADMIN_PASSWORD, recoveryCode }).expect(401);
    expect(listAudit(t.db, { limit: 100 }).map((e) => e.action)).toContain('recovery code used');
  });

  it('counts a wrong code toward the throttle, but not the "code required" step', async () => {
    await enrol(await signedInAgent(t.app));
    // More "code required" answers than the limit: none of them is a failure.
    for (let i = 0; i < 12; i += 1) await request(t.app).post('/api/auth/login').send({ password: TEST_ADMIN_PASSWORD }).expect(401);
    for (let i = 0; i < 10; i += 1) {
      await request(t.app).post('/api/auth/login').send({ password: TEST_ADMIN_PASSWORD, totp: String(100000 + i) }).expect(401);
    }
    await request(t.app).post('/api/auth/login').send({ password: TEST_ADMIN_PASSWORD }).expect(429);
    const actions = listAudit(t.db, { limit: 100 }).filter((e) => e.action === 'sign-in failed').map((e) => e.detail);
    expect(actions).toContain('wrong two-factor code');
  });

  it('answers 400 naming the field for a malformed code', async () => {
    const res = await request(t.app).post('/api/auth/login').send({ password: TEST_ADMIN_PASSWORD, totp: '12ab56' }).expect(400);
    expect(res.body.field).toBe('totp');
    expect((await request(t.app).post('/api/auth/login').send({ password: TEST_ADMIN_PASSWORD, recoveryCode: 5 }).expect(400)).body.field).toBe('recoveryCode');
  });

  it('keeps each area on its own: the console has its own code', async () => {
    const { secret } = await enrol(await signedInAgent(t.app, 'security'), '/api/security');
    await request(t.app).post('/api/auth/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200);
    const res = await request(t.app).post('/api/security/login').send({ password: TEST_SECURITY_PASSWORD }).expect(401);
    expect(res.body).toEqual({ error: 'Two-factor code required', twoFactorRequired: true });
    await request(t.app).post('/api/security/login').send({ password: TEST_SECURITY_PASSWORD, totp: codeFor(secret) }).expect(200);
  });
});

describe('managing two-factor sign-in', () => {
  it('is behind the area’s session', async () => {
    await request(t.app).get('/api/auth/two-factor').expect(401);
    await request(t.app).post('/api/auth/two-factor/setup').expect(401);
    const security = await signedInAgent(t.app, 'security');
    await security.post('/api/auth/two-factor/setup').expect(401);
  });

  it('needs a current code to turn it off, and records both changes', async () => {
    const agent = await signedInAgent(t.app);
    const { secret } = await enrol(agent);
    await agent.post('/api/auth/two-factor/setup').expect(409);
    expect((await agent.post('/api/auth/two-factor/disable').send({}).expect(400)).body.field).toBe('totp');
    await agent.post('/api/auth/two-factor/disable').send({ totp: '000000' }).expect(403);
    expect((await agent.get('/api/auth/two-factor')).body.enabled).toBe(true);
    await agent.post('/api/auth/two-factor/disable').send({ totp: codeFor(secret) }).expect(200);
    expect((await agent.get('/api/auth/two-factor')).body.enabled).toBe(false);
    await request(t.app).post('/api/auth/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200);
    const actions = listAudit(t.db, { limit: 100 }).map((e) => e.action);
    expect(actions).toContain('two-factor enabled');
    expect(actions).toContain('two-factor disabled');
    // No secret ever reaches the audit log.
    expect(JSON.stringify(listAudit(t.db, { limit: 100 }))).not.toContain(secret);
  });
});

describe('POST /api/auth/password', () => {
  it('changes the password, ends the other sessions (desktop too) and keeps the caller', async () => {
    const caller = await signedInAgent(t.app);
    const other = await signedInAgent(t.app);
    const desktop = await request(t.app).post('/api/auth/login').send({ password: TEST_ADMIN_PASSWORD, client: 'desktop' }).expect(200);
    const console = await signedInAgent(t.app, 'security');
    const res = await caller.post('/api/auth/password').send({ currentPassword: TEST_ADMIN_PASSWORD, newPassword: 'a-brand-new-one' }).expect(200);
    expect(res.body).toEqual({ success: true, sessionsEnded: 2 });
    await caller.get('/api/reviews').expect(200);
    await other.get('/api/reviews').expect(401);
    await request(t.app).get('/api/reviews').set('Authorization', `Bearer ${desktop.body.token}`).expect(401);
    expect((await console.get('/api/security/session')).body).toEqual({ authenticated: true });
    await request(t.app).post('/api/auth/login').send({ password: TEST_ADMIN_PASSWORD }).expect(401);
    await request(t.app).post('/api/auth/login').send({ password: 'a-brand-new-one' }).expect(200);
    expect(listAudit(t.db, { limit: 100 }).map((e) => e.action)).toContain('password changed');
  });

  it('refuses a wrong current password (403, counted) and a short new one (400), changing nothing', async () => {
    const caller = await signedInAgent(t.app);
    const wrong = await caller.post('/api/auth/password').send({ currentPassword: 'not-it', newPassword: 'a-brand-new-one' }).expect(403);
    expect(wrong.body.field).toBe('currentPassword');
    const short = await caller.post('/api/auth/password').send({ currentPassword: TEST_ADMIN_PASSWORD, newPassword: 'short' }).expect(400);
    expect(short.body.field).toBe('newPassword');
    await request(t.app).post('/api/auth/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200);
    await request(t.app).post('/api/auth/password').send({ currentPassword: TEST_ADMIN_PASSWORD, newPassword: 'a-brand-new-one' }).expect(401);
  });

  it('needs the two-factor code when it is on', async () => {
    const caller = await signedInAgent(t.app);
    const { secret } = await enrol(caller);
    const body = { currentPassword: TEST_ADMIN_PASSWORD, newPassword: 'a-brand-new-one' };
    expect((await caller.post('/api/auth/password').send(body).expect(403)).body).toEqual({ error: 'Two-factor code required', twoFactorRequired: true });
    await caller.post('/api/auth/password').send({ ...body, totp: codeFor(secret) }).expect(200);
  });

  it('changes the console password from the console, apart from the admin one', async () => {
    const console = await signedInAgent(t.app, 'security');
    await console.post('/api/security/password').send({ currentPassword: TEST_SECURITY_PASSWORD, newPassword: 'new-console-password' }).expect(200);
    await request(t.app).post('/api/security/login').send({ password: 'new-console-password' }).expect(200);
    await request(t.app).post('/api/auth/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200);
  });
});
