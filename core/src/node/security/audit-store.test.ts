import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listAudit, purgeAudit, recordAudit } from './audit-store.js';
import { createTestDatabase } from '../test-db.js';

let t: ReturnType<typeof createTestDatabase>;
beforeEach(() => (t = createTestDatabase()));
afterEach(() => t.cleanup());

describe('audit store', () => {
  it('keeps entries one year, then purges them', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    recordAudit(t.db, { area: 'admin', ip: '192.0.2.1', action: 'old', detail: '' }, new Date('2025-11-22T12:00:00Z'));
    recordAudit(t.db, { area: 'admin', ip: '192.0.2.1', action: 'kept', detail: '' }, new Date('2025-11-24T12:00:00Z'));
    expect(purgeAudit(t.db, now)).toBe(1);
    expect(listAudit(t.db, { limit: 10 }).map((e) => e.action)).toEqual(['kept']);
  });

  it('cuts long text instead of refusing the entry', () => {
    recordAudit(t.db, { area: 'security', ip: '192.0.2.1', action: 'a'.repeat(300), detail: 'd'.repeat(2000) });
    const [entry] = listAudit(t.db, { limit: 1 });
    expect(entry?.action.length).toBe(100);
    expect(entry?.detail.length).toBe(500);
  });
});
