import { describe, expect, it } from 'vitest';
import { claimDepositFormSchema } from './damage-deposit-form';

describe('claimDepositFormSchema ([deposit.claim])', () => {
  it('turns dollars into cents and keeps the reason', () => {
    expect(claimDepositFormSchema(50_000).parse({ amountDollars: '125.50', reason: ' Broken lamp ' })).toEqual({ amountCents: 12_550, reason: 'Broken lamp' });
  });
  it('refuses more than the hold, no amount and a blank reason, on their fields', () => {
    const paths = (v: { amountDollars: string; reason: string }) => claimDepositFormSchema(50_000).safeParse(v).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(paths({ amountDollars: '500.01', reason: 'x' })).toEqual(['amountDollars: At most $500.00 (the hold) can be claimed']);
    expect(paths({ amountDollars: '', reason: 'x' })).toEqual(['amountDollars: Enter an amount in dollars, like 125 or 125.50']);
    expect(paths({ amountDollars: '10', reason: '  ' })).toEqual(['reason: is required']);
  });
});
