import { formatCents, type Booking, type BookingRefund, type FailedRefund } from '@ridgeline/core';
import { recordBookingEvent } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { notifyOwner } from '../notices/owner-notices.js';

/** The owner's and the timeline's words for a cancellation's refund. */
export function refundDetail(cents: number, by: 'owner' | 'guest' | 'stripe', reason: string): string {
  const who = by === 'stripe' ? "in Stripe's dashboard" : `by the ${by}`;
  return `Refunded ${formatCents(cents)} ${who}${reason ? `: ${reason}` : ''}`;
}

/**
 * The server's side of Stripe's charge webhooks ([stripe.refund-webhook], [stripe.dispute],
 * [stripe.dispute-closed]), for `CheckoutPorts.onRefundsSynced` / `onDisputeOpened` /
 * `onDisputeClosed`: a refund made in Stripe's dashboard goes on the timeline; a dispute opened
 * or closed goes on the timeline (`dispute-opened`, `dispute-closed`) and tells the owner
 * (`dispute` notice, once per dispute, and once per dispute and outcome when closed).
 */
export const chargeWebhookHooks = (deps: AppDeps) => ({
  onRefundsSynced: (change: { after: Booking; added: BookingRefund[]; failed?: FailedRefund[] }) => {
    for (const refund of change.added) recordBookingEvent(deps.db, change.after.id, 'refunded', refundDetail(refund.amountCents, 'stripe', ''), deps.now?.() ?? new Date());
    // [money.refund-failed]: the money is back on the owner's Stripe balance, not with the guest.
    const b = change.after;
    for (const f of change.failed ?? []) {
      notifyOwner(deps, {
        kind: 'money',
        subject: `Refund failed on booking ${b.id}: ${formatCents(f.amountCents)} did not reach the guest`,
        text: [
          `Stripe reports that the refund ${f.stripeRefundId} of ${formatCents(f.amountCents)} to ${b.firstName} ${b.lastName} (booking ${b.id}, ${b.checkin} to ${b.checkout}) ${f.status}${f.reason ? ` (${f.reason.replace(/_/g, ' ')})` : ''}.`,
          "The money is back in your Stripe balance and the booking's Money section counts it as paid again.",
          'Give it back another way (record it as an offline refund) or ask the guest for another card.',
        ].join('\n'),
        bookingId: b.id,
        dedupeKey: `refund-failed-${f.stripeRefundId}`,
      });
    }
  },
  onDisputeOpened: (booking: Booking, dispute: { id: string; status: string; reason: string; amountCents: number }) => {
    recordBookingEvent(deps.db, booking.id, 'dispute-opened', `Dispute of ${formatCents(dispute.amountCents)} (${dispute.reason.replace(/_/g, ' ')}), ${dispute.status.replace(/_/g, ' ')}`, deps.now?.() ?? new Date());
    notifyOwner(deps, {
      kind: 'dispute',
      subject: `Dispute opened on booking ${booking.id}: ${booking.checkin} to ${booking.checkout}`,
      text: [
        `The guest's bank disputes the payment of booking ${booking.id} (${booking.firstName} ${booking.lastName}, ${booking.checkin} to ${booking.checkout}).`,
        `Amount: ${formatCents(dispute.amountCents)}. Reason: ${dispute.reason.replace(/_/g, ' ')}. Status: ${dispute.status.replace(/_/g, ' ')}.`,
        "Answer it in Stripe's dashboard before its deadline, or the money is lost.",
      ].join('\n'),
      bookingId: booking.id,
      dedupeKey: `dispute-${dispute.id}`,
    });
  },
  onDisputeClosed: (booking: Booking, dispute: { id: string; status: string; reason: string; amountCents: number }) => {
    const outcome = DISPUTE_OUTCOMES[dispute.status] ?? dispute.status.replace(/_/g, ' ');
    recordBookingEvent(deps.db, booking.id, 'dispute-closed', `Dispute of ${formatCents(dispute.amountCents)} closed: ${outcome}`, deps.now?.() ?? new Date());
    notifyOwner(deps, {
      kind: 'dispute',
      subject: `Dispute ${dispute.status === 'won' ? 'won' : dispute.status === 'lost' ? 'lost' : 'closed'} on booking ${booking.id}: ${booking.checkin} to ${booking.checkout}`,
      text: [
        `The dispute of booking ${booking.id} (${booking.firstName} ${booking.lastName}, ${booking.checkin} to ${booking.checkout}) is closed: ${outcome}.`,
        `Amount: ${formatCents(dispute.amountCents)}. Reason: ${dispute.reason.replace(/_/g, ' ')}.`,
      ].join('\n'),
      bookingId: booking.id,
      // Once per dispute and outcome ([stripe.dispute-closed]).
      dedupeKey: `dispute-${dispute.id}-${dispute.status}`,
    });
  },
});

/** The owner's words for Stripe's closed dispute statuses ([stripe.dispute-closed]). */
const DISPUTE_OUTCOMES: Readonly<Record<string, string>> = {
  won: 'won, the money stays with you',
  lost: 'lost, the money went back to the guest',
  warning_closed: 'the inquiry closed without becoming a chargeback',
};
