import { describe, expect, it } from 'vitest';
import { countNights, formatCents, percentOf, priceStay } from './pricing.js';

describe('priceStay ([pricing.total])', () => {
  it('prices two nights at the standard rate', () => {
    expect(priceStay('2026-12-10', '2026-12-12')).toEqual({
      nights: 2,
      nightly: [
        { date: '2026-12-10', priceCents: 30000 },
        { date: '2026-12-11', priceCents: 30000 },
      ],
      accommodationCents: 60000,
      cleaningFeeCents: 40000,
      serviceFeeCents: 3000,
      subtotalCents: 103000,
      stateTaxCents: 4120,
      countyTaxCents: 6180,
      subtotalWithTaxesCents: 113300,
      cardFeeCents: 3399,
      totalCents: 116699,
    });
  });

  it('uses the owner price of a night where one is set', () => {
    const quote = priceStay('2026-12-24', '2026-12-26', (d) => (d === '2026-12-24' ? 45000 : undefined));
    expect(quote?.nightly.map((n) => n.priceCents)).toEqual([45000, 30000]);
    expect(quote?.accommodationCents).toBe(75000);
  });

  it('rounds each percentage line to the nearest cent, halves up', () => {
    // 1 night at $123.45: subtotal 55345 → state 2213.8 → 2214, county 3320.7 → 3321
    const q = priceStay('2026-01-01', '2026-01-02', () => 12345);
    expect(q).toMatchObject({ subtotalCents: 55345, stateTaxCents: 2214, countyTaxCents: 3321, subtotalWithTaxesCents: 60880 });
    expect(q?.cardFeeCents).toBe(1826); // 1826.4
    expect(q?.totalCents).toBe(60880 + 1826);
    expect(percentOf(50, 100)).toBe(1); // 0.5 → 1
  });

  it('gives no breakdown without nights, and crosses month and DST edges by calendar day', () => {
    expect(priceStay('2026-03-05', '2026-03-05')).toBeUndefined();
    expect(priceStay('2026-03-06', '2026-03-05')).toBeUndefined();
    expect(countNights('2026-03-07', '2026-03-09')).toBe(2); // US DST starts 2026-03-08
    expect(countNights('2026-10-31', '2026-11-02')).toBe(2);
    expect(priceStay('2026-12-31', '2027-01-02')?.nightly.map((n) => n.date)).toEqual(['2026-12-31', '2027-01-01']);
  });

  it('formats cents as dollars with 2 decimals', () => {
    expect(formatCents(116699)).toBe('$1,166.99');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(-1250)).toBe('-$12.50');
  });
});
