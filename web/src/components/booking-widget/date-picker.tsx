import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { addDays, endOfMonth, startOfMonth } from '@ridgeline/core';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { DatePickerDay } from './date-picker-day-button';
import { WEEKDAYS, inMonth, monthTitle, monthWeeks, sameDayMonthsAway, weekday } from './date-picker-days';
import { dayPlace, isSelectable, type StayDates } from './stay-selection';
import type { StayAvailability } from './use-stay-availability';

export interface DatePickerProps {
  /** First day of the month shown. */
  month: string;
  onMonthChange: (month: string) => void;
  /** First days of the earliest and latest months the guest may browse. */
  minMonth: string;
  maxMonth: string;
  /** Today in the property's time zone. */
  today: string;
  dates: StayDates;
  onSelect: (date: string) => void;
  availability: StayAvailability;
  /** Id of the text that says what to pick next (the grid's description). */
  describedBy?: string;
  /** Set to focus the grid's tab stop (e.g. when Continue finds no dates). */
  focusRequest?: number;
}

/** Arrow keys move by a day or a week, as in the WAI-ARIA date picker dialog pattern. */
const KEY_STEP: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * The guest's month calendar: previous/next month buttons and a grid of the month's days. One
 * day is in the Tab order; arrow keys move by day and week (into the next or previous month as
 * needed), Home/End to the start/end of the week, Page Up/Page Down by month; Enter or Space
 * picks the focused day.
 */
export function DatePicker({
  month,
  onMonthChange,
  minMonth,
  maxMonth,
  today,
  dates,
  onSelect,
  availability,
  describedBy,
  focusRequest,
}: DatePickerProps) {
  const titleId = useId();
  const gridRef = useRef<HTMLTableElement>(null);
  const [focusDate, setFocusDate] = useState<string | undefined>(undefined);
  const pendingFocus = useRef<string | undefined>(undefined);
  const status = availability.status(month);
  const weeks = monthWeeks(month);
  const days = weeks.flat().filter((d): d is string => d !== null);
  const selectable = (date: string) => isSelectable(dates, date, availability.isBookable, availability.rules);

  const tabStop =
    [focusDate, dates.checkout, dates.checkin].find((d) => d !== undefined && inMonth(d, month)) ??
    days.find(selectable) ??
    (inMonth(today, month) ? today : startOfMonth(month));

  // Move the focus once the day the keyboard went to is on screen (it may be in another month).
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    const button = gridRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${target}"]`);
    if (button) {
      pendingFocus.current = undefined;
      button.focus();
    }
  });

  useEffect(() => {
    if (focusRequest) gridRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [focusRequest]);

  const firstDay = startOfMonth(minMonth);
  const lastDay = endOfMonth(maxMonth);
  const goTo = (date: string) => {
    if (date < firstDay || date > lastDay) return;
    setFocusDate(date);
    pendingFocus.current = date;
    if (!inMonth(date, month)) onMonthChange(startOfMonth(date));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const from = (event.target as HTMLElement).dataset.date;
    if (!from) return;
    let to: string | undefined;
    if (event.key in KEY_STEP) to = addDays(from, KEY_STEP[event.key] as number);
    else if (event.key === 'Home') to = addDays(from, -weekday(from));
    else if (event.key === 'End') to = addDays(from, 6 - weekday(from));
    else if (event.key === 'PageUp') to = sameDayMonthsAway(from, -1);
    else if (event.key === 'PageDown') to = sameDayMonthsAway(from, 1);
    if (!to) return;
    event.preventDefault();
    goTo(to);
  };

  const changeMonth = (months: number) => {
    setFocusDate(undefined);
    onMonthChange(sameDayMonthsAway(month, months));
  };

  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <Button variant="outline" size="icon" aria-label="Previous month" disabled={month <= minMonth} onClick={() => changeMonth(-1)}>
          <ChevronLeft aria-hidden="true" />
        </Button>
        <h4 id={titleId} aria-live="polite" className="font-display text-lg font-semibold text-navy-900 sm:text-xl">
          {monthTitle(month)}
        </h4>
        <Button variant="outline" size="icon" aria-label="Next month" disabled={month >= maxMonth} onClick={() => changeMonth(1)}>
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>

      {status.error ? (
        <div role="alert" className="mt-4 flex min-h-72 flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-destructive/40 bg-red-50 px-4 py-10 text-center">
          <p className="font-medium text-red-900">The availability for {monthTitle(month)} could not be loaded.</p>
          <Button variant="outline" onClick={status.retry}>
            Try again
          </Button>
        </div>
      ) : (
        <table
          ref={gridRef}
          aria-labelledby={titleId}
          aria-describedby={describedBy}
          aria-busy={status.loading || undefined}
          onKeyDown={onKeyDown}
          className={cn('mt-3 w-full table-fixed border-separate border-spacing-y-1', status.loading && 'animate-pulse')}
        >
          <thead>
            <tr>
              {WEEKDAYS.map((d) => (
                <th key={d.long} scope="col" abbr={d.long} className="pb-1 text-xs font-semibold text-muted-foreground">
                  {d.short}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.find((d) => d !== null)}>
                {week.map((date, i) => {
                  if (!date) return <td key={i} />;
                  const place = dayPlace(dates, date);
                  const complete = dates.checkin !== undefined && dates.checkout !== undefined;
                  return (
                    <td
                      key={date}
                      className={cn(
                        'p-0',
                        place === 'inside' && 'bg-forest-100',
                        complete && place === 'checkin' && 'bg-[linear-gradient(to_right,transparent_50%,var(--color-forest-100)_50%)]',
                        place === 'checkout' && 'bg-[linear-gradient(to_left,transparent_50%,var(--color-forest-100)_50%)]',
                      )}
                    >
                      <DatePickerDay
                        date={date}
                        bookable={availability.isBookable(date)}
                        selectable={selectable(date)}
                        place={place}
                        isToday={date === today}
                        tabbable={date === tabStop}
                        onSelect={(d) => {
                          setFocusDate(d);
                          onSelect(d);
                        }}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p role="status" className="sr-only">
        {status.loading ? `Loading availability for ${monthTitle(month)}…` : ''}
      </p>
    </div>
  );
}
