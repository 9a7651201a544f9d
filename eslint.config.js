import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Lint with zero warnings allowed (`npm run lint`). The import boundaries of docs/architecture.md "Layers and their boundaries":
 * core never imports express/react/electron/vite; core's browser-safe modules import nothing
 * Node-only; the SPA never imports server code; desktop talks to the server only over HTTP;
 * the server's routes import no value of core/node (docs/architecture.md "Inside the server").
 */
const nodeOnly = ['node:*', 'fs', 'path', 'crypto', 'better-sqlite3', 'sharp', 'stripe', 'googleapis', 'node-ical', 'nodemailer'];
/**
 * What the SPA may not import; its tests (`forTests`) may also use core's browser-safe test
 * builders (`@ridgeline/core/testing/builders`), never the Node-only `@ridgeline/core/testing`.
 */
const spaImports = (forTests) => {
  const message = 'the SPA may only use browser-safe core (@ridgeline/core).';
  return {
    paths: forTests ? [{ name: '@ridgeline/core/testing', message }] : [],
    patterns: [
      { group: ['**/server/*', '**/server'], message: 'the SPA never imports server code.' },
      { group: ['@ridgeline/core/node', ...(forTests ? [] : ['@ridgeline/core/testing']), ...nodeOnly, 'express'], message },
    ],
  };
};
const desktopHttpOnly = { group: ['@ridgeline/core/node', '**/web/server/**', '**/web/server'], message: 'desktop talks to the server only over HTTP.' };
const frameworks = ['express', 'react', 'react-dom', 'wouter', 'wouter/*', 'electron', 'vite', '@tanstack/*', '@radix-ui/*'];

export default tseslint.config(
  { ignores: ['**/dist/**', 'desktop/release/**', 'web/.dist-*/**', '**/test-results/**', '**/node_modules/**', 'web/public/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['core/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: frameworks, message: 'core never imports a framework (docs/architecture.md, "Layers and their boundaries").' }] }],
    },
  },
  {
    // Browser-safe core: everything under core/src but core/src/node (one folder per feature).
    files: ['core/src/**/*.ts'],
    ignores: ['core/src/**/*.test.ts', 'core/src/node/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: frameworks, message: 'core never imports a framework (docs/architecture.md, "Layers and their boundaries").' },
            { group: nodeOnly, message: 'browser-safe core: Node-only code goes under core/src/node.' },
            { group: ['**/node/*', '**/node', './node', '../node'], message: 'browser-safe modules must not import core/src/node.' },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', spaImports(false)],
    },
  },
  {
    // Thin routes (docs/architecture.md "Inside the server"): a route parses, calls its feature's
    // module or service and answers; only that module calls core's stores. Types are fine.
    files: ['web/server/**/*.routes.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@ridgeline/core/node',
              allowTypeImports: true,
              message: 'routes do not call stores: call the feature\'s module or service beside the route (docs/architecture.md, "Inside the server").',
            },
          ],
        },
      ],
    },
  },
  {
    // The SPA's tests build their test data with core's browser-safe builders.
    files: ['web/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', spaImports(true)] },
  },
  {
    // Playwright fixtures must destructure their (possibly empty) dependencies: `async ({}, use)`.
    files: ['web/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['desktop/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [desktopHttpOnly] }],
    },
  },
  {
    // The renderer is web code in a sandbox: the preload's `window.ridgeline` is its only way out.
    files: ['desktop/src/renderer/**/*.{ts,tsx}', 'desktop/src/shared/**/*.ts'],
    ignores: ['desktop/src/**/*.test.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            desktopHttpOnly,
            { group: ['electron', 'electron/*', ...nodeOnly], message: 'the desktop renderer has no Node or Electron: use window.ridgeline.' },
            { group: ['**/main/*', '**/preload/*'], message: 'the renderer reaches the main process only through the preload API.' },
          ],
        },
      ],
    },
  },
  {
    // Main and preload are Node/Electron code: no React, no web pages.
    files: ['desktop/src/main/**/*.ts', 'desktop/src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            desktopHttpOnly,
            { group: ['react', 'react-dom', 'wouter', 'wouter/*', '@/*', '**/renderer/*', '**/web/src/**'], message: 'the main process does not import the renderer.' },
          ],
        },
      ],
    },
  },
);
