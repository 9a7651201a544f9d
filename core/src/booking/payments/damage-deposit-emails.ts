/**
 * The guest's e-mails about the damage deposit ([deposit.hold], [deposit.release],
 * [deposit.claim]): what happened to the hold on their card, with amounts and dates. Browser-safe (pure).
 */
import { formatCents } from '../../pricing/pricing.js';
import { PROPERTY } from '../../shared/property.js';
import type { Booking } from '../bookings.js';
import type { DamageDepositHold } from './damage-deposit.js';

const footer = (publicUrl: string) => ['', `Questions? Reply to this e-mail or call ${PROPERTY.contact.phone}.`, '', PROPERTY.name, publicUrl];
const stay = (b: Booking) => [`Check-in:  ${b.checkin}`, `Check-out: ${b.checkout}`, `Booking reference: ${b.id}`];

/** The hold was placed ([deposit.hold]): the amount, that nothing is charged, and the release date. */
export function depositHeldEmail(b: Booking, hold: DamageDepositHold, publicUrl: string): { subject: string; text: string } {
  const amount = formatCents(hold.amountCents);
  return {
    subject: `Damage deposit of ${amount} held on your card for your stay at ${PROPERTY.name}`,
    text: [
      `Hi ${b.firstName || 'there'},`,
      '',
      `As your booking says, we have placed a refundable damage deposit of ${amount} on the card you paid with. It is a hold, not a charge: nothing is taken unless something is damaged during your stay.`,
      `The hold is released on ${hold.releaseOn} unless we tell you of a claim before then. Your bank may show it as pending until it is released.`,
      '',
      ...stay(b),
      ...footer(publicUrl),
    ].join('\n'),
  };
}

/** The hold was released ([deposit.release]): nothing was charged. */
export function depositReleasedEmail(b: Booking, hold: DamageDepositHold, publicUrl: string): { subject: string; text: string } {
  const amount = formatCents(hold.amountCents);
  return {
    subject: `Your damage deposit of ${amount} is released`,
    text: [
      `Hi ${b.firstName || 'there'},`,
      '',
      `We have released the damage deposit of ${amount} held on your card. Nothing was charged. Depending on your bank, the pending hold disappears within a few days.`,
      '',
      ...stay(b),
      ...footer(publicUrl),
    ].join('\n'),
  };
}

/**
 * Part of the hold was claimed ([deposit.claim]): the amount, the reason, and that the rest is
 * released. A capture found at Stripe without a claim here ([deposit.unknown-outcome]) has no
 * reason: the line is left out rather than made up.
 */
export function depositClaimedEmail(b: Booking, hold: DamageDepositHold, publicUrl: string): { subject: string; text: string } {
  const claimed = formatCents(hold.claimedCents ?? 0);
  const rest = hold.amountCents - (hold.claimedCents ?? 0);
  return {
    subject: `${claimed} of your damage deposit was charged`,
    text: [
      `Hi ${b.firstName || 'there'},`,
      '',
      `We have charged ${claimed} of the ${formatCents(hold.amountCents)} damage deposit held on your card.`,
      ...(hold.claimReason ? [`Reason: ${hold.claimReason}`] : []),
      ...(rest > 0 ? [`The rest, ${formatCents(rest)}, is released and was not charged.`] : []),
      '',
      ...stay(b),
      ...footer(publicUrl),
    ].join('\n'),
  };
}
