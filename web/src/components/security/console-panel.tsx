import type { ComponentType, ReactNode } from 'react';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import type { UseQueryResult } from '@tanstack/react-query';
import { serverMessage } from '@/components/admin/api-error';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { ScrollRegion } from '@/components/ui/scroll-region';

export interface EmptyNoteProps {
  /** A decorative icon (shown aria-hidden): green where an empty list is good news, grey otherwise. */
  icon: ComponentType<{ className?: string; 'aria-hidden'?: 'true' }>;
  good?: boolean;
  title: string;
  /** How entries get there. */
  hint?: string;
}

export interface ConsoleListPanelProps<T> {
  /** The id of the heading, which names the section (e2e tests find the section by that name). */
  headingId: string;
  title: string;
  description: ReactNode;
  /** Beside the heading: Refresh, a filter, … */
  actions: ReactNode;
  /** How the actions line up with the heading on wider screens: centred, or at its foot (a labelled field). */
  alignActions?: 'center' | 'end';
  /** The list; while it fetches the section is aria-busy. */
  query: UseQueryResult<T[], Error>;
  /** Said (role=status) while the list loads, e.g. "Loading security events…". */
  loadingLabel: string;
  /** The placeholder rows shown meanwhile (their height class, one entry a row); without them the label itself is shown. */
  skeletons?: string[];
  /** The failure's first words, e.g. "Could not load the audit log". */
  errorTitle: string;
  /** `stacked`: the title as a sentence, the server's message on a line below; `inline`: "title: message" on one line. */
  errorLayout?: 'stacked' | 'inline';
  /** The note shown when the list is empty; without it an empty list renders `children` with no rows. */
  empty?: EmptyNoteProps;
  /** The rows, once loaded. */
  children: (rows: T[]) => ReactNode;
}

/**
 * A card of the security console holding one list: heading, description and actions on top;
 * below, the list, or while there is none to show, its loading (role=status), failure
 * (role=alert, with the server's message) or empty note.
 */
export function ConsoleListPanel<T>({ headingId, title, description, actions, alignActions = 'center', ...list }: ConsoleListPanelProps<T>) {
  return (
    <section aria-labelledby={headingId} aria-busy={list.query.isFetching} className="rounded-xl border bg-card shadow-sm">
      <div
        className={cn(
          'flex flex-col gap-3 border-b p-5 sm:flex-row sm:justify-between',
          alignActions === 'end' ? 'sm:items-end' : 'sm:items-center',
        )}
      >
        <div>
          <h2 id={headingId} className="font-display text-xl font-semibold tracking-tight text-navy-900">
            {title}
          </h2>
          <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>
        </div>
        {actions}
      </div>
      <ListBody {...list} />
    </section>
  );
}

type ListBodyProps<T> = Omit<ConsoleListPanelProps<T>, 'headingId' | 'title' | 'description' | 'actions' | 'alignActions'>;

function ListBody<T>({ query, loadingLabel, skeletons, errorTitle, errorLayout = 'stacked', empty, children }: ListBodyProps<T>) {
  if (query.isPending) {
    return skeletons ? (
      <div role="status" className="space-y-2 p-5">
        <span className="sr-only">{loadingLabel}</span>
        {skeletons.map((height, i) => (
          <Skeleton key={i} className={cn(height, 'w-full')} />
        ))}
      </div>
    ) : (
      <p role="status" className="p-5 text-sm text-muted-foreground">
        {loadingLabel}
      </p>
    );
  }
  if (query.isError) {
    const message = serverMessage(query.error) ?? query.error.message;
    return errorLayout === 'inline' ? (
      <p role="alert" className="p-5 text-sm text-destructive">
        {errorTitle}: {message}
      </p>
    ) : (
      <div role="alert" className="p-5 text-sm">
        <p className="font-semibold text-destructive">{errorTitle}.</p>
        <p className="mt-1 text-muted-foreground">{message}</p>
      </div>
    );
  }
  if (query.data.length === 0 && empty) return <EmptyNote {...empty} />;
  return children(query.data);
}

function EmptyNote({ icon: Icon, good = false, title, hint }: EmptyNoteProps) {
  return (
    <div className="flex flex-col items-center px-6 py-10 text-center">
      <Icon className={cn('size-9', good ? 'text-forest-600' : 'text-muted-foreground')} aria-hidden="true" />
      <p className="mt-2 font-medium text-navy-900">{title}</p>
      {hint && <p className="mt-1 max-w-sm text-sm text-muted-foreground">{hint}</p>}
    </div>
  );
}

/** Refetches `query`; its icon spins and it is disabled while a fetch runs. */
export function RefreshButton({ query, label = 'Refresh', className }: { query: UseQueryResult<unknown>; label?: string; className?: string }) {
  return (
    <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching} className={className}>
      <RefreshCw className={query.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
      {label}
    </Button>
  );
}

// Whole class names, so that Tailwind finds them in the source.
const WIDE = {
  md: { table: 'md:table', head: 'md:not-sr-only md:table-header-group', sticky: 'md:sticky md:top-0 md:bg-muted', body: 'md:table-row-group' },
  lg: { table: 'lg:table', head: 'lg:not-sr-only lg:table-header-group', sticky: 'lg:sticky lg:top-0 lg:bg-muted', body: 'lg:table-row-group' },
} as const;

export interface CardTableProps {
  /** Read by screen readers only. */
  caption: string;
  /** The column headers, in order (shown from `wideFrom` up). */
  columns: ReactNode[];
  /** The breakpoint from which the rows are a table. */
  wideFrom: 'md' | 'lg';
  /** Scroll within 36rem, the header row staying in view. */
  scroll?: boolean;
  /** The `<tr role="row">` rows. */
  children: ReactNode;
}

/**
 * A table on wide screens; on phones each row is a card with labelled lines. Explicit roles keep
 * the table semantics when the rows are displayed as blocks.
 */
export function CardTable({ caption, columns, wideFrom, scroll = false, children }: CardTableProps) {
  const wide = WIDE[wideFrom];
  return (
    <Scroller scroll={scroll} label={caption}>
      <table role="table" className={cn('block w-full text-left text-sm', wide.table)}>
        <caption className="sr-only">{caption}</caption>
        <thead
          className={cn('sr-only text-xs uppercase tracking-wide text-muted-foreground', wide.head, scroll ? wide.sticky : 'bg-muted/60')}
        >
          <tr role="row">
            {columns.map((column, i) => (
              <th key={i} role="columnheader" scope="col" className="px-5 py-2.5 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={cn('block divide-y', wide.body)}>{children}</tbody>
      </table>
    </Scroller>
  );
}

/** The table's box: a keyboard-reachable scroll region when it scrolls, a plain box otherwise. */
function Scroller({ scroll, label, children }: { scroll: boolean; label: string; children: ReactNode }) {
  return scroll ? (
    <ScrollRegion label={`${label}, scrollable`} className="relative max-h-[36rem] overflow-y-auto">
      {children}
    </ScrollRegion>
  ) : (
    <div className="relative">{children}</div>
  );
}
