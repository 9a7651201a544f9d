/**
 * A guest's request to book while card payments are off ([booking.request]): the guest's request
 * is a pending booking that holds no night (the inquiry of [checkout.inquiry]); the owner accepts
 * it (the nights become the guest's booking and, when payments work, the guest is sent the
 * payment link of [bookings.payment-link]) or declines it (the guest is e-mailed; no money
 * moves). Browser-safe plain TypeScript over injected ports; the Express routes map each typed
 * result to a status.
 */
import type { Booking } from '../bookings.js';
import { PROPERTY } from '../../shared/property.js';
import type { LoggerPort, MailerPort } from '../ports.js';
import type { SendPaymentLinkResult } from './payment-link.js';
import type { MailStatus } from '../mail-status.js';

/** What the store answers for an accept or a decline; `decided: false` when it was already so (nothing changed). */
export type RequestDecision =
  | { ok: true; booking: Booking; decided: boolean }
  | { ok: false; reason: 'not-found' }
  /** not a request waiting for the owner: a paid or pending booking, a phone booking, an owner stay, a cancelled one */
  | { ok: false; reason: 'not-a-request' }
  /** accept of a declined request / decline of an accepted one */
  | { ok: false; reason: 'declined' | 'accepted' }
  /** a night of the request was sold or closed meanwhile; nothing changed */
  | { ok: false; reason: 'closed'; closedDates: string[] };

/** Where requests are decided, each call one transaction. */
export interface BookingRequestStore {
  /** A request becomes the owner's booking for the guest if every night is open ([booking.request]). */
  accept(bookingId: number, now: Date): RequestDecision;
  /** A request is cancelled by the owner, "Request declined". */
  decline(bookingId: number, now: Date): RequestDecision;
}

export interface BookingRequestPorts {
  store: BookingRequestStore;
  /** Undefined: nothing is e-mailed (as with SMTP off). Answers `{ sent: false }` when it did not send. */
  mailer?: (MailerPort & { enabled?: boolean }) | undefined;
  logger: LoggerPort;
  now: () => Date;
  /** Whether card payments are configured now. */
  paymentsOn: () => boolean;
  /** The payment-link service's `send` ([bookings.payment-link]). */
  sendPaymentLink: (bookingId: number) => Promise<SendPaymentLinkResult>;
}

export type AcceptRequestResult =
  | {
      ok: true;
      booking: Booking;
      /** false: it was already accepted (nothing changed, no second link or e-mail) */
      accepted: boolean;
      /** The link sent to the guest; null when payments are off or it was already accepted. */
      paymentLink: { url: string; amountDueCents: number; emailed: boolean; mail: MailStatus } | null;
    }
  | Exclude<RequestDecision, { ok: true }>;

export type DeclineRequestResult = { ok: true; booking: Booking; declined: boolean; emailed: boolean } | Exclude<RequestDecision, { ok: true }>;

/** The guest's "request declined" e-mail. */
export function requestDeclinedEmail(b: Booking): { subject: string; text: string } {
  return {
    subject: `Your request to stay at ${PROPERTY.name}: ${b.checkin} to ${b.checkout}`,
    text: [
      `Hi ${b.firstName || 'there'},`,
      '',
      `Thank you for asking to stay at ${PROPERTY.name}. We are sorry: we cannot accept your request for ${b.checkin} to ${b.checkout} (${b.guests} guest${b.guests === 1 ? '' : 's'}).`,
      'Nothing was charged.',
      '',
      `Questions? Reply to this e-mail or call ${PROPERTY.contact.phone}.`,
      '',
      PROPERTY.name,
    ].join('\n'),
  };
}

/** The requests service over `ports`. Stateless: one per request is cheap. */
export function createBookingRequests(ports: BookingRequestPorts) {
  /**
   * Accepts request `bookingId` ([booking.request]): its nights become the guest's booking (the
   * stored quote), and when payments are on the guest is sent the payment link for the total
   * (e-mailed when SMTP is set). Idempotent: a second accept changes nothing and sends nothing.
   */
  async function accept(bookingId: number): Promise<AcceptRequestResult> {
    const decided = ports.store.accept(bookingId, ports.now());
    if (!decided.ok) return decided;
    if (!decided.decided || !ports.paymentsOn()) return { ok: true, booking: decided.booking, accepted: decided.decided, paymentLink: null };
    const sent = await ports.sendPaymentLink(bookingId);
    if (!sent.ok) {
      ports.logger.warn('payment link of an accepted request not made', { bookingId, reason: sent.reason });
      return { ok: true, booking: decided.booking, accepted: true, paymentLink: null };
    }
    return { ok: true, booking: decided.booking, accepted: true, paymentLink: { url: sent.url, amountDueCents: sent.amountDueCents, emailed: sent.emailed, mail: sent.mail ?? (sent.emailed ? 'sent' : 'not-configured') } };
  }

  /**
   * Declines request `bookingId` ([booking.request]) and e-mails the guest once; no money moves.
   * A failed send is logged, never thrown (`emailed` false).
   */
  async function decline(bookingId: number): Promise<DeclineRequestResult> {
    const decided = ports.store.decline(bookingId, ports.now());
    if (!decided.ok) return decided;
    let emailed = false;
    if (decided.decided && decided.booking.email && ports.mailer) {
      try {
        const result = (await ports.mailer.send({ to: decided.booking.email, ...requestDeclinedEmail(decided.booking) })) as { sent?: boolean } | undefined;
        emailed = result?.sent !== false;
      } catch (err) {
        ports.logger.warn('request declined e-mail failed', { bookingId, err });
      }
    }
    return { ok: true, booking: decided.booking, declined: decided.decided, emailed };
  }

  return { accept, decline };
}

export type BookingRequests = ReturnType<typeof createBookingRequests>;
