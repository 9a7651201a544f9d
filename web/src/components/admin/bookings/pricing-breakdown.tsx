import { formatCents, quoteDisplayLines, type PriceBreakdown } from '@ridgeline/core';
import { cn } from '@/lib/utils';
import { nightsLabel } from './booking-quote';

export interface PricingBreakdownProps {
  quote: PriceBreakdown;
  /** What the card provider charged, in cents; shown as the total when known ([pricing.display]). */
  chargedCents?: number;
}

/** The price of [pricing.total], line by line, in dollars: the booking's stored quote ([settings.snapshot]). */
export function PricingBreakdown({ quote, chargedCents }: PricingBreakdownProps) {
  const lines: { label: string; cents: number; strong?: boolean }[] = [
    { label: nightsLabel(quote, formatCents), cents: quote.accommodationCents },
    ...quoteDisplayLines(quote).map((l) => ({ label: l.label, cents: l.cents, strong: l.kind === 'subtotal' })),
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
