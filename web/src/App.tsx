import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { TooltipProvider } from '@/components/ui/tooltip-provider';
import { queryClient } from '@/lib/query-client';
import { AppRoutes } from '@/router';

/**
 * Around the router: data cache, tooltip timing and the toast area. Shared by the browser
 * (`App`) and the server renderer (src/entry-server.tsx), so both render the same tree.
 */
export function AppFrame({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <TooltipProvider>
        {children}
        <DeferredToaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}

/** The app root: data cache, tooltip timing, routes and the toast area. */
export function App() {
  return (
    <AppFrame client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppFrame>
  );
}
