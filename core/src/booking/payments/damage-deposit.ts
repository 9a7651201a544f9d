/**
 * The refundable damage deposit ([deposit.hold], [deposit.release], [deposit.claim]): a card
 * authorization (Stripe `capture_method: manual`) placed before check-in with the card saved at
 * checkout, released after check-out unless the owner claims part of it. Browser-safe: the
 * dates, the state of a booking's hold, what the job does next, and the service over its ports
 * (`createDamageDeposits`); the SQLite store is `core/src/node/booking/payments/damage-deposits-store.ts`.
 */
import { addDays, todayIn } from '../../shared/dates.js';
import { formatCents } from '../../pricing/pricing.js';
import { PROPERTY } from '../../shared/property.js';
import type { Booking } from '../bookings.js';
import { PaymentProviderError, paymentOutcomeUnknown, type PaymentGateway, type PaymentIntentView } from '../payment-gateway.js';

/**
 * How long Stripe keeps an online card authorization valid, in days (Stripe's docs, "Place a
 * hold on a payment method": 7 days for card-not-present payments of every brand, except Visa
 * merchant-initiated ones, below).
 */
export const AUTHORIZATION_VALID_DAYS = 7;
/**
 * A Visa authorization made off-session (merchant-initiated, as ours are) lapses after 4 days 18
 * hours (same Stripe page: "The exact authorization window is 4 days and 18 hours").
 */
export const VISA_OFF_SESSION_VALID_MS = (4 * 24 + 18) * 3_600_000;
/** A claim or release under way longer than this was cut short (a crash): the job reads Stripe's answer and finishes it. */
export const STALE_ACTION_MS = 10 * 60_000;
/** The slack kept before a lapse: a hold is placed 1 day inside the window and renewed 1 day before it lapses. */
export const HOLD_MARGIN_DAYS = 1;
/** How many days before check-in the hold is placed: 7 − 1 = 6 ([deposit.hold]). */
export const HOLD_DAYS_BEFORE_CHECKIN = AUTHORIZATION_VALID_DAYS - HOLD_MARGIN_DAYS;

const DAY_MS = 86_400_000;

/** Where a booking's damage deposit stands ([deposit.hold]). `none`: no deposit for this booking. */
export const DAMAGE_DEPOSIT_STATES = ['none', 'scheduled', 'authorized', 'reauthorizing', 'released', 'claimed', 'failed'] as const;
export type DamageDepositState = (typeof DAMAGE_DEPOSIT_STATES)[number];
/** The states a stored hold row can be in (`none` is the absence of a row). */
export type StoredDepositState = Exclude<DamageDepositState, 'none'>;

/** A booking's hold as stored: one row per booking. */
export interface DamageDepositHold {
  bookingId: number;
  /**
   * `scheduled`: the first authorization is being asked for (its key stored, Stripe's answer not
   * yet); `authorized`: held; `reauthorizing`: a renewal is being asked for (`pendingKey`);
   * `released`, `claimed`, `failed`: final.
   */
  state: StoredDepositState;
  /** cents held (or to be held) */
  amountCents: number;
  /** the current authorization `pi_…`; null before the first one answered */
  paymentIntentId: string | null;
  /** the key of the current authorization (`ridgeline-deposit-<key>`) */
  idempotencyKey: string;
  /** the key of a renewal under way; null otherwise */
  pendingKey: string | null;
  /** a replaced authorization not yet cancelled; null otherwise */
  replacedPaymentIntentId: string | null;
  /** ISO 8601 UTC: when the current authorization was made, and when Stripe lets it lapse */
  authorizedAt: string | null;
  lapsesAt: string | null;
  /** YYYY-MM-DD: check-out + the release days ([deposit.release]) */
  releaseOn: string;
  /** a claim or a release under way (its Stripe call not answered yet); null otherwise */
  pendingAction: 'claim' | 'release' | null;
  /** cents captured by a claim; null until claimed */
  claimedCents: number | null;
  claimReason: string;
  /** the key of the claim's capture */
  claimKey: string | null;
  /** Stripe's message for a declined or refused authorization */
  failureMessage: string | null;
  /** ISO 8601 UTC of the last change */
  updatedAt: string;
}

