/**
 * The guest's own page of a booking ([guest.page]) and the review left from it
 * ([reviews.request]): what the guest is shown, computed from the booking alone (its stored
 * quote and frozen cancellation policy, never today's prices). Browser-safe and pure: the server
 * answers `GET /api/stay/{token}` with `guestStayView`, the SPA renders it.
 */
import type { Booking, BookingKind, BookingStatus } from '../bookings.js';
import { describeCancellationPolicy } from '../../settings/cancellation-policy.js';
import { refundQuote } from '../cancellation/cancellation.js';
import { moneyOfBooking, type LedgerSummary } from '../ledger.js';
import { formatCents, quoteDisplayLines, type PriceBreakdown } from '../../pricing/pricing.js';
import type { Settings } from '../../settings/schema.js';
import { maxOccupancy } from '../../settings/compliance.js';
import { daysBetween, type LocalMoment } from '../../shared/dates.js';
import { PROPERTY } from '../../shared/property.js';
import type { Listing } from '../../listing/listing.js';

/** The shape of a guest-page token: what `newBookingToken()` makes (base64url), 20 to 64 characters. */
export const GUEST_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,64}$/;

/** One line of the receipt, as the checkout showed it ([pricing.display]). */
export interface ReceiptLine {
  label: string;
  /** cents; negative for a discount */
  cents: number;
  kind: 'line' | 'subtotal' | 'total';
}

/** What the guest's page shows of a booking ([guest.page]). No IP, card, notes or token. */
export interface GuestStay {
  /** The booking reference the confirmation e-mail gives. */
  reference: number;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  checkin: string;
  /** YYYY-MM-DD */
  checkout: string;
  nights: number;
  guests: number;
  kind: BookingKind;
  status: BookingStatus;
  /** What the guest paid, cents (refunds not subtracted). */
  amountPaidCents: number;
  /** What was refunded, cents. */
  refundedCents: number;
  /** The stored quote line by line, ending with "Total"; empty for a booking without a quote. */
  receipt: ReceiptLine[];
  /** "HH:MM" (24 h), the stay's terms, else the owner's settings. */
  checkInTime: string;
  checkOutTime: string;
  property: { name: string; address: string; phone: string; email: string };
  /** The booking's cancellation policy in sentences ([cancel.policy]). */
  cancellationPolicy: string[];
  /**
   * What cancelling today would refund to the card, cents ([cancel.refund-due], `refundQuote` of
   * the cancellation); 0 when it cannot be cancelled or nothing was paid by card.
   */
  refundTodayCents: number;
  /** What was paid outside Stripe (cash, check, bank transfer), cents ([money.offline]); 0 or absent without. */
  offlinePaidCents?: number;
  /** What of it the owner gave back outside Stripe, cents ([money.offline-refund]); part of `refundedCents`. */
  offlineRefundedCents?: number;
  /**
   * How offline money comes back ([money.offline]): such money is never refunded to a card, the
   * owner gives it back the same way; null without offline money.
   */
  offlineRefundNote?: string | null;
  /** Whether the guest may cancel now ([guest.cancel]): not cancelled and check-in not passed. */
  canCancel: boolean;
  /** ISO 8601 UTC; null while not cancelled. */
  cancelledAt: string | null;
  cancelledBy: 'owner' | 'guest' | null;
  /** [payments.balance]: the balance of a stay paid in two parts (cents, YYYY-MM-DD); null or absent when paid in full. */
  balance?: { status: 'scheduled' | 'failed' | 'paid' | 'cancelled'; amountCents: number; dueDate: string } | null;
  /** [agreement.record]: the rental agreement version the guest accepted, with the typed name and time; null without one. */
  agreement?: { version: number; signedName: string; signedAt: string } | null;
  /**
   * [compliance.occupancy], [compliance.contact]: the most persons the house takes (the county's
   * permitted occupancy, else the owner's maximum guests) and the local contact reachable 24/7
   * (null until the owner fills it in). Absent from answers made before it existed.
   */
  house?: { maxOccupancy: number; localContact: { name: string; phone: string } | null };
}

