import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Db } from './database.js';

/** The database file inside DATA_DIR. */
export const DATABASE_FILE = 'ridgeline.sqlite';
/** Backups kept when BACKUP_KEEP is not set: two weeks of the daily backup. */
export const DEFAULT_BACKUPS_KEPT = 14;

const BACKUP_NAME = /^ridgeline-(\d{8}T\d{6}Z)\.sqlite$/;

/** `ridgeline-20261121T153000Z.sqlite` for `now`. */
export function backupFileName(now: Date): string {
  return `ridgeline-${now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z')}.sqlite`;
}

/**
 * Copies the live database with SQLite's online backup API (consistent while the server keeps
 * writing) to `dir/ridgeline-<UTC timestamp>.sqlite`, checks the copy, and deletes all but the
 * newest `keep` backups.
 * @returns the new backup's path and the paths removed
 * @throws when the copy fails its integrity check
 */
export async function backupDatabase(db: Db, dir: string, keep = DEFAULT_BACKUPS_KEPT, now: Date = new Date()): Promise<{ file: string; removed: string[] }> {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, backupFileName(now));
  const partial = `${file}.partial`;
  await db.backup(partial);
  const check = new Database(partial, { readonly: true });
  try {
    const result = check.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`backup failed its integrity check: ${String(result)}`);
  } finally {
    check.close();
  }
  renameSync(partial, file);
  const backups = listBackups(dir);
  const removed = backups.slice(keep).map((b) => b.file);
  for (const old of removed) rmSync(old, { force: true });
  return { file, removed };
}

/** Backups in `dir`, newest first. */
export function listBackups(dir: string): { file: string; takenAt: string; bytes: number }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => BACKUP_NAME.test(f))
    .sort()
    .reverse()
    .map((f) => ({ file: path.join(dir, f), takenAt: (BACKUP_NAME.exec(f) as RegExpExecArray)[1] as string, bytes: statSync(path.join(dir, f)).size }));
}

/**
 * Puts `backupFile` back as `dataDir`'s database. The server must be stopped. The current
 * database (with its WAL) is kept beside it as `ridgeline.sqlite.before-restore-<timestamp>`.
 * @throws when the backup is not a sound Ridgeline database
 */
export function restoreDatabase(backupFile: string, dataDir: string, now: Date = new Date()): { replaced: string | undefined } {
  const check = new Database(backupFile, { readonly: true, fileMustExist: true });
  try {
    if (check.pragma('integrity_check', { simple: true }) !== 'ok') throw new Error(`${backupFile} failed its integrity check`);
    const hasSchema = check.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
    if (!hasSchema) throw new Error(`${backupFile} is not a Ridgeline database`);
  } finally {
    check.close();
  }
  mkdirSync(dataDir, { recursive: true });
  const target = path.join(dataDir, DATABASE_FILE);
  let replaced: string | undefined;
  if (existsSync(target)) {
    replaced = `${target}.before-restore-${backupFileName(now).slice('ridgeline-'.length, -'.sqlite'.length)}`;
    // Fold the WAL into the old file first so the kept copy is complete.
    const old = new Database(target);
    old.pragma('wal_checkpoint(TRUNCATE)');
    old.close();
    renameSync(target, replaced);
  }
  for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
  copyFileSync(backupFile, target);
  return { replaced };
}
