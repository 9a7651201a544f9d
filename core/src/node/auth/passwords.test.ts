import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_HASH_COST, checkPassword, ensurePassword, hashPassword, verifyPassword } from './passwords.js';
import { getSetting } from '../platform/settings.js';
import { createTestDatabase } from '../test-db.js';

/** A low scrypt cost for the tests below that are not about the cost (see PasswordHashCost). */
const TEST_COST = { N: 1024 };

describe('password hashing', () => {
  // The one test at the production cost: every other hash in the tests uses a lower one.
  it('verifies the right password and rejects others', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery!', hash)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same password', TEST_COST)).not.toBe(await hashPassword('same password', TEST_COST));
  });

  it('uses N = 2^15 unless a test passes a lower cost, which the hash records and verification reads', async () => {
    expect(PASSWORD_HASH_COST).toEqual({ N: 32768 });
    const cheap = await hashPassword('correct horse battery', TEST_COST);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('correct horse battery', cheap)).toBe(true);
    expect(await verifyPassword('correct horse battery!', cheap)).toBe(false);
  });

  it('refuses a cost that is not a power of two from 2 to 2^15', async () => {
    for (const N of [0, 1, 1000, 65536, 1.5]) await expect(hashPassword('x', { N })).rejects.toThrow(RangeError);
  });
});

describe('ensurePassword', () => {
  let t: ReturnType<typeof createTestDatabase>;
  beforeEach(() => (t = createTestDatabase()));
  afterEach(() => t.cleanup());

  it('generates a password once when none is configured, and keeps it after', async () => {
    const generated = await ensurePassword(t.db, 'admin', undefined, TEST_COST);
    expect(generated).toMatch(/^[\w-]{16}$/);
    expect(await checkPassword(t.db, 'admin', generated as string)).toBe(true);
    expect(await ensurePassword(t.db, 'admin', undefined, TEST_COST)).toBeUndefined();
    expect(await checkPassword(t.db, 'admin', generated as string)).toBe(true);
  });

  it('sets and replaces the password from configuration, areas kept apart', async () => {
    await ensurePassword(t.db, 'admin', 'first-password', TEST_COST);
    await ensurePassword(t.db, 'security', 'security-password', TEST_COST);
    expect(await checkPassword(t.db, 'admin', 'first-password')).toBe(true);
    expect(await checkPassword(t.db, 'admin', 'security-password')).toBe(false);
    const before = getSetting(t.db, 'password_hash.admin');
    await ensurePassword(t.db, 'admin', 'first-password', TEST_COST);
    expect(getSetting(t.db, 'password_hash.admin')).toBe(before);
    await ensurePassword(t.db, 'admin', 'second-password', TEST_COST);
    expect(await checkPassword(t.db, 'admin', 'first-password')).toBe(false);
    expect(await checkPassword(t.db, 'admin', 'second-password')).toBe(true);
  });
});

describe('touchSession', () => {
  it('slides the expiry, writing at most once a minute', async () => {
    const { createSession, touchSession, SESSION_TTL_SECONDS } = await import('./sessions-store.js');
    const t = createTestDatabase();
    try {
      const start = new Date('2026-11-21T12:00:00Z');
      const token = createSession(t.db, 'admin', 'browser', start);
      const expiry = () => (t.db.prepare('SELECT expires_at FROM sessions').get() as { expires_at: string }).expires_at;
      const first = expiry();
      expect(touchSession(t.db, token, 'admin', new Date(start.getTime() + 30_000))).toBe(true);
      expect(expiry()).toBe(first);
      const later = new Date(start.getTime() + 5 * 60_000);
      expect(touchSession(t.db, token, 'admin', later)).toBe(true);
      expect(expiry()).toBe(new Date(later.getTime() + SESSION_TTL_SECONDS * 1000).toISOString());
      expect(touchSession(t.db, token, 'security', later)).toBe(false);
      expect(touchSession(t.db, token, 'admin', new Date(later.getTime() + (SESSION_TTL_SECONDS + 1) * 1000))).toBe(false);
    } finally {
      t.cleanup();
    }
  });
});
