/**
 * The cancellation policy ([cancel.policy]) and the refund it gives ([cancel.refund-due]): one of
 * the owner's settings (`cancellationPolicy`), kept on each booking that took money.
 * Browser-safe and pure: the booking section, the checkout, the guest's page, the owner's cancel
 * dialog and the server all compute the same refund with `policyRefundCents`.
 */
import { z } from 'zod';
import { addDays, clockTimeText, daysBetween, type LocalMoment } from '../shared/dates.js';

/**
 * One tier: cancelling at least `daysBefore` whole days before check-in refunds `refundBps` of
 * what was paid (10000 = all of it).
 */
export const cancellationTierSchema = z
  .object({
    daysBefore: z
      .number({ message: 'must be a number of days' })
      .int('must be a whole number of days')
      .min(0, 'must be at least 0')
      .max(365, 'must be at most 365'),
    refundBps: z
      .number({ message: 'must be a percentage in basis points' })
      .int('must be a whole number of basis points')
      .min(0, 'must not be negative')
      .max(10_000, 'must be at most 10000 basis points'),
  })
  .strict();
export type CancellationTier = z.infer<typeof cancellationTierSchema>;

/**
 * The policy: its tiers, at most one per `daysBefore`. Cancelling closer to check-in than every
 * tier refunds nothing.
 */
export const cancellationPolicySchema = z
  .object({
    tiers: z
      .array(cancellationTierSchema, { message: 'must be a list of tiers' })
      .max(10, 'must have at most 10 tiers')
      .superRefine((tiers, ctx) => {
        const seen = new Set<number>();
        tiers.forEach((t, i) => {
          if (seen.has(t.daysBefore)) ctx.addIssue({ code: 'custom', path: [i, 'daysBefore'], message: 'must differ from the other tiers' });
          seen.add(t.daysBefore);
        });
      }),
  })
  .strict();
export type CancellationPolicy = z.infer<typeof cancellationPolicySchema>;

/** The default ([cancel.policy]): all of it up to 14 days before check-in, half up to 7 days, none after. */
export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = {
  tiers: [
    { daysBefore: 14, refundBps: 10_000 },
    { daysBefore: 7, refundBps: 5_000 },
  ],
};

/**
 * The share of the payment refunded when cancelling at the moment `at` (the property's date and
 * time of day) for a stay checking in on `checkin` at `checkInTime`: the tier with the largest
 * `daysBefore` that is at most the whole days left before check-in. A tier of N ≥ 1 days lasts
 * to the end of its last day; a tier of 0 days ("before check-in") lasts on the check-in day
 * until the check-in time, not to midnight after it ([cancel.refund-due]). From then on, and
 * after the check-in day, nothing is refunded.
 * @param at the moment of the cancel in the property's zone (`localMomentIn(PROPERTY.timeZone, now)`)
 * @param checkInTime HH:MM, the stay's check-in time ([settings]: 16:00 by default)
 * @returns basis points, 0…10000
 */
export function policyRefundBps(policy: CancellationPolicy, checkin: string, at: LocalMoment, checkInTime: string): number {
  const daysLeft = daysBetween(at.date, checkin);
  if (daysLeft < 0) return 0;
  // HH:MM strings compare as times of day.
  const beforeCheckInTime = daysLeft > 0 || at.time < checkInTime;
  const tier = [...policy.tiers]
    .sort((a, b) => b.daysBefore - a.daysBefore)
    .find((t) => daysLeft >= t.daysBefore && (t.daysBefore > 0 || beforeCheckInTime));
  return tier?.refundBps ?? 0;
}

/**
 * The refund in cents the policy gives for a cancellation at the moment `at` (see
 * `policyRefundBps`), of what is still refundable (`paidCents` less `refundedCents`, never below
 * 0). Rounded down to the cent, so a refund never exceeds its share.
 */
export function policyRefundCents(
  policy: CancellationPolicy,
  paid: { paidCents: number; refundedCents?: number },
  checkin: string,
  at: LocalMoment,
  checkInTime: string,
): number {
  const refundable = Math.max(0, paid.paidCents - (paid.refundedCents ?? 0));
  const share = Math.floor((paid.paidCents * policyRefundBps(policy, checkin, at, checkInTime)) / 10_000);
  return Math.min(refundable, share);
}

const percent = (bps: number) => `${Number((bps / 100).toFixed(2))}%`;
const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/**
 * The policy in sentences for guests, one per tier and one for the rest, e.g.
 * "Full refund if you cancel at least 14 days before check-in.",
 * "50% refund if you cancel at least 7 days before check-in.",
 * "No refund if you cancel later." When `checkin` is given, each sentence names the last day
 * ("… (by Jun 1, 2026)."); a 0-day tier ("before check-in") names the check-in time of that day
 * ("… (by 4:00 PM on Jun 15, 2026).", or "by check-in time on …" when `checkInTime` is not given).
 *
 * @param checkin YYYY-MM-DD, the stay's check-in day
 * @param checkInTime HH:MM, the stay's check-in time (the booking's terms, else the settings)
 */
export function describeCancellationPolicy(policy: CancellationPolicy, checkin?: string, checkInTime?: string): string[] {
  const tiers = [...policy.tiers].sort((a, b) => b.daysBefore - a.daysBefore).filter((t) => t.refundBps > 0);
  // A 0-day tier ends at the check-in time on the check-in day, not at midnight ([cancel.policy]).
  const until = (t: CancellationTier) =>
    !checkin ? '' : t.daysBefore > 0 ? ` (by ${longDate(addDays(checkin, -t.daysBefore))})` : ` (by ${checkInTime ? clockTimeText(checkInTime) : 'check-in time'} on ${longDate(checkin)})`;
  const lines = tiers.map((t) => {
    const what = t.refundBps >= 10_000 ? 'Full refund' : `${percent(t.refundBps)} refund`;
    const when = t.daysBefore === 0 ? 'before check-in' : `at least ${days(t.daysBefore)} before check-in`;
    return `${what} if you cancel ${when}${until(t)}.`;
  });
  if (tiers.length === 0) return ['No refund if you cancel.'];
  const last = tiers[tiers.length - 1] as CancellationTier;
  if (last.daysBefore > 0 || last.refundBps < 10_000) lines.push('No refund if you cancel later.');
  return lines;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "2026-06-01" → "Jun 1, 2026". */
function longDate(date: string): string {
  return `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}, ${date.slice(0, 4)}`;
}
