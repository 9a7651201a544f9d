/**
 * The balance of a stay paid in two parts ([payments.balance]): charged off-session on its due
 * date by the balance job, retried 1 and 3 days after a failure, payable by the guest on their
 * page (`/stay/{token}`, on-session: 3-D Secure possible), credited once whichever of the job,
 * the page and Stripe's webhook learns it first. Browser-safe plain TypeScript with injected ports.
 *
 * One balance attempt at a time per booking ([money.balance-attempt]): the automatic charge, the
 * guest's page and a cancellation each take the booking's balance lease (in the database, with an
 * owner and an expiry, so it outlives a restart) before they touch the balance's money at Stripe.
 * The automatic charge reads the page's PaymentIntent first: it waits while that payment is
 * processing, credits it when it succeeded, and otherwise cancels it at Stripe before charging (a
 * guest confirming at that moment either paid first, and is credited, or is refused by Stripe).
 * Money that still arrives on a cancelled booking is recorded, never credited
 * ([money.late-payment]).
 */
import type { Booking } from '../bookings.js';
import { BALANCE_RETRY_DAYS } from '../../pricing/payment-schedule.js';
import { PaymentProviderError, type PaymentGateway, type PaymentIntentView } from '../payment-gateway.js';
import type { LoggerPort, MailerPort } from '../ports.js';
import { mailStatusText, sendMailWithStatus } from '../mail-status.js';
import type { BookingEventKind } from '../timeline.js';
import { formatCents } from '../../pricing/pricing.js';
import { PROPERTY } from '../../shared/property.js';
import { todayIn } from '../../shared/dates.js';

/** Who holds a booking's balance lease ([money.balance-attempt]). */
export type BalanceLeaseKind = 'automatic' | 'page' | 'cancel';

/** A claim of the balance lease: held (with the holder's random token), busy (held by another), or no balance owed. */
export type BalanceLeaseClaim = { status: 'held'; token: string } | { status: 'busy'; heldBy: BalanceLeaseKind } | { status: 'not-owed' };

/**
 * What recording a succeeded balance PaymentIntent did: credited the balance; `already` recorded;
 * `late` — the booking was cancelled, so the charge is in the ledger but not credited
 * ([money.late-payment]); `duplicate` — the balance was already paid by another PaymentIntent, the
 * second is in the ledger; `held` — a cancel of the booking is in progress, nothing was written
 * (tell again once it is done); `none` — the booking has no balance.
 */
export type BalanceCredit = 'credited' | 'already' | 'late' | 'duplicate' | 'held' | 'none';

/**
 * Thrown by `settleIntent` while a cancel of the booking is in progress ([money.balance-attempt]):
 * nothing was recorded; the webhook answers 500 so Stripe delivers it again, and the cancel's end
 * looks at the page's PaymentIntent itself.
 */
export class BalanceSettlementDeferred extends Error {
  constructor(readonly bookingId: number) {
    super(`booking ${bookingId} is being cancelled; its balance payment is recorded once the cancel is done`);
    this.name = 'BalanceSettlementDeferred';
  }
}

/** How long each holder keeps the lease without releasing it before it is presumed gone (ms). */
export const BALANCE_LEASE_MS: Readonly<Record<BalanceLeaseKind, number>> = {
  // Longer than the gateway's worst call (3 tries of 20 s) with the outcome's write.
  automatic: 5 * 60 * 1000,
  // The guest filling in the card form after "Pay balance".
  page: 15 * 60 * 1000,
  // A cancel's refunds (a call per PaymentIntent paid).
  cancel: 15 * 60 * 1000,
};