/** What the owner's booking detail and the guest's page show of a hold ([deposit.release]). */
export interface DamageDepositView {
  state: DamageDepositState;
  /** cents; null for `none` */
  amountCents: number | null;
  /** YYYY-MM-DD the hold is (or was to be) placed from; null for `none` */
  placeFrom: string | null;
  /** YYYY-MM-DD the hold is released on; null for `none` */
  releaseOn: string | null;
  claimedCents: number | null;
  claimReason: string;
  failureMessage: string | null;
}

/** The first date the hold may be placed: check-in − 6 days ([deposit.hold]). */
export function depositPlaceFrom(checkin: string): string {
  return addDays(checkin, -HOLD_DAYS_BEFORE_CHECKIN);
}

/** The release date: check-out + `releaseDays` ([deposit.release]). */
export function depositReleaseOn(checkout: string, releaseDays: number): string {
  return addDays(checkout, releaseDays);
}

/**
 * When Stripe lets an authorization made at `authorizedAt` lapse ([deposit.hold]): 7 days, or 4
 * days 18 hours for a Visa card (off-session).
 * @param cardBrand Stripe's brand (`visa`, `mastercard`…), null when unknown (taken as Visa: the shortest)
 */
export function authorizationLapsesAt(authorizedAt: Date, cardBrand: string | null): Date {
  const validMs = cardBrand !== null && cardBrand !== 'visa' ? AUTHORIZATION_VALID_DAYS * DAY_MS : VISA_OFF_SESSION_VALID_MS;
  return new Date(authorizedAt.getTime() + validMs);
}

/**
 * The deposit a booking takes ([deposit.hold]): the amount and release days of the quote's terms
 * frozen with the booking ([settings.snapshot]); null when its terms have no deposit.
 */
export function depositTermsOf(booking: Pick<Booking, 'quote'>): { amountCents: number; releaseDays: number } | null {
  const terms = booking.quote?.terms;
  const amountCents = terms?.damageDepositCents;
  if (typeof amountCents !== 'number' || amountCents <= 0) return null;
  return { amountCents, releaseDays: terms?.damageDepositReleaseDays ?? 3 };
}

/** What the job does next for one booking ([deposit.hold], [deposit.release]). */
export type DepositStep = 'place' | 'reauthorize' | 'release' | null;

/**
 * The next step for a booking's deposit at `now` (pure):
 * - no hold yet: `place` from check-in − 6 days until the release date, for a confirmed booking
 *   with a deposit in its terms and a saved card;
 * - `scheduled` / `reauthorizing`: finish that authorization (same key: Stripe answers the same);
 * - `authorized`: `release` on the release date or once the booking is cancelled; `reauthorize`
 *   from 1 day before the authorization lapses when it lapses before the release date;
 * - final states and a claim or release under way: nothing.
 */
export function nextDepositStep(input: {
  booking: Pick<Booking, 'checkin' | 'checkout' | 'status' | 'quote'>;
  hold: DamageDepositHold | undefined;
  hasSavedCard: boolean;
  now: Date;
  timeZone?: string;
}): DepositStep {
  const { booking, hold, now } = input;
  const today = todayIn(input.timeZone ?? PROPERTY.timeZone, now);
  if (!hold) {
    const terms = depositTermsOf(booking);
    if (!terms || !input.hasSavedCard || booking.status !== 'confirmed') return null;
    if (today < depositPlaceFrom(booking.checkin) || today >= depositReleaseOn(booking.checkout, terms.releaseDays)) return null;
    return 'place';
  }
  if (hold.pendingAction) return null;
  switch (hold.state) {
    case 'scheduled':
      return 'place';
    case 'reauthorizing':
      return 'reauthorize';
    case 'authorized': {
      if (booking.status === 'cancelled' || today >= hold.releaseOn) return 'release';
      if (!hold.lapsesAt) return null;
      const lapses = new Date(hold.lapsesAt);
      const lapsesBeforeRelease = todayIn(input.timeZone ?? PROPERTY.timeZone, lapses) < hold.releaseOn;
      return lapsesBeforeRelease && now.getTime() >= lapses.getTime() - HOLD_MARGIN_DAYS * DAY_MS ? 'reauthorize' : null;
    }
    default:
      return null;
  }
}

