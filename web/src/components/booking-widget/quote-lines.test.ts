import { describe, expect, it } from 'vitest';
import { priceStay } from '@ridgeline/core';
import { nightsLine, quoteLines } from './quote-lines';
import type { StayQuote } from './use-stay-quote';

function serverQuote(checkin: string, checkout: string, prices: Record<string, number> = {}): StayQuote {
  const q = priceStay(checkin, checkout, (d) => prices[d])!;
  return { ...q, checkin, checkout, guests: 2, nightly: q.nightly.map((n) => ({ date: n.date, price: n.priceCents / 100, priceCents: n.priceCents })) };
}

describe('quoteLines', () => {
  it('lists [pricing.total] line by line with the server cents', () => {
    expect(quoteLines(serverQuote('2026-12-10', '2026-12-12')).map((l) => [l.label, l.amount])).toEqual([
      ['2 nights × $300.00', '$600.00'],
      ['Cleaning fee', '$400.00'],
      ['Service fee', '$30.00'],
      ['Subtotal', '$1,030.00'],
      ['State tax (4%)', '$41.20'],
      ['County tax (6%)', '$61.80'],
      ['Card processing fee (3%)', '$33.99'],
      ['Total', '$1,166.99'],
    ]);
  });

  it('says when the owner priced nights differently', () => {
    const q = serverQuote('2026-12-10', '2026-12-13', { '2026-12-11': 45_000 });
    expect(nightsLine(q)).toBe('3 nights (rates vary)');
    expect(nightsLine({ nights: 1, nightly: [{ date: '2026-12-10', price: 410 }], accommodationCents: 41_000 })).toBe('1 night × $410.00');
  });
});
