#!/usr/bin/env node
/**
 * `npm run restore -- <backup file>`: puts a backup back as DATA_DIR's database. Stop the server
 * first. The database it replaces is kept as ridgeline.sqlite.before-restore-<time>.
 * Without an argument, lists the backups.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

if (existsSync('.env')) process.loadEnvFile('.env');
const { listBackups, restoreDatabase } = await import('@ridgeline/core/node').catch(() => {
  console.error('Build first: npm run build');
  process.exit(1);
});
const dataDir = path.resolve(process.env.DATA_DIR || './data');
const file = process.argv[2];
if (!file) {
  const backups = listBackups(path.join(dataDir, 'backups'));
  console.log(backups.length ? 'Backups, newest first:' : `No backups in ${path.join(dataDir, 'backups')}`);
  for (const b of backups) console.log(`  ${b.file}  (${Math.round(b.bytes / 1024)} KB)`);
  console.log('\nUsage: npm run restore -- <backup file>   (stop the server first)');
  process.exit(backups.length ? 0 : 1);
}
try {
  const { replaced } = restoreDatabase(path.resolve(file), dataDir);
  console.log(`Restored ${file} into ${dataDir}.`);
  if (replaced) console.log(`The previous database is kept at ${replaced}.`);
  console.log('Start the server again.');
} catch (err) {
  console.error(`Restore failed: ${err.message}`);
  process.exit(1);
}
