import { PRICE_SOURCE_LABELS, dayStatus, type AvailabilityDay, type NightRate } from '@ridgeline/core';
import { cn } from '@/lib/utils';
import { useBaseNightlyDollars } from '../settings/settings-queries';
import { dayOfMonth, weekdayLongDate } from './grid-month';
import { DAY_STATUS_STYLE } from './day-status-style';
import { formatDollars } from './whole-dollars';

export interface GridDayCellProps {
  date: string;
  /** The day's setting; undefined when it is Not Set. */
  day: AvailabilityDay | undefined;
  /** The night's effective price and its source (set or Not Set); undefined before the server said. */
  rate?: NightRate | undefined;
  isToday: boolean;
  /** Before today in the property's zone. */
  isPast?: boolean;
  isSelected: boolean;
  /** Roving tab stop: only one day of the grid is in the Tab order. */
  tabbable: boolean;
  onSelect: (date: string) => void;
}

/** The source as the cell shows it under the price: "own", "season", "weekend" or "base". */
const SHORT_SOURCE = { own: 'own', season: 'season', weekend: 'weekend', base: 'base' } as const;

/** "Friday, December 4, 2026, $395 weekend rate, Available" (", past" before today) ([availability.grid]). */
export function dayCellName(date: string, price: number, source: NightRate['priceSource'], status: string, isPast: boolean): string {
  return `${weekdayLongDate(date)}, ${formatDollars(price)} ${PRICE_SOURCE_LABELS[source]}, ${status}${isPast ? ', past' : ''}`;
}

/**
 * One in-month day of the owner's calendar: a toggle button named e.g. "Friday, December 4, 2026,
 * $395 weekend rate, Available". It shows the night's effective price and where it comes from
 * (own, season, weekend or base: [availability.own-price], [pricing.nightly]), as the server
 * computed it; before the server answered, the day's own price or the base rate.
 * The name is the button's own (visually hidden) text, not an aria-label, and holds every
 * visible word in order ("4", the price, its source, the status): WCAG 2.2 2.5.3 Label in Name.
 */
export function GridDayCell({ date, day, rate, isToday, isPast = false, isSelected, tabbable, onSelect }: GridDayCellProps) {
  const base = useBaseNightlyDollars();
  const status = dayStatus(day);
  const dollars = rate?.price ?? day?.price ?? base;
  const source = rate?.priceSource ?? day?.priceSource ?? 'base';
  const price = formatDollars(dollars);
  const style = DAY_STATUS_STYLE[status];
  const Icon = style.icon;
  return (
    <button
      type="button"
      data-date={date}
      data-status={status}
      data-price-source={source}
      aria-pressed={isSelected}
      aria-current={isToday ? 'date' : undefined}
      tabIndex={tabbable ? 0 : -1}
      onClick={() => onSelect(date)}
      className={cn(
        'relative flex h-16 w-full flex-col items-start justify-between rounded-md border p-1 text-left transition-colors sm:h-20 sm:p-1.5',
        'focus-visible:z-10 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
        isSelected ? 'border-navy-800 bg-navy-800 text-white hover:bg-navy-700' : style.cell,
        isToday && 'ring-2 ring-amber-ink ring-offset-2 ring-offset-card',
      )}
    >
      <span className="sr-only">{dayCellName(date, dollars, source, status, isPast)}</span>
      <span aria-hidden="true" className="flex w-full items-center justify-between gap-1">
        <span
          className={cn('text-sm font-semibold tabular-nums', isToday && 'underline decoration-2 underline-offset-2')}
        >
          {dayOfMonth(date)}
        </span>
        <Icon aria-hidden="true" className="size-3.5 shrink-0 opacity-80" />
      </span>
      <span aria-hidden="true" className="flex w-full flex-wrap items-baseline gap-x-1 leading-tight">
        <span className={cn('text-[11px] font-semibold tabular-nums sm:text-xs', source !== 'own' && !isSelected && 'font-normal')}>{price}</span>
        <span className="hidden text-[10px] sm:inline">{SHORT_SOURCE[source]}</span>
      </span>
      <span aria-hidden="true" className="hidden w-full truncate text-[11px] font-medium leading-tight sm:block">
        {status}
      </span>
    </button>
  );
}
