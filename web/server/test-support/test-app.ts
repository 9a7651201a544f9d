import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { Express } from 'express';
import request from 'supertest';
import { ensurePassword, loadConfig, seedDemoContent, type Config, type Db } from '@ridgeline/core/node';
import { createTestDatabase } from '@ridgeline/core/testing';
import { createApp } from '../app.js';
import type { AppDeps } from '../deps.js';
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
export function createTestApp(
  env: Record<string, string> = {},
  options: { seed?: boolean } = {},
  now?: () => Date,
  extraDeps: Partial<AppDeps> = {},
) {
  const { db, dataDir, cleanup: cleanupDb } = createTestDatabase();
  if (options.seed !== false) seedDemoContent(db);
  const clientDir = mkdtempSync(path.join(tmpdir(), 'ridgeline-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  mkdirSync(path.join(clientDir, 'images'));
  writeFileSync(path.join(clientDir, 'index.html'), TEST_INDEX_HTML);
  const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;
  writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), script);
  // The precompressed copy carries a marker, so tests can tell which file was sent.
  writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(`/* precompressed */${script}`));
  writeFileSync(path.join(clientDir, 'images', 'pic.jpg'), 'not really a jpeg');
  const config: Config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', ...env });
  const deps: AppDeps = { db, config, logger: silentLogger, clientDir, ...(now ? { now } : {}), ...extraDeps };
  const app = createApp(deps);
  return {
    app,
    db,
    config,
    /** The app's dependencies, as createApp completed them (its job runner included). */
    deps,
    cleanup: () => {
      cleanupDb();
      rmSync(clientDir, { recursive: true, force: true });
    },
  };
}

export const TEST_ADMIN_PASSWORD = 'test-admin-password';
export const TEST_SECURITY_PASSWORD = 'test-security-password';

/** Sets the two known test passwords (as `startServer` would from the environment). */
export async function setTestPasswords(db: Db): Promise<void> {
  await ensurePassword(db, 'admin', TEST_ADMIN_PASSWORD);
  await ensurePassword(db, 'security', TEST_SECURITY_PASSWORD);
}

/** A supertest agent signed in to `area` with a cookie session, as the browser would be. */
export async function signedInAgent(app: Express, area: 'admin' | 'security' = 'admin') {
  const agent = request.agent(app);
  const path = area === 'admin' ? '/api/auth/login' : '/api/security/login';
  const password = area === 'admin' ? TEST_ADMIN_PASSWORD : TEST_SECURITY_PASSWORD;
  const res = await agent.post(path).send({ password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return agent;
}
