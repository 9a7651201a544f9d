import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export interface ScrollRegionProps {
  /** The region's accessible name, unique on the page (axe's landmark-unique), e.g. "Audit log entries, scrollable". */
  label: string;
  className?: string;
  children: ReactNode;
}

/**
 * A box that scrolls (a wide table, a long list), reachable and scrollable from the keyboard:
 * a named region in the tab order with a visible focus ring (WCAG 2.1.1; axe's
 * scrollable-region-focusable). Arrow keys scroll it once focused.
 */
export function ScrollRegion({ label, className, children }: ScrollRegionProps) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn('rounded-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-ring', className)}
    >
      {children}
    </div>
  );
}
