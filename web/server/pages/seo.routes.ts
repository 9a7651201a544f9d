import { Router } from 'express';
import type { AppDeps } from '../deps.js';
import { homeLastModified, robotsTxt, sitemapXml } from './sitemap.js';

/**
 * For search engines ([seo.sitemap], [seo.robots]):
 * - `GET /sitemap.xml` → `application/xml`: the indexable public pages (the home page `/`; the
 *   checkout, guest and owner pages are `noindex`) by absolute URL from PUBLIC_URL, each with its
 *   `<lastmod>`.
 * - `GET /robots.txt` → `text/plain`: allows the public pages, disallows the owner's, checkout,
 *   stay and review pages, and names the sitemap.
 * Both `Cache-Control: no-cache`: the sitemap's time moves with every change of the page.
 */
export function seoRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get('/sitemap.xml', (_req, res) => {
    const pages = [{ url: `${deps.config.publicUrl}/`, lastModified: homeLastModified(deps) }];
    res.set('Cache-Control', 'no-cache').type('application/xml; charset=utf-8').send(sitemapXml(pages));
  });
  router.get('/robots.txt', (_req, res) => {
    res.set('Cache-Control', 'no-cache').type('text/plain; charset=utf-8').send(robotsTxt(deps.config.publicUrl));
  });
  return router;
}
