import { dayStatus, type AvailabilityDay } from '@ridgeline/core';
import { cn } from '@/lib/utils';
import { useBaseNightlyDollars } from '../settings/settings-queries';
import { dayOfMonth, longDate } from './grid-month';
import { DAY_STATUS_STYLE } from './day-status-style';
import { formatDollars } from './whole-dollars';

export interface GridDayCellProps {
  date: string;
  /** The day's setting; undefined when it is Not Set. */
  day: AvailabilityDay | undefined;
  isToday: boolean;
  isSelected: boolean;
  /** Roving tab stop: only one day of the grid is in the Tab order. */
  tabbable: boolean;
  onSelect: (date: string) => void;
}

/**
 * One in-month day of the owner's calendar: a toggle button reading e.g. "November 21, 2026,
 * Available, $300". A day that is Not Set shows the base nightly rate of the owner's settings
 * ([availability.grid], [pricing.nightly]), which is what selecting it pre-fills.
 * The name is the button's own (visually hidden) text, not an aria-label, and holds every
 * visible word in order ("21", the status, the price): WCAG 2.2 2.5.3 Label in Name.
 */
export function GridDayCell({ date, day, isToday, isSelected, tabbable, onSelect }: GridDayCellProps) {
  const base = useBaseNightlyDollars();
  const status = dayStatus(day);
  const price = formatDollars(day?.price ?? base);
  const style = DAY_STATUS_STYLE[status];
  const Icon = style.icon;
  return (
    <button
      type="button"
      data-date={date}
      data-status={status}
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
      <span className="sr-only">{`${longDate(date)}, ${status}, ${price}`}</span>
      <span aria-hidden="true" className="flex w-full items-center justify-between gap-1">
        <span
          className={cn('text-sm font-semibold tabular-nums', isToday && 'underline decoration-2 underline-offset-2')}
        >
          {dayOfMonth(date)}
        </span>
        <Icon aria-hidden="true" className="size-3.5 shrink-0 opacity-80" />
      </span>
      <span aria-hidden="true" className="hidden w-full truncate text-[11px] font-medium leading-tight sm:block">
        {status}
      </span>
      <span
        aria-hidden="true"
        className={cn(
          'text-[11px] font-semibold tabular-nums leading-tight sm:text-xs',
          !day && !isSelected && 'font-normal',
        )}
      >
        {price}
      </span>
    </button>
  );
}
