import { statSync } from 'node:fs';
import path from 'node:path';
import { getSetting, setSetting } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { escapeAttribute } from './escape.js';

/**
 * What search engines are told about the public pages ([seo.sitemap], [seo.robots]): the sitemap
 * of the indexable pages with the time each last changed, and robots.txt.
 */

/** The `settings` key holding when the owner last changed what the public pages show ([seo.sitemap]). */
export const PUBLIC_CONTENT_CHANGED_KEY = 'public_content_changed_at';

/**
 * Records that what the public pages show changed now (a review, a photo, the settings: every
 * caller of `onPublicContentChanged`, [pages.cache]), as of the app's clock. Never throws: the
 * change itself is already saved; a failure is logged and the sitemap keeps the earlier time.
 */
export function recordPublicContentChange(deps: Pick<AppDeps, 'db' | 'now' | 'logger'>): void {
  try {
    const now = deps.now?.() ?? new Date();
    setSetting(deps.db, PUBLIC_CONTENT_CHANGED_KEY, now.toISOString(), now);
  } catch (err) {
    deps.logger.error('recording the public content change failed', { err });
  }
}

/**
 * When the home page last changed ([seo.sitemap]): the later of the owner's last change to what it
 * shows and the build of the site (the built index.html's modification time: a new release
 * changes the page's words and code). Undefined when neither is known (no build, nothing changed).
 */
export function homeLastModified(deps: Pick<AppDeps, 'db' | 'clientDir'>): Date | undefined {
  const times: number[] = [];
  const changed = getSetting(deps.db, PUBLIC_CONTENT_CHANGED_KEY);
  if (changed && !Number.isNaN(Date.parse(changed))) times.push(Date.parse(changed));
  if (deps.clientDir) {
    try {
      times.push(statSync(path.join(deps.clientDir, 'index.html')).mtimeMs);
    } catch {
      // No built client (some tests, a server-only run): only the recorded change counts.
    }
  }
  return times.length ? new Date(Math.max(...times)) : undefined;
}

/** A time as the sitemap protocol's W3C Datetime, to the second in UTC: "2026-12-02T07:54:28Z". */
export const w3cDatetime = (time: Date) => `${time.toISOString().slice(0, 19)}Z`;

/** One page of the sitemap: its absolute URL and its last change, if known. */
export interface SitemapPage {
  url: string;
  lastModified?: Date | undefined;
}

/**
 * The sitemap ([seo.sitemap]) per https://www.sitemaps.org/protocol.html: UTF-8, the `urlset` of
 * the protocol's namespace, one `<url>` with `<loc>` (absolute, entity-escaped) and, when known,
 * `<lastmod>` per page.
 */
export function sitemapXml(pages: SitemapPage[]): string {
  const urls = pages.map(
    (page) =>
      `  <url>\n    <loc>${escapeAttribute(page.url).replace(/'/g, '&apos;')}</loc>\n${
        page.lastModified ? `    <lastmod>${w3cDatetime(page.lastModified)}</lastmod>\n` : ''
      }  </url>\n`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('')}</urlset>\n`;
}

/**
 * Paths no search engine should crawl ([seo.robots]): the owner's pages, the checkout, the guest's
 * own page and review page (their tokens are private), and the Google Calendar sign-in.
 */
export const DISALLOWED_PATHS = ['/admin', '/security-console', '/checkout', '/stay/', '/review/', '/calendar-auth'] as const;

/**
 * robots.txt ([seo.robots], RFC 9309): every crawler may fetch the public pages, none the
 * `DISALLOWED_PATHS`; the sitemap named by its absolute URL.
 */
export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}
