/**
 * `@ridgeline/core/testing` (tests only): a real SQLite file per test (createTestDatabase) and the
 * one builder of test guests, bookings and settings (booking/testing/test-bookings.ts; browser
 * tests, which cannot load node modules, import it alone as `@ridgeline/core/testing/builders`).
 */
export { createTestDatabase } from './test-db.js';
export {
  FRESH_BOOKING_LIFE,
  TEST_GUEST,
  TEST_STAY,
  paidTestBooking,
  testBooking,
  testBookingInput,
  testGuest,
  testQuote,
  testSettings,
} from '../booking/testing/test-bookings.js';
