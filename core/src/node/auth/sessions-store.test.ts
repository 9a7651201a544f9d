import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changePassword, checkPassword, ensurePassword } from './passwords.js';
import {
  SESSION_ABSOLUTE_TTL_SECONDS,
  createSession,
  endSessions,
  listSessions,
  purgeExpiredSessions,
  revokeSession,
  sessionIdOfToken,
  touchSession,
} from './sessions-store.js';
import { createTestDatabase } from '../test-db.js';

const start = new Date('2026-11-01T12:00:00Z');
const at = (ms: number) => new Date(start.getTime() + ms);
const DAY = 24 * 60 * 60 * 1000;

let t: ReturnType<typeof createTestDatabase>;
beforeEach(() => (t = createTestDatabase()));
afterEach(() => t.cleanup());

describe('absolute lifetime', () => {
  it('ends a session 30 days after sign-in however often it is used', () => {
    const token = createSession(t.db, 'admin', 'browser', start);
    // Used every day: the sliding expiry alone would keep it forever.
    for (let day = 1; day < 30; day += 1) expect(touchSession(t.db, token, 'admin', at(day * DAY))).toBe(true);
    const end = at(SESSION_ABSOLUTE_TTL_SECONDS * 1000);
    expect(touchSession(t.db, token, 'admin', new Date(end.getTime() - 1000))).toBe(true);
    expect(touchSession(t.db, token, 'admin', end)).toBe(false);
    expect(listSessions(t.db, end)).toEqual([]);
    expect(purgeExpiredSessions(t.db, end)).toBe(1);
  });

  it('reports the absolute expiry once it comes before the sliding one', () => {
    const token = createSession(t.db, 'admin', 'desktop', start);
    touchSession(t.db, token, 'admin', at(20 * DAY));
    const [session] = listSessions(t.db, at(20 * DAY));
    expect(session?.expiresAt).toBe(at(SESSION_ABSOLUTE_TTL_SECONDS * 1000).toISOString());
  });
});

describe('listing and revoking', () => {
  it('lists sessions by public id with their details, never the token', () => {
    const token = createSession(t.db, 'admin', 'desktop', start, { userAgent: 'Ridgeline Desktop', ip: '203.0.113.9' });
    createSession(t.db, 'security', 'browser', at(1000), { userAgent: 'Firefox', ip: '198.51.100.2' });
    const list = listSessions(t.db, at(2000));
    expect(list).toHaveLength(2);
    const admin = list.find((s) => s.area === 'admin');
    expect(admin).toMatchObject({ client: 'desktop', userAgent: 'Ridgeline Desktop', ip: '203.0.113.9', createdAt: start.toISOString(), lastUsedAt: start.toISOString() });
    expect(admin?.id).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(list)).not.toContain(token);
    expect(sessionIdOfToken(t.db, token)).toBe(admin?.id);
  });

  it('revokes one session by its id', () => {
    const token = createSession(t.db, 'admin', 'browser', start);
    const other = createSession(t.db, 'admin', 'browser', start);
    const id = sessionIdOfToken(t.db, token) as string;
    expect(revokeSession(t.db, id)).toBe('admin');
    expect(revokeSession(t.db, id)).toBeUndefined();
    expect(touchSession(t.db, token, 'admin', at(1000))).toBe(false);
    expect(touchSession(t.db, other, 'admin', at(1000))).toBe(true);
  });

  it('ends every session of an area but the kept one', () => {
    const keep = createSession(t.db, 'security', 'browser', start);
    const otherSecurity = createSession(t.db, 'security', 'desktop', start);
    const admin = createSession(t.db, 'admin', 'desktop', start);
    expect(endSessions(t.db, 'security', keep)).toBe(1);
    expect(touchSession(t.db, keep, 'security', at(1000))).toBe(true);
    expect(touchSession(t.db, otherSecurity, 'security', at(1000))).toBe(false);
    expect(touchSession(t.db, admin, 'admin', at(1000))).toBe(true);
    expect(endSessions(t.db, undefined, keep)).toBe(1);
    expect(touchSession(t.db, admin, 'admin', at(1000))).toBe(false);
  });
});

