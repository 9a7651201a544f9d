/**
 * The balance of a stay paid in two parts ([payments.balance]): charged off-session on its due
 * date by the balance job, retried 1 and 3 days after a failure, payable by the guest on their
 * page (`/stay/{token}`, on-session: 3-D Secure possible), credited once whichever of the job,
 * the page and Stripe's webhook learns it first. Browser-safe plain TypeScript with injected ports.
 */
import type { BookingInquiry } from './bookings.js';
import { BALANCE_RETRY_DAYS } from './payment-schedule.js';
import { PaymentProviderError, type PaymentGateway, type PaymentIntentView } from './payment-gateway.js';
import type { LoggerPort, MailerPort } from './ports.js';
import type { BookingEventKind } from './timeline.js';
import { formatCents } from '../pricing/pricing.js';
import { PROPERTY } from '../shared/property.js';
import { todayIn } from '../shared/dates.js';

/** The store the balance needs (SQLite: core/src/node/booking/balance-store.ts). */
export interface BalanceStore {
  getBooking(id: number): BookingInquiry | undefined;
  /** Paid two-part bookings, not cancelled, balance unpaid, due by `today`, whose next try is due at `now` (or whose try is open). */
  listDueBalances(today: string, now: Date): BookingInquiry[];
  /**
   * Starts (or resumes, when one is open) an automatic attempt: its number and the booking's
   * random key of the attempt series. Undefined when the balance is no longer due (paid, cancelled).
   */
  claimBalanceAttempt(bookingId: number, now: Date): { attempt: number; key: string } | undefined;
  /** Credits the balance once: amountPaidCents += the balance. False when it already was. */
  recordBalancePaid(bookingId: number, paymentIntentId: string, now: Date): boolean;
  /** Closes the open attempt as failed: Stripe's code, and when to try again (null: no more automatic tries). */
  recordBalanceFailure(bookingId: number, error: string, nextAttemptAt: Date | null): void;
  /** Closes the open attempt without an outcome (Stripe is processing it); tried again at `nextAttemptAt`. */
  postponeBalance(bookingId: number, nextAttemptAt: Date): void;
  /** The booking's random key for its guest-page PaymentIntent (made on first use) and that intent, if any. */
  balancePageIntent(bookingId: number): { key: string; paymentIntentId: string | null };
  /** Records the guest-page PaymentIntent; automatic tries stop (never two charges of one balance). */
  attachBalancePageIntent(bookingId: number, paymentIntentId: string): void;
  /** The booking whose balance (automatic or on the page) is this PaymentIntent. */
  findByBalanceIntent(paymentIntentId: string): BookingInquiry | undefined;
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
  notifyPaymentFailed?: (booking: BookingInquiry, text: string, dedupeKey: string) => void;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The guest's page ([guest.page]) where an unpaid balance is paid. */
export const stayPageUrl = (publicUrl: string, booking: Pick<BookingInquiry, 'guestToken'>) => `${publicUrl.replace(/\/$/, '')}/stay/${booking.guestToken}`;

export type BalanceChargeOutcome = 'paid' | 'failed' | 'processing' | 'error' | 'skipped';

export type BalanceIntentResult =
  | { ok: true; intent: PaymentIntentView; amountCents: number }
  | { ok: false; reason: 'payments-unavailable' | 'nothing-due' | 'provider-failed'; message?: string };

export function createBalanceCharges(ports: BalancePorts) {
  const { store } = ports;

  /** The receipt e-mail once the balance is paid ([payments.balance]). */
  async function paid(booking: BookingInquiry, paymentIntentId: string, how: string): Promise<boolean> {
    const now = ports.now();
    if (!store.recordBalancePaid(booking.id, paymentIntentId, now)) return false;
    const after = store.getBooking(booking.id) ?? booking;
    const amount = formatCents(booking.balance?.amountCents ?? 0);
    store.recordEvent(booking.id, 'paid', `Balance paid: ${amount} (${how})`, now);
    if (booking.email) {
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
    }
    return true;
  }

  /** A failed automatic charge: retry plan, the guest's payment link, the owner told, the timeline. */
  async function failed(booking: BookingInquiry, attempt: number, code: string, message: string): Promise<void> {
    const now = ports.now();
    const retryDays = BALANCE_RETRY_DAYS[attempt - 1];
    const next = retryDays === undefined ? null : new Date(now.getTime() + retryDays * DAY_MS);
    store.recordBalanceFailure(booking.id, code, next);
    const amount = formatCents(booking.balance?.amountCents ?? 0);
    const link = stayPageUrl(ports.publicUrl, booking);
    const retry = next ? `We will try the card again on ${todayIn(PROPERTY.timeZone, next)}.` : 'We will not try the card again.';
    store.recordEvent(booking.id, 'payment-failed', `Balance of ${amount} not charged (${code}). ${retry}`, now);
    ports.notifyPaymentFailed?.(
      booking,
      `The balance of ${amount} for ${booking.firstName} ${booking.lastName} (${booking.checkin} to ${booking.checkout}) could not be charged: ${message} (${code}). ${retry} The guest was sent a link to pay it.`,
      `balance-failed-${booking.id}-${attempt}`,
    );
    if (booking.email) {
      await ports.mailer
        ?.send({
          to: booking.email,
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
        })
        .catch((err: unknown) => ports.logger.warn('balance payment link e-mail failed', { bookingId: booking.id, err }));
    }
  }

  /**
   * Charges one due balance off-session ([payments.balance]): PaymentIntent with the saved card,
   * `off_session` and `confirm`, key `ridgeline-balance-<random series key>-<attempt>` (a resumed
   * attempt sends the same key: Stripe answers what it did), metadata bookingId and kind balance.
   */
  async function chargeOne(booking: BookingInquiry): Promise<BalanceChargeOutcome> {
    const payments = ports.payments;
    if (!payments || !booking.balance) return 'skipped';
    const claim = store.claimBalanceAttempt(booking.id, ports.now());
    if (!claim) return 'skipped';
    if (!booking.stripeCustomerId || !booking.stripePaymentMethodId) {
      await failed(booking, claim.attempt, 'no_saved_card', 'no card was saved with the booking.');
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
      if (intent.status === 'succeeded' && intent.amount === booking.balance.amountCents && intent.currency === 'usd') {
        await paid(booking, intent.id, 'saved card');
        return 'paid';
      }
      // Processing: the webhook credits it when it succeeds; looked at again tomorrow.
      store.postponeBalance(booking.id, new Date(ports.now().getTime() + DAY_MS));
      return 'processing';
    } catch (err) {
      if (err instanceof PaymentProviderError && err.statusCode === 402) {
        await failed(booking, claim.attempt, err.code ?? 'card_declined', err.message);
        return 'failed';
      }
      // Stripe unreachable or a 5xx: the attempt stays open and the next run resumes it, same key.
      ports.logger.error('balance charge failed; the next run resumes it', { bookingId: booking.id, err });
      return 'error';
    }
  }

  /**
   * The balance job's work ([payments.balance]): every balance due today or earlier whose next
   * try is due, charged off-session. @returns how many were paid, failed, or left for a next run
   */
  async function chargeDueBalances(): Promise<{ paid: number; failed: number; errors: number }> {
    const now = ports.now();
    const result = { paid: 0, failed: 0, errors: 0 };
    for (const booking of store.listDueBalances(todayIn(PROPERTY.timeZone, now), now)) {
      const outcome = await chargeOne(booking);
      if (outcome === 'paid') result.paid += 1;
      if (outcome === 'failed') result.failed += 1;
      if (outcome === 'error') result.errors += 1;
    }
    return result;
  }

  /**
   * The guest's own payment of the balance on their page ([payments.balance]): one on-session
   * PaymentIntent per booking (its random key; the same one again on a second visit while it can
   * still be paid), metadata bookingId and kind balance. Automatic tries stop once it exists.
   */
  async function startPagePayment(booking: BookingInquiry): Promise<BalanceIntentResult> {
    const payments = ports.payments;
    if (!payments) return { ok: false, reason: 'payments-unavailable' };
    const balance = booking.balance;
    if (!balance || balance.status === 'paid' || balance.status === 'cancelled' || booking.cancelledAt) return { ok: false, reason: 'nothing-due' };
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
      return { ok: true, intent, amountCents: balance.amountCents };
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      ports.logger.error('creating the balance PaymentIntent failed', { bookingId: booking.id, err });
      return { ok: false, reason: 'provider-failed', message: err.message };
    }
  }

