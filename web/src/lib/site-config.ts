/**
 * Deployment-specific links the server writes into index.html at start-up
 * (`<meta name="ridgeline:listing-url">`, `<meta name="ridgeline:guide-url">`).
 * Under `vite dev` the metas still hold their `__TOKEN__` placeholders; then the fallbacks apply.
 * The server renderer has no document: it gives the same values through `provideSiteLinks`.
 */

/** No external listing configured: Book Your Stay scrolls to the booking section ([home.book-your-stay]). */
export const FALLBACK_LISTING_URL = '';
/** Where the footer's Guide link leads when the server has not configured a guide. */
export const FALLBACK_GUIDE_URL = '/guide';

/** `value`, or `fallback` when missing, blank or a placeholder. */
function orFallback(value: string | undefined, fallback: string): string {
  const content = value?.trim() ?? '';
  return content === '' || content.startsWith('__') ? fallback : content;
}

/** The `content` of `<meta name="{name}">`, or `fallback` when missing, blank or a placeholder. */
export function readMetaContent(name: string, fallback: string, doc: Document = document): string {
  return orFallback(doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content, fallback);
}

/** The links as the server configured them, where there is no document (server rendering). */
let serverLinks: { listingUrl: string; guideUrl: string } | undefined;

/**
 * Server rendering only (src/entry-server.tsx): the values the server also writes into the
 * metas, so the rendered links match what the browser reads when it hydrates.
 */
export function provideSiteLinks(links: { listingUrl: string; guideUrl: string }): void {
  serverLinks = links;
}

function siteLink(name: string, key: 'listingUrl' | 'guideUrl', fallback: string): string {
  if (typeof document === 'undefined') return orFallback(serverLinks?.[key], fallback);
  return readMetaContent(name, fallback);
}

/** The external short-term-rental listing opened by Book Your Stay ([home.book-your-stay]); '' when none is configured. */
export function getListingUrl(): string {
  return siteLink('ridgeline:listing-url', 'listingUrl', FALLBACK_LISTING_URL);
}

/** The guest guide opened by the footer's Guide link ([home.footer]). */
export function getGuideUrl(): string {
  return siteLink('ridgeline:guide-url', 'guideUrl', FALLBACK_GUIDE_URL);
}
