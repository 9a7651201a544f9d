/**
 * Node-only core: database, configuration, passwords and stores. Never imported by the SPA.
 */
export * from './config.js';
export * from './database.js';
export * from './migrations.js';
export * from './settings.js';
export * from './owner-settings-store.js';
export * from './passwords.js';
export * from './images-store.js';
export * from './reviews-store.js';
export * from './page-views-store.js';
export * from './seed.js';
export * from './sessions-store.js';
export * from './availability-store.js';
export * from './bookings-store.js';
export * from './image-processing.js';
export * from './stays-store.js';
export * from './sqlite-booking-store.js';
export * from './stripe-gateway.js';
export * from './mailer.js';
export * from './security-store.js';
export * from './audit-store.js';
export * from './ical-import.js';
export * from './feed-parser.js';
export * from './calendar-sources-store.js';
export * from './ical-export.js';
export * from './secret-box.js';
export * from './google-calendar.js';
export * from './google-connection-store.js';
export * from './oauth-states-store.js';
export * from './cleaning-store.js';
export * from './cleaning-mail.js';
export * from './backup.js';
export * from './two-factor-store.js';
export * from './stays-reader.js';
export * from './stay-conflicts-store.js';
