import type { ReactNode } from 'react';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import type { InitialPageData } from '@/lib/initial-data';
import { PublicDataProvider } from '@/lib/public-data';
import { AppRoutes } from '@/router';

/**
 * Around the router: the public pages' data and the toast area (the query cache wraps each part
 * that loads later, see lib/query-provider; tooltip timing is the owner pages', see
 * `TooltipProvider`). Shared by the browser (`App`) and the server renderer
 * (src/entry-server.tsx), so both render the same tree.
 * @param initialData the data embedded in the page, undefined on the app's empty shell
 */
export function AppFrame({ initialData, children }: { initialData: InitialPageData | undefined; children: ReactNode }) {
  return (
    <PublicDataProvider initial={initialData}>
      {children}
      <DeferredToaster />
    </PublicDataProvider>
  );
}

/** The app root: public data, routes (wouter's default router: the browser's address) and the toast area. */
export function App({ initialData }: { initialData: InitialPageData | undefined }) {
  return (
    <AppFrame initialData={initialData}>
      <AppRoutes />
    </AppFrame>
  );
}
