import { cn } from '@/lib/utils';
import { DAY_STATUS_STYLE, DAY_STATUSES } from './day-status-style';

/** What the calendar's colours, icons and rings mean. */
export function GridLegend() {
  return (
    <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-2 text-xs text-muted-foreground">
      {DAY_STATUSES.map((status) => {
        const { swatch, icon: Icon } = DAY_STATUS_STYLE[status];
        return (
          <li key={status} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={cn('grid size-5 place-items-center rounded border', swatch)}>
              <Icon className="size-3" />
            </span>
            {status}
          </li>
        );
      })}
      <li className="flex items-center gap-1.5">
        <span
          aria-hidden="true"
          className="size-5 rounded border border-gray-300 bg-gray-50 ring-2 ring-amber-ink ring-offset-1"
        />
        Today
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="size-5 rounded border border-navy-800 bg-navy-800" />
        Selected
      </li>
    </ul>
  );
}
