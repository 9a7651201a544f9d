import { useMemo, useReducer, useState } from 'react';
import { PROPERTY, startOfMonth, todayIn, type Stay } from '@ridgeline/core';
import { Card, CardContent } from '@/components/ui/card';
import { AvailabilityGrid } from '../availability/availability-grid';
import { BulkPriceCard } from '../availability/bulk-price-card';
import { GridLegend } from '../availability/grid-legend';
import { NO_SELECTION, selectedDates, selectionReducer } from '../availability/date-selection';
import { SelectionPanel } from '../availability/selection-panel';
import { useAvailability } from '../availability/use-availability';
import { StayDialog } from '../stays/stay-dialog';
import { StayLegend } from '../stays/stay-legend';
import { stayByNight, staysUrl, upcomingStaysUrl } from '../stays/stay-nights';
import { UpcomingList } from '../stays/upcoming-list';
import { useStays } from '../stays/use-stays';
import { TabHeading } from '../tab-heading';

/**
 * Availability tab ([availability.grid], [availability.selection], [availability.update], [availability.stays]):
 * bulk pricing for the next 30 days, the month grid with the stay on each night, the panel that
 * sets the selected dates, and the Upcoming arrivals and departures.
 */
export function AvailabilityTab() {
  // Today where the house is, not where the owner's browser is ([data.today]).
  const [today] = useState(() => todayIn(PROPERTY.timeZone));
  const [month, setMonth] = useState(() => startOfMonth(today));
  const [selection, dispatch] = useReducer(selectionReducer, NO_SELECTION);
  const availability = useAvailability(month);
  const dates = selectedDates(selection);
  const first = dates[0];
  const clear = () => dispatch({ type: 'clear' });
  const stays = useStays(staysUrl(month));
  const nights = useMemo(() => (stays.data ? stayByNight(stays.data) : undefined), [stays.data]);
  // Upcoming follows today, not the month the grid shows.
  const upcoming = useStays(upcomingStaysUrl(today));
  const [openStay, setOpenStay] = useState<Stay | undefined>(undefined);

  return (
    <section aria-labelledby="availability-heading">
      <TabHeading
        id="availability-heading"
        title="Availability"
        description="Set nightly prices and open, close or block dates. Click a date, then another to select the range between them."
      />
      <div className="grid gap-6">
        <BulkPriceCard />
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <Card>
            <CardContent className="p-3 sm:p-6">
              <AvailabilityGrid
                month={month}
                onMonthChange={setMonth}
                today={today}
                days={availability.data}
                loading={availability.isPending}
                error={availability.isError}
                onRetry={() => void availability.refetch()}
                selection={selection}
                onSelect={(date) => dispatch({ type: 'click', date })}
                stays={nights}
                onOpenStay={setOpenStay}
              />
              <div className="mt-4 grid gap-3 border-t pt-4">
                <GridLegend />
                <StayLegend />
              </div>
            </CardContent>
          </Card>
          <div className="grid gap-6 lg:sticky lg:top-4">
            {first ? (
              <SelectionPanel key={first} dates={dates} firstDay={availability.data?.days.get(first)} firstRate={availability.data?.rates.get(first)} onClear={clear} />
            ) : (
              <div className="rounded-xl border border-dashed bg-card/60 p-6 text-sm text-muted-foreground">
                <p className="font-medium text-foreground">No dates selected</p>
                <p className="mt-1">
                  Click a date in the calendar to select it; click a second date to select the whole range between them.
                </p>
              </div>
            )}
            <UpcomingList stays={upcoming.data} failed={upcoming.isError} today={today} onOpen={setOpenStay} />
          </div>
        </div>
      </div>
      <StayDialog stay={openStay} onClose={() => setOpenStay(undefined)} />
    </section>
  );
}
