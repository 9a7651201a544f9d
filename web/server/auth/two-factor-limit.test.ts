import { generateSync } from 'otplib';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listOwnerNotices, listSecurityEvents, updateOwnerSettings, type MailMessage, type Mailer } from '@ridgeline/core/node';
import { createApp } from '../app.js';
import { TEST_ADMIN_PASSWORD, TEST_SECURITY_PASSWORD, createTestApp, setTestPasswords, signedInAgent } from '../test-support/test-app.js';

/**
 * The account-wide limit on two-factor codes ([auth.two-factor-limit]): 20 wrong codes for one
 * area within 15 minutes, from any mix of addresses, lock that area's codes for 15 minutes (429,
 * even for the right code), the owner is e-mailed once, and the lock outlives a restart (SQLite).
 * Each address stays under the per-address sign-in throttle ([auth.throttle]: 10).
 */
let clock = new Date('2026-11-23T12:00:05Z');
const now = () => clock;
const advance = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));
const codeAt = (secret: string, at: Date) => generateSync({ secret, epoch: Math.floor(at.getTime() / 1000) });
const codeFor = (secret: string) => codeAt(secret, clock);
/** A six-digit code that is none of the codes accepted now (this step and one either side). */
function wrongCode(secret: string, i: number): string {
  const near = new Set([-30, 0, 30].map((s) => codeAt(secret, new Date(clock.getTime() + s * 1000))));
  for (let n = 100_000 + i * 7; ; n += 1) if (!near.has(String(n))) return String(n);
}

const mail: MailMessage[] = [];
const mailer: Mailer = { enabled: true, send: async (m) => (mail.push(m), { sent: true }) };
let t: ReturnType<typeof createTestApp>;
beforeEach(async () => {
  clock = new Date('2026-11-23T12:00:05Z');
  mail.length = 0;
  t = createTestApp({ TRUST_PROXY: '1' }, {}, now, { mailer });
  await setTestPasswords(t.db);
  updateOwnerSettings(t.db, { ownerEmail: 'owner@example.com' });
});
afterEach(() => t.cleanup());

/** Turns two-factor sign-in on for `area` through the API; returns its secret. */
async function enrol(area: 'admin' | 'security'): Promise<string> {
  const base = area === 'admin' ? '/api/auth' : '/api/security';
  const agent = await signedInAgent(t.app, area);
  const { secret } = (await agent.post(`${base}/two-factor/setup`).expect(200)).body as { secret: string };
  await agent.post(`${base}/two-factor/enable`).send({ totp: codeFor(secret) }).expect(200);
  advance(30);
  return secret;
}

const login = (app: typeof t.app, ip: string, body: object, base = '/api/auth') => request(app).post(`${base}/login`).set('X-Forwarded-For', ip).send(body);
const LOCKED = /Too many wrong two-factor codes/;

/** `count` wrong admin codes spread over addresses 198.51.100.{first…}, at most 7 per address. */
async function wrongCodes(secret: string, count: number, first = 1) {
  for (let i = 0; i < count; i += 1) {
    const ip = `198.51.100.${first + Math.floor(i / 7)}`;
    const res = await login(t.app, ip, { password: TEST_ADMIN_PASSWORD, totp: wrongCode(secret, i) });
    expect(res.status).toBe(401);
  }
}

describe('two-factor codes have an account-wide limit ([auth.two-factor-limit])', () => {
  it('locks the area after 20 wrong codes from several addresses: even the right code is refused 429, and the owner is e-mailed once', async () => {
    const secret = await enrol('admin');
    const consoleSecret = await enrol('security');
    await wrongCodes(secret, 19);
    // 19 are not enough: the right code still signs in.
    await login(t.app, '203.0.113.50', { password: TEST_ADMIN_PASSWORD, totp: codeFor(secret) }).expect(200);
    advance(30);
    await wrongCodes(secret, 1, 10);

    const refused = await login(t.app, '203.0.113.51', { password: TEST_ADMIN_PASSWORD, totp: codeFor(secret) }).expect(429);
    expect(refused.body.error).toMatch(LOCKED);
    expect(refused.body.error).toContain('15 minutes');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The right password alone is told at once, not asked for a code it would refuse.
    expect((await login(t.app, '203.0.113.52', { password: TEST_ADMIN_PASSWORD }).expect(429)).body.error).toMatch(LOCKED);
    // The other area is not locked.
    await login(t.app, '203.0.113.53', { password: TEST_SECURITY_PASSWORD, totp: codeFor(consoleSecret) }, '/api/security').expect(200);

    await expect.poll(() => mail.filter((m) => m.to === 'owner@example.com').length).toBe(1);
    const told = mail.find((m) => m.to === 'owner@example.com')!;
    expect(told.subject).toBe('Two-factor sign-in locked: admin dashboard');
    expect(told.text).toContain('20 wrong two-factor codes');
    expect(listOwnerNotices(t.db).map((n) => n.kind)).toEqual(['sign-in-locked']);
    expect(listSecurityEvents(t.db, 100).some((e) => e.event === 'login_throttled' && e.detail.includes('two-factor codes locked'))).toBe(true);
  });

  it('refuses codes everywhere the area checks them: recovery codes, a password change, turning it off', async () => {
    const secret = await enrol('admin');
    const agent = request.agent(t.app);
    await agent.post('/api/auth/login').set('X-Forwarded-For', '203.0.113.9').send({ password: TEST_ADMIN_PASSWORD, totp: codeFor(secret) }).expect(200);
    advance(30);
    await wrongCodes(secret, 20);
    const recovery = await login(t.app, '203.0.113.60', { password: TEST_ADMIN_PASSWORD, recoveryCode: 'aaaa-bbbb-cccc-dddd' }).expect(429);
    expect(recovery.body.error).toMatch(LOCKED);
    const change = await agent.post('/api/auth/password').set('X-Forwarded-For', '203.0.113.9').send({ currentPassword: TEST_ADMIN_PASSWORD, newPassword: 'a-brand-new-one', totp: codeFor(secret) }).expect(429);
    expect(change.body.error).toMatch(LOCKED);
    const off = await agent.post('/api/auth/two-factor/disable').set('X-Forwarded-For', '203.0.113.9').send({ totp: codeFor(secret) }).expect(429);
    expect(off.body.error).toMatch(LOCKED);
    expect((await agent.get('/api/auth/two-factor').expect(200)).body.enabled).toBe(true);
  });

  it('keeps the lock across a restart and lifts it 15 minutes later', async () => {
    const secret = await enrol('admin');
    await wrongCodes(secret, 20);
    const restarted = createApp({ db: t.db, config: t.config, logger: t.deps.logger, now, mailer });
    await login(restarted, '203.0.113.70', { password: TEST_ADMIN_PASSWORD, totp: codeFor(secret) }).expect(429);
    advance(14 * 60);
    await login(restarted, '203.0.113.71', { password: TEST_ADMIN_PASSWORD, totp: codeFor(secret) }).expect(429);
    advance(60);
    await login(restarted, '203.0.113.72', { password: TEST_ADMIN_PASSWORD, totp: codeFor(secret) }).expect(200);
  });

  it('counts only the wrong codes of the last 15 minutes', async () => {
    const secret = await enrol('admin');
    await wrongCodes(secret, 15);
    advance(16 * 60);
    await wrongCodes(secret, 15, 20);
    await login(t.app, '203.0.113.80', { password: TEST_ADMIN_PASSWORD, totp: codeFor(secret) }).expect(200);
    expect(mail.filter((m) => m.to === 'owner@example.com')).toEqual([]);
  });
});
