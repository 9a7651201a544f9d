import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export interface StepCardProps {
  step: number;
  title: string;
  className?: string;
  children: ReactNode;
}

/** A numbered step of the booking form: a card with its own heading. */
export function StepCard({ step, title, className, children }: StepCardProps) {
  return (
    <section aria-label={title} className={cn('rounded-2xl border bg-card p-4 shadow-sm sm:p-6', className)}>
      <h3 className="mb-4 flex items-center gap-3 font-display text-xl font-semibold text-navy-900">
        <span aria-hidden="true" className="flex size-7 items-center justify-center rounded-full bg-forest-100 text-sm font-semibold text-forest-800">
          {step}
        </span>
        {title}
      </h3>
      {children}
    </section>
  );
}
