/**
 * The words of a change of dates or guests ([booking.change], [booking.change-money]): the stay as
 * the timeline and e-mails write it, how a difference is settled, and the guest's e-mail.
 * Browser-safe.
 */
import { formatCents } from '../../pricing/pricing.js';
import { PROPERTY } from '../../shared/property.js';
import type { BookingChange, ChangeSettle, ChangeSettlement, StayDates } from './booking-change-types.js';
import type { Booking } from '../bookings.js';
import { OFFLINE_METHOD_LABELS } from '../ledger.js';

/** "2027-01-20 to 2027-01-23, 2 guests": the stay in words, for the timeline and e-mails. */
export function describeStay(s: StayDates): string {
  return `${s.checkin} to ${s.checkout}, ${s.guests} guest${s.guests === 1 ? '' : 's'}`;
}

/** The ledger note of a change's refund ([booking.change-money]): the change and its new stay. */
export function changeRefundNote(changeId: number, to: StayDates): string {
  return `Change ${changeId}: ${describeStay(to)}`;
}

/** The owner's words for how a difference is settled. */
export function settleWords(settle: ChangeSettle, cents: number): string {
  const amount = formatCents(Math.abs(cents));
  switch (settle) {
    case 'off_session':
      return `${amount} charged to the saved card`;
    case 'payment_link':
      return `${amount} asked by a payment link`;
    case 'offline':
      return `${amount} to be collected later or outside Stripe`;
    case 'balance':
      return `the balance becomes ${amount}`;
    case 'refund':
      return `${amount} refunded`;
    case 'credit':
      return `${amount} kept as the guest's credit`;
    case 'none':
      return 'nothing to settle';
  }
}

/** The guest's e-mail of a saved change ([booking.change]): what changed, the new total, and what is charged or refunded and how. */
export function bookingChangeEmail(booking: Booking, change: BookingChange, settlement: Pick<ChangeSettlement, 'url'>, publicUrl: string): { subject: string; text: string } {
  const amount = formatCents(Math.abs(change.differenceCents));
  const money: string[] = [];
  switch (change.settle) {
    case 'off_session':
      money.push(change.status === 'settled' ? `We charged ${amount} to the card saved with your booking.` : `We will charge ${amount} to the card saved with your booking.`);
      break;
    case 'payment_link':
      money.push(`${amount} is left to pay${settlement.url ? `: pay it by card here: ${settlement.url}` : '; we will send you a link to pay it.'}`);
      break;
    case 'offline':
      money.push(`${amount} is left to pay; we will be in touch about how to pay it.`);
      break;
    case 'balance':
      money.push(`Your balance is now ${formatCents(booking.balance?.amountCents ?? change.differenceCents)}, charged to your saved card on ${booking.balance?.dueDate ?? ''}.`);
      break;
    case 'refund': {
      const card = change.parts.filter((p) => p.status !== 'failed' && p.status !== 'dropped').reduce((sum, p) => sum + p.amountCents, 0);
      const refused = change.parts.filter((p) => p.status === 'failed').reduce((sum, p) => sum + p.amountCents, 0);
      if (card > 0) money.push(`We are refunding ${formatCents(card)} to the card you paid with. Refunds usually arrive in 5–10 business days, depending on your bank.`);
      // [booking.change-refund-refused]: never tell the guest of a refund Stripe refused.
      if (refused > 0) money.push(`${formatCents(refused)} could not be refunded to your card yet; we will give it back to you and let you know how.`);
      if (change.offlineRefund) money.push(`${formatCents(change.offlineRefund.amountCents)} is given back to you by ${OFFLINE_METHOD_LABELS[change.offlineRefund.method].toLowerCase()}, the way you paid it.`);
      break;
    }
    case 'credit':
      money.push(`The ${amount} you paid above the new total is kept as your credit with us.`);
      break;
    case 'none':
      break;
  }
  const lines = [
    `Hi ${booking.firstName || 'there'},`,
    '',
    `Your stay at ${PROPERTY.name} has been changed.`,
    '',
    `Before: ${describeStay(change.from)}`,
    `Now:    ${describeStay(change.to)}`,
    `Booking reference: ${booking.id}`,
    ...(booking.kind === 'owner' ? [] : [`New total: ${formatCents(change.newTotalCents)} (was ${formatCents(change.oldTotalCents)})`]),
    ...(money.length ? ['', ...money] : []),
    '',
    `Questions? Reply to this e-mail or call ${PROPERTY.contact.phone}.`,
    '',
    `${PROPERTY.name}`,
    publicUrl,
  ];
  return { subject: `Your stay at ${PROPERTY.name} has changed: ${change.to.checkin} to ${change.to.checkout}`, text: lines.join('\n') };
}

