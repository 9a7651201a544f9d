/**
 * The API's contracts: for each endpoint, the zod schemas of its request (body, query, path) and
 * of its answer, one file per feature. The server validates with them (`parseOr400`) and types
 * its answers with them; the SPA's typed client (`web/src/lib/api.ts`) parses every answer with
 * them. Browser-safe: zod and core only. Also exported by `@ridgeline/core`.
 */
export * from './common.js';
export * from './analytics.js';
export * from './auth.js';
export * from './availability.js';
export * from './bookings.js';
export * from './ledger.js';
export * from './agreement.js';
export * from './checkout.js';
export * from './damage-deposit.js';
export * from './google-calendar.js';
export * from './health.js';
export * from './ical.js';
export * from './images.js';
export * from './payments.js';
export * from './reviews.js';
export * from './security.js';
export * from './reports.js';
export * from './stays.js';
export * from './notices.js';
export * from './timeline.js';
export * from './stay.js';
export * from './settings.js';
export * from './balance.js';
