import type { Db } from './database.js';

/** Reads a value from the `settings` key/value table; undefined when unset. */
export function getSetting(db: Db, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

/** Sets (inserts or replaces) a value in the `settings` table. */
export function setSetting(db: Db, key: string, value: string, now: Date = new Date()): void {
  db.prepare(
    `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  ).run(key, value, now.toISOString());
}
