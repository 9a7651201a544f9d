/**
 * Browser-safe core: pure modules only (no Node APIs), shared by the SPA and the server.
 * Node-only code (database, config, passwords) is under `@ridgeline/core/node`.
 */
export * from './shared/property.js';
export * from './images/images.js';
export * from './reviews/reviews.js';
export * from './analytics/analytics.js';
export * from './shared/dates.js';
export * from './pricing/pricing.js';
export * from './availability/availability.js';
export * from './availability/calendar-snapshot.js';
export * from './booking/bookings.js';
export * from './booking/ledger.js';
export * from './booking/refund-plan.js';
export * from './booking/cancellation-policy.js';
export * from './booking/timeline.js';
export * from './booking/agreement.js';
export * from './notifications/owner-notice-texts.js';
export * from './booking/guest-view.js';
export * from './booking/review-request.js';
export * from './shared/csv.js';
export * from './shared/text.js';
export * from './reports/reports.js';
export * from './reports/booking-amounts.js';
export * from './reports/tax-report.js';
export * from './reports/metrics.js';
export * from './reports/statement.js';
export * from './booking/emails.js';
export * from './booking/stay.js';
export * from './cleaning/cleaning.js';
export * from './google-calendar/calendar-auth.js';
export * from './booking/stay-state.js';
export * from './booking/stays.js';
export * from './booking/hold.js';
export * from './booking/payment-gateway.js';
export * from './booking/payment-schedule.js';
export * from './booking/balance.js';
export * from './booking/ports.js';
export * from './booking/checkout.js';
export * from './booking/cancellation.js';
export * from './booking/damage-deposit.js';
export * from './booking/damage-deposit-emails.js';
export * from './booking/owner-booking.js';
export * from './booking/payment-link.js';
export * from './api/index.js';
export * from './settings/index.js';
