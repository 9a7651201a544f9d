import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, seedDemoContent, type Config } from '@ridgeline/core/node';
import { createTestDatabase } from '@ridgeline/core/testing';
import { createApp } from '../app.js';
import { silentLogger } from '../logger.js';

export const TEST_INDEX_HTML = `<!doctype html><html><head>
<link rel="canonical" href="__PUBLIC_URL__/">
<meta name="ridgeline:listing-url" content="__LISTING_URL__">
<meta name="ridgeline:guide-url" content="__GUIDE_URL__">
</head><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>`;

/**
 * The real app on a real temporary SQLite database (seeded like a first run) and a tiny built
 * client directory. `cleanup` closes the database and removes both directories.
 */
export function createTestApp(env: Record<string, string> = {}, options: { seed?: boolean } = {}) {
  const { db, dataDir, cleanup: cleanupDb } = createTestDatabase();
  if (options.seed !== false) seedDemoContent(db);
  const clientDir = mkdtempSync(path.join(tmpdir(), 'ridgeline-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  mkdirSync(path.join(clientDir, 'images'));
  writeFileSync(path.join(clientDir, 'index.html'), TEST_INDEX_HTML);
  writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(2000))});`);
  writeFileSync(path.join(clientDir, 'images', 'pic.jpg'), 'not really a jpeg');
  const config: Config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', ...env });
  const app = createApp({ db, config, logger: silentLogger, clientDir });
  return {
    app,
    db,
    config,
    cleanup: () => {
      cleanupDb();
      rmSync(clientDir, { recursive: true, force: true });
    },
  };
}
