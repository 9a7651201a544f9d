import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Unit tests beside the code (docs/architecture.md "Tests"): core, the server and the desktop app's
 * main-process logic in Node, the SPA's own logic in jsdom. `@ridgeline/core` resolves to its
 * TypeScript source through the `source` export condition, so no build is needed first.
 */
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { conditions: ['source', ...defaultServerConditions] },
        ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
        test: {
          name: 'core',
          include: ['core/src/**/*.test.ts'],
          environment: 'node',
          // Password hashing (scrypt, N=2^15) is deliberately slow; a loaded CI machine needs room.
          testTimeout: 30_000,
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
          testTimeout: 30_000,
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
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
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
        },
      },
    ],
  },
});