  /**
   * Credits a balance PaymentIntent if Stripe says it succeeded for the balance in USD — the
   * page's confirm and the `payment_intent.succeeded` webhook (metadata kind balance) both call
   * it; credited once. @returns the booking after, or undefined when the intent is no balance
   */
  async function settleIntent(intent: PaymentIntentView): Promise<BookingInquiry | undefined> {
    // Our own metadata (set with the secret key) names the booking of an automatic charge still processing.
    const booking = store.findByBalanceIntent(intent.id) ?? (intent.metadata.kind === 'balance' && intent.metadata.bookingId ? store.getBooking(Number(intent.metadata.bookingId)) : undefined);
    if (!booking?.balance) return undefined;
    if (intent.status === 'succeeded' && intent.amount === booking.balance.amountCents && intent.currency === 'usd') {
      await paid(booking, intent.id, intent.metadata.kind === 'balance' && store.balancePageIntent(booking.id).paymentIntentId === intent.id ? 'paid on the stay page' : 'saved card');
    }
    return store.getBooking(booking.id);
  }

  /**
   * After a cancellation ([payments.balance]): the balance's PaymentIntent on the guest's page, if
   * one is open, is cancelled at Stripe so it can no longer be paid. A failure is logged (Stripe
   * refuses only an intent already paid or cancelled).
   */
  async function withdrawPagePayment(booking: BookingInquiry): Promise<void> {
    if (!ports.payments || !booking.balance || booking.balance.status === 'paid') return;
    const { paymentIntentId } = store.balancePageIntent(booking.id);
    if (!paymentIntentId) return;
    await ports.payments.cancelPaymentIntent(paymentIntentId).catch((err: unknown) => ports.logger.warn('cancelling the balance PaymentIntent failed', { bookingId: booking.id, err }));
  }

  return { chargeDueBalances, chargeOne, startPagePayment, settleIntent, withdrawPagePayment };
}

export type BalanceCharges = ReturnType<typeof createBalanceCharges>;
