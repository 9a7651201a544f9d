import { describe, expect, it } from 'vitest';
import { balanceDueCents, bookingMoney, entryEffectCents, stayNetPaidCents, refundableIntents, summarizeLedger, withRunningBalance, type LedgerEntry } from './ledger.js';

type E = Pick<LedgerEntry, 'kind' | 'amountCents' | 'paymentIntentId'>;
const e = (kind: LedgerEntry['kind'], amountCents: number, paymentIntentId: string | null = null): E => ({ kind, amountCents, paymentIntentId });

describe('summarizeLedger [money.ledger]', () => {
  it('sums a deposit, a balance, a refund of each and a cash payment per PaymentIntent', () => {
    const s = summarizeLedger([e('charge', 30_000, 'pi_dep'), e('charge', 70_000, 'pi_bal'), e('refund', 10_000, 'pi_dep'), e('offline_payment', 5_000), e('refund', 20_000, 'pi_bal'), e('offline_refund', 2_000)]);
    expect(s).toMatchObject({ paidCents: 105_000, refundedCents: 32_000, stayPaidCents: 105_000, cardPaidCents: 100_000, offlinePaidCents: 5_000, offlineRefundableCents: 3_000, refundableCents: 70_000, netPaidCents: 73_000 });
    expect(s.intents).toEqual([
      expect.objectContaining({ paymentIntentId: 'pi_dep', paidCents: 30_000, refundedCents: 10_000, refundableCents: 20_000 }),
      expect.objectContaining({ paymentIntentId: 'pi_bal', paidCents: 70_000, refundedCents: 20_000, refundableCents: 50_000 }),
    ]);
  });

  it('a disputed PaymentIntent can refund only what the dispute left; a won dispute gives it back', () => {
    const open = summarizeLedger([e('charge', 30_000, 'pi_dep'), e('charge', 70_000, 'pi_bal'), e('dispute_opened', 30_000, 'pi_dep')]);
    expect(open.disputedCents).toBe(30_000);
    expect(open.refundableCents).toBe(70_000);
    expect(open.intents[0]).toMatchObject({ paymentIntentId: 'pi_dep', refundableCents: 0, disputedCents: 30_000 });
    const won = summarizeLedger([e('charge', 30_000, 'pi_dep'), e('dispute_opened', 30_000, 'pi_dep'), e('dispute_won', 30_000, 'pi_dep')]);
    expect(won).toMatchObject({ disputedCents: 0, refundableCents: 30_000 });
    const lost = summarizeLedger([e('charge', 30_000, 'pi_dep'), e('dispute_opened', 30_000, 'pi_dep'), e('dispute_lost', 30_000, 'pi_dep')]);
    expect(lost).toMatchObject({ disputedCents: 30_000, refundableCents: 0 });
  });

  it('a damage deposit: the authorization moves nothing, the capture is money received, never a stay refund', () => {
    const s = summarizeLedger([e('charge', 100_000, 'pi_stay'), e('authorization', 50_000, 'pi_dd'), e('capture', 12_500, 'pi_dd'), e('release', 37_500, 'pi_dd')]);
    expect(s).toMatchObject({ paidCents: 112_500, stayPaidCents: 100_000, capturedCents: 12_500, netPaidCents: 112_500 });
    expect(s.intents.find((i) => i.paymentIntentId === 'pi_dd')).toMatchObject({ damageDeposit: true, authorizedCents: 0 });
    expect(refundableIntents(s).map((i) => i.paymentIntentId)).toEqual(['pi_stay']);
    const held = summarizeLedger([e('authorization', 50_000, 'pi_dd')]);
    expect(held).toMatchObject({ paidCents: 0, netPaidCents: 0 });
    expect(held.intents[0]).toMatchObject({ authorizedCents: 50_000 });
  });

  it('a refund that failed is reversed: refunded, refundable, the running balance and the payout are as before it ([money.refund-failed])', () => {
    const entries = [e('charge', 50_000, 'pi_1'), e('refund', 20_000, 'pi_1'), e('refund_failed', 20_000, 'pi_1'), e('refund', 5_000, 'pi_1')];
    const s = summarizeLedger(entries);
    expect(s).toMatchObject({ paidCents: 50_000, refundedCents: 5_000, refundableCents: 45_000, netPaidCents: 45_000, payoutCents: 45_000 });
    expect(s.intents).toEqual([expect.objectContaining({ paymentIntentId: 'pi_1', refundedCents: 5_000, refundableCents: 45_000 })]);
    expect(withRunningBalance(entries).map((x) => x.balanceCents)).toEqual([50_000, 30_000, 50_000, 45_000]);
    expect(entryEffectCents({ kind: 'refund_failed', amountCents: 1 })).toBe(1);
  });

  it('the payout is what the owner keeps: payments and claims less refunds less what disputes hold ([money.payout])', () => {
    const s = summarizeLedger([e('charge', 80_000, 'pi_1'), e('capture', 10_000, 'pi_dd'), e('refund', 5_000, 'pi_1'), e('dispute_opened', 30_000, 'pi_1'), e('offline_payment', 2_000)]);
    expect(s.payoutCents).toBe(80_000 + 10_000 + 2_000 - 5_000 - 30_000);
    expect(summarizeLedger([e('charge', 80_000, 'pi_1'), e('dispute_opened', 30_000, 'pi_1'), e('dispute_won', 30_000, 'pi_1')]).payoutCents).toBe(80_000);
  });

  it('plans refunds latest payment first', () => {
    const s = summarizeLedger([e('charge', 30_000, 'pi_dep'), e('charge', 70_000, 'pi_bal')]);
    expect(refundableIntents(s).map((i) => i.paymentIntentId)).toEqual(['pi_bal', 'pi_dep']);
  });
});

