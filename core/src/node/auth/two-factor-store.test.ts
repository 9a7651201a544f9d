import { generateSync } from 'otplib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSecretBox } from '../platform/secret-box.js';
import { createTestDatabase } from '../test-db.js';
import { TwoFactorLockedError, recordTwoFactorFailure, twoFactorLock } from './two-factor-limit.js';
import {
  RECOVERY_CODE_COUNT,
  TwoFactorError,
  beginTwoFactorSetup,
  disableTwoFactor,
  enableTwoFactor,
  recoveryCodesLeft,
  resetTwoFactor,
  twoFactorEnabled,
  useSecondFactor,
} from './two-factor-store.js';

const box = createSecretBox(Buffer.alloc(32, 7));
const start = new Date('2026-11-23T12:00:00Z');
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
const code = (secret: string, when: Date) => generateSync({ secret, epoch: Math.floor(when.getTime() / 1000) });

let t: ReturnType<typeof createTestDatabase>;
beforeEach(() => (t = createTestDatabase()));
afterEach(() => t.cleanup());

/** Enrols `area` at `start`; returns the secret and the recovery codes. */
function enrol(area: 'admin' | 'security' = 'admin') {
  const { secret, otpauthUrl } = beginTwoFactorSetup(t.db, box, area, 'Admin (stay.example.com)', start);
  expect(otpauthUrl).toBe(`otpauth://totp/Ridgeline:Admin%20(stay.example.com)?secret=${secret}&issuer=Ridgeline`);
  const codes = enableTwoFactor(t.db, box, area, code(secret, start), start);
  return { secret, codes };
}

describe('two-factor enrolment', () => {
  it('stays off until a code confirms the pending secret, which is stored encrypted', () => {
    const { secret } = beginTwoFactorSetup(t.db, box, 'admin', 'Admin', start);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(twoFactorEnabled(t.db, 'admin')).toBe(false);
    const stored = JSON.stringify(t.db.prepare('SELECT * FROM two_factor').all());
    expect(stored).not.toContain(secret);
    expect(() => enableTwoFactor(t.db, box, 'admin', '000000', start)).toThrow(TwoFactorError);
    expect(twoFactorEnabled(t.db, 'admin')).toBe(false);
    const codes = enableTwoFactor(t.db, box, 'admin', code(secret, start), start);
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const c of codes) expect(c).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);
    expect(twoFactorEnabled(t.db, 'admin')).toBe(true);
    expect(twoFactorEnabled(t.db, 'security')).toBe(false);
    // Only hashes of the codes are stored.
    const hashes = JSON.stringify(t.db.prepare('SELECT * FROM two_factor_recovery_codes').all());
    for (const c of codes) expect(hashes).not.toContain(c);
  });

  it('refuses a second set-up while it is on', () => {
    enrol();
    expect(() => beginTwoFactorSetup(t.db, box, 'admin', 'Admin', start)).toThrow(/already on/);
  });
});

describe('useSecondFactor', () => {
  it('accepts a code one step either side of now, and not two', () => {
    const { secret } = enrol();
    expect(useSecondFactor(t.db, box, 'admin', { totp: code(secret, at(90)) }, at(60))).toBe('totp');
    expect(useSecondFactor(t.db, box, 'admin', { totp: code(secret, at(120)) }, at(150))).toBe('totp');
    expect(useSecondFactor(t.db, box, 'admin', { totp: code(secret, at(210)) }, at(270))).toBeUndefined();
    expect(useSecondFactor(t.db, box, 'admin', { totp: code(secret, at(330)) }, at(300))).toBe('totp');
  });

  it('refuses a replay of the code just used, and any earlier step', () => {
    const { secret } = enrol();
    const now = at(305);
    const current = code(secret, now);
    expect(useSecondFactor(t.db, box, 'admin', { totp: current }, now)).toBe('totp');
    expect(useSecondFactor(t.db, box, 'admin', { totp: current }, at(305))).toBeUndefined();
    expect(useSecondFactor(t.db, box, 'admin', { totp: code(secret, at(270)) }, at(305))).toBeUndefined();
    expect(useSecondFactor(t.db, box, 'admin', { totp: code(secret, at(330)) }, at(330))).toBe('totp');
  });

  it('refuses the code that confirmed the enrolment (it is spent)', () => {
    const { secret } = enrol();
    expect(useSecondFactor(t.db, box, 'admin', { totp: code(secret, start) }, at(5))).toBeUndefined();
  });

  it('takes each recovery code once, typed loosely', () => {
    const { codes } = enrol();
    const first = codes[0] as string;
    expect(useSecondFactor(t.db, box, 'admin', { recoveryCode: ` ${first.toUpperCase().replace(/-/g, ' ')} ` }, at(60))).toBe('recovery-code');
    expect(useSecondFactor(t.db, box, 'admin', { recoveryCode: first }, at(90))).toBeUndefined();
    expect(recoveryCodesLeft(t.db, 'admin')).toBe(RECOVERY_CODE_COUNT - 1);
    expect(useSecondFactor(t.db, box, 'security', { recoveryCode: codes[1] as string }, at(90))).toBeUndefined();
    expect(useSecondFactor(t.db, box, 'admin', { recoveryCode: 'zzzz-zzzz-zzzz-zzzz' }, at(90))).toBeUndefined();
  });

  it('keeps the areas apart', () => {
    const { secret } = enrol('admin');
    expect(useSecondFactor(t.db, box, 'security', { totp: code(secret, at(60)) }, at(60))).toBeUndefined();
  });
});

