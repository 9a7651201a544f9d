import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkPassword, ensurePassword, hashPassword, verifyPassword } from './passwords.js';
import { getSetting } from './settings.js';
import { createTestDatabase } from './test-db.js';

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
