import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrations.js';

export type Db = Database.Database;

export interface OpenedDatabase {
  db: Db;
  /** True when this call created the schema (a fresh DATA_DIR): the caller seeds demo content. */
  fresh: boolean;
}

/**
 * Opens (creating when needed) `DATA_DIR/ridgeline.sqlite` in WAL mode with foreign keys on and
 * applies pending migrations (docs/architecture.md "Data").
 * @param dataDir directory for the database and uploads; created if missing
 * @throws when the directory cannot be created or migrations disagree with the database
 */
export function openDatabase(dataDir: string): OpenedDatabase {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, 'ridgeline.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  const applied = migrate(db);
  return { db, fresh: applied.includes(1) };
}
