import { CARD_FEE_BPS, COUNTY_TAX_BPS, STATE_TAX_BPS, formatCents, type PriceBreakdown } from '@ridgeline/core';
import { cn } from '@/lib/utils';
import { nightsLabel } from './booking-quote';

export interface PricingBreakdownProps {
  quote: PriceBreakdown;
  /** What the card provider charged, in cents; shown as the total when known ([pricing.display]). */
  chargedCents?: number;
}

const percent = (bps: number) => `${bps / 100}%`;

/** The price of [pricing.total], line by line, in dollars. */
export function PricingBreakdown({ quote, chargedCents }: PricingBreakdownProps) {
  const lines: { label: string; cents: number; strong?: boolean }[] = [
    { label: nightsLabel(quote, formatCents), cents: quote.accommodationCents },
    { label: 'Cleaning fee', cents: quote.cleaningFeeCents },
    { label: 'Service fee', cents: quote.serviceFeeCents },
    { label: 'Subtotal', cents: quote.subtotalCents, strong: true },
    { label: `State tax (${percent(STATE_TAX_BPS)})`, cents: quote.stateTaxCents },
    { label: `County tax (${percent(COUNTY_TAX_BPS)})`, cents: quote.countyTaxCents },
    { label: `Card processing fee (${percent(CARD_FEE_BPS)})`, cents: quote.cardFeeCents },
  ];
  const total = chargedCents ?? quote.totalCents;

  return (
    <dl className="space-y-1.5 text-sm">
      {lines.map((line) => (
        <div
          key={line.label}
          className={cn('flex justify-between gap-4', line.strong && 'border-t pt-1.5 font-medium text-foreground')}
        >
          <dt className={cn(!line.strong && 'text-muted-foreground')}>{line.label}</dt>
          <dd className="tabular-nums">{formatCents(line.cents)}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t pt-2 text-base font-semibold text-navy-900">
        <dt>Total</dt>
        <dd className="tabular-nums">{formatCents(total)}</dd>
      </div>
    </dl>
  );
}
