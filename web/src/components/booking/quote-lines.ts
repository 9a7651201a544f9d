import { CARD_FEE_BPS, COUNTY_TAX_BPS, STATE_TAX_BPS, formatCents } from '@ridgeline/core';
import { nightsText } from './calendar-days';
import type { StayQuote } from './use-stay-quote';

export interface QuoteLine {
  label: string;
  /** formatted, e.g. "$1,166.99" */
  amount: string;
  kind: 'line' | 'subtotal' | 'total';
}

const percent = (bps: number) => `${bps / 100}%`;

/** Cents of one night of the quote (older servers send only whole dollars). */
function nightCents(night: StayQuote['nightly'][number]): number {
  return night.priceCents ?? Math.round(night.price * 100);
}

/** "3 nights × $300.00", or "3 nights (rates vary)" when the owner priced nights differently. */
export function nightsLine(quote: Pick<StayQuote, 'nights' | 'nightly' | 'accommodationCents'>): string {
  const rates = new Set(quote.nightly.map(nightCents));
  const nights = nightsText(quote.nights);
  if (rates.size > 1) return `${nights} (rates vary)`;
  const rate = rates.size === 1 ? ([...rates][0] as number) : Math.round(quote.accommodationCents / quote.nights);
  return `${nights} × ${formatCents(rate)}`;
}

/**
 * The server's quote line by line ([pricing.total]): nights, cleaning and service fees,
 * subtotal, state and county tax, card processing fee, total. Amounts are the server's cents.
 */
export function quoteLines(quote: StayQuote): QuoteLine[] {
  return [
    { label: nightsLine(quote), amount: formatCents(quote.accommodationCents), kind: 'line' },
    { label: 'Cleaning fee', amount: formatCents(quote.cleaningFeeCents), kind: 'line' },
    { label: 'Service fee', amount: formatCents(quote.serviceFeeCents), kind: 'line' },
    { label: 'Subtotal', amount: formatCents(quote.subtotalCents), kind: 'subtotal' },
    { label: `State tax (${percent(STATE_TAX_BPS)})`, amount: formatCents(quote.stateTaxCents), kind: 'line' },
    { label: `County tax (${percent(COUNTY_TAX_BPS)})`, amount: formatCents(quote.countyTaxCents), kind: 'line' },
    { label: `Card processing fee (${percent(CARD_FEE_BPS)})`, amount: formatCents(quote.cardFeeCents), kind: 'line' },
    { label: 'Total', amount: formatCents(quote.totalCents), kind: 'total' },
  ];
}