describe('turning it off', () => {
  it('needs a current code, then forgets the secret and the recovery codes', () => {
    const { secret } = enrol();
    expect(() => disableTwoFactor(t.db, box, 'admin', { totp: '123456' }, at(60))).toThrow(/not right/);
    expect(twoFactorEnabled(t.db, 'admin')).toBe(true);
    expect(() => disableTwoFactor(t.db, box, 'admin', {}, at(60))).toThrow(TwoFactorError);
    expect(disableTwoFactor(t.db, box, 'admin', { totp: code(secret, at(60)) }, at(60))).toBe('totp');
    expect(twoFactorEnabled(t.db, 'admin')).toBe(false);
    expect(recoveryCodesLeft(t.db, 'admin')).toBe(0);
    expect(() => disableTwoFactor(t.db, box, 'admin', { totp: code(secret, at(90)) }, at(90))).toThrow(/not on/);
  });

  it('accepts a recovery code', () => {
    const { codes } = enrol();
    expect(disableTwoFactor(t.db, box, 'admin', { recoveryCode: codes[3] as string }, at(60))).toBe('recovery-code');
    expect(twoFactorEnabled(t.db, 'admin')).toBe(false);
  });

  it('can be reset from the server without a code (a lost phone)', () => {
    enrol('security');
    expect(resetTwoFactor(t.db, 'security')).toBe(true);
    expect(twoFactorEnabled(t.db, 'security')).toBe(false);
    expect(resetTwoFactor(t.db, 'security')).toBe(false);
  });
});

describe('the account-wide limit on codes ([auth.two-factor-limit])', () => {
  /** A six-digit code accepted at none of the steps around `when`. */
  const wrong = (secret: string, when: Date, i: number) => {
    const near = new Set([-30, 0, 30].map((s) => code(secret, new Date(when.getTime() + s * 1000))));
    let n = 200_000 + i * 11;
    while (near.has(String(n))) n += 1;
    return String(n);
  };

  it('locks the area at the 20th wrong code in 15 minutes, TOTP, recovery and disable alike, and refuses even the right code', () => {
    const { secret, codes } = enrol();
    enrol('security');
    const when = at(60);
    for (let i = 0; i < 9; i += 1) expect(useSecondFactor(t.db, box, 'admin', { totp: wrong(secret, when, i) }, when)).toBeUndefined();
    for (let i = 0; i < 5; i += 1) expect(useSecondFactor(t.db, box, 'admin', { recoveryCode: `zzzz-zzzz-zzzz-zzz${i}` }, when)).toBeUndefined();
    // A wrong code to turn it off is counted, though that call throws.
    for (let i = 0; i < 5; i += 1) expect(() => disableTwoFactor(t.db, box, 'admin', { totp: wrong(secret, when, 100 + i) }, when)).toThrow(TwoFactorError);
    expect(twoFactorLock(t.db, 'admin', when)).toBeUndefined();
    expect(recordTwoFactorFailure(t.db, 'admin', when)).toEqual({ area: 'admin', lockedAt: when.toISOString(), until: at(60 + 15 * 60).toISOString() });

    expect(() => useSecondFactor(t.db, box, 'admin', { totp: code(secret, when) }, when)).toThrow(TwoFactorLockedError);
    expect(() => useSecondFactor(t.db, box, 'admin', { recoveryCode: codes[0] as string }, when)).toThrow(TwoFactorLockedError);
    expect(() => disableTwoFactor(t.db, box, 'admin', { totp: code(secret, when) }, when)).toThrow(TwoFactorLockedError);
    expect(recoveryCodesLeft(t.db, 'admin')).toBe(RECOVERY_CODE_COUNT);
    expect(twoFactorLock(t.db, 'security', when)).toBeUndefined();
    // Fifteen minutes later the right code passes again.
    const later = at(60 + 15 * 60);
    expect(twoFactorLock(t.db, 'admin', later)).toBeUndefined();
    expect(useSecondFactor(t.db, box, 'admin', { totp: code(secret, later) }, later)).toBe('totp');
  });

  it('forgets wrong codes older than 15 minutes, and a reset lifts a lock', () => {
    enrol();
    for (let i = 0; i < 19; i += 1) recordTwoFactorFailure(t.db, 'admin', at(0));
    expect(recordTwoFactorFailure(t.db, 'admin', at(15 * 60))).toBeUndefined();
    for (let i = 0; i < 18; i += 1) recordTwoFactorFailure(t.db, 'admin', at(15 * 60));
    expect(recordTwoFactorFailure(t.db, 'admin', at(15 * 60 + 1))).toBeDefined();
    expect(twoFactorLock(t.db, 'admin', at(15 * 60 + 2))).toBeDefined();
    resetTwoFactor(t.db, 'admin');
    expect(twoFactorLock(t.db, 'admin', at(15 * 60 + 2))).toBeUndefined();
    expect(t.db.prepare('SELECT COUNT(*) AS n FROM two_factor_failures').get()).toEqual({ n: 0 });
  });
});
