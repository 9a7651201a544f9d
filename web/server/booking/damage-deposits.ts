import { randomUUID } from 'node:crypto';
import {
  createDamageDeposits,
  damageDepositView,
  depositClaimedEmail,
  depositHeldEmail,
  depositReleasedEmail,
  formatCents,
  type BookingEventKind,
  type Booking,
  type DamageDepositHold,
  type DamageDeposits,
  type DamageDepositView,
} from '@ridgeline/core';
import { createSqliteDamageDepositStore, getBookingInquiry, getDamageDeposit, recordBookingEvent } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { notifyOwner } from '../notices/owner-notices.js';
import { oneCancelAtATime } from './booking-turn.js';

/** How often the damage-deposits job runs ([deposit.hold]): hourly, well inside the 1-day margin before a lapse. */
export const DAMAGE_DEPOSITS_INTERVAL_MS = 60 * 60_000;

/**
 * The damage deposit service (core/src/booking/payments/damage-deposit.ts) wired to the server, built once
 * by the composition root (web/server/services.ts) ([deposit.hold], [deposit.release], [deposit.claim]): the SQLite store, Stripe (`deps.payments`),
 * the clock, random keys, and what each change tells: the timeline, the guest's e-mail (awaited;
 * a failure is logged and noted on the timeline, the change stands) and, for a declined hold, the
 * owner at once (`payment-failed` notice).
 */
export function createDamageDepositService(deps: AppDeps): DamageDeposits {
  const now = () => deps.now?.() ?? new Date();
  const event = (b: Booking, kind: BookingEventKind, detail: string) => recordBookingEvent(deps.db, b.id, kind, detail, now());

  async function emailGuest(b: Booking, kind: BookingEventKind, message: { subject: string; text: string }): Promise<string> {
    if (!b.email) return 'no guest e-mail';
    try {
      const sent = await deps.mailer?.send({ to: b.email, ...message });
      return sent?.sent ? `guest e-mailed at ${b.email}` : 'guest not e-mailed: e-mail is not set up on this server';
    } catch (err) {
      deps.logger.error('damage deposit e-mail failed', { bookingId: b.id, kind, err });
      return `guest e-mail failed: ${err instanceof Error ? err.message : String(err)}`;
    }
  }

  return createDamageDeposits({
    store: createSqliteDamageDepositStore(deps.db),
    get payments() {
      return deps.payments;
    },
    now,
    newKey: () => randomUUID(),
    // [deposit.claim-guard]: claims and the job's releases take the booking's turn, as cancels and changes do.
    oneAtATime: (bookingId, work) => oneCancelAtATime(deps.db, bookingId, work),
    getBooking: (bookingId) => getBookingInquiry(deps.db, bookingId),
    effects: {
      async authorized(b, hold, renewal) {
        if (renewal) {
          event(b, 'deposit-held', `Damage deposit of ${formatCents(hold.amountCents)} held again (Stripe ${hold.paymentIntentId}) before the previous hold lapsed`);
          return;
        }
        const emailed = await emailGuest(b, 'deposit-held', depositHeldEmail(b, hold, deps.config.publicUrl));
        event(b, 'deposit-held', `Damage deposit of ${formatCents(hold.amountCents)} held until ${hold.releaseOn} (Stripe ${hold.paymentIntentId}); ${emailed}`);
      },
      declined(b, hold, message) {
        event(b, 'deposit-declined', `Damage deposit of ${formatCents(hold.amountCents)} could not be held: ${message}`);
        notifyOwner(deps, {
          kind: 'payment-failed',
          subject: `Damage deposit declined for booking ${b.id}: ${b.checkin} to ${b.checkout}`,
          text: [
            `The damage deposit of ${formatCents(hold.amountCents)} for booking ${b.id} (${b.firstName} ${b.lastName}, ${b.checkin} to ${b.checkout}) could not be held on the guest's card.`,
            `Stripe said: ${message}`,
            'Nothing more is tried automatically: contact the guest before check-in.',
          ].join('\n'),
          bookingId: b.id,
          dedupeKey: `deposit-declined-${b.id}`,
        });
      },
      async released(b, hold) {
        const emailed = await emailGuest(b, 'deposit-released', depositReleasedEmail(b, hold, deps.config.publicUrl));
        event(b, 'deposit-released', `Damage deposit of ${formatCents(hold.amountCents)} released${b.status === 'cancelled' ? ' (booking cancelled)' : ''}; ${emailed}`);
      },
      async claimed(b, hold) {
        const emailed = await emailGuest(b, 'deposit-claimed', depositClaimedEmail(b, hold, deps.config.publicUrl));
        // No reason: Stripe had captured it without a claim here ([deposit.unknown-outcome]).
        const what = hold.claimReason
          ? `Claimed ${formatCents(hold.claimedCents ?? 0)} of the ${formatCents(hold.amountCents)} damage deposit: ${hold.claimReason}`
          : `Stripe shows ${formatCents(hold.claimedCents ?? 0)} of the ${formatCents(hold.amountCents)} damage deposit captured (no claim recorded here)`;
        event(b, 'deposit-claimed', `${what}; ${emailed}`);
      },
    },
  });
}

/** A booking's damage deposit as the owner and the guest see it ([deposit.release]). */
export function damageDepositOf(deps: Pick<AppDeps, 'db'>, booking: Booking): DamageDepositView {
  return damageDepositView(booking, getDamageDeposit(deps.db, booking.id));
}

export type { DamageDepositHold };
