/**
 * A checkout's hold on a stay's nights ([checkout.hold]) as the booking domain sees it. Browser-safe
 * types; the rows live in the `holds` table (`core/src/node/booking/stays-store.ts`).
 */
import type { PriceBreakdown } from '../pricing/pricing.js';
import type { AgreementAcceptance } from './agreement.js';

/** Guest details carried by a hold until its booking is stored. */
export interface HoldGuest {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  location: string;
  ipAddress: string;
  message: string;
  specialRequests: string;
  /** The rental agreement accepted at the checkout ([agreement.record]); absent when none was published. */
  agreement?: AgreementAcceptance | undefined;
}

export interface Hold {
  id: number;
  checkin: string;
  checkout: string;
  guests: number;
  guest: HoldGuest;
  quote: PriceBreakdown;
  paymentIntentId: string | null;
  status: 'held' | 'released' | 'converted';
  expiresAt: string;
  /**
   * The client that placed it as the `/api` rate limit counts clients ([checkout.hold-abuse]):
   * an IPv4 address as is, an IPv6 address as its /64 (`2001:db8:1:2::/64`); '' when unknown.
   * Stored in the column `client_ip` (named before IPv6 clients were grouped); the exact address
   * stays in `guest.ipAddress`.
   */
  clientKey: string;
  /** The guest's e-mail, trimmed and lower-cased (`normalizeEmail`), '' when none was given. */
  guestEmail: string;
  /**
   * Random (UUID v4), unique across databases: the Idempotency-Key of its PaymentIntent
   * ([checkout.idempotency]: row ids repeat in every fresh database on the same Stripe account).
   */
  idempotencyKey: string;
}

/**
 * What the caller learnt at Stripe about the earlier holds of the same guest or IP, by hold id:
 * `cancelled` — their PaymentIntent is cancelled, so they may be released; `paid` — it succeeded
 * or is processing, so they are kept and not replaced (the webhook or sweeper books them).
 */
export interface HoldReplacement {
  cancelled: ReadonlySet<number>;
  paid: ReadonlySet<number>;
}

/**
 * How many nights all live holds together may close at once ([checkout.hold-cap]), unless
 * `MAX_HELD_NIGHTS` says otherwise: the longest stay sold online by default (MAX_STAY_NIGHTS).
 */
export const DEFAULT_MAX_HELD_NIGHTS = 60;

/** What a checkout asks the store to hold ([checkout.hold]). */
export interface HoldRequest {
  /** YYYY-MM-DD */
  checkin: string;
  /** YYYY-MM-DD, after `checkin` */
  checkout: string;
  guests: number;
  guest: HoldGuest;
  quote: PriceBreakdown;
  /**
   * The client as the `/api` rate limit counts it (IPv6 by /64, IPv4 by address; see
   * `Hold.clientKey`), for one live hold per client ([checkout.hold-abuse]). Absent: the exact
   * `guest.ipAddress`.
   */
  clientKey?: string | undefined;
}

export type PlaceHoldResult =
  | { ok: true; hold: Hold; replaced: number[] }
  /** a night is closed (the guest's own replaceable holds do not count) */
  | { ok: false; reason: 'closed'; closedDates: string[] }
  /**
   * [checkout.hold-cap]: with this stay, live holds would close more than `maxHeldNights` nights
   * (the guest's own replaceable holds do not count); nothing changed. `freeAt` (ISO 8601): when
   * enough of today's holds pass their 15 minutes for this stay to fit; null when the stay alone is
   * longer than `maxHeldNights`.
   */
  | { ok: false; reason: 'held-nights'; maxHeldNights: number; freeAt: string | null }
  /** earlier holds of this guest or IP whose PaymentIntent must be cancelled at Stripe first */
  | { ok: false; reason: 'replace'; holds: Hold[] };


/** An e-mail address as holds compare it: trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
