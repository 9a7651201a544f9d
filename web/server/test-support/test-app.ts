import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { Express } from 'express';
import request from 'supertest';
import { createSession, ensurePassword, loadConfig, seedDemoContent, type Config, type Db, type PasswordHashCost } from '@ridgeline/core/node';
import { createTestDatabase } from '@ridgeline/core/testing';
import { SESSION_COOKIE } from '../http/sessions.js';
import { createApp } from '../app.js';
import { createServices } from '../services.js';
import type { AppDeps } from '../deps.js';
import { silentLogger } from '../logger.js';

export const TEST_INDEX_HTML = `<!doctype html><html><head>
<!-- listing-head: index.html's fresh-install title and social card --><title>Ridgeline</title><!-- /listing-head -->
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
  const services = createServices(deps);
  const app = createApp(deps, services);
  appDeps.set(app, deps);
  return {
    app,
    db,
    config,
    /** The app's dependencies, as createApp completed them (its job runner included). */
    deps,
    /** The app's services, as its routes and jobs use them (web/server/services.ts). */
    services,
    cleanup: () => {
      cleanupDb();
      rmSync(clientDir, { recursive: true, force: true });
    },
  };
}

/** The dependencies of each app createTestApp made, so signedInAgent can reach its database and clock. */
const appDeps = new WeakMap<Express, AppDeps>();

export const TEST_ADMIN_PASSWORD = 'test-admin-password';
export const TEST_SECURITY_PASSWORD = 'test-security-password';

/**
 * scrypt cost of the test passwords: N = 2^10 instead of production's 2^15 (32 times less CPU and
 * memory per hash and per sign-in). The stored hash carries its N, so the app's own
 * verifyPassword checks it unchanged; production code never passes a cost. The default cost is
 * tested in core/src/node/auth/passwords.test.ts, and a password changed through the API
 * (auth.test.ts) is hashed at the default cost.
 */
export const TEST_PASSWORD_COST: PasswordHashCost = { N: 1024 };

/** Sets the two known test passwords (as `startServer` would from the environment), hashed at TEST_PASSWORD_COST. */
export async function setTestPasswords(db: Db): Promise<void> {
  await ensurePassword(db, 'admin', TEST_ADMIN_PASSWORD, TEST_PASSWORD_COST);
  await ensurePassword(db, 'security', TEST_SECURITY_PASSWORD, TEST_PASSWORD_COST);
}

/**
 * A supertest agent signed in to `area` with a cookie session, as the browser would be after
 * signing in. For an app from createTestApp the session is minted with core's createSession (at
 * the app's clock) and its cookie put in the agent's jar, as a sign-in would leave it, without a
 * password hash or an HTTP sign-in per test; the sign-in itself is tested in auth.test.ts,
 * two-factor.test.ts and security.test.ts. Any other app is signed in over HTTP (its passwords
 * must be set).
 */
export async function signedInAgent(app: Express, area: 'admin' | 'security' = 'admin') {
  const agent = request.agent(app);
  const deps = appDeps.get(app);
  if (deps) {
    const token = createSession(deps.db, area, 'browser', deps.now?.() ?? new Date(), { userAgent: '', ip: '127.0.0.1' });
    // supertest talks to 127.0.0.1; the server's own cookie is host-only with Path=/.
    agent.jar.setCookies([`${SESSION_COOKIE[area]}=${token}; Path=/; HttpOnly; SameSite=Strict`], '127.0.0.1', '/');
    return agent;
  }
  return signInOverHttp(app, area, agent);
}

/**
 * The set-up of most API tests: createTestApp (same arguments) with the two test passwords set
 * and `admin`, an agent signed in to the admin area (signedInAgent).
 */
export async function createSignedInTestApp(...args: Parameters<typeof createTestApp>) {
  const t = createTestApp(...args);
  await setTestPasswords(t.db);
  return { ...t, admin: await signedInAgent(t.app) };
}

/**
 * A supertest agent signed in to `area` through the sign-in endpoint with the test password (what
 * signedInAgent did before it minted sessions): for tests about what a sign-in itself leaves (its
 * security events, audit lines).
 */
export async function signInOverHttp(app: Express, area: 'admin' | 'security' = 'admin', agent = request.agent(app)) {
  const path = area === 'admin' ? '/api/auth/login' : '/api/security/login';
  const password = area === 'admin' ? TEST_ADMIN_PASSWORD : TEST_SECURITY_PASSWORD;
  const res = await agent.post(path).send({ password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return agent;
}
