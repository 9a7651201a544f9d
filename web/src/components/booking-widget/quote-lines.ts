import { formatCents, quoteDisplayLines } from '@ridgeline/core';
import { nightsText } from './date-picker-days';
import type { StayQuote } from './use-stay-quote';

export interface QuoteLine {
  label: string;
  /** formatted, e.g. "$1,166.99" */
  amount: string;
  kind: 'line' | 'subtotal' | 'total';
  /** What the line is for ([pricing.total-first]), e.g. "Booking platform and support costs". */
  description?: string;
}

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
 * The server's quote line by line ([pricing.total]): nights, discount, fees, subtotal, each tax
 * line, card processing fee, total (`quoteDisplayLines`). Amounts are the server's cents.
 */
export function quoteLines(quote: StayQuote): QuoteLine[] {
  const nightly = quote.nightly.map((n) => ({ date: n.date, priceCents: nightCents(n) }));
  return [
    { label: nightsLine(quote), amount: formatCents(quote.accommodationCents), kind: 'line', description: 'The nightly rates of your stay' },
    ...quoteDisplayLines({ ...quote, nightly }).map((l) => ({ label: l.label, amount: formatCents(l.cents), kind: l.kind, ...(l.description ? { description: l.description } : {}) })),
    { label: 'Total', amount: formatCents(quote.totalCents), kind: 'total' },
  ];
}
