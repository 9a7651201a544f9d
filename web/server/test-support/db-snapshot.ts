import type { Db } from '@ridgeline/core/node';

/**
 * Tables whose rows change on requests that change nothing else: the security log records every
 * refusal, the audit log every sign-in attempt and owner change, and a session's `last_seen`
 * moves on each signed-in request.
 */
export const VOLATILE_TABLES = ['security_events', 'audit_log', 'sessions'] as const;

/** Every row of every table, by table name (SQLite's own tables and VOLATILE_TABLES left out). */
export type DbSnapshot = Record<string, unknown[]>;

/**
 * `SELECT * FROM <table>` for each table of the database, ordered by rowid (or by every column
 * for WITHOUT ROWID tables), so two snapshots are equal exactly when no row was added, removed
 * or changed. Tables created by later migrations are picked up on their own.
 */
export function snapshotDatabase(db: Db, exclude: readonly string[] = VOLATILE_TABLES): DbSnapshot {
  const tables = (
    db
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")
      .all() as { name: string; sql: string }[]
  ).filter((t) => !exclude.includes(t.name));
  const snapshot: DbSnapshot = {};
  for (const { name, sql } of tables) {
    const quoted = `"${name.replace(/"/g, '""')}"`;
    const order = /WITHOUT\s+ROWID/i.test(sql) ? '1' : 'rowid';
    snapshot[name] = db.prepare(`SELECT * FROM ${quoted} ORDER BY ${order}`).all();
  }
  return snapshot;
}
