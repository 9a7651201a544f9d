import { defaultClientConditions, defaultServerConditions } from 'vite';
import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * The SPA's test files that need a module graph of their own (Vitest's `isolate`): those that
 * mock modules, fake timers or stub globals, and those marked `vitest: isolate` (a test of what a
 * module does when first imported). Found by reading the files, so a new test that mocks lands in
 * the isolated project by itself. The rest share one jsdom worker's modules (`isolate: false`):
 * loading jsdom and React anew for each of 65 files cost 150 s of the 170 s the project took.
 */
const WEB_TESTS = 'web/src/**/*.test.{ts,tsx}';
const NEEDS_ISOLATION = /vi\.(mock|doMock|useFakeTimers|stubGlobal|resetModules)\b|vitest: isolate/;
const isolatedWebTests = readdirSync(new URL('./web/src', import.meta.url), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `web/src/${file.split('\\').join('/')}`)
  .filter((file) => NEEDS_ISOLATION.test(readFileSync(new URL(`./${file}`, import.meta.url), 'utf8')))
  .sort();

/**
 * Unit tests beside the code (docs/architecture.md "Tests"): core, the server and the desktop app's
 * main-process logic in Node, the SPA's own logic in jsdom. `@ridgeline/core` resolves to its
 * TypeScript source through the `source` export condition, so no build is needed first.
 *
 * Speed (issue 24): two workers (Vitest's default is one fewer than the CPUs, so one on CI's two
 * cores), and `isolate: false` for the Node projects (core, server, desktop): their files mock no
 * modules, stub no globals and each builds its own app and database, so a worker reuses the
 * modules it loaded for the next file instead of importing the app again per file. The jsdom
 * tests share modules too, except those that mock (isolatedWebTests). Timeouts are generous: `npm
 * test` runs lint and type checks beside these tests on two cores, so a CPU-bound test can wait.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        resolve: { conditions: ['source', ...defaultServerConditions] },
        ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
        test: {
          name: 'core',
          include: ['core/src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          // Image processing, feed parsing and the one production-cost scrypt hash are CPU-bound;
          // beside lint and tsc on two (often shared) cores they need room.
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        // `@` too: the page tests render the real pages through src/entry-server.tsx.
        resolve: {
          conditions: ['source', ...defaultServerConditions],
          alias: { '@': new URL('./web/src', import.meta.url).pathname },
        },
        ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
        test: {
          name: 'server',
          include: ['web/server/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          // CPU-bound tests (eight image uploads, a 60,000-event feed, every route's hostile
          // bodies) run beside lint and tsc on two cores: generous, as in core.
          testTimeout: 120_000,
          hookTimeout: 60_000,
          // What background work does (a job's e-mail, a feed worker's import) is awaited with
          // expect.poll: on a loaded CI machine it can take seconds, so polls wait up to 10 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        resolve: {
          conditions: ['source', ...defaultClientConditions],
          alias: { '@': new URL('./web/src', import.meta.url).pathname },
        },
        test: {
          name: 'web',
          include: [WEB_TESTS],
          exclude: isolatedWebTests,
          environment: 'jsdom',
          isolate: false,
          testTimeout: 20_000,
        },
      },
      {
        resolve: {
          conditions: ['source', ...defaultClientConditions],
          alias: { '@': new URL('./web/src', import.meta.url).pathname },
        },
        test: {
          name: 'web-isolated',
          include: isolatedWebTests,
          environment: 'jsdom',
          testTimeout: 20_000,
        },
      },
      {
        // The desktop app's main-process logic and renderer transport, with Electron's modules
        // injected at the boundary (its runtime is not needed, nor imported).
        resolve: {
          conditions: ['source', ...defaultServerConditions],
          alias: { '@': new URL('./web/src', import.meta.url).pathname },
        },
        test: {
          name: 'desktop',
          include: ['desktop/src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          testTimeout: 20_000,
        },
      },
    ],
  },
});