/** The store the balance needs (SQLite: core/src/node/booking/payments/balance-store.ts). */
export interface BalanceStore {
  getBooking(id: number): Booking | undefined;
  /** Paid two-part bookings, not cancelled, balance unpaid, due by `today`, whose next try is due at `now` (or whose try is open). */
  listDueBalances(today: string, now: Date): Booking[];
  /** Paid two-part bookings, not cancelled, whose balance is still unpaid after its due date (before `today`). */
  listOverdueBalances(today: string): Booking[];
  /**
   * Starts (or resumes, when one is open) an automatic attempt: its number and the booking's
   * random key of the attempt series. Undefined when the balance is no longer due (paid, cancelled).
   */
  claimBalanceAttempt(bookingId: number, now: Date): { attempt: number; key: string } | undefined;
  /**
   * Records a balance PaymentIntent Stripe says succeeded, in one transaction: the ledger's charge
   * entry (once per PaymentIntent) and, unless the booking is cancelled or already paid, the
   * balance credited (its attempt closed, its lease released). Nothing is written (`held`) while
   * a cancel other than `holder` (a lease token) holds the booking's lease.
   */
  recordBalancePaid(bookingId: number, paymentIntentId: string, now: Date, holder?: string): BalanceCredit;
  /** Closes the open attempt as failed: Stripe's code, and when to try again (null: no more automatic tries). */
  recordBalanceFailure(bookingId: number, error: string, nextAttemptAt: Date | null): void;
  /**
   * Closes the open attempt without an outcome (Stripe is processing its PaymentIntent
   * `paymentIntentId`, kept so the next try reads it instead of charging again,
   * [money.balance-processing]); tried again at `nextAttemptAt`.
   */
  postponeBalance(bookingId: number, nextAttemptAt: Date, paymentIntentId: string): void;
  /** The automatic charge Stripe was still processing at the last try, if any ([money.balance-processing]). */
  processingBalanceIntent(bookingId: number): string | null;
  /** Forgets it: Stripe says it failed or was cancelled, so a new attempt may charge. */
  clearProcessingBalanceIntent(bookingId: number): void;
  /** The booking's random key for its guest-page PaymentIntent (made on first use) and that intent, if any. */
  balancePageIntent(bookingId: number): { key: string; paymentIntentId: string | null };
  /** Records the guest-page PaymentIntent (the automatic schedule is left as it is). */
  attachBalancePageIntent(bookingId: number, paymentIntentId: string): void;
  /**
   * Takes the booking's balance lease for `kind` until `until`, in one transaction
   * ([money.balance-attempt]). Refused (`busy`) while another holder's lease runs — except the
   * page's, which another page request renews and a cancel takes over — and, for the page, while
   * an automatic attempt is open. `not-owed` when no balance is owed (none, paid, or cancelled).
   */
  claimBalanceLease(bookingId: number, kind: BalanceLeaseKind, now: Date, until: Date): BalanceLeaseClaim;
  /** Releases the lease if `token` still holds it. */
  releaseBalanceLease(bookingId: number, token: string): void;
  /** The booking whose balance (automatic or on the page) is this PaymentIntent. */
  findByBalanceIntent(paymentIntentId: string): Booking | undefined;
  recordEvent(bookingId: number, kind: BookingEventKind, detail: string, now: Date): void;
}

