/**
 * Deployment-specific links the server writes into index.html at start-up
 * (`<meta name="ridgeline:listing-url">`, `<meta name="ridgeline:guide-url">`).
 * Under `vite dev` the metas still hold their `__TOKEN__` placeholders; then the fallbacks apply.
 */

/** Where Book Your Stay leads when the server has not configured a listing. */
export const FALLBACK_LISTING_URL = 'https://www.airbnb.com/';
/** Where the footer's Guide link leads when the server has not configured a guide. */
export const FALLBACK_GUIDE_URL = '/guide';

/** The `content` of `<meta name="{name}">`, or `fallback` when missing, blank or a placeholder. */
export function readMetaContent(name: string, fallback: string, doc: Document = document): string {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim() ?? '';
  return content === '' || content.startsWith('__') ? fallback : content;
}

/** The external short-term-rental listing opened by Book Your Stay ([home.book-your-stay]). */
export function getListingUrl(): string {
  return readMetaContent('ridgeline:listing-url', FALLBACK_LISTING_URL);
}

/** The guest guide opened by the footer's Guide link ([home.footer]). */
export function getGuideUrl(): string {
  return readMetaContent('ridgeline:guide-url', FALLBACK_GUIDE_URL);
}
