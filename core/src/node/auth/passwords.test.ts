import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkPassword, ensurePassword, hashPassword, verifyPassword } from './passwords.js';
import { getSetting } from '../platform/settings.js';
import { createTestDatabase } from '../test-db.js';

describe('password hashing', () => {
  it('verifies the right password and rejects others', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery!', hash)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
  });
});

describe('ensurePassword', () => {
  let t: ReturnType<typeof createTestDatabase>;
  beforeEach(() => (t = createTestDatabase()));
  afterEach(() => t.cleanup());

  it('generates a password once when none is configured, and keeps it after', async () => {
    const generated = await ensurePassword(t.db, 'admin', undefined);
    expect(generated).toMatch(/^[\w-]{16}$/);
    expect(await checkPassword(t.db, 'admin', generated as string)).toBe(true);
    expect(await ensurePassword(t.db, 'admin', undefined)).toBeUndefined();
    expect(await checkPassword(t.db, 'admin', generated as string)).toBe(true);
  });

  it('sets and replaces the password from configuration, areas kept apart', async () => {
    await ensurePassword(t.db, 'admin', 'first-password');
    await ensurePassword(t.db, 'security', 'security-password');
    expect(await checkPassword(t.db, 'admin', 'first-password')).toBe(true);
    expect(await checkPassword(t.db, 'admin', 'security-password')).toBe(false);
    const before = getSetting(t.db, 'password_hash.admin');
    await ensurePassword(t.db, 'admin', 'first-password');
    expect(getSetting(t.db, 'password_hash.admin')).toBe(before);
    await ensurePassword(t.db, 'admin', 'second-password');
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