describe('the running balance [money.ledger]', () => {
  it('is the net paid so far: payments less refunds, disputes and authorizations apart', () => {
    const rows = withRunningBalance([e('charge', 30_000, 'pi'), e('authorization', 50_000, 'pi_dd'), e('refund', 5_000, 'pi'), e('dispute_opened', 25_000, 'pi'), e('offline_payment', 1_000)]);
    expect(rows.map((r) => r.balanceCents)).toEqual([30_000, 30_000, 25_000, 25_000, 26_000]);
    expect(entryEffectCents({ kind: 'offline_refund', amountCents: 700 })).toBe(-700);
  });
});

describe('balanceDueCents [money.balance-due], [money.net-paid]', () => {
  const quote = { totalCents: 211_562 };
  it('is the total less the stay net paid (payments less refunds), never below 0', () => {
    expect(balanceDueCents({ kind: 'manual', cancelledAt: null, quote }, { stayPaidCents: 50_000, refundedCents: 0 })).toBe(161_562);
    expect(balanceDueCents({ kind: 'manual', cancelledAt: null, quote }, { stayPaidCents: 260_000, refundedCents: 0 })).toBe(0);
    expect(balanceDueCents({ kind: 'manual', cancelledAt: '2026-11-27T10:00:00Z', quote }, { stayPaidCents: 0, refundedCents: 0 })).toBe(0);
    expect(balanceDueCents({ kind: 'owner', cancelledAt: null, quote }, { stayPaidCents: 0, refundedCents: 0 })).toBe(0);
  });

  it('counts refunds: money given back for a shorter stay is owed again when a later change raises the total', () => {
    // Paid 211,562, then 11,562 refunded for a shorter stay of 200,000; the stay is then made 230,000.
    const money = summarizeLedger([e('charge', 211_562, 'pi'), e('refund', 11_562, 'pi')]);
    expect(stayNetPaidCents(money)).toBe(200_000);
    expect(balanceDueCents({ kind: 'direct', cancelledAt: null, quote: { totalCents: 230_000 } }, money)).toBe(30_000);
    // A refund that failed gives its money back ([money.refund-failed]).
    const failed = summarizeLedger([e('charge', 211_562, 'pi'), e('refund', 11_562, 'pi'), e('refund_failed', 11_562, 'pi')]);
    expect(balanceDueCents({ kind: 'direct', cancelledAt: null, quote: { totalCents: 230_000 } }, failed)).toBe(18_438);
    expect(balanceDueCents({ kind: 'direct', cancelledAt: null, quote: { totalCents: 230_000 } }, bookingMoney({ amountPaidCents: 211_562, refundedCents: 11_562 }))).toBe(30_000);
  });
});
