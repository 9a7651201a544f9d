/**
 * Test support (imported by tests only): the one builder of test data — guests, bookings (any
 * kind or status, as a `Booking` value or as what the store's `createBookingInquiry` takes) and
 * settings overrides. Core tests import it from here, the server's and the browser's tests from
 * `@ridgeline/core/testing`. Browser-safe (no node modules).
 */
import type { Booking, NewBookingInquiry } from '../bookings.js';
import type { HoldGuest } from '../hold.js';
import { priceStay, type PriceBreakdown } from '../../pricing/pricing.js';
import { DEFAULT_SETTINGS, type Settings } from '../../settings/schema.js';
import { datesInRange } from '../../shared/dates.js';

/** A direct booking's life fields as the store creates them; `status` as for a paid one. */
export const FRESH_BOOKING_LIFE = {
  kind: 'direct',
  status: 'confirmed',
  amountPaidCents: 0,
  refundedCents: 0,
  cancelledAt: null,
  cancelledBy: null,
  cancelReason: '',
  cancellationPolicy: null,
  notes: '',
  guestToken: 'test-guest-token',
  disputeStatus: null,
} as const satisfies Partial<Booking>;

/** Who the test guest is: Ann Lee, ann@example.com, no phone, location or address. */
export const TEST_GUEST = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: '',
  location: '',
  ipAddress: '',
} as const;

/** A guest as a hold or a checkout form keeps it (TEST_GUEST, no message, unless `over` says). */
export function testGuest(over: Partial<HoldGuest> = {}): HoldGuest {
  return { ...TEST_GUEST, message: '', specialRequests: '', ...over };
}

/** The stay of test bookings unless said: three nights before Christmas 2026. */
export const TEST_STAY = { checkin: '2026-12-21', checkout: '2026-12-24' } as const;

let nextId = 1;

/**
 * A hand-made `Booking` value: TEST_GUEST for two guests, TEST_STAY, paid but with no money
 * recorded (`amountPaidCents` 0), no quote, a direct booking's FRESH_BOOKING_LIFE; `over` sets
 * any field (an id is numbered 1, 2, … per test file unless given).
 */
export function testBooking(over: Partial<Booking> = {}): Booking {
  return {
    id: nextId++,
    ...TEST_GUEST,
    ...TEST_STAY,
    guests: 2,
    message: '',
    specialRequests: '',
    createdAt: '2026-01-01T00:00:00.000Z',
    paymentStatus: 'paid',
    stripePaymentIntentId: null,
    stripePaymentDetails: null,
    quote: null,
    ...FRESH_BOOKING_LIFE,
    ...over,
  };
}

/**
 * testBooking whose ledger holds what the guest paid ([reports.collected]): its quote's total,
 * none while `pending`, unless `over.amountPaidCents` says.
 */
export function paidTestBooking(over: Partial<Booking> & { quote: PriceBreakdown | null }): Booking {
  const paid = (over.paymentStatus ?? 'paid') === 'pending' ? 0 : (over.quote?.totalCents ?? 0);
  return testBooking({ amountPaidCents: paid, ...over });
}

/**
 * What `createBookingInquiry` stores for a test: TEST_GUEST for two guests, the stay (TEST_STAY
 * unless said), paid, at the default settings' quote of the stay (null where it cannot be sold);
 * `over` sets any field.
 */
export function testBookingInput(over: Partial<NewBookingInquiry> = {}): NewBookingInquiry {
  const checkin = over.checkin ?? TEST_STAY.checkin;
  const checkout = over.checkout ?? TEST_STAY.checkout;
  return {
    ...testGuest(),
    checkin,
    checkout,
    guests: 2,
    paymentStatus: 'paid',
    quote: priceStay(checkin, checkout) ?? null,
    ...over,
  };
}

/**
 * A hand-made quote (cents) for reports' arithmetic: each night at `perNight` (a price, or the
 * price of the night's date and index), a $100 cleaning fee, $50 tax and a $10 card fee.
 */
export function testQuote(checkin: string, checkout: string, perNight: number | ((date: string, index: number) => number)): PriceBreakdown {
  const nightly = datesInRange(checkin, checkout).map((date, i) => ({
    date,
    priceCents: typeof perNight === 'number' ? perNight : perNight(date, i),
  }));
  const accommodationCents = nightly.reduce((s, n) => s + n.priceCents, 0);
  const subtotalCents = accommodationCents + 10000;
  return {
    nights: nightly.length,
    nightly,
    accommodationCents,
    cleaningFeeCents: 10000,
    serviceFeeCents: 0,
    subtotalCents,
    stateTaxCents: 5000,
    countyTaxCents: 0,
    subtotalWithTaxesCents: subtotalCents + 5000,
    cardFeeCents: 1000,
    totalCents: subtotalCents + 6000,
    fees: [{ name: 'Cleaning fee', cents: 10000 }],
    taxes: [{ name: 'Tax', cents: 5000 }],
  };
}

/** The default settings with `over` on top (a test's owner settings). */
export function testSettings(over: Partial<Settings> = {}): Settings {
  return { ...DEFAULT_SETTINGS, ...over };
}
