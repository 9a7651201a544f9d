import { defineConfig, devices } from '@playwright/test';

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
  // On CI a test that fails once is run once more and reported as flaky (Playwright's own
  // recommendation); one that fails twice fails the run. Locally: no retries, flakes show.
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    channel: undefined,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
    trace: 'retain-on-failure',
  },
});
