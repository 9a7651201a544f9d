import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { queryClient } from '@/lib/query-client';
import { AppRoutes } from '@/router';

/** The app root: data cache, routes and the toast area (tooltip timing is the owner pages', see `TooltipProvider`). */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <DeferredToaster />
    </QueryClientProvider>
  );
}
