import type { ComponentType, ReactNode, SVGProps } from 'react';

export interface NotSetUpPanelProps {
  headingId: string;
  title: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** The plain statement of what is not there yet. */
  status: string;
  /** What the tab will hold once the feature is set up. */
  upcoming: readonly string[];
  children?: ReactNode;
}

/**
 * A tab whose feature is not set up on this server yet: it says so plainly and lists what will
 * be there, and never shows made-up data (DESIGN.md "Configuration": never pretend to work).
 */
export function NotSetUpPanel({ headingId, title, icon: Icon, status, upcoming, children }: NotSetUpPanelProps) {
  return (
    <section aria-labelledby={headingId} className="rounded-xl border bg-card p-6 shadow-sm sm:p-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <span className="w-fit rounded-xl bg-secondary p-3 text-navy-800" aria-hidden="true">
          <Icon className="size-6" />
        </span>
        <div className="min-w-0">
          <h2 id={headingId} className="font-display text-2xl font-semibold tracking-tight text-navy-900">
            {title}
          </h2>
          <p className="mt-2 text-base text-foreground">{status}</p>
          <h3 className="mt-6 text-sm font-semibold uppercase tracking-wide text-muted-foreground">
            What will be here
          </h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
            {upcoming.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          {children}
        </div>
      </div>
    </section>
  );
}
