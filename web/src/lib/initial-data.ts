/**
 * The data the server-rendered public pages were rendered with ([pages.server-rendered]),
 * embedded once in the HTML as `<script type="application/json" id="ridgeline-data">` (data, not
 * script code: the CSP needs no inline-script allowance). The browser hydrates with it
 * (`PublicDataProvider`), so the home page makes no request before it is interactive and its first
 * render matches the server's HTML; the query cache is seeded with it later (`seedQueryClient`).
 */
import type { ImageConfigResponse, PublicListing, PublishedReviewsResponse } from '@ridgeline/core';

/** Id of the JSON script element holding `InitialPageData`. */
export const INITIAL_DATA_ELEMENT_ID = 'ridgeline-data';

/** What the public pages show from the database: the answers of the endpoints they would call. */
export interface InitialPageData {
  /** `GET /api/images/config`'s answer. */
  imageConfig: ImageConfigResponse;
  /** `GET /api/reviews/published`'s answer. */
  publishedReviews: PublishedReviewsResponse;
  /** `GET /api/listing`'s answer ([compliance.numbers], [a11y.facts]); absent from pages rendered before it existed. */
  listing?: PublicListing;
}

/** The embedded data, or undefined on pages without it (the SPA shell) or when it does not parse. */
export function readInitialData(doc: Document = document): InitialPageData | undefined {
  const text = doc.getElementById(INITIAL_DATA_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as InitialPageData;
  } catch {
    return undefined;
  }
}

/**
 * `data` as the text of a JSON script element: `<` is escaped (`\u003c`), so no `</script>` or
 * `<!--` in a review can end the element early; U+2028/U+2029 likewise.
 */
export function serializeInitialData(data: InitialPageData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