/** The view of a booking's deposit for the owner and the guest ([deposit.release]). */
export function damageDepositView(booking: Pick<Booking, 'checkin' | 'checkout' | 'status' | 'quote'>, hold: DamageDepositHold | undefined): DamageDepositView {
  if (hold) {
    return {
      state: hold.state,
      amountCents: hold.amountCents,
      placeFrom: depositPlaceFrom(booking.checkin),
      releaseOn: hold.releaseOn,
      claimedCents: hold.claimedCents,
      claimReason: hold.claimReason,
      failureMessage: hold.failureMessage,
    };
  }
  const terms = depositTermsOf(booking);
  if (!terms || booking.status !== 'confirmed') return { state: 'none', amountCents: null, placeFrom: null, releaseOn: null, claimedCents: null, claimReason: '', failureMessage: null };
  return {
    state: 'scheduled',
    amountCents: terms.amountCents,
    placeFrom: depositPlaceFrom(booking.checkin),
    releaseOn: depositReleaseOn(booking.checkout, terms.releaseDays),
    claimedCents: null,
    claimReason: '',
    failureMessage: null,
  };
}

/**
 * Why no hold can be claimed from ([deposit.claim-guard]): none placed yet (or declined), already
 * `released` or `claimed`, or a release or claim of it `under-way` at Stripe.
 */
export type UnclaimableWhy = 'none' | 'released' | 'claimed' | 'under-way';

/** A claim's refusal, before Stripe is asked ([deposit.claim]). */
export type ClaimProblem = { reason: 'no-authorized-hold'; why: UnclaimableWhy } | { reason: 'invalid'; field: 'amountCents' | 'reason'; message: string };

/** Why `hold` cannot be claimed from now ([deposit.claim-guard]). */
export function unclaimableWhy(hold: DamageDepositHold | undefined): UnclaimableWhy {
  if (hold?.pendingAction) return 'under-way';
  if (hold?.state === 'released') return 'released';
  if (hold?.state === 'claimed') return 'claimed';
  return 'none';
}

/** Checks a claim against the hold ([deposit.claim]); undefined when it may go to Stripe. */
export function claimProblem(hold: DamageDepositHold | undefined, amountCents: number, reason: string): ClaimProblem | undefined {
  if (!hold || hold.state !== 'authorized' || hold.pendingAction || !hold.paymentIntentId) return { reason: 'no-authorized-hold', why: unclaimableWhy(hold) };
  if (!Number.isInteger(amountCents) || amountCents < 1) return { reason: 'invalid', field: 'amountCents', message: 'must be at least 1 cent' };
  if (amountCents > hold.amountCents) return { reason: 'invalid', field: 'amountCents', message: `must be at most ${hold.amountCents} cents (the hold)` };
  if (reason.trim() === '') return { reason: 'invalid', field: 'reason', message: 'is required' };
  return undefined;
}

/** The deposits' storage ([deposit.hold]); `core/src/node/booking/payments/damage-deposits-store.ts`. */
export interface DamageDepositStore {
  /** Bookings the job looks at: confirmed or cancelled direct bookings whose hold is not final and whose release date is not long past. */
  listDepositCandidates(today: string): { booking: Booking; hold: DamageDepositHold | undefined; card: SavedCard | null }[];
  getHold(bookingId: number): DamageDepositHold | undefined;
  /** Inserts the hold `scheduled` with its key; undefined when the booking already has one. */
  startHold(hold: { bookingId: number; amountCents: number; releaseOn: string; idempotencyKey: string }, now: Date): DamageDepositHold | undefined;
  /** Stores a renewal's key (`reauthorizing`); false when the hold is not `authorized` any more. */
  startReauthorization(bookingId: number, pendingKey: string, now: Date): boolean;
  /** The authorization answered `requires_capture`: `authorized`, with its intent and lapse; a renewal's key becomes the hold's and the old intent is kept to cancel. */
  recordAuthorized(bookingId: number, intent: { paymentIntentId: string; authorizedAt: Date; lapsesAt: Date }, now: Date): DamageDepositHold;
  /** The replaced authorization was cancelled (or had lapsed). */
  clearReplaced(bookingId: number, now: Date): void;
  recordFailed(bookingId: number, message: string, now: Date): DamageDepositHold;
  /** Marks a claim or release under way; false when the hold is not `authorized` or something else is under way. */
  beginAction(bookingId: number, action: { kind: 'claim'; amountCents: number; reason: string; key: string } | { kind: 'release' }, now: Date): boolean;
  /** Gives an action back after Stripe refused or failed (the hold stays `authorized`). */
  abandonAction(bookingId: number, now: Date): void;
  recordReleased(bookingId: number, now: Date): DamageDepositHold;
  recordClaimed(bookingId: number, claimedCents: number, now: Date): DamageDepositHold;
}

