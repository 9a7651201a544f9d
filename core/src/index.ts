/**
 * Browser-safe core: pure modules only (no Node APIs), shared by the SPA and the server.
 * Node-only code (database, config, passwords) is under `@ridgeline/core/node`.
 */
export * from './property.js';
export * from './images.js';
export * from './reviews.js';
export * from './analytics.js';
export * from './dates.js';
export * from './pricing.js';
export * from './availability.js';
export * from './bookings.js';
export * from './csv.js';
export * from './text.js';
export * from './reports.js';
export * from './booking-amounts.js';
export * from './tax-report.js';
export * from './emails.js';
export * from './stay.js';
export * from './cleaning.js';
export * from './calendar-auth.js';
export * from './booking/stay-state.js';
export * from './booking/stays.js';
export * from './booking/hold.js';
export * from './booking/payment-gateway.js';
export * from './booking/ports.js';
export * from './booking/checkout.js';
export * from './api/index.js';
export * from './settings/index.js';