/** The settings the page falls back on when the stay's stored terms lack them. */
export type GuestStaySettings = Pick<Settings, 'checkInTime' | 'checkOutTime' | 'cancellationPolicy'> &
  Partial<Pick<Settings, 'maxGuests' | 'permittedOccupancy' | 'localContact'>> & {
    /** The owner's listing ([listing.fields]): the house's name and contact on the page; PROPERTY's when absent. */
    listing?: Pick<Listing, 'name' | 'contactPhone' | 'contactEmail'>;
  };

/** The property's address as one line: "Blue Ridge, Fannin County, GA, US". */
export function propertyAddress(): string {
  const a = PROPERTY.address;
  return [a.locality, a.county, a.region, a.country].join(', ');
}

/**
 * The receipt of a stored quote ([pricing.display]): the nights ("2 nights × $300.00", or
 * "(rates vary)"), the lines of `quoteDisplayLines`, then "Total". Reads the quote alone.
 */
export function receiptLines(quote: PriceBreakdown | null): ReceiptLine[] {
  if (!quote) return [];
  const rates = new Set(quote.nightly.map((n) => n.priceCents));
  const nights = `${quote.nights} ${quote.nights === 1 ? 'night' : 'nights'}`;
  const rate = rates.size === 1 ? ([...rates][0] as number) : Math.round(quote.accommodationCents / Math.max(1, quote.nights));
  return [
    { label: rates.size > 1 ? `${nights} (rates vary)` : `${nights} × ${formatCents(rate)}`, cents: quote.accommodationCents, kind: 'line' },
    ...quoteDisplayLines(quote),
    { label: 'Total', cents: quote.totalCents, kind: 'total' },
  ];
}

/**
 * The guest page's sentence on offline money ([money.offline]): what was paid by cash, check or
 * bank transfer and given back, and that a refund of it comes from the owner the same way.
 */
export function offlineRefundNote(money: Pick<LedgerSummary, 'offlinePaidCents' | 'offlineRefundedCents'>): string | null {
  if (money.offlinePaidCents <= 0) return null;
  const refunded = money.offlineRefundedCents > 0 ? ` ${formatCents(money.offlineRefundedCents)} of it was given back to you the same way.` : '';
  return `You paid ${formatCents(money.offlinePaidCents)} by cash, check or bank transfer.${refunded} A refund of money paid that way is never made to a card: the owner gives it back the same way it was paid.`;
}

/**
 * Whether the guest may cancel on `today` ([guest.cancel]): a confirmed booking (not cancelled,
 * not an unpaid inquiry) whose check-in day has not passed.
 */
export function guestCanCancel(booking: Pick<Booking, 'status' | 'checkin'>, today: string): boolean {
  return booking.status === 'confirmed' && today <= booking.checkin;
}

/**
 * The guest's page of `booking` at the moment `at` (the property's date and time of day)
 * ([guest.page]):
 * dates, guests, what was paid and refunded, the stored receipt, check-in and check-out times,
 * the address, the policy as sentences (the frozen one, else the owner's current one) and the
 * refund cancelling today would give, the maximum occupancy and the 24/7 local contact
 * ([compliance.occupancy], [compliance.contact]; today's settings: they are the house's, not the sale's).
 */