/** The card saved at checkout for later off-session payments. */
export interface SavedCard {
  customerId: string | null;
  paymentMethodId: string;
}

/** What happened, for the server to tell (timeline, e-mails, owner notices). */
export interface DepositEffects {
  authorized(booking: Booking, hold: DamageDepositHold, renewal: boolean): Promise<void> | void;
  declined(booking: Booking, hold: DamageDepositHold, message: string): Promise<void> | void;
  released(booking: Booking, hold: DamageDepositHold): Promise<void> | void;
  claimed(booking: Booking, hold: DamageDepositHold): Promise<void> | void;
}

export interface DamageDepositPorts {
  store: DamageDepositStore;
  payments: Pick<PaymentGateway, 'authorizeHold' | 'capturePaymentIntent' | 'cancelPaymentIntent' | 'retrievePaymentIntent'> | undefined;
  now(): Date;
  /** a random id for an Idempotency-Key */
  newKey(): string;
  effects: DepositEffects;
  timeZone?: string;
  /**
   * Runs `work` in the booking's turn, after (and before) its other claims, releases, changes and
   * cancels ([deposit.claim-guard]): the server's per-booking queue. Without it, work runs at once.
   */
  oneAtATime?: <T>(bookingId: number, work: () => Promise<T>) => Promise<T>;
  /** The booking as it is now (read inside its turn); without it, the booking handed in is used. */
  getBooking?: (bookingId: number) => Booking | undefined;
}

export type ClaimResult =
  | { ok: true; hold: DamageDepositHold }
  | { ok: false; reason: 'not-found' }
  /** The booking is cancelled: its hold is released at the job's next run, never claimed ([deposit.claim]). */
  | { ok: false; reason: 'booking-cancelled' }
  | ClaimProblemResult
  | { ok: false; reason: 'payments-unavailable' }
  /** Stripe refused, or answered nothing and its PaymentIntent shows nothing captured: nothing claimed. */
  | { ok: false; reason: 'provider-failed'; message: string }
  /** Stripe did not answer and could not be read: the claim stays pending ([deposit.unknown-outcome]). */
  | { ok: false; reason: 'outcome-unknown' };
type ClaimProblemResult = { ok: false } & ClaimProblem;

const stripeMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));
/**
 * Stripe refused because the intent is not in the state asked for: a cancel of an intent already
 * cancelled, lapsed or captured, a capture of one no longer `requires_capture`. Which it is, only
 * the PaymentIntent says.
 */
const alreadyFinal = (err: unknown) => err instanceof PaymentProviderError && err.code === 'payment_intent_unexpected_state';
/** What Stripe's PaymentIntent says became of a hold whose claim or release went unanswered. */
type Settled = 'claimed' | 'released' | 'authorized' | 'pending';

/**
 * The damage deposit service ([deposit.hold], [deposit.release], [deposit.claim]):
 * - `runDue()`: the `damage-deposits` job's pass: places, renews and releases what is due, one
 *   booking at a time; a booking whose Stripe call failed (not declined) is counted in `failed`
 *   and tried again next run.
 * - `claim({ bookingId, amountCents, reason })`: captures part of an authorized hold.
 * A claim or release whose outcome is unknown (no answer, or a refusal because the intent is no
 * longer in the state asked for) is never assumed: it stays pending and is settled from the
 * PaymentIntent read back from Stripe ([deposit.unknown-outcome]).
 */
