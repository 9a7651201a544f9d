/**
 * The app's query cache for the parts that load later (owner pages, checkout, the stay pages, the
 * booking calendar, the public data's sync): each is wrapped in this provider when its code
 * loads, so React Query is never part of the home page's first load ([perf.first-load]). Every
 * provider shares the one `queryClient`, hence one cache.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { queryClient } from './query-client';

/** `children` with the app's query cache. */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** `Component` wrapped in `QueryProvider`. */
export function withQueries<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueries(props: P) {
    return (
      <QueryProvider>
        <Component {...props} />
      </QueryProvider>
    );
  }
  WithQueries.displayName = `WithQueries(${Component.displayName ?? Component.name})`;
  return WithQueries;
}
