import { describe, expect, it } from 'vitest';
import { cancelBookingFormSchema, centsToDollarsText } from './cancel-booking-form';

describe("The cancel dialog's values ([booking.cancel], [booking.refund])", () => {
  const schema = cancelBookingFormSchema(50_000);

  it('turns dollars into the refund in cents, empty as 0, and keeps the reason', () => {
    expect(schema.parse({ refundDollars: '250.5', reason: ' Storm ' })).toEqual({ refundCents: 25_050, reason: 'Storm' });
    expect(schema.parse({ refundDollars: '', reason: '' })).toEqual({ refundCents: 0, reason: '' });
    expect(schema.parse({ refundDollars: '$500', reason: '' })).toEqual({ refundCents: 50_000, reason: '' });
  });

  it('refuses more than is refundable and text that is no amount, on the amount field', () => {
    expect(schema.safeParse({ refundDollars: '500.01', reason: '' }).error?.issues).toMatchObject([{ path: ['refundDollars'], message: 'At most $500.00 can be refunded' }]);
    expect(schema.safeParse({ refundDollars: 'all', reason: '' }).error?.issues[0]?.path).toEqual(['refundDollars']);
    expect(schema.safeParse({ refundDollars: '-5', reason: '' }).error?.issues[0]?.path).toEqual(['refundDollars']);
  });

  it('refuses a reason longer than the route takes', () => {
    expect(schema.safeParse({ refundDollars: '1', reason: 'x'.repeat(501) }).error?.issues[0]?.path).toEqual(['reason']);
  });

  it('[money.offline-refund] sends an offline refund with its method, at most what can be given back that way', () => {
    const both = cancelBookingFormSchema({ refundableCents: 100_000, offlineRefundableCents: 50_000 });
    expect(both.parse({ refundDollars: '1000', offlineRefundDollars: '500', offlineMethod: 'check', reason: '' })).toEqual({ refundCents: 100_000, offlineRefundCents: 50_000, offlineMethod: 'check', reason: '' });
    expect(both.parse({ refundDollars: '0', offlineRefundDollars: '', offlineMethod: 'cash', reason: '' })).toEqual({ refundCents: 0, reason: '' });
    expect(both.safeParse({ refundDollars: '0', offlineRefundDollars: '500.01', offlineMethod: 'cash', reason: '' }).error?.issues).toMatchObject([
      { path: ['offlineRefundDollars'], message: 'At most $500.00 can be given back outside Stripe' },
    ]);
    expect(both.safeParse({ refundDollars: '0', offlineRefundDollars: 'lots', offlineMethod: 'cash', reason: '' }).error?.issues[0]?.path).toEqual(['offlineRefundDollars']);
    // The route's contract checks the method.
    expect(both.safeParse({ refundDollars: '0', offlineRefundDollars: '5', offlineMethod: 'card' as never, reason: '' }).error?.issues[0]?.path).toEqual(['offlineMethod']);
  });

  it('writes cents as dollars for the input', () => {
    expect([centsToDollarsText(50_000), centsToDollarsText(58_349), centsToDollarsText(5)]).toEqual(['500', '583.49', '0.05']);
  });
});
