import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { serverMessage } from '../api-error';

/** What a LazySection needs of its query (React Query's result). */
export interface LazySectionQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

export interface LazySectionProps<T> {
  /** The section's accessible name, e.g. "History of Jane Doe's booking". */
  label: string;
  /** The toggle's text, e.g. "History". */
  title: string;
  /** What is loaded, in the owner's words: "history" → "Loading history", "The history could not be loaded". */
  what: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Read only while open: a list of bookings does not read every booking's detail. */
  query: LazySectionQuery<T>;
  /** Beside the heading (a button), shown open or closed. */
  actions?: ReactNode;
  /** The loaded data; `headingId` names the heading, for a table's aria-labelledby. */
  children: (data: T, headingId: string) => ReactNode;
}

/**
 * A booking's collapsible section read when opened (History, Money): a heading whose button
 * toggles it (`aria-expanded`), then while open a loading skeleton (`role="status"`), an error
 * with the server's message and **Try again** (`role="alert"`), or the data.
 */
export function LazySection<T>({ label, title, what, open, onOpenChange, query, actions, children }: LazySectionProps<T>) {
  const listId = useId();
  const headingId = useId();
  const message = query.isError ? serverMessage(query.error) : undefined;
  return (
    <section aria-label={label} className="rounded-lg border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => onOpenChange(!open)}
            className="rounded-sm underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {title} <span aria-hidden="true">{open ? '▾' : '▸'}</span>
          </button>
        </h4>
        {actions}
      </div>
      <div id={listId} hidden={!open} className="mt-2">
        {!open ? null : query.isPending ? (
          <div role="status" aria-label={`Loading ${what}`} className="space-y-1.5">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-5 w-2/3" />
          </div>
        ) : query.isError || query.data === undefined ? (
          <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-800">
            <span>
              The {what} could not be loaded{message ? `: ${message}` : '.'}
            </span>
            <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          children(query.data, headingId)
        )}
      </div>
    </section>
  );
}
