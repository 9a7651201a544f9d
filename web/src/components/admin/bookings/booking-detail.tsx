import type { ComponentType, ReactNode, SVGProps } from 'react';

export interface BookingDetailProps {
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  children: ReactNode;
}

/** One labelled fact of a booking; lives inside a `<dl>`. */
export function BookingDetail({ label, icon: Icon, children }: BookingDetailProps) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-muted-foreground">
        <Icon className="size-3.5" aria-hidden="true" />
        {label}
      </dt>
      <dd className="mt-0.5 break-words text-sm text-foreground">{children}</dd>
    </div>
  );
}
