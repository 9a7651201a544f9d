/**
 * The answer contracts of the home page's own requests (image config, published reviews), loaded
 * apart by `useImageConfig` and `usePublishedReviews` so zod stays out of the first bundle.
 *
 * Named static re-exports, not `import('@ridgeline/core/api')`: a dynamic import of that barrel
 * keeps every contract module, and with them the chunks they share with the owner pages,
 * checkout and Stripe, which the browser then preloads on the home page. This module's chunk
 * holds zod and these two schemas only.
 */
export { imageConfigSchema, publicListingResponseSchema, publishedReviewsResponseSchema } from '@ridgeline/core/api';
