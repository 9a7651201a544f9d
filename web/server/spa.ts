import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { AppDeps } from './deps.js';

/** Client routes the SPA renders ([routes]); any other path gets the SPA with status 404. */
export const SPA_ROUTES = ['/', '/admin', '/security-console', '/calendar-auth', '/checkout', '/rental-agreement'] as const;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * index.html with the run-time settings the build cannot know filled in: `__PUBLIC_URL__`,
 * `__LISTING_URL__`, `__GUIDE_URL__` (read by the SPA from its meta tags, so no inline script
 * is needed under the CSP).
 */
export function renderIndexHtml(template: string, config: AppDeps['config']): string {
  return template
    .replaceAll('__PUBLIC_URL__', escapeAttribute(config.publicUrl))
    .replaceAll('__LISTING_URL__', escapeAttribute(config.listingUrl))
    .replaceAll('__GUIDE_URL__', escapeAttribute(config.guideUrl));
}

/**
 * Serves the built SPA: hashed `/assets/*` cached for a year as immutable (precompressed brotli or
 * gzip when the client accepts it), other files revalidated, and index.html for every other GET
 * outside `/api` (history fallback).
 */
export function spaRoutes({ clientDir, config }: AppDeps): Router {
  const router = Router();
  const indexPath = clientDir ? path.join(clientDir, 'index.html') : undefined;
  if (!clientDir || !indexPath || !existsSync(indexPath)) {
    router.use((req, res, next) => {
      if (req.path.startsWith('/api/') || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
      res.status(503).type('text/plain').send('The site has not been built yet: run `npm run build`, then start the server again.');
    });
    return router;
  }
  const indexHtml = renderIndexHtml(readFileSync(indexPath, 'utf8'), config);
  // index.html answers most page loads: compress it once here rather than on every request.
  const indexBodies = {
    br: brotliCompressSync(indexHtml, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(indexHtml, { level: 9 }),
    identity: Buffer.from(indexHtml),
  };

  // Build output carries .br/.gz copies (scripts/precompress.mjs): send those when accepted.
  router.use(
    expressStaticGzip(clientDir, {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      index: false,
      serveStatic: {
        index: false,
        setHeaders(res, filePath) {
          const rel = path.relative(clientDir, filePath).split(path.sep).join('/');
          if (rel.startsWith('assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
          else if (rel.startsWith('images/')) res.setHeader('Cache-Control', 'public, max-age=86400');
          else res.setHeader('Cache-Control', 'no-cache');
        },
      },
    }),
  );
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path.startsWith('/api/') || req.path === '/api') return next();
    // A missing file (an extension in the last segment) is a plain 404, not the app.
    if (/\.[a-z0-9]{1,8}$/i.test(req.path)) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    const known = (SPA_ROUTES as readonly string[]).includes(req.path.replace(/\/+$/, '') || '/');
    const encoding = (req.acceptsEncodings('br', 'gzip', 'identity') || 'identity') as keyof typeof indexBodies;
    res.status(known ? 200 : 404).set({ 'Cache-Control': 'no-cache', 'Content-Type': 'text/html; charset=utf-8', Vary: 'Accept-Encoding' });
    if (encoding !== 'identity') res.set('Content-Encoding', encoding);
    res.send(indexBodies[encoding]);
  });
  return router;
}
