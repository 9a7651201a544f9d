import TriangleAlert from 'lucide-react/icons/triangle-alert';
import type { Stay } from '@ridgeline/core';
import { cn } from '@/lib/utils';
import { longDate } from '../availability/grid-month';
import { STAY_CHANNEL_STYLE, guestLabel } from './stay-channel-style';

export interface StayBandProps {
  stay: Stay;
  /** Only the stay's first night in the month is in the Tab order; the others answer clicks. */
  tabbable: boolean;
  onOpen: (stay: Stay) => void;
}

/**
 * The stay occupying a night, under the day in the grid ([availability.stays]): the channel's
 * word on its tint, a warning icon and word for a conflict. Its accessible name starts with the
 * visible word (WCAG 2.2 2.5.3 Label in Name); a click opens the stay.
 */
export function StayBand({ stay, tabbable, onOpen }: StayBandProps) {
  const style = STAY_CHANNEL_STYLE[stay.channel];
  return (
    <button
      type="button"
      data-stay-id={stay.id}
      data-channel={stay.channel}
      data-conflict={stay.conflict ? 'true' : undefined}
      tabIndex={tabbable ? 0 : -1}
      onClick={() => onOpen(stay)}
      className={cn(
        'mt-0.5 flex h-5 w-full items-center gap-0.5 overflow-hidden rounded border px-1 text-left text-[10px] font-semibold leading-none sm:text-[11px]',
        'focus-visible:z-10 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
        style.band,
        stay.conflict && 'outline-2 outline-offset-1 outline-red-700',
      )}
    >
      {stay.conflict ? <TriangleAlert className="size-3 shrink-0" aria-hidden="true" /> : null}
      <span className="truncate">{style.label}</span>
      <span className="sr-only">
        {stay.conflict ? ' conflict' : ''}, {guestLabel(stay)}, {longDate(stay.checkin)} to {longDate(stay.checkout)}
      </span>
    </button>
  );
}
