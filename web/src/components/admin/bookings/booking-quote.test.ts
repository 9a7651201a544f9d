import { formatCents, priceStay } from '@ridgeline/core';
import { describe, expect, it } from 'vitest';
import { bookingQuote, nightsLabel } from './booking-quote';

describe('bookingQuote', () => {
  it('prefers the stored quote', () => {
    const stored = priceStay('2027-06-14', '2027-06-16', () => 45_000);
    expect(bookingQuote({ quote: stored ?? null, checkin: '2027-06-14', checkout: '2027-06-16' })).toBe(stored);
  });

  it('prices the dates with the standard model when no quote is stored', () => {
    expect(bookingQuote({ quote: null, checkin: '2027-06-14', checkout: '2027-06-17' })?.totalCents).toBe(150_689);
  });

  it('has nothing to show for a stay without nights or with malformed dates ([pricing.nights])', () => {
    expect(bookingQuote({ quote: null, checkin: '2027-06-14', checkout: '2027-06-14' })).toBeUndefined();
    expect(bookingQuote({ quote: null, checkin: '2027-06-17', checkout: '2027-06-14' })).toBeUndefined();
    expect(bookingQuote({ quote: null, checkin: 'soon', checkout: '2027-06-14' })).toBeUndefined();
  });
});

describe('nightsLabel', () => {
  it('shows the rate when every night costs the same', () => {
    expect(nightsLabel(priceStay('2027-06-14', '2027-06-17')!, formatCents)).toBe('3 nights × $300.00');
    expect(nightsLabel(priceStay('2027-06-14', '2027-06-15')!, formatCents)).toBe('1 night × $300.00');
  });

  it('says the rates vary otherwise', () => {
    const quote = priceStay('2027-06-14', '2027-06-16', (d) => (d === '2027-06-14' ? 30_000 : 45_000))!;
    expect(nightsLabel(quote, formatCents)).toBe('2 nights (rates vary)');
  });
});
