import CircleCheck from 'lucide-react/icons/circle-check';
import CircleSlash from 'lucide-react/icons/circle-slash';
import { cn } from '@/lib/utils';

/** "Enabled" (green) or "Disabled" (neutral) for one protection; the word carries the meaning. */
export function EnabledBadge({ enabled, className }: { enabled: boolean; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        enabled ? 'border-transparent bg-forest-100 text-forest-800' : 'border-input bg-muted text-muted-foreground',
        className,
      )}
    >
      {enabled ? <CircleCheck className="size-3.5" aria-hidden="true" /> : <CircleSlash className="size-3.5" aria-hidden="true" />}
      {enabled ? 'Enabled' : 'Disabled'}
    </span>
  );
}
