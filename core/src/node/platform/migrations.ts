import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from 'better-sqlite3';

/** `core/migrations`, the same relative path from `src/node` and from `dist/node`. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations/', import.meta.url));

export interface Migration {
  /** e.g. 1 for `0001_initial.sql` */
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

const FILE_NAME = /^(\d{4})_([a-z0-9_]+)\.sql$/;

/** Reads `NNNN_snake_name.sql` files in version order. Throws on a misnamed file or a gap. */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const files = readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
  return files.map((file, index) => {
    const match = FILE_NAME.exec(file);
    if (!match) throw new Error(`Migration file ${file} is not named NNNN_snake_name.sql`);
    const version = Number(match[1]);
    if (version !== index + 1) throw new Error(`Migration ${file} is out of sequence: expected version ${index + 1}`);
    const sql = readFileSync(`${dir}/${file}`, 'utf8');
    return { version, name: match[2] as string, sql, checksum: createHash('sha256').update(sql).digest('hex') };
  });
}

/**
 * Applies every migration the database has not recorded, each in its own transaction.
 *
 * Refuses to run (throws) when the database and the files disagree: a recorded migration whose
 * file is gone or whose text changed (a shipped migration is never edited: docs/architecture.md "Data").
 * @returns versions applied by this call
 */
export function migrate(db: Database, migrations: Migration[] = readMigrations()): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at TEXT NOT NULL
  )`);
  const applied = db
    .prepare('SELECT version, name, checksum FROM schema_migrations ORDER BY version')
    .all() as { version: number; name: string; checksum: string }[];
  for (const row of applied) {
    const file = migrations.find((m) => m.version === row.version);
    if (!file) throw new Error(`Database has migration ${row.version} (${row.name}) that this version of Ridgeline does not know. Refusing to start.`);
    if (file.checksum !== row.checksum) throw new Error(`Migration ${row.version} (${row.name}) was edited after it was applied. Refusing to start.`);
  }
  const done = new Set(applied.map((r) => r.version));
  const record = db.prepare('INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)');
  const versions: number[] = [];
  for (const m of migrations) {
    if (done.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      record.run(m.version, m.name, m.checksum, new Date().toISOString());
    })();
    versions.push(m.version);
  }
  return versions;
}
