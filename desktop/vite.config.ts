import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import electron from 'vite-plugin-electron/simple';
import webConfig from '../web/vite.config.ts';

const desktopRoot = path.dirname(fileURLToPath(import.meta.url));
const src = (...parts: string[]) => path.join(desktopRoot, 'src', ...parts);
const dist = (...parts: string[]) => path.join(desktopRoot, 'dist', ...parts);

/**
 * The desktop app in one Vite build (`npm run build:desktop`), everything under desktop/dist:
 * - renderer/: the owner pages from web/src (same plugins, `@` alias and `source` condition as
 *   the website, reused from web/vite.config.ts) with the desktop's entry and screens;
 * - main/main.js (ESM) and preload/preload.cjs (CommonJS, as sandboxed preloads must be), built
 *   by vite-plugin-electron with Electron and Node built-ins left external.
 * `vite --config desktop/vite.config.ts` (`npm run dev -w desktop`) serves the renderer with
 * hot reload and starts Electron on it.
 */
export default defineConfig({
  root: src('renderer'),
  base: './',
  publicDir: false,
  plugins: [
    ...(webConfig.plugins ?? []),
    electron({
      main: {
        entry: src('main', 'main.ts'),
        vite: { build: { outDir: dist('main'), emptyOutDir: true, sourcemap: true } },
        // Start Electron on desktop/ (its package.json names dist/main/main.js), keeping
        // Chromium's sandbox (the plugin's default arguments would add --no-sandbox).
        onstart: ({ startup }) => void startup([desktopRoot]),
      },
      preload: {
        input: src('preload', 'preload.ts'),
        vite: {
          build: {
            outDir: dist('preload'),
            emptyOutDir: true,
            rolldownOptions: { output: { entryFileNames: 'preload.cjs' } },
          },
        },
      },
    }),
  ],
  resolve: webConfig.resolve,
  build: {
    outDir: dist('renderer'),
    emptyOutDir: true,
    // Electron 45 is Chromium 142+: no need to down-level for older browsers.
    target: 'chrome130',
    // Loaded from disk, never over a network: one bundle is fine.
    chunkSizeWarningLimit: 1024,
  },
  server: { port: 5174, strictPort: true },
} satisfies UserConfig);
