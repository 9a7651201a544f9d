import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensurePassword, openDatabase, seedDemoContent } from '@ridgeline/core/node';
import { E2E_ADMIN_PASSWORD, E2E_PASSWORD_COST, E2E_SECURITY_PASSWORD, E2E_TEMPLATE_ENV } from './fixtures';

/**
 * Once per run, before any worker starts (docs/architecture.md "Tests"): the template data
 * directories every test server starts from (`startServer` in fixtures.ts copies one), made with
 * the server's own first-run steps: `openDatabase` (every migration), `seedDemoContent` (the
 * default photos, with or without the demo reviews), and both passwords set from
 * E2E_ADMIN_PASSWORD / E2E_SECURITY_PASSWORD as `ensurePassword` does at a start, hashed at
 * E2E_PASSWORD_COST. A server started on a copy finds its database migrated, seeded and its
 * passwords applied, so it skips those steps instead of repeating them for each of the ~50
 * servers of a run. Returns the teardown that removes the templates.
 */
export default async function globalSetup(): Promise<() => void> {
  const root = mkdtempSync(path.join(tmpdir(), 'ridgeline-e2e-template-'));
  for (const [variant, demoReviews] of [
    ['demo', true],
    ['plain', false],
  ] as const) {
    const dataDir = path.join(root, variant);
    const { db } = openDatabase(dataDir);
    try {
      seedDemoContent(db, new Date(), { demoReviews });
      await ensurePassword(db, 'admin', E2E_ADMIN_PASSWORD, E2E_PASSWORD_COST);
      await ensurePassword(db, 'security', E2E_SECURITY_PASSWORD, E2E_PASSWORD_COST);
      // One self-contained file to copy: the write-ahead log folded in.
      db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      db.close();
    }
  }
  // Workers inherit the environment of the run; startServer reads it.
  process.env[E2E_TEMPLATE_ENV] = root;
  return () => rmSync(root, { recursive: true, force: true });
}
