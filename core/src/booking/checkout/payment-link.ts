/**
 * A manual booking's payment link ([bookings.payment-link]): the owner sends the guest
 * `/checkout?link={token}` (a guest's own booking too, for what a change left to pay: [booking.change-money]), the guest pays what is left of the booking's stored quote by card,
 * and the booking becomes `paid` when Stripe says so (the page's confirm or the webhook, in any
 * order, credited once). Money paid after the booking was cancelled is recorded, never credited
 * or confirmed, and refunded ([money.late-payment]). Browser-safe plain TypeScript over the `OwnerBookingStore` and payment
 * ports; the Express routes map each typed result to a status.
 */
import { formatCents, type PriceBreakdown } from '../../pricing/pricing.js';
import { PROPERTY } from '../../shared/property.js';
import { amountDueCents, type Booking } from '../bookings.js';
import { balanceDueCents, bookingMoney } from '../ledger.js';
import { sendConfirmationEmail } from './confirm.js';
import { PaymentProviderError, type PaymentGateway, type PaymentIntentView } from '../payment-gateway.js';
import type { LoggerPort, MailerPort, OwnerBookingStore } from '../ports.js';
import { mailStatusText, sendMailWithStatus, type MailStatus } from '../mail-status.js';

export interface PaymentLinkPorts {
  store: OwnerBookingStore;
  /** Stripe; undefined when payments are off. */
  payments: PaymentGateway | undefined;
  /** Undefined: e-mails are not sent (as with SMTP off). */
  mailer?: MailerPort | undefined;
  logger: LoggerPort;
  now: () => Date;
  /** The site's public address, for the link ([config.public-url]). */
  publicUrl: string;
  /**
   * Money was recorded on a cancelled booking ([money.late-payment]): the server runs the
   * late-payment refunds now. Undefined: the job's own schedule refunds it.
   */
  onLatePayment?: (() => void) | undefined;
}

/** Why a link cannot be paid: unknown token (404) or nothing left to pay / cancelled (409). */
type LinkRefusal = { ok: false; reason: 'not-found' } | { ok: false; reason: 'settled'; status: 'paid' | 'cancelled' };

export type SendPaymentLinkResult =
  /** `mail`: what became of the link's e-mail; absent when none was asked (`email: false`). */
  | { ok: true; url: string; amountDueCents: number; emailed: boolean; mail?: MailStatus }
  | { ok: false; reason: 'not-found' }
  /** not a manual booking, cancelled, or nothing left to pay */
  | { ok: false; reason: 'nothing-due'; message: string };

export type PaymentLinkViewResult = { ok: true; booking: Booking; quote: PriceBreakdown; amountDueCents: number } | LinkRefusal;

export type StartLinkPaymentResult =
  | { ok: true; intent: PaymentIntentView }
  | LinkRefusal
  | { ok: false; reason: 'payments-unavailable' }
  /** Stripe refused or could not be reached (`message`: Stripe's, when it gave one) */
  | { ok: false; reason: 'provider-failed'; message: string | undefined };

export type ConfirmLinkPaymentResult =
  /** `cancelled`: the booking was cancelled; money paid on it is refunded in full ([money.late-payment]) */
  | { ok: true; paid: boolean; cancelled: boolean }
  | { ok: false; reason: 'not-found' }
  /** the PaymentIntent is not this link's */
  | { ok: false; reason: 'mismatch' }
  | { ok: false; reason: 'payments-unavailable' }
  | { ok: false; reason: 'provider-unreachable' };

