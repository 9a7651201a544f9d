#!/usr/bin/env node
/**
 * `npm run backup [-- --keep N]`: an online backup of DATA_DIR's SQLite database (safe while the
 * server runs) to DATA_DIR/backups/ridgeline-<UTC time>.sqlite, keeping the newest N (BACKUP_KEEP,
 * default 14). Reads `.env` like the server. Exit code 1 on failure.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

if (existsSync('.env')) process.loadEnvFile('.env');
const { DATABASE_FILE, DEFAULT_BACKUPS_KEPT, backupDatabase, listBackups } = await import('@ridgeline/core/node').catch(() => {
  console.error('Build first: npm run build');
  process.exit(1);
});
const Database = (await import('better-sqlite3')).default;

const args = process.argv.slice(2);
const keepArg = args.indexOf('--keep');
const keep = Number(keepArg >= 0 ? args[keepArg + 1] : (process.env.BACKUP_KEEP ?? DEFAULT_BACKUPS_KEPT));
if (!Number.isInteger(keep) || keep < 1) {
  console.error('--keep (or BACKUP_KEEP) must be a whole number of at least 1');
  process.exit(1);
}
const dataDir = path.resolve(process.env.DATA_DIR || './data');
const dbFile = path.join(dataDir, DATABASE_FILE);
if (!existsSync(dbFile)) {
  console.error(`No database at ${dbFile} (is DATA_DIR right?)`);
  process.exit(1);
}
const db = new Database(dbFile, { fileMustExist: true });
try {
  const dir = path.join(dataDir, 'backups');
  const { file, removed } = await backupDatabase(db, dir, keep);
  console.log(`Backup written: ${file}`);
  for (const r of removed) console.log(`Removed old backup: ${r}`);
  console.log(`${listBackups(dir).length} backup(s) kept in ${dir}`);
} catch (err) {
  console.error(`Backup failed: ${err.message}`);
  process.exitCode = 1;
} finally {
  db.close();
}
