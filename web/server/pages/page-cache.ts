import { createHash } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { effectiveImagePath, publicListing, responsiveImage } from '@ridgeline/core';
import { getListing, getOwnerSettings, listPublishedReviews, getImageConfig } from '@ridgeline/core/node';
import type { AppDeps, PageRenderer, PublicPageData } from '../deps.js';
import { escapeAttribute } from './escape.js';
import { listingHeadHtml, withListingHead } from './listing-head.js';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The server-rendered pages ([pages.server-rendered]): the home page, the home page as a dated
 * landing link serves it (`landing`: `noindex`, canonical `/`; [pages.landing-link]) and the 404 page.
 */
export type CachedPageKey = 'home' | 'landing' | 'not-found';

/** What a dated landing link's page adds to the head ([pages.landing-link]); its canonical stays `{PUBLIC_URL}/`. */
export const LANDING_PAGE_META = '<meta name="robots" content="noindex" />';

/** Encodings a page is stored in, in the order of preference. */
export type PageEncoding = 'br' | 'gzip' | 'identity';

/** One rendered page, compressed once in each encoding. */
export interface CachedPage {
  /** 200 for the home page, 404 for the not-found page. */
  status: 200 | 404;
  /** The bytes of each encoding. */
  bodies: Record<PageEncoding, Buffer>;
  /** Strong ETag of each encoding (quoted; they differ, as the bytes do). */
  etags: Record<PageEncoding, string>;
}

/**
 * The rendered public pages, in memory ([pages.cache]). A page is rendered on first request and
 * kept until `invalidate` (what it shows changed: a review published, unpublished or deleted, an
 * image replaced, a setting saved), or until the year changes (the footer's copyright year).
 */
export interface PageCache {
  /** The page, rendered now when not cached. Rejects when rendering fails (nothing is cached). */
  get(key: CachedPageKey): Promise<CachedPage>;
  /** The page when cached and current, without waiting: the fast path's check. */
  peek(key: CachedPageKey): CachedPage | undefined;
  /** Drops every page; the next request renders them again from the database. */
  invalidate(): void;
  /** How many times a page was rendered (tests and logs). */
  readonly renders: number;
}

const PAGE_URL: Record<CachedPageKey, string> = { home: '/', landing: '/', 'not-found': '/404' };
const ROOT = '<div id="root"></div>';
/** Id of the JSON script element (web/src/lib/initial-data.ts INITIAL_DATA_ELEMENT_ID). */
const DATA_ELEMENT_ID = 'ridgeline-data';

/** What the public pages show, read now ([images.config], [reviews.public]). */
export function publicPageData(deps: Pick<AppDeps, 'db' | 'config'>): PublicPageData {
  return {
    imageConfig: getImageConfig(deps.db),
    publishedReviews: { reviews: listPublishedReviews(deps.db, { includeDemo: deps.config.demoContent }) },
    listing: publicListing(getOwnerSettings(deps.db), getListing(deps.db)),
  };
}

/**
 * The `<link rel="preload">` of the home page's hero, the page's largest paint: the photo the
 * image config shows (the owner's upload or the built-in one), in its first `<source>`'s format
 * and widths as the hero's `<picture>` lists them ([images.variants]), so the browser fetches
 * exactly the file the picture will pick, before it reaches the picture.
 */
export function heroPreloadLink(data: PublicPageData): string {
  const path = effectiveImagePath(data.imageConfig.property?.hero, 'hero');
  const image = responsiveImage(path, data.imageConfig.variants?.[path]);
  const first = image.sources[0];
  const attributes = first
    ? `href="${escapeAttribute(image.src)}" imagesrcset="${escapeAttribute(first.srcSet)}" imagesizes="100vw" type="${first.type}"`
    : `href="${escapeAttribute(image.src)}"`;
  return `<link rel="preload" as="image" ${attributes} fetchpriority="high" />`;
}

