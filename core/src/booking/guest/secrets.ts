/**
 * When a guest may be given the stay's secrets ([stay.secrets]): the street address, the door code
 * and the Wi-Fi. One rule, read by the scheduled messages and by the guest's page and its house
 * guide, so a message never says what the page would hide. Browser-safe, no clock of its own.
 */
import { instantAt, todayIn } from '../../shared/dates.js';
import { PROPERTY } from '../../shared/property.js';

/** A condition of [stay.secrets] that does not hold yet, in the order the guest is told them. */
export type SecretCondition =
  /** the booking is not confirmed (an inquiry, a request, a payment not settled) */
  | 'not-confirmed'
  /** the booking is cancelled: never released again */
  | 'cancelled'
  /** something due before check-in is unpaid (with a deposit, the balance too, whatever its due date) */
  | 'unpaid'
  /** a rental agreement is published and this booking has not signed it */
  | 'agreement'
  /** it is earlier than `secretsLeadHours` before check-in */
  | 'too-early'
  /** the stay has ended (check-out time has passed) */
  | 'ended';

/** What the rule reads about one booking, at one instant. */
export interface SecretsFacts {
  /** the booking's status (core's Booking.status) */
  status: string;
  /** YYYY-MM-DD */
  checkin: string;
  /** YYYY-MM-DD */
  checkout: string;
  /** the stay's check-in and check-out times of day (HH:MM, the property's zone) */
  checkInTime: string;
  checkOutTime: string;
  /** what is still owed before check-in, in cents (the ledger's balance due, [money.balance-due]) */
  balanceDueCents: number;
  /** whether a rental agreement is published now ([agreement.publish]) */
  agreementPublished: boolean;
  /** whether this booking has signed one ([agreement.record]) */
  agreementSigned: boolean;
  /** the settings' `secretsLeadHours` */
  leadHours: number;
}

/** The rule's answer for one booking at one instant. */
export interface SecretsRelease {
  /** true when every condition holds: the secrets may be shown and sent */
  released: boolean;
  /** the conditions that do not hold, in the order of SecretCondition; [] when released */
  missing: SecretCondition[];
  /** ISO 8601 UTC: the earliest instant of release (the start of the day, in the property's zone, of the check-in time less the lead hours) */
  opensAt: string;
  /** ISO 8601 UTC: check-out time, after which nothing is released */
  closesAt: string;
}

const HOUR_MS = 3_600_000;

/**
 * Whether the secrets of a stay may be released at `now` ([stay.secrets]): all of: confirmed and
 * not cancelled; nothing due before check-in unpaid; the agreement signed if one is published; on
 * or after the day that is `leadHours` before the check-in time, and before the check-out time
 * (the property's wall clock, daylight-saving changes included). The lead opens a whole day: the
 * guest is told "3 days before check-in", and a check-in message sent at 10:00 three days before
 * a 4:00 PM check-in carries the code.
 */
export function secretsRelease(facts: SecretsFacts, now: Date): SecretsRelease {
  const leadStart = new Date(instantAt(PROPERTY.timeZone, facts.checkin, facts.checkInTime).getTime() - facts.leadHours * HOUR_MS);
  const opens = instantAt(PROPERTY.timeZone, todayIn(PROPERTY.timeZone, leadStart), '00:00').getTime();
  const closes = instantAt(PROPERTY.timeZone, facts.checkout, facts.checkOutTime).getTime();
  const missing: SecretCondition[] = [];
  if (facts.status === 'cancelled') missing.push('cancelled');
  else if (facts.status !== 'confirmed') missing.push('not-confirmed');
  if (facts.balanceDueCents > 0) missing.push('unpaid');
  if (facts.agreementPublished && !facts.agreementSigned) missing.push('agreement');
  if (now.getTime() >= closes) missing.push('ended');
  else if (now.getTime() < opens) missing.push('too-early');
  return { released: missing.length === 0, missing, opensAt: new Date(opens).toISOString(), closesAt: new Date(closes).toISOString() };
}

/** Hours written as a guest reads them: "3 days" for whole days, else "12 hours". */
function leadText(leadHours: number): string {
  if (leadHours % 24 === 0) {
    const days = leadHours / 24;
    return days === 1 ? '1 day' : `${days} days`;
  }
  return leadHours === 1 ? '1 hour' : `${leadHours} hours`;
}

/**
 * What the guest is told in place of a secret not released yet ([stay.secrets]), e.g.
 * "Your door code will be here 3 days before check-in, once the balance is paid."; null when
 * released. `what` names the secret ("Your door code", "The Wi-Fi password", "The address").
 */
export function secretsWaitText(what: string, release: SecretsRelease, leadHours: number): string | null {
  if (release.released) return null;
  const { missing } = release;
  if (missing.includes('cancelled')) return `${what} is not available: this booking is cancelled.`;
  if (missing.includes('ended')) return `${what} is no longer available: this stay has ended.`;
  const once: string[] = [];
  if (missing.includes('not-confirmed')) once.push('the booking is confirmed');
  if (missing.includes('unpaid')) once.push('the balance is paid');
  if (missing.includes('agreement')) once.push('the rental agreement is signed');
  const when = missing.includes('too-early') ? ` ${leadText(leadHours)} before check-in` : '';
  const conditions = once.length === 0 ? '' : `${when ? ',' : ''} once ${joinAnd(once)}`;
  return `${what} will be here${when}${conditions}.`;
}

function joinAnd(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

