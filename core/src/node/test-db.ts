import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from './platform/database.js';

/** A real SQLite file in a fresh temporary directory; `cleanup` closes and removes it. */
export function createTestDatabase(): { db: Db; dataDir: string; cleanup: () => void } {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ridgeline-test-'));
  const { db } = openDatabase(dataDir);
  return {
    db,
    dataDir,
    cleanup: () => {
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
