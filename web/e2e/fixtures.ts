import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
// E2E_SERVER_ENTRY lets a run use a private copy of the build (e.g. while another build runs).
const serverEntry = process.env.E2E_SERVER_ENTRY ?? path.resolve(here, '../dist/server/main.js');

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  dataDir: string;
  /** Everything the server printed so far (stdout and stderr). */
  output: () => string;
}

/** Passwords every e2e server starts with. */
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';
export const E2E_SECURITY_PASSWORD = 'e2e-security-password';

/**
 * scrypt cost of the two passwords in the template databases (global-setup.ts): N = 2^10, so
 * neither a server's start (which checks the configured password against the applied one) nor a
 * sign-in spends production's N = 2^15 each time. The hash records its N and the server's own
 * verifyPassword reads it; a password the owner changes in a test is hashed at production's cost.
 */
export const E2E_PASSWORD_COST = { N: 1024 };

/** The environment variable global-setup.ts sets to the directory holding the templates. */
export const E2E_TEMPLATE_ENV = 'RIDGELINE_E2E_TEMPLATE_DIR';

/**
 * Which template data directory a server started with `env` (on top of startServer's defaults)
 * can start from: `demo` (DEMO_CONTENT=true, the default), `plain` (DEMO_CONTENT unset), or none
 * when its first run would differ from both (other passwords or DEMO_CONTENT value, or no
 * templates made, e.g. a config without global-setup.ts): such a server starts on an empty
 * directory and makes its database itself.
 */
function templateFor(env: Record<string, string>): string | undefined {
  const root = process.env[E2E_TEMPLATE_ENV];
  if (!root) return undefined;
  if ('ADMIN_PASSWORD' in env || 'SECURITY_PASSWORD' in env || 'DATA_DIR' in env) return undefined;
  const demo = env.DEMO_CONTENT ?? 'true';
  if (demo === 'true') return path.join(root, 'demo');
  if (demo === '') return path.join(root, 'plain');
  return undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  // Generous: on a loaded 2-core machine a start (Node, the app, the server renderer) can take long.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/**
 * Starts the built server with a fresh DATA_DIR of its own; stops it and removes the directory
 * after. The directory starts as a copy of the run's template (see templateFor and
 * global-setup.ts), the same database the server would make on a first run.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer & { stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ridgeline-e2e-'));
  const template = templateFor(env);
  if (template) cpSync(template, dataDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      SECURITY_PASSWORD: E2E_SECURITY_PASSWORD,
      // A whole test file makes far more than the 100 /api requests ([security.rate-limit]) per 15 minutes from one
      // address; the limit itself is tested in the server suite.
      RATE_LIMIT_MAX: '100000',
      // Production mode leaves the demo reviews out ([config.demo-content]); most specs look at them. A
      // spec passes DEMO_CONTENT: '' (unset) to see a live site's first run.
      DEMO_CONTENT: 'true',
      // Payments started per address per hour (tested in the server suite).
      PAYMENT_INTENT_LIMIT: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const output = () => log;
  await waitForHealth(url, child, output);
  return {
    url,
    dataDir,
    output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * `server`: one real server per worker (its own database). `baseURL` points at it, so
 * `page.goto('/')` works. Tests that change data should not assume they run alone in a worker
 * unless they use `freshServer`.
 */
export const test = base.extend<{ consoleErrors: string[] }, { server: RunningServer }>({
  server: [
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  /**
   * The page, watched: when a test fails, what the page said (its errors, console errors, failed
   * requests, URL and visible text) is printed with the failure, so a run elsewhere (CI) explains
   * itself without its trace.
   */
  page: async ({ page }, use, testInfo) => {
    const seen: string[] = [];
    const at = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
    const started = Date.now();
    page.on('pageerror', (err) => seen.push(`${at()} page error: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning') seen.push(`${at()} console ${msg.type()}: ${msg.text()}`);
    });
    page.on('requestfailed', (req) => seen.push(`${at()} request failed: ${req.method()} ${req.url().slice(0, 160)} (${req.failure()?.errorText ?? ''})`));
    page.on('response', (res) => {
      if (res.status() >= 400) seen.push(`${at()} ${res.status()} ${res.request().method()} ${res.url().slice(0, 160)}`);
    });
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) seen.push(`${at()} at ${frame.url().slice(0, 160)}`);
    });
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus && !page.isClosed()) {
      const text = await page
        .locator('body')
        .innerText({ timeout: 2000 })
        .catch((err: unknown) => `(no text: ${(err as Error).message})`);
      console.log(`--- the page when "${testInfo.title}" failed ---\n${seen.join('\n')}\nURL ${page.url()}\n${text.slice(0, 1500)}\n---`);
    }
  },
  /** Console errors and page errors seen during the test; most tests assert it stays empty. */
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    await use(errors);
  },
});

/** What `ownServerTest` adds to `test`. */
export interface OwnServerFixtures {
  /**
   * Variables the test's own server starts with, on top of `startServer`'s; a spec sets them
   * with `ownServerTest.use({ serverEnv: { … } })`, or overrides the fixture when they come
   * from another fixture (a stand-in's URL).
   */
  serverEnv: Record<string, string>;
  /** A server of this test alone (its own database), stopped and removed after the test. */
  ownServer: RunningServer;
}

/**
 * Tests that change what other tests look at (settings, published content, the next 30 days'
 * prices) or need a server configured differently: each gets `ownServer`, and `baseURL` points
 * at it, so `page.goto('/')` opens it.
 */
export const ownServerTest = test.extend<OwnServerFixtures>({
  serverEnv: [{}, { option: true }],
  ownServer: async ({ serverEnv }, use) => {
    const server = await startServer(serverEnv);
    await use(server);
    await server.stop();
  },
  baseURL: async ({ ownServer }, use) => {
    await use(ownServer.url);
  },
});

export { expect };
