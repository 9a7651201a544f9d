import type { ReactNode } from 'react';

export interface TabHeadingProps {
  /** The heading's id, for the section's `aria-labelledby`. */
  id: string;
  title: string;
  description?: ReactNode;
  /** Buttons or links on the right (below on phones). */
  actions?: ReactNode;
}

/** The h2 that opens each dashboard tab (the page's h1 is the dashboard's). */
export function TabHeading({ id, title, description, actions }: TabHeadingProps) {
  return (
    <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h2 id={id} className="font-display text-2xl font-semibold tracking-tight text-navy-900">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
