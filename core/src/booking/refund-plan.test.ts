import { describe, expect, it } from 'vitest';
import { summarizeLedger, type LedgerEntry } from './ledger.js';
import { partKeySuffix, partRound, planRefund, refundProgress, refundStatusOf, unfinishedRefundView, type RefundPart } from './refund-plan.js';

/**
 * The plan of a cancellation's card refund ([money.refund-plan], [payments.refund-both]) and the
 * states of its parts ([money.refund-incomplete]), pure.
 */

type Entry = Pick<LedgerEntry, 'kind' | 'amountCents' | 'paymentIntentId'>;
const charge = (pi: string, cents: number): Entry => ({ kind: 'charge', amountCents: cents, paymentIntentId: pi });
const refund = (pi: string, cents: number): Entry => ({ kind: 'refund', amountCents: cents, paymentIntentId: pi });
const booking = { stripePaymentIntentId: 'pi_dep', balance: { paymentIntentId: 'pi_bal' } };
const suffix = (pi: string) => partKeySuffix(booking, pi);

describe('planRefund ([money.refund-plan])', () => {
  const paidInTwo = [charge('pi_dep', 3_000), charge('pi_bal', 7_000)];

  it('takes the latest payment first, each PaymentIntent up to what it can still give back', () => {
    expect(planRefund(10_000, summarizeLedger(paidInTwo), suffix)).toEqual([
      { paymentIntentId: 'pi_bal', amountCents: 7_000, keySuffix: '-balance' },
      { paymentIntentId: 'pi_dep', amountCents: 3_000, keySuffix: '' },
    ]);
    expect(planRefund(2_000, summarizeLedger(paidInTwo), suffix)).toEqual([{ paymentIntentId: 'pi_bal', amountCents: 2_000, keySuffix: '-balance' }]);
  });

  it("counts a refund made in Stripe's dashboard on the PaymentIntent it was made on", () => {
    const money = summarizeLedger([...paidInTwo, refund('pi_dep', 1_000)]);
    expect(planRefund(9_000, money, suffix)).toEqual([
      { paymentIntentId: 'pi_bal', amountCents: 7_000, keySuffix: '-balance' },
      { paymentIntentId: 'pi_dep', amountCents: 2_000, keySuffix: '' },
    ]);
  });

  it('skips a disputed payment and a damage deposit, and gives less when the cards cannot give it all', () => {
    const money = summarizeLedger([
      ...paidInTwo,
      { kind: 'dispute_opened', amountCents: 3_000, paymentIntentId: 'pi_dep' },
      { kind: 'authorization', amountCents: 5_000, paymentIntentId: 'pi_dd' },
      { kind: 'capture', amountCents: 2_000, paymentIntentId: 'pi_dd' },
    ]);
    expect(planRefund(10_000, money, suffix)).toEqual([{ paymentIntentId: 'pi_bal', amountCents: 7_000, keySuffix: '-balance' }]);
  });

  it('plans nothing for 0 and refuses an amount that is not whole cents', () => {
    expect(planRefund(0, summarizeLedger(paidInTwo), suffix)).toEqual([]);
    expect(() => planRefund(1.5, summarizeLedger(paidInTwo), suffix)).toThrow(RangeError);
  });

  it('is the same plan for the same ledger', () => {
    const money = summarizeLedger([...paidInTwo, refund('pi_bal', 500)]);
    expect(planRefund(8_000, money, suffix)).toEqual(planRefund(8_000, money, suffix));
  });
});

describe('partKeySuffix', () => {
  it("names the booking's own PaymentIntent '', its balance -balance, any other by its id, and a retry round", () => {
    expect([suffix('pi_dep'), suffix('pi_bal'), suffix('pi_link')]).toEqual(['', '-balance', '-pi_link']);
    expect(partKeySuffix(booking, 'pi_bal', 2)).toBe('-balance-retry2');
    expect([partRound({ keySuffix: '-balance-retry2' }), partRound({ keySuffix: '' })]).toEqual([2, 0]);
  });
});

describe('refundStatusOf ([money.refund-incomplete])', () => {
  const part = (status: RefundPart['status'], amountCents = 100): RefundPart => ({ id: 1, position: 0, paymentIntentId: 'pi', amountCents, keySuffix: '', status, stripeRefundId: null, error: '' });

  it.each([
    [['succeeded', 'planned'], 'requested'],
    [['succeeded', 'failed'], 'incomplete'],
    [['failed'], 'failed'],
    [['failed', 'dropped'], 'failed'],
    [['succeeded', 'dropped'], 'succeeded'],
    [['succeeded', 'pending'], 'pending'],
    [['requires_action', 'succeeded'], 'requires_action'],
  ] as const)('%j is %s', (statuses, expected) => {
    expect(refundStatusOf(statuses.map((s) => part(s)))).toBe(expected);
  });

  it('sums what moved, is planned, failed and was dropped, and shows the owner the parts', () => {
    const parts = [part('succeeded', 700), part('failed', 300), part('dropped', 50), part('planned', 20)];
    expect(refundProgress(parts)).toEqual({ movedCents: 700, plannedCents: 20, failedCents: 300, droppedCents: 50 });
    const view = unfinishedRefundView({ id: 4, amountCents: 720, status: 'requested', source: 'guest', reason: '' }, parts);
    expect(view).toMatchObject({ id: 4, movedCents: 700, missingCents: 300, source: 'guest' });
    expect(view.parts[0]).not.toHaveProperty('keySuffix');
  });
});
