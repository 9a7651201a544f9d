import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { queryClient } from '@/lib/query-client';
import { AppRoutes } from '@/router';

/**
 * Around the router: data cache and the toast area (tooltip timing is the owner pages', see
 * `TooltipProvider`). Shared by the browser
 * (`App`) and the server renderer (src/entry-server.tsx), so both render the same tree.
 */
export function AppFrame({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <DeferredToaster />
    </QueryClientProvider>
  );
}

/** The app root: data cache, routes (wouter's default router: the browser's address) and the toast area. */
export function App() {
  return (
    <AppFrame client={queryClient}>
      <AppRoutes />
    </AppFrame>
  );
}