export interface BalancePorts {
  store: BalanceStore;
  payments: PaymentGateway | undefined;
  mailer: MailerPort | undefined;
  logger: LoggerPort;
  now: () => Date;
  publicUrl: string;
  /** Tells the owner a balance could not be charged ([owner.notices] kind payment-failed). */
  notifyPaymentFailed?: (booking: Booking, text: string, dedupeKey: string) => void;
  /**
   * Tells the owner a balance was not collected on its due date ([money.balance-attempt], kind
   * payment-failed), once per `dedupeKey`. @returns whether this call told them (false: already told)
   */
  notifyBalanceUncollected?: (booking: Booking, text: string, dedupeKey: string) => boolean;
  /** Tells the owner of money that moved where it should not have: a balance paid twice ([owner.notices] kind money). */
  notifyMoney?: (booking: Booking, subject: string, text: string, dedupeKey: string) => void;
  /** Money to give back is in the ledger (a payment on a cancelled booking, a balance paid twice): the late-payment refunds should run ([money.late-payment], [money.duplicate-payment]). */
  onLatePayment?: () => void;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The guest's page ([guest.page]) where an unpaid balance is paid. */
export const stayPageUrl = (publicUrl: string, booking: Pick<Booking, 'guestToken'>) => `${publicUrl.replace(/\/$/, '')}/stay/${booking.guestToken}`;

/**
 * What one automatic try did: `paid`; `failed` (declined); `processing` (Stripe is still on it);
 * `late` (Stripe charged after the booking was cancelled: recorded, refunded by the late-payment
 * job); `waiting` (a page payment is processing, or another attempt holds the lease); `error`
 * (Stripe unreachable: the next run resumes it); `skipped` (nothing to do).
 */
export type BalanceChargeOutcome = 'paid' | 'failed' | 'processing' | 'late' | 'waiting' | 'error' | 'skipped';

export type BalanceIntentResult =
  | { ok: true; intent: PaymentIntentView; amountCents: number }
  /** `in-progress`: another balance attempt (the automatic charge, a cancel) holds the booking's lease */
  | { ok: false; reason: 'payments-unavailable' | 'nothing-due' | 'in-progress' | 'provider-failed'; message?: string };

/** The cancel's turn on the balance ([money.balance-attempt]): `release` once the cancel is done (or failed). */
export type BalanceCancelTurn = { status: 'ready'; release: () => void } | { status: 'busy'; heldBy: BalanceLeaseKind };

/** Page PaymentIntent statuses the guest can still pay: cancelled at Stripe before an automatic charge. */
const PAYABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

/**
 * A balance PaymentIntent as Stripe has it after withdrawing it if nobody has paid it yet: read;
 * still payable → cancelled; a cancel Stripe refuses (4xx: paid in the instant between) → read
 * again, so Stripe's own state decides.
 * @throws PaymentProviderError when Stripe cannot be reached (or answers 5xx)
 */
async function withdrawIfUnpaid(payments: PaymentGateway, paymentIntentId: string): Promise<PaymentIntentView> {
  const intent = await payments.retrievePaymentIntent(paymentIntentId);
  if (!PAYABLE.has(intent.status)) return intent;
  try {
    return await payments.cancelPaymentIntent(paymentIntentId);
  } catch (err) {
    if (!(err instanceof PaymentProviderError) || err.statusCode === undefined || err.statusCode >= 500) throw err;
    return payments.retrievePaymentIntent(paymentIntentId);
  }
}

export function createBalanceCharges(ports: BalancePorts) {
  const { store } = ports;
  const leaseUntil = (kind: BalanceLeaseKind) => new Date(ports.now().getTime() + BALANCE_LEASE_MS[kind]);

  /**
   * Records a succeeded balance PaymentIntent ([payments.balance], [money.late-payment]) and
   * tells who must know: credited → timeline, then (`receipt`, sent by the caller once it holds
   * nothing) the guest's receipt; charged after a cancel → only the ledger and the late-payment
   * refunds, never a receipt; a second payment → the owner.
   */
  function credit(booking: Booking, paymentIntentId: string, how: string, holder?: string): { credit: BalanceCredit; receipt: () => Promise<void> } {
    const now = ports.now();
    const result = store.recordBalancePaid(booking.id, paymentIntentId, now, holder);
    const amount = formatCents(booking.balance?.amountCents ?? 0);
    const none = { credit: result, receipt: () => Promise.resolve() };
    if (result === 'late') {
      ports.logger.warn('balance charged after the booking was cancelled; the late-payment job refunds it', { bookingId: booking.id, paymentIntentId });
      ports.onLatePayment?.();
    }
    if (result === 'held') ports.logger.warn('a balance payment arrived while the booking is being cancelled; recorded once the cancel is done', { bookingId: booking.id, paymentIntentId });
    if (result === 'duplicate') {
      ports.logger.error('balance paid a second time', { bookingId: booking.id, paymentIntentId });
      ports.notifyMoney?.(
        booking,
        `Balance paid twice: ${booking.checkin} to ${booking.checkout}`,
        `The balance of ${amount} for ${booking.firstName} ${booking.lastName} (${booking.checkin} to ${booking.checkout}, booking ${booking.id}) was paid a second time (Stripe ${paymentIntentId}, ${how}). The second payment is being refunded to the card in full automatically; nothing is needed from you.`,
        `balance-duplicate-${paymentIntentId}`,
      );
      // [money.duplicate-payment]: the late-payment job refunds the second payment now.
      ports.onLatePayment?.();
    }
    if (result !== 'credited') return none;
    store.recordEvent(booking.id, 'paid', `Balance paid: ${amount} (${how})`, now);
    const receipt = async () => {
      if (!booking.email) return;
      const after = store.getBooking(booking.id) ?? booking;
      await ports.mailer
        ?.send({
          to: booking.email,
          subject: `Receipt: balance of ${amount} paid for ${PROPERTY.name}`,
          text: [
            `Hello ${booking.firstName},`,
            '',
            `We received the balance of ${amount} for your stay at ${PROPERTY.name} from ${booking.checkin} to ${booking.checkout}.`,
            `Paid in total: ${formatCents(after.amountPaidCents)}. Nothing more is due.`,
            '',
            `Your booking: ${stayPageUrl(ports.publicUrl, booking)}`,
          ].join('\n'),
        })
        .catch((err: unknown) => ports.logger.warn('balance receipt e-mail failed', { bookingId: booking.id, err }));
    };
    return { credit: result, receipt };
  }

  /** `credit`, then its receipt sent. */
  async function paid(booking: Booking, paymentIntentId: string, how: string, holder?: string): Promise<BalanceCredit> {
    const done = credit(booking, paymentIntentId, how, holder);
    await done.receipt();
    return done.credit;
  }

  /** Whether Stripe's intent pays this booking's balance: succeeded, the balance's amount, in USD. */
  const paysBalance = (booking: Booking, intent: PaymentIntentView) => intent.status === 'succeeded' && intent.amount === booking.balance?.amountCents && intent.currency === 'usd';

  /** A failed automatic charge, stored: the retry plan. @returns when it is tried again (null: never) */
  function recordFailure(booking: Booking, attempt: number, code: string): Date | null {
    const retryDays = BALANCE_RETRY_DAYS[attempt - 1];
    const next = retryDays === undefined ? null : new Date(ports.now().getTime() + retryDays * DAY_MS);
    store.recordBalanceFailure(booking.id, code, next);
    return next;
  }

  /**
   * A failed automatic charge, told: the guest's payment link by e-mail, then the timeline and the
   * owner, saying what became of that e-mail ([notices.honest]: never "sent" unless it was).
   */
  async function tellFailure(booking: Booking, attempt: number, code: string, message: string, next: Date | null): Promise<void> {
    const now = ports.now();
    const amount = formatCents(booking.balance?.amountCents ?? 0);
    const link = stayPageUrl(ports.publicUrl, booking);
    const retry = next ? `We will try the card again on ${todayIn(PROPERTY.timeZone, next)}.` : 'We will not try the card again.';
    const mail = await sendMailWithStatus(
      ports.mailer,
      booking.email,
      {
        subject: `Action needed: the balance of ${amount} for ${PROPERTY.name} could not be charged`,
        text: [
          `Hello ${booking.firstName},`,
          '',
          `We tried to charge the balance of ${amount} for your stay from ${booking.checkin} to ${booking.checkout} to your saved card, and it did not go through: ${message}`,
          '',
          `Please pay it here (your bank may ask you to confirm): ${link}`,
          '',
          retry,
        ].join('\n'),
      },
      (err) => ports.logger.warn('balance payment link e-mail failed', { bookingId: booking.id, err }),
    );
    store.recordEvent(booking.id, 'payment-failed', `Balance of ${amount} not charged (${code}). ${retry} Link to pay e-mail: ${mailStatusText(mail, booking.email)}`, now);
    const told = mail === 'sent' ? 'The guest was e-mailed a link to pay it.' : `The guest was not e-mailed (${mailStatusText(mail, booking.email).replace(/^Not sent: /, '')}): send them ${link}`;
    ports.notifyPaymentFailed?.(
      booking,
      `The balance of ${amount} for ${booking.firstName} ${booking.lastName} (${booking.checkin} to ${booking.checkout}) could not be charged: ${message} (${code}). ${retry} ${told}`,
      `balance-failed-${booking.id}-${attempt}`,
    );
  }

  /**
   * The guest's page PaymentIntent before an automatic charge ([money.balance-attempt]), read from
   * Stripe: succeeded → credited (`paid`); processing → the charge waits (`processing`); still
   * payable (the guest left it) → cancelled at Stripe, and if Stripe refuses because the guest
   * just paid, read again; cancelled or none → `clear`.
   * @throws PaymentProviderError when Stripe cannot be read (the run is an error; nothing charged)
   */
  async function clearPagePayment(payments: PaymentGateway, booking: Booking, holder: string): Promise<{ page: 'paid'; receipt: () => Promise<void> } | { page: 'processing' | 'clear' }> {
    const { paymentIntentId } = store.balancePageIntent(booking.id);
    if (!paymentIntentId) return { page: 'clear' };
    const intent = await withdrawIfUnpaid(payments, paymentIntentId);
    if (intent.status === 'canceled') return { page: 'clear' };
    if (paysBalance(booking, intent)) {
      const done = credit(booking, intent.id, 'paid on the stay page', holder);
      // `held`: a cancel took the booking over meanwhile; the automatic charge must not go on.
      return done.credit === 'held' ? { page: 'processing' } : { page: 'paid', receipt: done.receipt };
    }
    if (intent.status !== 'processing') ports.logger.error('the stay page PaymentIntent is neither payable, processing nor the balance paid; the automatic charge waits', { bookingId: booking.id, paymentIntentId, status: intent.status });
    return { page: 'processing' };
  }

  /**
   * The automatic charge of an earlier try that Stripe was still processing
   * ([money.balance-processing]), read from Stripe before any new attempt (its webhook may have
   * been lost, and a new attempt's key would charge again): succeeded for the balance → credited
   * (`paid`, or `late` on a cancelled booking); still processing → `processing` (looked at again
   * tomorrow); succeeded for another amount → `waiting` (never charged again; the owner is told of
   * the balance not collected); failed or cancelled → forgotten, `clear` for a new attempt; one
   * still payable is cancelled at Stripe first.
   * @throws PaymentProviderError when Stripe cannot be read (the run is an error; nothing charged)
   */
  async function readProcessingCharge(
    payments: PaymentGateway,
    booking: Booking,
    holder: string,
  ): Promise<{ status: 'clear'; receipt?: undefined } | { status: 'paid' | 'late' | 'processing' | 'waiting'; receipt?: () => Promise<void> }> {
    const paymentIntentId = store.processingBalanceIntent(booking.id);
    if (!paymentIntentId) return { status: 'clear' };
    const intent = await withdrawIfUnpaid(payments, paymentIntentId);
    if (paysBalance(booking, intent)) {
      const done = credit(booking, intent.id, 'saved card', holder);
      if (done.credit === 'held') return { status: 'waiting' };
      return { status: done.credit === 'late' ? 'late' : 'paid', receipt: done.receipt };
    }
    if (intent.status === 'processing') {
      store.postponeBalance(booking.id, new Date(ports.now().getTime() + DAY_MS), intent.id);
      return { status: 'processing' };
    }
    if (intent.status === 'succeeded') {
      ports.logger.error('the processing balance charge succeeded for another amount than the balance; nothing more is charged', { bookingId: booking.id, paymentIntentId, amount: intent.amount });
      return { status: 'waiting' };
    }
    store.clearProcessingBalanceIntent(booking.id);
    return { status: 'clear' };
  }

  /**
   * Charges one due balance off-session ([payments.balance]) under the booking's balance lease
   * ([money.balance-attempt]): the page's PaymentIntent first (`clearPagePayment`), then a
   * PaymentIntent with the saved card, `off_session` and `confirm`, key
   * `ridgeline-balance-<random series key>-<attempt>` (a resumed attempt sends the same key:
   * Stripe answers what it did), metadata bookingId and kind balance. The lease is released once
   * the outcome is stored, before the e-mails. Stripe's answer after the booking was cancelled
   * (the attempt outlived its lease) is recorded, not credited: `late`.
   */
  async function chargeOne(booking: Booking): Promise<BalanceChargeOutcome> {
    const payments = ports.payments;
    if (!payments || !booking.balance) return 'skipped';
    const lease = store.claimBalanceLease(booking.id, 'automatic', ports.now(), leaseUntil('automatic'));
    if (lease.status === 'not-owed') return 'skipped';
    if (lease.status === 'busy') return 'waiting';
    let told: (() => Promise<void>) | undefined;
    try {
      const page = await clearPagePayment(payments, booking, lease.token);
      if (page.page === 'paid') {
        told = page.receipt;
        return 'paid';
      }
      if (page.page === 'processing') return 'waiting';
      // [money.balance-processing]: a charge Stripe was still processing is read, never made again.
      const earlier = await readProcessingCharge(payments, booking, lease.token);
      if (earlier.status !== 'clear') {
        told = earlier.receipt;
        return earlier.status;
      }
      const claim = store.claimBalanceAttempt(booking.id, ports.now());
      if (!claim) return 'skipped';
      if (!booking.stripeCustomerId || !booking.stripePaymentMethodId) {
        const next = recordFailure(booking, claim.attempt, 'no_saved_card');
        told = () => tellFailure(booking, claim.attempt, 'no_saved_card', 'no card was saved with the booking.', next);
        return 'failed';
      }
      try {
        const intent = await payments.chargeSavedCard({
          amountCents: booking.balance.amountCents,
          customerId: booking.stripeCustomerId,
          paymentMethodId: booking.stripePaymentMethodId,
          description: `${PROPERTY.name}: balance for ${booking.checkin} to ${booking.checkout}`,
          metadata: { bookingId: String(booking.id), kind: 'balance' },
          ...(booking.email ? { receiptEmail: booking.email } : {}),
          idempotencyKey: `ridgeline-balance-${claim.key}-${claim.attempt}`,
        });
        if (paysBalance(booking, intent)) {
          const done = credit(booking, intent.id, 'saved card', lease.token);
          told = done.receipt;
          // `held`: this attempt outlived its lease and a cancel is running; the attempt stays
          // open, so a next run (if the cancel failed) resumes it with its key and Stripe answers
          // this payment again, and the webhook's next delivery records it.
          if (done.credit === 'held') return 'waiting';
          return done.credit === 'late' ? 'late' : 'paid';
        }
        // Processing: the webhook credits it when it succeeds; looked at again tomorrow, by
        // reading this PaymentIntent (a lost webhook never makes a second charge).
        store.postponeBalance(booking.id, new Date(ports.now().getTime() + DAY_MS), intent.id);
        return 'processing';
      } catch (err) {
        if (err instanceof PaymentProviderError && err.statusCode === 402) {
          const next = recordFailure(booking, claim.attempt, err.code ?? 'card_declined');
          told = () => tellFailure(booking, claim.attempt, err.code ?? 'card_declined', err.message, next);
          return 'failed';
        }
        throw err;
      }
    } catch (err) {
      // Stripe unreachable or a 5xx: an open attempt stays open and the next run resumes it, same key.
      ports.logger.error('balance charge failed; the next run resumes it', { bookingId: booking.id, err });
      return 'error';
    } finally {
      store.releaseBalanceLease(booking.id, lease.token);
      await told?.();
    }
  }

  /** Why a balance is still owed, in the owner's words, from this run's outcome or the booking. */
  function whyUncollected(booking: Booking, outcome: BalanceChargeOutcome | undefined): string {
    if (outcome === 'waiting' && store.balancePageIntent(booking.id).paymentIntentId) return 'the payment the guest made on their stay page is still processing at Stripe (or the guest is paying it right now); it is credited when it succeeds';
    if (outcome === 'error') return 'Stripe could not be reached; the next run tries again';
    if (outcome === 'processing') return 'the charge of the saved card is still processing at Stripe';
    if (booking.balance?.lastError) {
      const next = booking.balance.nextAttemptAt ? `the card is tried again on ${todayIn(PROPERTY.timeZone, new Date(booking.balance.nextAttemptAt))}` : 'the card will not be tried again';
      return `the saved card was declined (${booking.balance.lastError}); ${next}, and the guest can pay it on their stay page`;
    }
    return 'it has not been charged yet; the next run of the balance job tries again';
  }

  /**
   * The balance job's work ([payments.balance]): every balance due today or earlier whose next
   * try is due, charged off-session; then every balance still owed after its due date is told to
   * the owner, once per booking and due date ([money.balance-attempt]).
   * @returns how many were paid, failed, or left for a next run
   */
  async function chargeDueBalances(): Promise<{ paid: number; failed: number; errors: number }> {
    const now = ports.now();
    const today = todayIn(PROPERTY.timeZone, now);
    const result = { paid: 0, failed: 0, errors: 0 };
    const outcomes = new Map<number, BalanceChargeOutcome>();
    for (const booking of store.listDueBalances(today, now)) {
      const outcome = await chargeOne(booking);
      outcomes.set(booking.id, outcome);
      if (outcome === 'paid') result.paid += 1;
      if (outcome === 'failed') result.failed += 1;
      if (outcome === 'error') result.errors += 1;
    }
    for (const booking of store.listOverdueBalances(today)) {
      const balance = booking.balance;
      if (!balance) continue;
      const amount = formatCents(balance.amountCents);
      const why = whyUncollected(booking, outcomes.get(booking.id));
      const told = ports.notifyBalanceUncollected?.(
        booking,
        `The balance of ${amount} for ${booking.firstName} ${booking.lastName} (${booking.checkin} to ${booking.checkout}, booking ${booking.id}) was due on ${balance.dueDate} and is not collected: ${why}.`,
        `balance-uncollected-${booking.id}-${balance.dueDate}`,
      );
      if (told) store.recordEvent(booking.id, 'payment-failed', `Balance of ${amount} not collected on its due date (${balance.dueDate}): ${why}`, ports.now());
    }
    return result;
  }

  /**
   * The guest's own payment of the balance on their page ([payments.balance]): one on-session
   * PaymentIntent per booking (its random key; the same one again on a second visit while it can
   * still be paid), metadata bookingId and kind balance. It takes the booking's balance lease for
   * the page ([money.balance-attempt]), renewed on each visit: the automatic charge waits while
   * the guest pays. Refused (`in-progress`) while the automatic charge or a cancel holds it, or an
   * automatic attempt's outcome is unknown.
   */
  async function startPagePayment(booking: Booking): Promise<BalanceIntentResult> {
    const payments = ports.payments;
    if (!payments) return { ok: false, reason: 'payments-unavailable' };
    const balance = booking.balance;
    if (!balance || balance.status === 'paid' || balance.status === 'cancelled' || booking.cancelledAt) return { ok: false, reason: 'nothing-due' };
    const lease = store.claimBalanceLease(booking.id, 'page', ports.now(), leaseUntil('page'));
    if (lease.status === 'not-owed') return { ok: false, reason: 'nothing-due' };
    if (lease.status === 'busy') return { ok: false, reason: 'in-progress' };
    const page = store.balancePageIntent(booking.id);
    try {
      if (page.paymentIntentId) {
        const existing = await payments.retrievePaymentIntent(page.paymentIntentId);
        if (existing.status === 'succeeded') {
          await paid(booking, existing.id, 'paid on the stay page');
          return { ok: false, reason: 'nothing-due' };
        }
        if (existing.status !== 'canceled') return { ok: true, intent: existing, amountCents: balance.amountCents };
      }
      const intent = await payments.createPaymentIntent({
        amountCents: balance.amountCents,
        description: `${PROPERTY.name}: balance for ${booking.checkin} to ${booking.checkout}`,
        metadata: { bookingId: String(booking.id), kind: 'balance' },
        ...(booking.email ? { receiptEmail: booking.email } : {}),
        ...(booking.stripeCustomerId ? { customerId: booking.stripeCustomerId } : {}),
        // A cancelled intent needs a new key; the first one uses the booking's random key alone.
        idempotencyKey: `ridgeline-balance-page-${page.key}${page.paymentIntentId ? `-${page.paymentIntentId}` : ''}`,
      });
      store.attachBalancePageIntent(booking.id, intent.id);
      // A cancel that took the lease over while Stripe made the intent: it may have looked for the
      // page's intent before it was attached, so it is withdrawn here.
      if (store.getBooking(booking.id)?.cancelledAt) {
        await withdraw(booking.id, intent.id);
        return { ok: false, reason: 'nothing-due' };
      }
      return { ok: true, intent, amountCents: balance.amountCents };
    } catch (err) {
      store.releaseBalanceLease(booking.id, lease.token);
      if (!(err instanceof PaymentProviderError)) throw err;
      ports.logger.error('creating the balance PaymentIntent failed', { bookingId: booking.id, err });
      return { ok: false, reason: 'provider-failed', message: err.message };
    }
  }

  /**
   * Credits a balance PaymentIntent if Stripe says it succeeded for the balance in USD — the
   * page's confirm and the `payment_intent.succeeded` webhook (metadata kind balance) both call
   * it; credited once, and never on a cancelled booking (there it is recorded for the
   * late-payment refunds, [money.late-payment]). @returns the booking after, or undefined when the
   * intent is no balance
   * @throws BalanceSettlementDeferred while the booking is being cancelled (nothing recorded)
   */
  async function settleIntent(intent: PaymentIntentView): Promise<Booking | undefined> {
    // Our own metadata (set with the secret key) names the booking of an automatic charge still processing.
    const booking = store.findByBalanceIntent(intent.id) ?? (intent.metadata.kind === 'balance' && intent.metadata.bookingId ? store.getBooking(Number(intent.metadata.bookingId)) : undefined);
    if (!booking?.balance) return undefined;
    if (paysBalance(booking, intent)) {
      const done = await paid(booking, intent.id, intent.metadata.kind === 'balance' && store.balancePageIntent(booking.id).paymentIntentId === intent.id ? 'paid on the stay page' : 'saved card');
      if (done === 'held') throw new BalanceSettlementDeferred(booking.id);
    }
    return store.getBooking(booking.id);
  }

  /** Cancels a page PaymentIntent at Stripe; a refusal (already paid or cancelled) or an unreachable Stripe is logged. */
  async function withdraw(bookingId: number, paymentIntentId: string): Promise<PaymentIntentView | undefined> {
    return ports.payments?.cancelPaymentIntent(paymentIntentId).catch((err: unknown) => {
      ports.logger.warn('cancelling the balance PaymentIntent failed', { bookingId, err });
      return undefined;
    });
  }

  /**
   * Before a cancellation ([money.balance-attempt]): takes the booking's balance lease for the
   * cancel, so no balance attempt starts until it is done, and settles the page's PaymentIntent —
   * cancelled at Stripe while it can still be paid, or credited first when the guest already paid
   * it (the cancel's refund then counts it). `busy` while the automatic charge (or another cancel)
   * holds the lease: the caller waits and asks again, or refuses the cancel. A booking with no
   * balance owed is `ready` at once.
   */
  async function beginCancel(bookingId: number): Promise<BalanceCancelTurn> {
    const lease = store.claimBalanceLease(bookingId, 'cancel', ports.now(), leaseUntil('cancel'));
    if (lease.status === 'busy') return { status: 'busy', heldBy: lease.heldBy };
    if (lease.status === 'not-owed') return { status: 'ready', release: () => undefined };
    const release = () => store.releaseBalanceLease(bookingId, lease.token);
    const booking = store.getBooking(bookingId);
    const { paymentIntentId } = store.balancePageIntent(bookingId);
    if (booking && paymentIntentId && ports.payments) {
      const intent = (await withdraw(bookingId, paymentIntentId)) ?? (await ports.payments.retrievePaymentIntent(paymentIntentId).catch(() => undefined));
      if (intent && paysBalance(booking, intent)) await paid(booking, intent.id, 'paid on the stay page', lease.token);
    }
    return { status: 'ready', release };
  }

  /**
   * After a cancellation ([payments.balance]): the balance's PaymentIntent on the guest's page, if
   * one is open, is cancelled at Stripe so it can no longer be paid. When Stripe refuses because
   * it was paid meanwhile (a payment processing at the cancel, told while the cancel ran), it is
   * recorded now as paid after the cancellation, for the late-payment refunds
   * ([money.late-payment]). A failure is logged.
   */
  async function withdrawPagePayment(booking: Booking): Promise<void> {
    const payments = ports.payments;
    if (!payments || !booking.balance || booking.balance.status === 'paid') return;
    const { paymentIntentId } = store.balancePageIntent(booking.id);
    if (!paymentIntentId) return;
    if (await withdraw(booking.id, paymentIntentId)) return;
    const intent = await payments.retrievePaymentIntent(paymentIntentId).catch(() => undefined);
    if (intent && paysBalance(booking, intent)) await paid(booking, intent.id, 'paid on the stay page');
  }

  return { chargeDueBalances, chargeOne, startPagePayment, settleIntent, beginCancel, withdrawPagePayment };
}

export type BalanceCharges = ReturnType<typeof createBalanceCharges>;
