import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { STAY_CHANNELS } from '@ridgeline/core';
import { cn } from '@/lib/utils';
import { STAY_CHANNEL_STYLE } from './stay-channel-style';

/** What the stays' bands mean ([availability.stays]): each channel's word and tint, and the conflict mark. */
export function StayLegend() {
  return (
    <ul aria-label="Stays legend" className="flex flex-wrap gap-x-3 gap-y-2 text-xs text-muted-foreground">
      {STAY_CHANNELS.map((channel) => {
        const style = STAY_CHANNEL_STYLE[channel];
        return (
          <li key={channel}>
            <span className={cn('inline-block rounded border px-1.5 py-0.5 font-semibold', style.band)}>{style.label}</span>
          </li>
        );
      })}
      <li className="flex items-center gap-1 font-semibold text-red-800">
        <TriangleAlert className="size-3.5" aria-hidden="true" />
        Conflict: two stays share a night
      </li>
    </ul>
  );
}
