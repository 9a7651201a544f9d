import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { TooltipProvider } from '@/components/ui/tooltip-provider';
import { queryClient } from '@/lib/query-client';
import { AppRoutes } from '@/router';

/** The app root: data cache, tooltip timing, routes and the toast area. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <DeferredToaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