/**
 * `template` (index.html with the run-time settings filled in) with the rendered page inside
 * `#root`, its data in `<script type="application/json" id="ridgeline-data">`, and `headHtml`
 * (e.g. the hero's preload) at the end of `<head>`.
 * @throws Error when the template has no empty `<div id="root"></div>`
 */
export function pageHtml(template: string, rootHtml: string, dataJson: string, headHtml = ''): string {
  if (headHtml) template = template.replace('</head>', `  ${headHtml}\n  </head>`);
  const at = template.indexOf(ROOT);
  if (at < 0) throw new Error('index.html has no empty <div id="root"></div>');
  return (
    template.slice(0, at) +
    `<div id="root">${rootHtml}</div>\n    <script type="application/json" id="${DATA_ELEMENT_ID}">${dataJson}</script>` +
    template.slice(at + ROOT.length)
  );
}

async function compressPage(status: CachedPage['status'], html: string): Promise<CachedPage> {
  const identity = Buffer.from(html);
  const [br, gz] = await Promise.all([
    brotliAsync(identity, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzipAsync(identity, { level: 9 }),
  ]);
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  return {
    status,
    bodies: { br, gzip: gz, identity },
    etags: { br: `"${hash}-br"`, gzip: `"${hash}-gz"`, identity: `"${hash}"` },
  };
}

/**
 * The page cache of `deps`, rendering with `renderer` into `template`.
 * @param template index.html with `__PUBLIC_URL__` and friends already filled in
 */
export function createPageCache(deps: AppDeps, renderer: PageRenderer, template: string): PageCache {
  const now = () => deps.now?.() ?? new Date();
  const pages = new Map<CachedPageKey, { page: CachedPage; year: number }>();
  const building = new Map<CachedPageKey, { generation: number; promise: Promise<CachedPage> }>();
  let generation = 0;
  let renders = 0;
  const uploadsDir = path.join(path.resolve(deps.config.dataDir), 'uploads');

  const build = async (key: CachedPageKey, startedAt: number): Promise<CachedPage> => {
    renders += 1;
    const data = publicPageData(deps);
    // The owner's listing URL over the server's LISTING_URL ([listing.fields]).
    const links = { listingUrl: data.listing.listingUrl || deps.config.listingUrl, guideUrl: deps.config.guideUrl };
    const rootHtml = await renderer.renderPage({ url: PAGE_URL[key], data, links });
    // The home page's title, social card and JSON-LD come from the listing ([listing.social-card]);
    // a landing link's page is the same, not indexed ([pages.landing-link]).
    const isHome = key !== 'not-found';
    const document = isHome ? withListingHead(template, listingHeadHtml(data, deps.config.publicUrl, uploadsDir)) : template;
    const head = key === 'home' ? heroPreloadLink(data) : key === 'landing' ? `${LANDING_PAGE_META}${heroPreloadLink(data)}` : '';
    const page = await compressPage(isHome ? 200 : 404, pageHtml(document, rootHtml, renderer.serializeInitialData(data), head));
    // A change while this page was rendering makes it stale: serve it to this request only.
    if (startedAt === generation) pages.set(key, { page, year: now().getFullYear() });
    return page;
  };

  const peek = (key: CachedPageKey) => {
    const cached = pages.get(key);
    return cached && cached.year === now().getFullYear() ? cached.page : undefined;
  };

  return {
    peek,
    get(key) {
      const cached = peek(key);
      if (cached) return Promise.resolve(cached);
      const pending = building.get(key);
      if (pending && pending.generation === generation) return pending.promise;
      const startedAt = generation;
      const promise = build(key, startedAt).finally(() => {
        if (building.get(key)?.promise === promise) building.delete(key);
      });
      building.set(key, { generation: startedAt, promise });
      return promise;
    },
    invalidate() {
      generation += 1;
      pages.clear();
    },
    get renders() {
      return renders;
    },
  };
}
