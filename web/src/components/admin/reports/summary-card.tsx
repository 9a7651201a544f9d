import type { ComponentType, SVGProps } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

export interface SummaryCardProps {
  label: string;
  /** Undefined while loading. */
  value: string | undefined;
  detail: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** One Reports figure. */
export function SummaryCard({ label, value, detail, icon: Icon }: SummaryCardProps) {
  return (
    <div className="rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-sm font-medium text-muted-foreground">{label}</h3>
        <span className="rounded-lg bg-forest-50 p-2 text-forest-700" aria-hidden="true">
          <Icon className="size-5" />
        </span>
      </div>
      <p className="mt-1 font-display text-3xl font-semibold tracking-tight text-navy-900 tabular-nums">
        {value ?? <Skeleton className="mt-1 h-9 w-28" />}
      </p>
      <p className="mt-2 text-xs text-muted-foreground">{detail}</p>
    </div>
  );
}
