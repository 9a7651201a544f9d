/**
 * First-party page-view analytics ([analytics.page-view]: a page view on each route change). Browser-safe.
 * The endpoint's contract is `api/analytics.ts`.
 */
export { pageViewSchema, type PageView } from '../api/analytics.js';
