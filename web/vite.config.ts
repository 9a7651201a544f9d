import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

const webRoot = path.dirname(fileURLToPath(import.meta.url));

/** Chunks every page loads up front (index.html's modulepreloads). */
const FIRST_LOAD_CHUNK = /(^|\/)(react|rolldown-runtime)-[\w-]+\.js$/;
/** The chunks of the pages `src/router.tsx` loads on first visit. */
const ROUTE_PAGE_CHUNK = /(^|\/)(admin|security-console|calendar-auth|checkout|rental-agreement|guest|review)-page-[\w-]+\.js$/;

/**
 * The SPA build. `root` is `web/`, so `index.html` and `public/` are read from here and the
 * output lands in `web/dist/client`, which the Express server serves (hashed `assets/` files are
 * cached immutably there).
 *
 * `vite build --ssr src/entry-server.tsx` (npm run build:ssr) builds the `ssr` environment: the
 * server renderer of the public pages, one self-contained ES module (every library bundled) in
 * `web/dist/ssr`, loaded by the Express server at start-up (docs/architecture.md "Server-rendered
 * pages").
 */
export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss()],
  resolve: {
    // `source` first: workspace packages (`@ridgeline/core`) resolve to their TypeScript source,
    // so the SPA never depends on a prior `tsc -b core` and tree-shakes the real modules.
    conditions: ['source', ...defaultClientConditions],
    alias: {
      '@': path.resolve(webRoot, 'src'),
      // wouter imports React's `useSyncExternalStore` through the shim package for React < 18;
      // React 19 has it, so the shim's code stays out of the bundle.
      'use-sync-external-store/shim/index.js': path.resolve(webRoot, 'src/lib/use-sync-external-store.ts'),
    },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // Every browser the site supports knows <link rel="modulepreload">: no polyfill in the first load.
    // A lazy part's chunks are fetched together with it (no waterfall) for the home page's own
    // parts; the other pages' lists would sit in the home page's first load (~0.5 KB gzip), so a
    // page reached from it (owner pages, checkout, stay) fetches its chunks as its code asks.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (filename, deps, { hostType }) => {
        if (hostType !== 'js') return deps;
        if (ROUTE_PAGE_CHUNK.test(filename)) return [];
        // React and the runtime are in every page's first load already.
        return deps.filter((dep) => !FIRST_LOAD_CHUNK.test(dep));
      },
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React changes far less often than our code: its own long-cached chunk means a
            // deploy does not make returning visitors download ~65 KB gzip again.
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
  environments: {
    ssr: {
      // Workspace packages resolve to their TypeScript source here too; nothing is left for Node
      // to resolve at run time.
      resolve: { conditions: ['source', ...defaultServerConditions], noExternal: true },
      build: { outDir: 'dist/ssr', copyPublicDir: false, target: 'node20' },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/uploads': 'http://127.0.0.1:3000',
    },
  },
});
