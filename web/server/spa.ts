import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { GUEST_TOKEN_PATTERN } from '@ridgeline/core';
import { getBookingByGuestToken } from '@ridgeline/core/node';
import type { AppDeps } from './deps.js';
import type { PageCache } from './pages/page-cache.js';
import { homePageKey, sendCachedPage } from './pages/page-responses.js';
import { escapeAttribute } from './pages/escape.js';

/** Client routes the SPA renders ([routes]); any other path gets the SPA with status 404. */
export const SPA_ROUTES = ['/', '/admin', '/admin/house-sheet', '/security-console', '/calendar-auth', '/checkout', '/rental-agreement'] as const;

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

/** The guest's pages, `/stay/{token}` and `/review/{token}` ([guest.page], [reviews.request]). */
const GUEST_PAGE = /^\/(?:stay|review)\/([^/]+)\/?$/;

/** What the guest's pages add to index.html's head: never indexed, never sending their URL (it holds the token) on. */
const PRIVATE_PAGE_META =
  '<meta name="robots" content="noindex, nofollow" />\n    <meta name="referrer" content="no-referrer" />';

/** What /checkout adds to index.html's head: not indexed ([checkout.page]); its canonical is itself. */
const CHECKOUT_PAGE_META = '<meta name="robots" content="noindex" />';
const CANONICAL_LINK = /<link rel="canonical" href="[^"]*"\s*\/?>/;

/** index.html as /checkout serves it: robots `noindex` and the canonical link `{PUBLIC_URL}/checkout`. */
export function checkoutPageHtml(indexHtml: string, config: AppDeps['config']): string {
  return indexHtml
    .replace(CANONICAL_LINK, `<link rel="canonical" href="${escapeAttribute(config.publicUrl)}/checkout" />`)
    .replace('</head>', `  ${CHECKOUT_PAGE_META}\n  </head>`);
}

/** index.html with the run-time settings filled in, or undefined when the SPA is not built. */
export function readIndexHtml({ clientDir, config }: Pick<AppDeps, 'clientDir' | 'config'>): string | undefined {
  const indexPath = clientDir ? path.join(clientDir, 'index.html') : undefined;
  if (!indexPath || !existsSync(indexPath)) return undefined;
  return renderIndexHtml(readFileSync(indexPath, 'utf8'), config);
}

/** index.html compressed once, in each encoding a client may accept. */
function encodedBodies(html: string) {
  return {
    br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(html, { level: 9 }),
    identity: Buffer.from(html),
  };
}

/**
 * Serves the built SPA: hashed `/assets/*` cached for a year as immutable (precompressed brotli or
 * gzip when the client accepts it), other files revalidated, and index.html for every other GET
 * outside `/api` (history fallback). The guest's pages (`/stay/{token}`, `/review/{token}`) get
 * index.html with robots `noindex` and referrer `no-referrer` (meta tags and headers), uncached,
 * with status 404 unless the token is a booking's ([guest.page]). With a page cache, any other
 * unknown path gets the server-rendered 404 page ([pages.server-rendered]; the SPA shell, status
 * 404, should it fail to render), and `/` the rendered home page when the fast path passed it on.
 * `/checkout` is `noindex` with its own canonical link ([checkout.page]).
 */
export function spaRoutes(deps: AppDeps, pages?: PageCache): Router {
  const { clientDir, config, db } = deps;
  const router = Router();
  const indexHtml = readIndexHtml(deps);
  if (!clientDir || indexHtml === undefined) {
    router.use((req, res, next) => {
      if (req.path.startsWith('/api/') || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
      res
        .status(503)
        .type('text/plain')
        .send('The site has not been built yet: run `npm run build`, then start the server again.');
    });
    return router;
  }
  // index.html answers most page loads: compress it once here rather than on every request.
  const indexBodies = encodedBodies(indexHtml);
  const privateBodies = encodedBodies(indexHtml.replace('</head>', `  ${PRIVATE_PAGE_META}\n  </head>`));
  const checkoutBodies = encodedBodies(checkoutPageHtml(indexHtml, config));

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
    const guestToken = GUEST_PAGE.exec(req.path)?.[1];
    const route = req.path.replace(/\/+$/, '') || '/';
    const known =
      guestToken !== undefined
        ? GUEST_TOKEN_PATTERN.test(guestToken) && getBookingByGuestToken(db, guestToken) !== undefined
        : (SPA_ROUTES as readonly string[]).includes(route);
    const rendered =
      !pages || guestToken !== undefined ? undefined : route === '/' ? homePageKey(req) : known ? undefined : 'not-found';
    if (rendered && pages) {
      pages.get(rendered).then(
        (page) => sendCachedPage(req, res, page),
        (err: unknown) => {
          deps.logger.error('a server-rendered page failed; sending the SPA shell', { page: rendered, err });
          sendShell();
        },
      );
      return;
    }
    sendShell();

    function sendShell() {
      const encoding = (req.acceptsEncodings('br', 'gzip', 'identity') || 'identity') as keyof typeof indexBodies;
      res
        .status(known ? 200 : 404)
        .set({ 'Cache-Control': 'no-cache', 'Content-Type': 'text/html; charset=utf-8', Vary: 'Accept-Encoding' });
      if (guestToken !== undefined)
        res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' });
      if (encoding !== 'identity') res.set('Content-Encoding', encoding);
      res.send(
        (guestToken !== undefined ? privateBodies : route === '/checkout' ? checkoutBodies : indexBodies)[encoding],
      );
    }
  });
  return router;
}
