import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ImageConfigResponse, PublicListing, PublishedReviewsResponse } from '@ridgeline/core';

/** What the public pages show from the database: the answers of the endpoints they would call. */
export interface PublicPageData {
  /** `GET /api/images/config`'s answer ([images.config]). */
  imageConfig: ImageConfigResponse;
  /** `GET /api/reviews/published`'s answer ([reviews.public]). */
  publishedReviews: PublishedReviewsResponse;
  /** `GET /api/listing`'s answer ([compliance.numbers], [a11y.facts]). */
  listing: PublicListing;
}

/** What a page is rendered from (web/src/entry-server.tsx `RenderPageInput`). */
export interface RenderPageInput {
  /** Path of the page, e.g. `/`. */
  url: string;
  data: PublicPageData;
  /** The configured listing and guide links (raw config values; blank means the SPA's fallback). */
  links: { listingUrl: string; guideUrl: string };
}

/**
 * The server renderer built from web/src/entry-server.tsx: the HTML of `#root` for a page.
 * Rejects when a component throws.
 */
export interface PageRenderer {
  renderPage(input: RenderPageInput): Promise<string>;
  /** `data` as the text of the page's JSON script element (`<` escaped). */
  serializeInitialData(data: PublicPageData): string;
}

/**
 * Loads the server renderer the build wrote (`npm run build:ssr` → `web/dist/ssr/entry-server.js`),
 * or undefined when it is missing (then the pages are the empty SPA shell, rendered by the browser).
 */
export async function loadPageRenderer(ssrDir: string): Promise<PageRenderer | undefined> {
  const entry = path.join(ssrDir, 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  return (await import(pathToFileURL(entry).href)) as PageRenderer;
}
