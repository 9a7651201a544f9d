/**
 * The life of a stay as one state machine (docs/architecture.md "Book", docs/product.md
 * [checkout.hold], [checkout.confirm], [checkout.hold-expiry], [checkout.webhook]). Browser-safe
 * and pure: the checkout service (`../checkout/checkout.ts`) asks it what an event does to a stay before it
 * changes anything, and the admin may show the same states.
 *
 * Today's storage has no state column: `stayStateOf` derives the state from the rows as they are
 * (holds, booking_inquiries, imported events, owner-closed nights).
 */

/**
 * - `inquiry`: a booking request sent without a payment ([checkout.inquiry] path of
 *   `POST /api/booking-inquiry`); it closes no night.
 * - `held`: nights kept for a guest at checkout, no PaymentIntent yet ([checkout.hold]).
 * - `awaiting-payment`: a PaymentIntent exists for the stay (a live hold, or a booking stored as
 *   pending because Stripe did not say succeeded for the exact amount).
 * - `confirmed`: paid ([checkout.confirm]).
 * - `cancelled`: released hold, or a cancelled booking ([booking.cancel]); its nights are open.
 * - `refunded`: a cancelled booking whose payment was (partly) refunded ([booking.refund]).
 * - `imported`: a reservation or block read from another platform's calendar ([ical.reservation]).
 * - `owner-block`: nights the owner closed or blocked ([availability.states]).
 */
export const STAY_STATES = ['inquiry', 'held', 'awaiting-payment', 'confirmed', 'cancelled', 'refunded', 'imported', 'owner-block'] as const;
export type StayState = (typeof STAY_STATES)[number];

/**
 * What can happen to a stay:
 * - `payment-started`: a PaymentIntent was attached to the hold (or to an inquiry, the admin's
 *   test payment);
 * - `payment-succeeded`: Stripe says succeeded, for the exact amount in USD;
 * - `payment-pending`: Stripe answered another open status (processing, requires_…) or a wrong
 *   amount: the stay keeps waiting;
 * - `payment-cancelled`: the PaymentIntent is cancelled at Stripe, nobody can pay it any more;
 * - `released`: a hold without a PaymentIntent is given up (creating the intent failed, a newer
 *   checkout of the guest replaced it, it expired before Stripe was asked);
 * - `expired-without-provider`: a hold with a PaymentIntent expired while payments are off, so
 *   no provider can settle it ([checkout.hold-expiry]: "any hold while payments are off, is
 *   released when it expires");
 * - `cancel`: a confirmed booking or an inquiry is cancelled ([booking.cancel]);
 * - `refund`: a cancelled booking's payment is refunded ([booking.refund]).
 */
export const STAY_EVENTS = [
  'payment-started',
  'payment-succeeded',
  'payment-pending',
  'payment-cancelled',
  'released',
  'expired-without-provider',
  'cancel',
  'refund',
] as const;
export type StayEvent = (typeof STAY_EVENTS)[number];

/**
 * The allowed transitions, as data: `STAY_TRANSITIONS[state][event]` is the next state; an event
 * missing for a state is refused. `imported` and `owner-block` have none: they change only where
 * they come from (the platform's feed, the owner's calendar), never through a checkout.
 */
export const STAY_TRANSITIONS: Readonly<Record<StayState, Readonly<Partial<Record<StayEvent, StayState>>>>> = {
  inquiry: { 'payment-started': 'awaiting-payment', cancel: 'cancelled' },
  held: { 'payment-started': 'awaiting-payment', released: 'cancelled' },
  'awaiting-payment': {
    'payment-succeeded': 'confirmed',
    'payment-pending': 'awaiting-payment',
    'payment-cancelled': 'cancelled',
    'expired-without-provider': 'cancelled',
  },
  confirmed: { cancel: 'cancelled' },
  cancelled: { refund: 'refunded' },
  refunded: {},
  imported: {},
  'owner-block': {},
};

/** Why `transition` refused: the stay is managed elsewhere, or the event makes no sense now. */
export type TransitionRefusal = {
  ok: false;
  reason: 'managed-elsewhere' | 'not-allowed';
  state: StayState;
  event: StayEvent;
};

export type TransitionResult = { ok: true; state: StayState } | TransitionRefusal;

/**
 * What `event` does to a stay in `state`.
 * @returns `{ ok: true, state }` the next state, or a refusal: `managed-elsewhere` for imported
 *   stays and owner blocks, `not-allowed` for any other event the state does not accept
 */
export function transition(state: StayState, event: StayEvent): TransitionResult {
  const next = STAY_TRANSITIONS[state][event];
  if (next) return { ok: true, state: next };
  const reason = state === 'imported' || state === 'owner-block' ? 'managed-elsewhere' : 'not-allowed';
  return { ok: false, reason, state, event };
}

