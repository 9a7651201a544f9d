import LayoutList from 'lucide-react/icons/layout-list';
import Search from 'lucide-react/icons/search';
import Table2 from 'lucide-react/icons/table-2';
import { useId } from 'react';
import { BOOKING_KINDS } from '@ridgeline/core';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  BOOKING_CHANNEL_LABELS,
  BOOKING_WHEN_LABELS,
  type BookingChannelFilter,
  type BookingListQuery,
  type BookingSort,
  type BookingWhenFilter,
} from '@/lib/booking-list';

/** How the Bookings tab shows its list: full items, or the compact table. */
export type BookingListView = 'cards' | 'table';

const SELECT = 'h-10 rounded-md border border-input bg-card px-3 text-sm shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
const WHENS = Object.keys(BOOKING_WHEN_LABELS) as BookingWhenFilter[];
const SORT_LABELS: Readonly<Record<BookingSort, string>> = { checkin: 'Check-in (upcoming first)', submitted: 'Submitted (newest first)' };

export interface BookingListControlsProps {
  query: BookingListQuery;
  onQueryChange: (query: BookingListQuery) => void;
  view: BookingListView;
  onViewChange: (view: BookingListView) => void;
}

/**
 * [bookings.find]: the Bookings tab's search box ("Search bookings": name, e-mail or reference),
 * its "Show" and "Channel" filters, its "Sort by" and the Cards / Table toggle (two buttons,
 * `aria-pressed` on the shown view). Every control is a labelled native one.
 */
export function BookingListControls({ query, onQueryChange, view, onViewChange }: BookingListControlsProps) {
  const id = useId();
  const set = (change: Partial<BookingListQuery>) => onQueryChange({ ...query, ...change });
  return (
    <div role="search" aria-label="Find bookings" className="mb-4 flex flex-wrap items-end gap-3 rounded-xl border bg-card p-3">
      <div className="grid min-w-[14rem] flex-1 gap-1.5">
        <Label htmlFor={`${id}-search`}>Search bookings</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            id={`${id}-search`}
            type="search"
            className="pl-9"
            placeholder="Name, e-mail or reference"
            autoComplete="off"
            value={query.search}
            onChange={(event) => set({ search: event.target.value })}
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-when`}>Show</Label>
        <select id={`${id}-when`} className={SELECT} value={query.when} onChange={(event) => set({ when: event.target.value as BookingWhenFilter })}>
          {WHENS.map((when) => (
            <option key={when} value={when}>
              {BOOKING_WHEN_LABELS[when]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-channel`}>Channel</Label>
        <select id={`${id}-channel`} className={SELECT} value={query.channel} onChange={(event) => set({ channel: event.target.value as BookingChannelFilter })}>
          <option value="all">All channels</option>
          {BOOKING_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {BOOKING_CHANNEL_LABELS[kind]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-sort`}>Sort by</Label>
        <select id={`${id}-sort`} className={SELECT} value={query.sort} onChange={(event) => set({ sort: event.target.value as BookingSort })}>
          {(Object.keys(SORT_LABELS) as BookingSort[]).map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      <div role="group" aria-label="View" className="flex gap-1">
        <Button type="button" variant={view === 'cards' ? 'default' : 'outline'} size="sm" className="h-10" aria-pressed={view === 'cards'} onClick={() => onViewChange('cards')}>
          <LayoutList aria-hidden="true" />
          Cards
        </Button>
        <Button type="button" variant={view === 'table' ? 'default' : 'outline'} size="sm" className="h-10" aria-pressed={view === 'table'} onClick={() => onViewChange('table')}>
          <Table2 aria-hidden="true" />
          Table
        </Button>
      </div>
    </div>
  );
}
