import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CANCELLATION_POLICY,
  cancellationPolicySchema,
  describeCancellationPolicy,
  policyRefundBps,
  policyRefundCents,
} from './cancellation-policy.js';

const checkin = '2026-06-20';
/** Noon on `date` by the property's clock; the check-in time is 16:00 throughout. */
const noon = (date: string) => ({ date, time: '12:00' });
const CHECK_IN = '16:00';

describe('policyRefundBps ([cancel.refund-due])', () => {
  it.each([
    ['2026-05-01', 10_000],
    ['2026-06-06', 10_000], // exactly 14 days before
    ['2026-06-07', 5_000], // 13 days before
    ['2026-06-13', 5_000], // exactly 7 days before
    ['2026-06-14', 0], // 6 days before
    ['2026-06-20', 0], // check-in day
    ['2026-06-25', 0], // after check-in
  ])('cancelling on %s refunds %i bps under the default policy', (today, bps) => {
    expect(policyRefundBps(DEFAULT_CANCELLATION_POLICY, checkin, noon(today), CHECK_IN)).toBe(bps);
  });

  it('takes the best tier whatever the order they are written in', () => {
    const policy = { tiers: [{ daysBefore: 3, refundBps: 2_500 }, { daysBefore: 30, refundBps: 10_000 }, { daysBefore: 10, refundBps: 7_500 }] };
    expect(policyRefundBps(policy, checkin, noon('2026-06-09'), CHECK_IN)).toBe(7_500);
    expect(policyRefundBps(policy, checkin, noon('2026-06-17'), CHECK_IN)).toBe(2_500);
    expect(policyRefundBps(policy, checkin, noon('2026-05-01'), CHECK_IN)).toBe(10_000);
  });

  it('refunds on the check-in day only with a tier of 0 days', () => {
    expect(policyRefundBps({ tiers: [{ daysBefore: 0, refundBps: 10_000 }] }, checkin, noon(checkin), CHECK_IN)).toBe(10_000);
    expect(policyRefundBps({ tiers: [] }, checkin, noon('2026-01-01'), CHECK_IN)).toBe(0);
  });

  it('ends a 0-day tier at the check-in time on the check-in day, not at midnight after it', () => {
    const policy = { tiers: [{ daysBefore: 7, refundBps: 10_000 }, { daysBefore: 0, refundBps: 5_000 }] };
    expect(policyRefundBps(policy, checkin, { date: '2026-06-19', time: '23:59' }, CHECK_IN)).toBe(5_000);
    expect(policyRefundBps(policy, checkin, { date: checkin, time: '00:00' }, CHECK_IN)).toBe(5_000);
    expect(policyRefundBps(policy, checkin, { date: checkin, time: '15:59' }, CHECK_IN)).toBe(5_000);
    expect(policyRefundBps(policy, checkin, { date: checkin, time: '16:00' }, CHECK_IN)).toBe(0);
    expect(policyRefundBps(policy, checkin, { date: checkin, time: '23:59' }, CHECK_IN)).toBe(0);
    // The stay's own check-in time counts, and a tier of whole days still lasts to its day's end.
    expect(policyRefundBps(policy, checkin, { date: checkin, time: '16:30' }, '17:00')).toBe(5_000);
    expect(policyRefundBps(policy, checkin, { date: '2026-06-13', time: '23:59' }, CHECK_IN)).toBe(10_000);
    expect(policyRefundCents(policy, { paidCents: 100_000 }, checkin, { date: checkin, time: '16:00' }, CHECK_IN)).toBe(0);
  });
});

describe('policyRefundCents', () => {
  it('is the share of what was paid, rounded down, never more than is left to refund', () => {
    expect(policyRefundCents(DEFAULT_CANCELLATION_POLICY, { paidCents: 100_001 }, checkin, noon('2026-06-10'), CHECK_IN)).toBe(50_000);
    expect(policyRefundCents(DEFAULT_CANCELLATION_POLICY, { paidCents: 100_000 }, checkin, noon('2026-05-01'), CHECK_IN)).toBe(100_000);
    expect(policyRefundCents(DEFAULT_CANCELLATION_POLICY, { paidCents: 100_000, refundedCents: 80_000 }, checkin, noon('2026-05-01'), CHECK_IN)).toBe(20_000);
    expect(policyRefundCents(DEFAULT_CANCELLATION_POLICY, { paidCents: 100_000, refundedCents: 120_000 }, checkin, noon('2026-05-01'), CHECK_IN)).toBe(0);
    expect(policyRefundCents(DEFAULT_CANCELLATION_POLICY, { paidCents: 0 }, checkin, noon('2026-05-01'), CHECK_IN)).toBe(0);
  });
});

describe('cancellationPolicySchema', () => {
  it('refuses two tiers with the same days and out-of-range shares, naming the field', () => {
    const twice = cancellationPolicySchema.safeParse({ tiers: [{ daysBefore: 7, refundBps: 100 }, { daysBefore: 7, refundBps: 200 }] });
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]?.path).toEqual(['tiers', 1, 'daysBefore']);
    const tooMuch = cancellationPolicySchema.safeParse({ tiers: [{ daysBefore: 7, refundBps: 10_001 }] });
    expect(tooMuch.error?.issues[0]?.path).toEqual(['tiers', 0, 'refundBps']);
  });
});

describe('describeCancellationPolicy', () => {
  it('says the default policy in sentences, with the last days when a check-in is given', () => {
    expect(describeCancellationPolicy(DEFAULT_CANCELLATION_POLICY)).toEqual([
      'Full refund if you cancel at least 14 days before check-in.',
      '50% refund if you cancel at least 7 days before check-in.',
      'No refund if you cancel later.',
    ]);
    expect(describeCancellationPolicy(DEFAULT_CANCELLATION_POLICY, checkin)[0]).toBe('Full refund if you cancel at least 14 days before check-in (by Jun 6, 2026).');
  });

  it('ends a 0-day tier at the check-in time of the check-in day, not at its midnight ([cancel.policy])', () => {
    const policy = { tiers: [{ daysBefore: 7, refundBps: 10_000 }, { daysBefore: 0, refundBps: 5_000 }] };
    expect(describeCancellationPolicy(policy, checkin, '16:00')).toEqual([
      'Full refund if you cancel at least 7 days before check-in (by Jun 13, 2026).',
      '50% refund if you cancel before check-in (by 4:00 PM on Jun 20, 2026).',
      'No refund if you cancel later.',
    ]);
    expect(describeCancellationPolicy(policy, checkin)[1]).toBe('50% refund if you cancel before check-in (by check-in time on Jun 20, 2026).');
  });

  it('says when nothing is ever refunded', () => {
    expect(describeCancellationPolicy({ tiers: [] })).toEqual(['No refund if you cancel.']);
    expect(describeCancellationPolicy({ tiers: [{ daysBefore: 3, refundBps: 0 }] })).toEqual(['No refund if you cancel.']);
  });
});
