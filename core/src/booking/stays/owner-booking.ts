/**
 * Bookings the owner records ([bookings.owner-create], [bookings.kinds]): a guest's phone or
 * e-mail booking (`manual`) or the owner's or family's own stay (`owner`). Browser-safe plain
 * TypeScript over the `OwnerBookingStore` port; the server's route parses the request with
 * `createOwnerBookingRequestSchema` (core/src/api/bookings.ts) and maps the result.
 */
import { formatCents, quoteWithOfflinePayment, type PriceBreakdown } from '../../pricing/pricing.js';
import { todayIn } from '../../shared/dates.js';
import { PROPERTY } from '../../shared/property.js';
import { manualPaymentStatus, type Booking } from '../bookings.js';
import type { OfflineMethod } from '../ledger.js';
import type { OwnerBookingStore } from '../ports.js';
import { stayRangeProblem } from './stay.js';

/**
 * What `createOwnerBooking` reads of a parsed `POST /api/bookings` body: the contract's
 * `CreateOwnerBookingRequest` (core/src/api/bookings.ts) fits it. Declared here because the
 * contracts sit above the domain and import its shapes, not the other way round.
 */
export interface OwnerBookingInput {
  kind: 'manual' | 'owner';
  /** YYYY-MM-DD */
  checkin: string;
  /** YYYY-MM-DD, after checkin */
  checkout: string;
  guests: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** What the guest already paid the owner, in cents (a `manual` booking's only). */
  amountPaidCents: number;
  notes: string;
  offlineMethod: OfflineMethod;
  /** Keep a payment above the stay's total as the guest's credit ([money.offline]). */
  asCredit: boolean;
}

export interface OwnerBookingPorts {
  store: OwnerBookingStore;
  /** The clock. */
  now: () => Date;
}

export type CreateOwnerBookingResult =
  | { ok: true; booking: Booking }
  /** the stay breaks a fixed stay rule ([booking.stay-rules]) or the home's guest limit, or more than its total was paid ([money.offline]) */
  | { ok: false; reason: 'invalid-stay'; field: 'checkin' | 'checkout' | 'guests' | 'amountPaidCents'; message: string }
  /** some nights are closed ([availability.closed]), sorted */
  | { ok: false; reason: 'closed'; closedDates: string[] };

/** The `created` timeline line of each kind. */
export const OWNER_BOOKING_CREATED: Readonly<Record<'manual' | 'owner', string>> = {
  manual: 'Phone booking recorded by the owner',
  owner: 'Owner stay',
};

/**
 * The price a phone booking of these dates and guests would be recorded at now
 * ([bookings.owner-quote]): the server's quote ([pricing.total]) under the same checks as
 * `createOwnerBooking` (the fixed stay rules and the owner's `maxGuests`, not the selling rules),
 * before anything is paid (so with its card fee: money paid outside Stripe lowers it, [money.offline]).
 * Closed nights are not checked here: recording says which are taken. Cents.
 */
export function quoteOwnerBooking(
  ports: OwnerBookingPorts,
  input: { checkin: string; checkout: string; guests: number },
): { ok: true; quote: PriceBreakdown } | { ok: false; field: 'checkin' | 'checkout' | 'guests'; message: string } {
  const problem = stayRangeProblem(input.checkin, input.checkout, todayIn(PROPERTY.timeZone, ports.now()));
  if (problem) return { ok: false, ...problem };
  const { maxGuests } = ports.store.settings();
  if (input.guests > maxGuests) return { ok: false, field: 'guests', message: `must be from 1 to ${maxGuests}` };
  const quote = ports.store.quoteStay(input.checkin, input.checkout, input.guests);
  if (!quote) return { ok: false, field: 'checkout', message: 'must be after check-in' };
  return { ok: true, quote };
}

/**
 * Records a booking made by the owner ([bookings.owner-create]). The fixed stay rules apply (real
 * dates, check-in not past, within the booking horizon, at most MAX_STAY_NIGHTS) and guests up to
 * the owner's `maxGuests`; the owner's own selling rules (minimum nights, advance notice, booking
 * window, season minimums) do not bind the owner. Every night must be open: checked and stored in
 * one store transaction.
 *
 * A `manual` booking keeps the server's quote of this moment as its price, `amountPaidCents` as
 * given, and payment status `paid` / `partially_paid` / `unpaid` against the quote's total; an
 * `owner` stay has no quote, nothing paid and payment status `not_applicable`.
 * @param input the parsed request (dates YYYY-MM-DD, money in cents)
 */
export function createOwnerBooking(ports: OwnerBookingPorts, input: OwnerBookingInput): CreateOwnerBookingResult {
  const now = ports.now();
  const problem = stayRangeProblem(input.checkin, input.checkout, todayIn(PROPERTY.timeZone, now));
  if (problem) return { ok: false, reason: 'invalid-stay', ...problem };
  const { maxGuests } = ports.store.settings();
  if (input.guests > maxGuests) return { ok: false, reason: 'invalid-stay', field: 'guests', message: `must be from 1 to ${maxGuests}` };
  const manual = input.kind === 'manual';
  const amountPaidCents = manual ? input.amountPaidCents : 0;
  const priced = manual ? (ports.store.quoteStay(input.checkin, input.checkout, input.guests) ?? null) : null;
  // Money paid outside Stripe pays no card fee ([money.offline], [pricing.card-fee]).
  const quote = priced && amountPaidCents > 0 ? quoteWithOfflinePayment(priced, amountPaidCents, ports.store.settings().cardFeeBps) : priced;
  if (quote && amountPaidCents > quote.totalCents && !input.asCredit) {
    return {
      ok: false,
      reason: 'invalid-stay',
      field: 'amountPaidCents',
      message: `is more than the stay's total of ${formatCents(quote.totalCents)}; record the rest as the guest's credit to keep it`,
    };
  }
  const paymentStatus = manual && quote ? manualPaymentStatus(amountPaidCents, quote.totalCents) : 'not_applicable';
  const result = ports.store.insertOwnerBooking(
    {
      kind: input.kind,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone,
      location: '',
      ipAddress: '',
      checkin: input.checkin,
      checkout: input.checkout,
      guests: input.guests,
      message: '',
      specialRequests: '',
      notes: input.notes,
      quote,
      paymentStatus,
      amountPaidCents,
      offlineMethod: input.offlineMethod,
      // Money already taken freezes the policy of this moment ([cancel.policy]).
      cancellationPolicy: amountPaidCents > 0 ? (quote?.terms?.cancellationPolicy ?? ports.store.settings().cancellationPolicy) : null,
    },
    OWNER_BOOKING_CREATED[input.kind],
    now,
  );
  if (!result.ok) return { ok: false, reason: 'closed', closedDates: result.closedDates };
  return { ok: true, booking: result.booking };
}
