import Clock from 'lucide-react/icons/clock';
import { cn } from '@/lib/utils';

/** [ical.rate-limit-hint]: shown when a calendar answered 429 / Too Many Requests. */
export const RATE_LIMIT_HINT =
  'The platform is limiting how often its calendar may be read. Wait 5–10 minutes before testing again and avoid repeated tests; automatic sync already retries with delays.';

/**
 * The rate-limit hint: a callout in a panel, or `plain` (a span in the surrounding colours) inside
 * a toast.
 */
export function RateLimitHint({ className, plain = false }: { className?: string; plain?: boolean }) {
  const Tag = plain ? 'span' : 'p';
  return (
    <Tag
      className={cn(
        'flex items-start gap-2 text-sm',
        !plain && 'rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950',
        className,
      )}
    >
      <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{RATE_LIMIT_HINT}</span>
    </Tag>
  );
}