export function createDamageDeposits(ports: DamageDepositPorts) {
  const { store, effects } = ports;

  async function authorize(booking: Booking, hold: DamageDepositHold, key: string, card: SavedCard, renewal: boolean): Promise<void> {
    const payments = ports.payments;
    if (!payments) throw new Error('card payments are not set up (STRIPE_SECRET_KEY)');
    let intent: PaymentIntentView;
    try {
      intent = await payments.authorizeHold({
        amountCents: hold.amountCents,
        customerId: card.customerId,
        paymentMethodId: card.paymentMethodId,
        description: `Ridgeline damage deposit, booking ${booking.id} (${booking.checkin} to ${booking.checkout})`,
        metadata: { bookingId: String(booking.id), kind: 'damage_deposit' },
        idempotencyKey: `ridgeline-deposit-${key}`,
      });
    } catch (err) {
      // A refusal (declined card, no such payment method) is final; a failure to reach Stripe is retried.
      if (err instanceof PaymentProviderError && err.statusCode !== undefined && err.statusCode < 500 && err.code !== 'idempotency_error') {
        await effects.declined(booking, store.recordFailed(booking.id, err.message, ports.now()), err.message);
        return;
      }
      throw err;
    }
    if (intent.status !== 'requires_capture') {
      const message = `Stripe answered the hold with status ${intent.status}`;
      await effects.declined(booking, store.recordFailed(booking.id, message, ports.now()), message);
      return;
    }
    const now = ports.now();
    const authorized = store.recordAuthorized(booking.id, { paymentIntentId: intent.id, authorizedAt: now, lapsesAt: authorizationLapsesAt(now, intent.card?.brand ?? null) }, now);
    await cancelReplaced(authorized);
    await effects.authorized(booking, authorized, renewal);
  }

  async function cancelReplaced(hold: DamageDepositHold): Promise<void> {
    if (!hold.replacedPaymentIntentId || !ports.payments) return;
    try {
      await ports.payments.cancelPaymentIntent(hold.replacedPaymentIntentId);
    } catch (err) {
      if (!alreadyFinal(err)) throw err;
    }
    store.clearReplaced(hold.bookingId, ports.now());
  }

  async function release(booking: Booking, hold: DamageDepositHold): Promise<void> {
    if (!ports.payments || !hold.paymentIntentId) throw new Error('card payments are not set up (STRIPE_SECRET_KEY)');
    if (!store.beginAction(booking.id, { kind: 'release' }, ports.now())) return;
    try {
      await ports.payments.cancelPaymentIntent(hold.paymentIntentId);
    } catch (err) {
      if (!alreadyFinal(err) && !paymentOutcomeUnknown(err)) {
        store.abandonAction(booking.id, ports.now());
        throw err;
      }
      // Refused as already final (cancelled, lapsed, or captured meanwhile), or not answered:
      // the PaymentIntent says which, never an assumption ([deposit.unknown-outcome]).
      const settled = await readBack(booking);
      if (settled === 'claimed' || settled === 'released') return;
      // Still held (tried again next run), or not readable (pending; settled once stale).
      throw err;
    }
    await effects.released(booking, store.recordReleased(booking.id, ports.now()));
  }

  /**
   * Settles a claim or release under way from Stripe's PaymentIntent ([deposit.unknown-outcome]):
   * `succeeded` → claimed what Stripe received (a capture, whatever was asked); `canceled` →
   * released; `requires_capture` → nothing happened, authorized again as before; anything else
   * (processing) → still pending. Each tells what really happened (timeline, guest e-mail).
   */
  async function settleFrom(booking: Booking, hold: DamageDepositHold, intent: PaymentIntentView): Promise<Settled> {
    const now = ports.now();
    if (intent.status === 'succeeded') {
      await effects.claimed(booking, store.recordClaimed(booking.id, intent.amountReceived ?? hold.claimedCents ?? 0, now));
      return 'claimed';
    }
    if (intent.status === 'canceled') {
      await effects.released(booking, store.recordReleased(booking.id, now));
      return 'released';
    }
    if (intent.status === 'requires_capture') {
      store.abandonAction(booking.id, now);
      return 'authorized';
    }
    return 'pending';
  }

  /** Reads the hold's PaymentIntent and settles from it; `pending` when Stripe cannot be read either. */
  async function readBack(booking: Booking): Promise<Settled> {
    const hold = store.getHold(booking.id);
    if (!hold?.pendingAction || !hold.paymentIntentId || !ports.payments) return 'pending';
    let intent: PaymentIntentView;
    try {
      intent = await ports.payments.retrievePaymentIntent(hold.paymentIntentId);
    } catch {
      return 'pending';
    }
    return settleFrom(booking, hold, intent);
  }

  /**
   * Finishes a claim or release whose Stripe call never answered (the process stopped, or Stripe
   * could not be read back) after STALE_ACTION_MS: the intent says what happened (`settleFrom`).
   * @returns true when it settled one
   * @throws the gateway's error when Stripe cannot be read (the job retries)
   */
  async function settleStale(booking: Booking, hold: DamageDepositHold): Promise<boolean> {
    if (!hold.pendingAction || !hold.paymentIntentId || !ports.payments) return false;
    if (ports.now().getTime() - new Date(hold.updatedAt).getTime() < STALE_ACTION_MS) return false;
    const intent = await ports.payments.retrievePaymentIntent(hold.paymentIntentId);
    return (await settleFrom(booking, hold, intent)) !== 'pending';
  }

  /** Takes the booking's next step, if any; answers it (null: nothing was due). */
  async function step(booking: Booking, hold: DamageDepositHold | undefined, card: SavedCard | null): Promise<DepositStep> {
    const next = nextDepositStep({ booking, hold, hasSavedCard: card !== null, now: ports.now(), timeZone: ports.timeZone });
    if (next === null) return null;
    await take(next, booking, hold, card);
    return next;
  }

  async function take(next: Exclude<DepositStep, null>, booking: Booking, hold: DamageDepositHold | undefined, card: SavedCard | null): Promise<void> {
    if (next === 'release') return release(booking, hold!);
    if (!card) {
      await effects.declined(booking, store.recordFailed(booking.id, 'No card is saved for this booking', ports.now()), 'No card is saved for this booking');
      return;
    }
    if (next === 'place') {
      let current = hold;
      if (!current) {
        const terms = depositTermsOf(booking)!;
        current = store.startHold({ bookingId: booking.id, amountCents: terms.amountCents, releaseOn: depositReleaseOn(booking.checkout, terms.releaseDays), idempotencyKey: ports.newKey() }, ports.now());
        if (!current) return;
      }
      return authorize(booking, current, current.idempotencyKey, card, false);
    }
    // reauthorize: a new hold first, then the old one is cancelled ([deposit.hold]).
    let key = hold!.pendingKey;
    if (!key) {
      key = ports.newKey();
      if (!store.startReauthorization(booking.id, key, ports.now())) return;
    }
    return authorize(booking, store.getHold(booking.id)!, key, card, true);
  }

  const turn = <T>(bookingId: number, work: () => Promise<T>): Promise<T> => (ports.oneAtATime ? ports.oneAtATime(bookingId, work) : work());

  const service = {
    /**
     * Places, renews and releases what is due now ([deposit.hold], [deposit.release]). A booking
     * may take two steps in one run (a renewal under way, then its release).
     * @returns how many bookings were acted on, and the failures (Stripe unreachable…) to retry
     */
    async runDue(): Promise<{ acted: number; failures: { bookingId: number; error: string }[] }> {
      const today = todayIn(ports.timeZone ?? PROPERTY.timeZone, ports.now());
      const failures: { bookingId: number; error: string }[] = [];
      let acted = 0;
      for (const candidate of store.listDepositCandidates(today)) {
        try {
          // In the booking's turn: a claim, a cancel or a change of the booking waits for it.
          const did = await turn(candidate.booking.id, async () => {
            const booking = ports.getBooking?.(candidate.booking.id) ?? candidate.booking;
            let changed = false;
            const current = store.getHold(booking.id);
            if (current?.pendingAction) changed = await settleStale(booking, current);
            for (let i = 0; i < 3; i++) {
              const took = await step(booking, store.getHold(booking.id), candidate.card);
              if (took === null) break;
              changed = true;
            }
            return changed;
          });
          if (did) acted++;
        } catch (err) {
          failures.push({ bookingId: candidate.booking.id, error: stripeMessage(err) });
        }
      }
      return { acted, failures };
    },

    /**
     * Claims `amountCents` of an authorized hold with a reason ([deposit.claim]): a partial capture;
     * Stripe releases the rest. The claim's key is stored before Stripe is asked. When Stripe's
     * answer is lost (or it refuses the capture as unexpected), the PaymentIntent is read back
     * ([deposit.unknown-outcome]): captured → claimed what Stripe received; still held →
     * `provider-failed` (nothing claimed); released → `no-authorized-hold`; not readable →
     * `outcome-unknown`, the claim pending until the job settles it.
     */
    claim(request: { booking: Booking; amountCents: number; reason: string }): Promise<ClaimResult> {
      // One at a time per booking ([deposit.claim-guard]): a cancel or the job's release of the
      // same booking waits for the claim, and the claim sees what they did (read again in its turn).
      return turn(request.booking.id, () => claimNow({ ...request, booking: ports.getBooking?.(request.booking.id) ?? request.booking }));
    },
  };

  async function claimNow(request: { booking: Booking; amountCents: number; reason: string }): Promise<ClaimResult> {
      const { booking } = request;
      // A cancelled stay's hold only waits for its release: capturing it would charge a cancelled
      // booking (found by the money model test, issue 23).
      if (booking.cancelledAt) return { ok: false, reason: 'booking-cancelled' };
      const hold = store.getHold(booking.id);
      const reason = request.reason.trim();
      const problem = claimProblem(hold, request.amountCents, reason);
      if (problem) return { ok: false, ...problem };
      if (!ports.payments) return { ok: false, reason: 'payments-unavailable' };
      const key = ports.newKey();
      // The store checks again in one statement: still authorized, nothing under way, not cancelled.
      if (!store.beginAction(booking.id, { kind: 'claim', amountCents: request.amountCents, reason, key }, ports.now())) {
        if (ports.getBooking?.(booking.id)?.cancelledAt) return { ok: false, reason: 'booking-cancelled' };
        return { ok: false, reason: 'no-authorized-hold', why: unclaimableWhy(store.getHold(booking.id)) };
      }
      let captured: PaymentIntentView;
      try {
        captured = await ports.payments.capturePaymentIntent({
          paymentIntentId: hold!.paymentIntentId!,
          amountToCaptureCents: request.amountCents,
          idempotencyKey: `ridgeline-deposit-claim-${key}`,
          metadata: { bookingId: String(booking.id), kind: 'damage_deposit', claimReason: reason.slice(0, 500) },
        });
      } catch (err) {
        if (!alreadyFinal(err) && !paymentOutcomeUnknown(err)) {
          // A refusal (amount too large, card network…): nothing was captured.
          store.abandonAction(booking.id, ports.now());
          return { ok: false, reason: 'provider-failed', message: stripeMessage(err) };
        }
        // Perhaps captured, perhaps not: Stripe's PaymentIntent says ([deposit.unknown-outcome]).
        switch (await readBack(booking)) {
          case 'claimed':
            return { ok: true, hold: store.getHold(booking.id)! };
          case 'released':
            return { ok: false, reason: 'no-authorized-hold', why: 'released' };
          case 'authorized':
            return { ok: false, reason: 'provider-failed', message: 'Stripe did not answer, and its payment shows nothing captured: nothing was claimed. Try again.' };
          case 'pending':
            return { ok: false, reason: 'outcome-unknown' };
        }
      }
      const claimed = store.recordClaimed(booking.id, captured.amountReceived ?? request.amountCents, ports.now());
      await effects.claimed(booking, claimed);
      return { ok: true, hold: claimed };
  }

  return service;
}
export type DamageDeposits = ReturnType<typeof createDamageDeposits>;

