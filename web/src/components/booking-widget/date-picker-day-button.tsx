import { cn } from '@/lib/utils';
import { fullDate } from './date-picker-days';
import type { DayPlace } from './stay-selection';

export interface DatePickerDayProps {
  date: string;
  /** The night can be sold (undefined while its month loads). */
  bookable: boolean | undefined;
  /** A click changes the stay; otherwise the day is greyed out and inert. */
  selectable: boolean;
  place: DayPlace;
  isToday: boolean;
  /** Roving tab stop: one day of the grid is in the Tab order, the arrow keys move between days. */
  tabbable: boolean;
  onSelect: (date: string) => void;
}

/** What a screen reader hears after the date, e.g. ", check-in" or ", unavailable". */
function stateText({ place, bookable, selectable }: Omit<DatePickerDayProps, 'date' | 'isToday' | 'tabbable' | 'onSelect'>): string {
  if (place === 'checkin') return ', your check-in';
  if (place === 'checkout') return ', your check-out';
  if (place === 'inside') return ', in your stay';
  if (bookable === undefined) return selectable ? ', check-out only' : ', loading';
  if (!bookable) return selectable ? ', check-out only' : ', unavailable';
  if (!selectable) return ', unavailable';
  return ', available';
}

/**
 * One day of the guest's calendar: a button named with the full date and its state ("Friday,
 * December 11, 2026, available"). Closed nights are greyed, struck through and inert
 * (`aria-disabled`, so the arrow keys can still reach and announce them). No night's price is
 * shown on its own ([pricing.total-first]): the price is the stay's total, once dates are chosen.
 */
export function DatePickerDay(props: DatePickerDayProps) {
  const { date, bookable, selectable, place, isToday, tabbable, onSelect } = props;
  const endpoint = place === 'checkin' || place === 'checkout';
  const closed = !selectable && place === undefined;
  return (
    <button
      type="button"
      data-date={date}
      data-place={place}
      aria-label={`${fullDate(date)}${stateText(props)}`}
      aria-disabled={selectable || endpoint ? undefined : true}
      aria-current={isToday ? 'date' : undefined}
      tabIndex={tabbable ? 0 : -1}
      onClick={() => {
        if (selectable) onSelect(date);
      }}
      className={cn(
        'relative flex h-12 w-full flex-col items-center justify-center rounded-lg text-center transition-colors sm:h-14',
        'focus-visible:z-10 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
        endpoint && 'bg-navy-800 text-white shadow-sm',
        place === 'inside' && 'text-forest-900 hover:bg-forest-100',
        !endpoint && place !== 'inside' && selectable && 'text-navy-900 hover:bg-secondary',
        closed && 'cursor-not-allowed text-muted-foreground',
        isToday && !endpoint && 'ring-1 ring-inset ring-amber-ink',
      )}
    >
      <span className={cn('text-sm font-semibold tabular-nums leading-none', closed && bookable === false && 'line-through')}>
        {Number(date.slice(8, 10))}
      </span>
    </button>
  );
}
