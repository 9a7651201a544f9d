import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { addDays, addMonths, type Stay } from '@ridgeline/core';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { StayBand } from '../stays/stay-band';
import { GridDayCell } from './grid-day-cell';
import { dayOfMonth, monthGrid, monthTitle, WEEKDAYS } from './grid-month';
import { isSelected, type DateSelection } from './date-selection';
import type { AvailabilityByDate } from './use-availability';

export interface AvailabilityGridProps {
  /** First day of the viewed month. */
  month: string;
  onMonthChange: (month: string) => void;
  /** Today in the property's time zone. */
  today: string;
  /** Undefined while loading or after an error. */
  days: AvailabilityByDate | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  selection: DateSelection;
  onSelect: (date: string) => void;
  /** The stay occupying each night ([availability.stays]); undefined while loading or without stays. */
  stays?: ReadonlyMap<string, Stay> | undefined;
  /** Opens a stay clicked in the grid. */
  onOpenStay?: (stay: Stay) => void;
}

/** Arrow-key moves within the grid (days), as in the WAI-ARIA date picker pattern. */
const KEY_STEP: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * The month grid ([availability.grid]): 42 cells, Sunday first, previous/next month buttons.
 * A table, so each day is read with its weekday; one day is in the Tab order and the arrow keys
 * move between the month's days.
 */
export function AvailabilityGrid({
  month,
  onMonthChange,
  today,
  days,
  loading,
  error,
  onRetry,
  selection,
  onSelect,
  stays,
  onOpenStay,
}: AvailabilityGridProps) {
  const titleId = useId();
  const tableRef = useRef<HTMLTableElement>(null);
  const [focusDate, setFocusDate] = useState<string | undefined>(undefined);
  const cells = monthGrid(month);
  const inMonth = (date: string | undefined) => date !== undefined && date.slice(0, 7) === month.slice(0, 7);
  const selectedStart =
    selection.kind === 'one' ? selection.date : selection.kind === 'range' ? selection.start : undefined;
  const tabStop = [focusDate, selectedStart, today].find(inMonth) ?? month;

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const from = (event.target as HTMLElement).dataset.date;
    if (!from) return;
    let to: string | undefined;
    if (event.key in KEY_STEP) to = addDays(from, KEY_STEP[event.key] as number);
    else if (event.key === 'Home') to = addDays(from, -new Date(`${from}T00:00:00Z`).getUTCDay());
    else if (event.key === 'End') to = addDays(from, 6 - new Date(`${from}T00:00:00Z`).getUTCDay());
    if (!to) return;
    event.preventDefault();
    if (!inMonth(to)) return;
    setFocusDate(to);
    tableRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${to}"]`)?.focus();
  };

  // One band per occupied night; only the stay's first night in the month is a Tab stop.
  const stayBand = (date: string) => {
    const stay = stays?.get(date);
    if (!stay || !onOpenStay) return null;
    const previous = addDays(date, -1);
    const first = !inMonth(previous) || stays?.get(previous)?.id !== stay.id;
    return <StayBand stay={stay} tabbable={first} onOpen={onOpenStay} />;
  };

  const weeks = Array.from({ length: 6 }, (_, w) => cells.slice(w * 7, w * 7 + 7));

  return (
    <div>
      <div className="mb-4 flex items-center justify-between gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label="Previous month"
          onClick={() => onMonthChange(addMonths(month, -1))}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <h3 id={titleId} aria-live="polite" className="font-display text-xl font-semibold text-navy-900">
          {monthTitle(month)}
        </h3>
        <Button
          variant="outline"
          size="icon"
          aria-label="Next month"
          onClick={() => onMonthChange(addMonths(month, 1))}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>

      <p role="status" className="sr-only">
        {loading ? `Loading availability for ${monthTitle(month)}…` : ''}
      </p>
      {error ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-destructive/40 bg-red-50 px-4 py-10 text-center"
        >
          <p className="font-medium text-red-900">The availability for {monthTitle(month)} could not be loaded.</p>
          <Button variant="outline" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : (
        <table
          ref={tableRef}
          aria-labelledby={titleId}
          aria-busy={loading}
          onKeyDown={onKeyDown}
          className="w-full table-fixed border-separate border-spacing-1 sm:border-spacing-1.5"
        >
          <thead>
            <tr>
              {WEEKDAYS.map((d) => (
                <th
                  key={d.short}
                  scope="col"
                  className="pb-1 text-center text-xs font-semibold uppercase tracking-wide text-muted-foreground"
                >
                  <abbr title={d.long} className="no-underline">
                    {d.short}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0]?.date}>
                {week.map((cell) => (
                  <td key={cell.date} data-testid="calendar-cell" className="p-0 align-top">
                    {!cell.inMonth ? (
                      <div
                        aria-hidden="true"
                        className="flex h-16 items-start rounded-md p-1 text-sm text-muted-foreground sm:h-20 sm:p-1.5"
                      >
                        {dayOfMonth(cell.date)}
                      </div>
                    ) : loading || !days ? (
                      <Skeleton className="h-16 w-full sm:h-20" />
                    ) : (
                      <>
                        <GridDayCell
                          date={cell.date}
                          day={days.days.get(cell.date)}
                          rate={days.rates.get(cell.date)}
                          isToday={cell.date === today}
                          isPast={cell.date < today}
                          isSelected={isSelected(selection, cell.date)}
                          tabbable={cell.date === tabStop}
                          onSelect={(date) => {
                            setFocusDate(date);
                            onSelect(date);
                          }}
                        />
                        {stayBand(cell.date)}
                      </>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