/**
 * The one line the owner's booking and the guest's page show of a deposit ([deposit.release]);
 * null for `none`. `formatDate` writes a `YYYY-MM-DD` for people (the ISO date when left out).
 */
export function depositSummary(view: DamageDepositView, audience: 'owner' | 'guest', formatDate: (date: string) => string = (d) => d): string | null {
  if (view.state === 'none' || view.amountCents === null) return null;
  const amount = formatCents(view.amountCents);
  const until = view.releaseOn ? formatDate(view.releaseOn) : '';
  const guest = audience === 'guest';
  switch (view.state) {
    case 'scheduled':
      return guest
        ? `Damage deposit: ${amount} will be held on your card from ${formatDate(view.placeFrom ?? '')} until ${until}`
        : `${amount} to be held on the card from ${formatDate(view.placeFrom ?? '')}`;
    case 'authorized':
    case 'reauthorizing':
      return guest ? `Damage deposit: ${amount} held on your card until ${until}` : `${amount} held on the card until ${until}`;
    case 'released':
      return guest ? `Damage deposit: ${amount} released, nothing charged` : `${amount} released, nothing charged`;
    case 'claimed': {
      const claimed = formatCents(view.claimedCents ?? 0);
      // A capture found at Stripe (not claimed here) has no reason: none is made up.
      const reason = view.claimReason ? `: ${view.claimReason}` : '';
      return guest ? `Damage deposit: ${claimed} of ${amount} claimed${reason}` : `Claimed ${claimed} of ${amount}${reason}`;
    }
    case 'failed':
      return guest ? `Damage deposit: ${amount} could not be held on your card; we will be in touch` : `Declined: ${view.failureMessage ?? 'the card refused the hold'}`;
  }
}