/**
 * The event a PaymentIntent's state is for a stay that costs `expectedCents`: `payment-succeeded`
 * only when Stripe says succeeded for exactly that amount in USD ([checkout.confirm]: "paid only
 * when succeeded for the exact amount"), `payment-cancelled` when cancelled, else `payment-pending`.
 */
export function paymentEvent(intent: { status: string; amount: number; currency: string }, expectedCents: number): StayEvent {
  if (intent.status === 'canceled') return 'payment-cancelled';
  if (intent.status === 'succeeded' && intent.amount === expectedCents && intent.currency === 'usd') return 'payment-succeeded';
  return 'payment-pending';
}

/** A stored row that is (part of) a stay, as today's tables hold it. */
export type StoredStay =
  /** `holds`: status held/released/converted, with or without a PaymentIntent */
  | { kind: 'hold'; status: 'held' | 'released' | 'converted'; paymentIntentId: string | null }
  /**
   * `booking_inquiries`: `paymentStatus` paid, pending, partially_refunded or refunded;
   * `cancelledAt` set once cancelled ([booking.cancel]); `bookingKind` who made it (direct unless
   * said); `refundedCents` what was refunded (0 unless said)
   */
  | {
      kind: 'booking';
      paymentStatus: string;
      stripePaymentIntentId: string | null;
      cancelledAt?: string | null | undefined;
      bookingKind?: 'direct' | 'manual' | 'owner' | undefined;
      refundedCents?: number | undefined;
    }
  /** `imported_events` of a calendar source */
  | { kind: 'imported' }
  /** `availability` with is_available = 0 or is_blocked = 1 */
  | { kind: 'owner-closed' };

/** Payment statuses of a booking whose guest paid; refunds after paying do not undo the payment. */
const PAID_STATUSES: ReadonlySet<string> = new Set(['paid', 'partially_refunded', 'refunded']);

/**
 * The state of a stored stay:
 * - hold: `held` → held (no PaymentIntent) or awaiting-payment; `converted` → confirmed (its
 *   booking is paid); `released` → cancelled;
 * - booking: cancelled (`cancelledAt` set, [booking.cancel]) → refunded when something was
 *   refunded, else cancelled; otherwise `paid`, `partially_refunded` or `refunded` (a refund made
 *   in Stripe's dashboard does not cancel the stay, [stripe.refund-webhook]) → confirmed, as is
 *   every booking the owner made (`manual`, `owner`); a legacy `cancelled`/`canceled` status →
 *   cancelled; anything else (pending, or another Stripe-derived word) → awaiting-payment with a
 *   PaymentIntent, inquiry without;
 * - imported events → imported; owner-closed nights → owner-block.
 */
export function stayStateOf(stay: StoredStay): StayState {
  switch (stay.kind) {
    case 'hold':
      if (stay.status === 'converted') return 'confirmed';
      if (stay.status === 'released') return 'cancelled';
      return stay.paymentIntentId ? 'awaiting-payment' : 'held';
    case 'booking':
      if (stay.cancelledAt) return (stay.refundedCents ?? 0) > 0 ? 'refunded' : 'cancelled';
      if (PAID_STATUSES.has(stay.paymentStatus)) return 'confirmed';
      if (stay.bookingKind === 'manual' || stay.bookingKind === 'owner') return 'confirmed';
      if (stay.paymentStatus === 'cancelled' || stay.paymentStatus === 'canceled') return 'cancelled';
      return stay.stripePaymentIntentId ? 'awaiting-payment' : 'inquiry';
    case 'imported':
      return 'imported';
    case 'owner-closed':
      return 'owner-block';
  }
}

/** Shorthand for a booking row's state (`stayStateOf` of kind `booking`). */
export function bookingState(booking: {
  paymentStatus: string;
  stripePaymentIntentId: string | null;
  cancelledAt?: string | null | undefined;
  kind?: 'direct' | 'manual' | 'owner' | undefined;
  refundedCents?: number | undefined;
}): StayState {
  return stayStateOf({
    kind: 'booking',
    paymentStatus: booking.paymentStatus,
    stripePaymentIntentId: booking.stripePaymentIntentId,
    cancelledAt: booking.cancelledAt,
    bookingKind: booking.kind,
    refundedCents: booking.refundedCents,
  });
}

/** Shorthand for a hold row's state (`stayStateOf` of kind `hold`). */
export function holdState(hold: { status: 'held' | 'released' | 'converted'; paymentIntentId: string | null }): StayState {
  return stayStateOf({ kind: 'hold', status: hold.status, paymentIntentId: hold.paymentIntentId });
}
