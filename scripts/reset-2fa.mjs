#!/usr/bin/env node
/**
 * `npm run reset-2fa -- admin` (or `security`): turns two-factor sign-in off for one owner area
 * without a code, for an owner who lost the phone and the recovery codes. Needs shell access to
 * the server (that is the proof of ownership); the password still applies. Also ends every
 * session of the area, and writes an audit entry. Safe while the server runs (SQLite WAL).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

if (existsSync('.env')) process.loadEnvFile('.env');
const area = process.argv[2];
if (area !== 'admin' && area !== 'security') {
  console.error('Usage: npm run reset-2fa -- admin|security');
  process.exit(1);
}
const { openDatabase, resetTwoFactor, endSessions, recordAudit } = await import('@ridgeline/core/node').catch(() => {
  console.error('Build first: npm run build');
  process.exit(1);
});
const dataDir = path.resolve(process.env.DATA_DIR || './data');
const { db } = openDatabase(dataDir);
try {
  const wasOn = resetTwoFactor(db, area);
  const ended = endSessions(db, area);
  recordAudit(db, { area, ip: 'server shell', action: 'two-factor disabled', detail: 'reset from the server (npm run reset-2fa)' });
  console.log(
    wasOn
      ? `Two-factor sign-in is now off for the ${area} area; ${ended} session(s) ended. Sign in with the password and set it up again.`
      : `Two-factor sign-in was not on for the ${area} area; ${ended} session(s) ended.`,
  );
} finally {
  db.close();
}