export function guestStayView(booking: Booking, settings: GuestStaySettings, at: LocalMoment, money: LedgerSummary = moneyOfBooking(booking)): GuestStay {
  // The very quote the cancellation refunds by: the frozen policy (else today's), card payments only.
  // A cancellation whose refund is incomplete owes the rest of it ([money.refund-incomplete]).
  const due = refundQuote(booking, settings.cancellationPolicy, at, settings.checkInTime, money, booking.unfinishedRefund ?? undefined);
  const canCancel = guestCanCancel(booking, at.date);
  const terms = booking.quote?.terms;
  return {
    reference: booking.id,
    firstName: booking.firstName,
    lastName: booking.lastName,
    checkin: booking.checkin,
    checkout: booking.checkout,
    nights: booking.quote?.nights ?? Math.max(0, daysBetween(booking.checkin, booking.checkout)),
    guests: booking.guests,
    kind: booking.kind,
    status: booking.status,
    amountPaidCents: booking.amountPaidCents,
    refundedCents: booking.refundedCents,
    receipt: receiptLines(booking.quote),
    checkInTime: terms?.checkInTime ?? settings.checkInTime,
    checkOutTime: terms?.checkOutTime ?? settings.checkOutTime,
    property: {
      name: settings.listing?.name ?? PROPERTY.name,
      address: propertyAddress(),
      phone: settings.listing?.contactPhone ?? PROPERTY.contact.phone,
      email: settings.listing?.contactEmail ?? PROPERTY.contact.email,
    },
    cancellationPolicy: describeCancellationPolicy(due.policy, booking.checkin, terms?.checkInTime ?? settings.checkInTime),
    refundTodayCents: canCancel ? due.policyRefundCents : 0,
    offlinePaidCents: money.offlinePaidCents,
    offlineRefundedCents: money.offlineRefundedCents,
    offlineRefundNote: offlineRefundNote(money),
    canCancel,
    cancelledAt: booking.cancelledAt,
    cancelledBy: booking.cancelledBy,
    balance: booking.balance ? { status: booking.balance.status, amountCents: booking.balance.amountCents, dueDate: booking.balance.dueDate } : null,
    agreement: booking.agreement ? { version: booking.agreement.version, signedName: booking.agreement.signedName, signedAt: booking.agreement.signedAt } : null,
    ...(settings.maxGuests !== undefined
      ? {
          house: {
            maxOccupancy: maxOccupancy({ maxGuests: settings.maxGuests, permittedOccupancy: settings.permittedOccupancy ?? null }),
            localContact: settings.localContact?.phone ? settings.localContact : null,
          },
        }
      : {}),
  };
}

/**
 * What the review page knows of a stay ([reviews.request]): the guest's name, the dates, and
 * whether a review may be left now (after check-out, none left yet, not cancelled).
 */
export interface GuestReviewState {
  guestName: string;
  checkin: string;
  checkout: string;
  alreadyReviewed: boolean;
  canReview: boolean;
}

/** Why a review cannot be left ([reviews.request]); null when it can. */
export function reviewRefusal(booking: Pick<Booking, 'status' | 'checkout'>, alreadyReviewed: boolean, today: string): 'already-reviewed' | 'not-checked-out' | 'cancelled' | 'not-confirmed' | null {
  if (alreadyReviewed) return 'already-reviewed';
  if (booking.status === 'cancelled') return 'cancelled';
  if (booking.status !== 'confirmed') return 'not-confirmed';
  if (today < booking.checkout) return 'not-checked-out';
  return null;
}

/** The review page's state of `booking` on `today` ([reviews.request]). */
export function guestReviewState(booking: Pick<Booking, 'firstName' | 'lastName' | 'status' | 'checkin' | 'checkout'>, alreadyReviewed: boolean, today: string): GuestReviewState {
  return {
    guestName: reviewerName(booking),
    checkin: booking.checkin,
    checkout: booking.checkout,
    alreadyReviewed,
    canReview: reviewRefusal(booking, alreadyReviewed, today) === null,
  };
}

/** The name a review from the link is signed with, as the owner's reviews are: "Ann Lee". */
export function reviewerName(booking: Pick<Booking, 'firstName' | 'lastName'>): string {
  return [booking.firstName.trim(), booking.lastName.trim()].filter(Boolean).join(' ') || 'Guest';
}
