import type { ComponentType } from 'react';
import { lazyWithPreload, type PreloadableComponent } from './lazy-with-preload';

/**
 * `lazyWithPreload` for code that reads the API through React Query: the component's chunk and
 * the query cache's (lib/query-provider) load together, and the component renders inside the
 * app's `QueryClientProvider`. Keeps React Query out of the home page's first load
 * ([perf.first-load]).
 */
export function lazyWithQueries<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): PreloadableComponent<P> {
  return lazyWithPreload(async () => {
    const [{ default: Component }, { withQueries }] = await Promise.all([load(), import('./query-provider')]);
    return { default: withQueries(Component) };
  });
}
