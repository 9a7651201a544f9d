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

/**
 * The JSON value at `key` read through `schema` (so fields added later take their defaults), or
 * `fallback` when unset, not JSON, or refused by the schema (a hand-edited database).
 */
export function getSettingJson<T>(db: Db, key: string, schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, fallback: T): T {
  const raw = getSetting(db, key);
  if (raw === undefined) return fallback;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return fallback;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
}
