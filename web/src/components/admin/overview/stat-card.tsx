import type { ComponentType, SVGProps } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

export interface StatCardProps {
  label: string;
  /** Undefined while loading. */
  value: string | undefined;
  /** What a click opens, e.g. "View booking inquiries". */
  hint: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  onOpen: () => void;
  /** Shown instead of the value when its data could not be loaded. */
  failed?: boolean;
  className?: string;
}

/** A clickable Overview card ([admin.overview]): a real button, so Enter and Space open it. */
export function StatCard({ label, value, hint, icon: Icon, onOpen, failed = false, className }: StatCardProps) {
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-busy={value === undefined && !failed}
      className={cn(
        'group flex min-h-36 flex-col rounded-xl border bg-card p-5 text-left shadow-sm transition hover:-translate-y-0.5 hover:border-forest-600/40 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background motion-reduce:hover:translate-y-0',
        className,
      )}
    >
      <span className="flex items-start justify-between gap-3">
        <span className="text-sm font-medium text-muted-foreground">{label}</span>
        <span className="rounded-lg bg-forest-50 p-2 text-forest-700" aria-hidden="true">
          <Icon className="size-5" />
        </span>
      </span>
      <span className="mt-1 font-display text-4xl font-semibold tracking-tight text-navy-900">
        {failed ? (
          <span className="font-sans text-base font-medium text-destructive">Could not load</span>
        ) : value === undefined ? (
          <Skeleton className="mt-1 h-9 w-16" />
        ) : (
          value
        )}
      </span>
      <span className="mt-auto pt-3 text-xs font-medium text-forest-700 group-hover:underline">{hint} →</span>
    </button>
  );
}
