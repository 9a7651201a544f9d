import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { HashRouter, Navigate, Route, Routes } from 'react-router-dom';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { TooltipProvider } from '@/components/ui/tooltip-provider';
import { queryClient } from '@/lib/query-client';
import AdminPage from '@/pages/admin-page';
import SecurityConsolePage from '@/pages/security-console-page';
import type { RidgelineApi } from '../shared/ridgeline-api';
import { MemoryOnlyNotice } from './memory-only-notice';
import { OpenWebsite } from './open-website';
import { ServerGate } from './server-gate';
import { SetupPage } from './setup-page';

export interface DesktopAppProps {
  bridge: RidgelineApi;
  serverUrl: string | null;
}

/**
 * The desktop renderer: the website's own owner pages (the same source files as /admin and
 * /security-console) under a HashRouter — the app is served from app://ridgeline/index.html —
 * plus the app's screens for choosing the server.
 */
export function DesktopApp({ bridge, serverUrl }: DesktopAppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <HashRouter>
          <Suspense fallback={<div className="min-h-svh bg-background" aria-busy="true" />}>
            <Routes>
              <Route path="setup" element={<SetupPage bridge={bridge} currentUrl={serverUrl} />} />
              <Route element={<ServerGate serverUrl={serverUrl} />}>
                <Route path="admin" element={<AdminPage />} />
                <Route path="security-console" element={<SecurityConsolePage />} />
                <Route index element={<OpenWebsite serverUrl={serverUrl} />} />
                <Route path="*" element={<Navigate to="/admin" replace />} />
              </Route>
            </Routes>
          </Suspense>
        </HashRouter>
        <DeferredToaster />
        <MemoryOnlyNotice />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