/** A low scrypt cost: these tests are about sessions, not the hash (see PasswordHashCost). */
const TEST_COST = { N: 1024 };

describe('a new password ends sessions', () => {
  it('at start-up: a changed ADMIN_PASSWORD ends every admin session, desktop tokens included', async () => {
    await ensurePassword(t.db, 'admin', 'first-password', TEST_COST);
    const browser = createSession(t.db, 'admin', 'browser', start);
    const desktop = createSession(t.db, 'admin', 'desktop', start);
    const security = createSession(t.db, 'security', 'browser', start);
    // The same value again (a plain restart) ends nothing.
    await ensurePassword(t.db, 'admin', 'first-password', TEST_COST);
    expect(touchSession(t.db, browser, 'admin', at(1000))).toBe(true);
    await ensurePassword(t.db, 'admin', 'second-password', TEST_COST);
    expect(touchSession(t.db, browser, 'admin', at(2000))).toBe(false);
    expect(touchSession(t.db, desktop, 'admin', at(2000))).toBe(false);
    expect(touchSession(t.db, security, 'security', at(2000))).toBe(true);
  });

  it('from the UI: ends the other sessions of the area, keeps the caller, and survives a restart with the same variable', async () => {
    await ensurePassword(t.db, 'admin', 'configured-password', TEST_COST);
    const caller = createSession(t.db, 'admin', 'browser', start);
    const other = createSession(t.db, 'admin', 'desktop', start);
    expect(await changePassword(t.db, 'admin', 'chosen-in-the-ui', caller)).toBe(1);
    expect(touchSession(t.db, caller, 'admin', at(1000))).toBe(true);
    expect(touchSession(t.db, other, 'admin', at(1000))).toBe(false);
    expect(await checkPassword(t.db, 'admin', 'chosen-in-the-ui')).toBe(true);
    await ensurePassword(t.db, 'admin', 'configured-password', TEST_COST);
    expect(await checkPassword(t.db, 'admin', 'chosen-in-the-ui')).toBe(true);
    expect(touchSession(t.db, caller, 'admin', at(2000))).toBe(true);
    // A new value in the environment wins again.
    await ensurePassword(t.db, 'admin', 'configured-again', TEST_COST);
    expect(await checkPassword(t.db, 'admin', 'configured-again')).toBe(true);
    expect(touchSession(t.db, caller, 'admin', at(3000))).toBe(false);
  });

  it('refuses a UI password shorter than 8 characters', async () => {
    await expect(changePassword(t.db, 'admin', 'short')).rejects.toThrow(RangeError);
  });
});

describe('migration 0007 on a database with sessions', () => {
  it('gives existing sessions a public id and an absolute expiry 30 days after their sign-in', async () => {
    const { default: Database } = await import('better-sqlite3');
    const { migrate, readMigrations } = await import('../platform/migrations.js');
    const db = new Database(':memory:');
    try {
      const all = readMigrations();
      const version = all.find((m) => m.name === 'sessions_two_factor')?.version as number;
      migrate(db, all.filter((m) => m.version < version));
      const insert = db.prepare(
        "INSERT INTO sessions (token_hash, area, client, created_at, expires_at, last_seen_at) VALUES (?, 'admin', 'desktop', ?, '2027-01-01T00:00:00.000Z', ?)",
      );
      insert.run('a'.repeat(64), '2026-11-01T12:00:00.123Z', '2026-11-20T08:00:00.000Z');
      insert.run('b'.repeat(64), '2026-11-02T12:00:00.000Z', '2026-11-02T12:00:00.000Z');
      migrate(db, all.filter((m) => m.version <= version));
      const rows = db.prepare('SELECT public_id, absolute_expires_at FROM sessions ORDER BY created_at').all() as { public_id: string; absolute_expires_at: string }[];
      expect(rows.map((r) => r.absolute_expires_at)).toEqual(['2026-12-01T12:00:00.123Z', '2026-12-02T12:00:00.000Z']);
      for (const r of rows) expect(r.public_id).toMatch(/^[0-9a-f]{32}$/);
      expect(rows[0]?.public_id).not.toBe(rows[1]?.public_id);
    } finally {
      db.close();
    }
  });
});
