import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listAudit, purgeAudit, recordAudit } from './audit-store.js';
import { migrate, readMigrations } from '../platform/migrations.js';
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

describe('migration 0021: no guest e-mail or phone in audit entries already written ([audit.log])', () => {
  it('removes the email and phone fields of existing entries and keeps everything else as it was', () => {
    const db = new Database(':memory:');
    const migrations = readMigrations();
    migrate(db, migrations.filter((m) => m.version < 21));
    const insert = db.prepare("INSERT INTO audit_log (time, area, ip, action, detail) VALUES ('2026-11-01T00:00:00.000Z', 'admin', '192.0.2.1', ?, ?)");
    const rows: [string, string][] = [
      // As the automatic writer described a phone booking before: body fields in the order sent.
      ['booking added', 'kind="manual" checkin="2026-12-10" checkout="2026-12-12" guests=2 firstName="Mary" lastName="Jones" email="mary@example.com" phone="+1 706 555 0199" amountPaidCents=0 notes="Called \\"Monday\\""'],
      ['booking added', 'email="first@example.com" phone="555 \\" 0100" kind="owner"'],
      ['booking added', 'firstName="Ann" email="" phone="555-0100'],
      ['settings saved', 'ownerEmail="owner@example.com" cleaningCrewEmail="crew@example.com" weekendRate=400'],
      ['review updated', 'id=3 content="write to me: email=\\"x@example.com\\" please"'],
    ];
    for (const [action, detail] of rows) insert.run(action, detail);
    expect(migrate(db, migrations)).toContain(21);
    const details = (db.prepare('SELECT detail FROM audit_log ORDER BY id').all() as { detail: string }[]).map((r) => r.detail);
    expect(details).toEqual([
      'kind="manual" checkin="2026-12-10" checkout="2026-12-12" guests=2 firstName="Mary" lastName="Jones" amountPaidCents=0 notes="Called \\"Monday\\""',
      'kind="owner"',
      'firstName="Ann"',
      'ownerEmail="owner@example.com" cleaningCrewEmail="crew@example.com" weekendRate=400',
      'id=3 content="write to me: email=\\"x@example.com\\" please"',
    ]);
    // The guest area exists from now on.
    recordAudit(db, { area: 'guest', ip: '192.0.2.9', action: 'booking cancelled by guest', detail: 'booking=1 no refund' });
    expect(listAudit(db, { limit: 1, area: 'guest' }).map((e) => e.action)).toEqual(['booking cancelled by guest']);
    db.close();
  });
});
