import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * Debian's Chromium, never a downloaded one: its headless shell (package chromium-headless-shell,
 * the same browser without the desktop UI, which is what Playwright itself runs headless) when
 * installed, else the full `chromium`. On this 2-core machine the shell halves the browser
 * tests' time (issue 24: CI in 10 minutes). CHROMIUM_PATH overrides both.
 */
const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the real built
 * server: each worker starts `web/dist/server/main.js` on a free port with its own temporary
 * DATA_DIR (see e2e/fixtures.ts). Run `npm run build` first (`npm run test:e2e` does).
 */
export default defineConfig({
  testDir: './e2e',
  // The template databases every test server starts from (e2e/global-setup.ts).
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: true,
  // A test that fails once is run once more, traced, and reported as flaky (Playwright's own
  // recommendation); one that fails twice fails the run. The list reporter names every flaky test.
  retries: 1,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    channel: undefined,
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // A trace is recorded on a test's retry only: recording every test (retain-on-failure) cost a
    // quarter of the run in snapshots. A test that fails once runs again, traced.
    trace: 'on-first-retry',
  },
});