/** The link's address: `${publicUrl}/checkout?link={token}`. */
export function paymentLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/checkout?link=${encodeURIComponent(token)}`;
}

/** The guest's "Pay for your stay" e-mail. */
export function paymentLinkEmail(b: Booking, url: string, dueCents: number): { subject: string; text: string } {
  const lines = [
    `Hi ${b.firstName || 'there'},`,
    '',
    `Your stay at ${PROPERTY.name} in ${PROPERTY.address.locality}, Georgia is booked. ${formatCents(dueCents)} is left to pay.`,
    '',
    `Check-in:  ${b.checkin} (from 4:00 PM)`,
    `Check-out: ${b.checkout} (by 11:00 AM)`,
    `Guests:    ${b.guests}`,
    ...(b.quote ? [`Total:     ${formatCents(b.quote.totalCents)}`] : []),
    ...(b.amountPaidCents > 0 ? [`Paid:      ${formatCents(b.amountPaidCents)}`] : []),
    `Amount due: ${formatCents(dueCents)}`,
    '',
    `Pay by card here: ${url}`,
    '',
    `Questions? Reply to this e-mail or call ${PROPERTY.contact.phone}.`,
    '',
    `${PROPERTY.name}`,
  ];
  return { subject: `Pay for your stay at ${PROPERTY.name}: ${b.checkin} to ${b.checkout}`, text: lines.join('\n') };
}

/**
 * What a payment link asks for (cents): a phone booking's amount due ([bookings.payment-link]);
 * for a guest's own confirmed booking, what a change left to pay ([booking.change-money]); both
 * are the balance due ([money.balance-due]: the quote's total less the stay's net paid,
 * [money.net-paid]), the same figure as the change's difference. A guest's own booking whose
 * balance is still to be charged by the schedule asks nothing here; 0 for an owner stay or a
 * cancelled booking.
 */
export function linkDueCents(booking: Booking): number {
  if (booking.kind === 'manual') return amountDueCents(booking);
  if (booking.kind !== 'direct' || booking.status !== 'confirmed') return 0;
  if (booking.balance && booking.balance.status !== 'paid') return 0;
  return balanceDueCents(booking, bookingMoney(booking));
}

/** Whether the link's booking can still be paid: not cancelled and something left to pay. */
function payable(booking: Booking): LinkRefusal | undefined {
  if (booking.cancelledAt) return { ok: false, reason: 'settled', status: 'cancelled' };
  if (linkDueCents(booking) <= 0) return { ok: false, reason: 'settled', status: 'paid' };
  return undefined;
}

/**
 * What became of a link PaymentIntent: `paid` — the booking is paid by it (now or already);
 * `cancelled` — the booking is cancelled, and money Stripe took on it is recorded for the
 * late-payment refund ([money.late-payment]); `unpaid` — nothing was credited (not succeeded, not
 * the amount due, not a link intent).
 */
export type LinkSettlement = 'paid' | 'cancelled' | 'unpaid';

/**
 * Credits a link PaymentIntent Stripe says succeeded for exactly the amount due in USD
 * ([bookings.payment-link]), once, then e-mails the guest the confirmation once (the claim of
 * [checkout.confirmation-email]). On a cancelled booking (before or during this call) it is never
 * credited nor confirmed: what Stripe took (`amountReceived`, whatever the amount due was) is
 * recorded once as a late payment and `onLatePayment` runs its refund ([money.late-payment]).
 * Anything else changes nothing.
 * @param intent the PaymentIntent as just read from Stripe
 */
export async function settleLinkIntent(ports: Omit<PaymentLinkPorts, 'payments'>, intent: PaymentIntentView): Promise<LinkSettlement> {
  const booking = ports.store.findByPaymentLinkIntent(intent.id);
  if (!booking) return 'unpaid';
  const succeeded = intent.status === 'succeeded' && intent.currency === 'usd';
  const card = { paymentIntentId: intent.id, card: intent.card };
  if (booking.cancelledAt) {
    if (succeeded && ports.store.creditLinkPayment(booking.id, { ...card, amountCents: intent.amountReceived ?? intent.amount }, ports.now()) === 'late') ports.onLatePayment?.();
    return 'cancelled';
  }
  if (booking.stripePaymentIntentId === intent.id && booking.paymentStatus === 'paid') return 'paid';
  const due = linkDueCents(booking);
  if (!succeeded || intent.amount !== due || due <= 0) return 'unpaid';
  const credit = ports.store.creditLinkPayment(booking.id, { ...card, amountCents: intent.amount }, ports.now());
  if (credit === 'late') {
    // Cancelled between the read above and the credit.
    ports.onLatePayment?.();
    return 'cancelled';
  }
  if (credit === undefined) return ports.store.getBooking(booking.id)?.cancelledAt ? 'cancelled' : 'paid';
  const paid = ports.store.getBooking(booking.id) as Booking;
  if (paid.email) {
    try {
      // Sends once and records `confirmation-emailed` when it went out ([booking.timeline]).
      await sendConfirmationEmail(ports, paid);
    } catch (err) {
      ports.logger.warn('confirmation e-mail of a link payment failed', { bookingId: paid.id, err });
    }
  }
  return 'paid';
}

/**
 * The payment-link service over `ports`. Stateless: one per request is cheap.
 */
export function createPaymentLinks(ports: PaymentLinkPorts) {
  const { store } = ports;

  /**
   * Makes (or keeps) the booking's payment link and e-mails it to the guest when the booking has
   * an e-mail address ("Pay for your stay", the link and the amount due), with a
   * `payment-link-sent` timeline line ([bookings.payment-link]). Only a booking not cancelled
   * with something left to pay (`linkDueCents` > 0, cents). `email: false` (a change of the
   * booking, whose own e-mail holds the link, [booking.change-money]) makes it without e-mailing.
   * `mail` says what became of the e-mail ([notices.honest]: sent, not-configured, failed,
   * no-address); `emailed` is `mail === 'sent'`.
   * @throws the mailer's error is not thrown: a failed send is logged and `mail` is `failed`
   */
  async function send(bookingId: number, options: { email?: boolean } = {}): Promise<SendPaymentLinkResult> {
    const booking = store.getBooking(bookingId);
    if (!booking) return { ok: false, reason: 'not-found' };
    if (booking.kind === 'owner') return { ok: false, reason: 'nothing-due', message: 'An owner stay has nothing to pay' };
    if (booking.cancelledAt) return { ok: false, reason: 'nothing-due', message: 'This booking is cancelled' };
    const due = linkDueCents(booking);
    if (due <= 0) return { ok: false, reason: 'nothing-due', message: 'Nothing is left to pay on this booking' };
    const url = paymentLinkUrl(ports.publicUrl, store.paymentLinkToken(booking.id));
    if (options.email === false) {
      store.recordBookingEvent(booking.id, 'payment-link-sent', `Payment link for ${formatCents(due)} made for the change e-mail`, ports.now());
      return { ok: true, url, amountDueCents: due, emailed: false };
    }
    // [notices.honest]: "sent" only when the mailer accepted it (without SMTP it only logs).
    const mail = await sendMailWithStatus(ports.mailer, booking.email, paymentLinkEmail(booking, url, due), (err) => ports.logger.warn('payment link e-mail failed', { bookingId, err }));
    store.recordBookingEvent(booking.id, 'payment-link-sent', `${formatCents(due)} due. ${mailStatusText(mail, booking.email)}`, ports.now());
    return { ok: true, url, amountDueCents: due, emailed: mail === 'sent', mail };
  }

  /** What the link's page shows: the stay, its quote and the amount due (cents); 404/409 refusals. */
  function view(token: string): PaymentLinkViewResult {
    const booking = store.findByPaymentLinkToken(token);
    if (!booking || booking.kind === 'owner' || !booking.quote) return { ok: false, reason: 'not-found' };
    const refusal = payable(booking);
    if (refusal) return refusal;
    return { ok: true, booking, quote: booking.quote, amountDueCents: linkDueCents(booking) };
  }

  /**
   * The PaymentIntent for the amount due ([bookings.payment-link]): the amount is the server's
   * (stored quote − paid), never the caller's. Created once with the booking's random
   * Idempotency-Key, metadata `{ bookingId, paymentLink: 'true' }` and the guest's e-mail as
   * receipt address; an open intent made earlier for the same amount is answered again.
   */
  async function startPayment(token: string): Promise<StartLinkPaymentResult> {
    const viewed = view(token);
    if (!viewed.ok) return viewed;
    const payments = ports.payments;
    if (!payments) return { ok: false, reason: 'payments-unavailable' };
    const { booking, amountDueCents: due } = viewed;
    const { idempotencyKey, paymentIntentId } = store.paymentLinkIntent(booking.id);
    try {
      if (paymentIntentId) {
        const existing = await payments.retrievePaymentIntent(paymentIntentId);
        // Paid while neither the page nor the webhook told us yet: credit it, nothing more to pay.
        if (existing.status === 'succeeded') {
          const settled = await settleLinkIntent(ports, existing);
          if (settled !== 'unpaid') return { ok: false, reason: 'settled', status: settled };
        }
        if (existing.amount === due && existing.status !== 'canceled' && existing.status !== 'succeeded') return { ok: true, intent: existing };
      }
      const intent = await payments.createPaymentIntent({
        amountCents: due,
        description: `${PROPERTY.name}: ${booking.checkin} to ${booking.checkout}, ${booking.guests} guest(s), booking ${booking.id}`,
        metadata: { bookingId: String(booking.id), paymentLink: 'true', checkin: booking.checkin, checkout: booking.checkout },
        ...(booking.email ? { receiptEmail: booking.email } : {}),
        // The booking's own random key, never its row id ([checkout.idempotency]).
        idempotencyKey: `ridgeline-payment-link-${idempotencyKey}`,
      });
      store.attachPaymentLinkIntent(booking.id, intent.id);
      return { ok: true, intent };
    } catch (err) {
      ports.logger.error('creating a payment-link PaymentIntent failed', { bookingId: booking.id, err });
      return { ok: false, reason: 'provider-failed', message: err instanceof PaymentProviderError ? err.message : undefined };
    }
  }

  /**
   * The page's confirmation after paying: reads the PaymentIntent from Stripe and credits it when
   * it succeeded for exactly the amount due in USD (`settleLinkIntent`). Idempotent; the webhook
   * may have credited it first. On a cancelled booking it is never credited: `cancelled` true,
   * and money Stripe took is recorded and refunded in full ([money.late-payment]).
   * @returns `paid` false while Stripe has not said succeeded, and for a cancelled booking
   */
  async function confirm(token: string, paymentIntentId: string): Promise<ConfirmLinkPaymentResult> {
    const booking = store.findByPaymentLinkToken(token);
    if (!booking || booking.kind === 'owner') return { ok: false, reason: 'not-found' };
    const linked = store.findByPaymentLinkIntent(paymentIntentId);
    if (!linked || linked.id !== booking.id) return { ok: false, reason: 'mismatch' };
    if (!booking.cancelledAt && booking.stripePaymentIntentId === paymentIntentId && booking.paymentStatus === 'paid') return { ok: true, paid: true, cancelled: false };
    if (!ports.payments) return { ok: false, reason: 'payments-unavailable' };
    let intent;
    try {
      intent = await ports.payments.retrievePaymentIntent(paymentIntentId);
    } catch {
      return { ok: false, reason: 'provider-unreachable' };
    }
    const settled = await settleLinkIntent(ports, intent);
    return { ok: true, paid: settled === 'paid', cancelled: settled === 'cancelled' };
  }

  /**
   * Before a change of the booking's amount due ([booking.change-money]): the link's PaymentIntent
   * made for the old amount, if it is not credited yet, is read from Stripe — credited when the
   * guest paid it (`settleLinkIntent`), else cancelled so it can no longer be paid. A failure to
   * reach Stripe is logged: the change goes on and the link gets a new PaymentIntent; money that
   * still arrives on the old one is in Stripe and found by the reconciliation ([stripe.reconcile]).
   */
  async function withdraw(booking: Booking): Promise<void> {
    const payments = ports.payments;
    const { paymentIntentId } = store.paymentLinkIntent(booking.id);
    if (!payments || !paymentIntentId) return;
    try {
      let intent = await payments.retrievePaymentIntent(paymentIntentId);
      if (intent.status !== 'succeeded' && intent.status !== 'canceled') {
        intent = await payments.cancelPaymentIntent(paymentIntentId).catch(() => payments.retrievePaymentIntent(paymentIntentId));
      }
      if (intent.status === 'succeeded') await settleLinkIntent(ports, intent);
      // Cancelled: the link's next PaymentIntent needs a key of its own (Stripe would answer this one again).
      else if (intent.status === 'canceled') store.forgetPaymentLinkIntent?.(booking.id);
    } catch (err) {
      ports.logger.warn('the old payment-link PaymentIntent could not be settled before a change', { bookingId: booking.id, err });
    }
  }

  return { send, view, startPayment, confirm, withdraw };
}

export type PaymentLinks = ReturnType<typeof createPaymentLinks>;
