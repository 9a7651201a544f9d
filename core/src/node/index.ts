/**
 * Node-only core: database, configuration, passwords and stores. Never imported by the SPA.
 */
export * from './platform/config.js';
export * from './platform/database.js';
export * from './platform/migrations.js';
export * from './platform/settings.js';
export * from './settings/owner-settings-store.js';
export * from './auth/passwords.js';
export * from './images/images-store.js';
export * from './reviews/reviews-store.js';
export * from './analytics/page-views-store.js';
export * from './platform/seed.js';
export * from './auth/sessions-store.js';
export * from './availability/availability-store.js';
export * from './booking/bookings-store.js';
export * from './images/image-processing.js';
export * from './booking/stays-store.js';
export * from './booking/sqlite-booking-store.js';
export * from './booking/stripe-gateway.js';
export * from './platform/mailer.js';
export * from './security/security-store.js';
export * from './security/audit-store.js';
export * from './ical-sync/ical-import.js';
export * from './ical-sync/feed-parser.js';
export * from './ical-sync/calendar-sources-store.js';
export * from './ical-sync/ical-export.js';
export * from './platform/secret-box.js';
export * from './google-calendar/google-calendar.js';
export * from './google-calendar/google-connection-store.js';
export * from './google-calendar/oauth-states-store.js';
export * from './cleaning/cleaning-store.js';
export * from './cleaning/cleaning-mail.js';
export * from './platform/backup.js';
export * from './auth/two-factor-store.js';
export * from './booking/stays-reader.js';
export * from './booking/stay-conflicts-store.js';
