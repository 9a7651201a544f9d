import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { TooltipProvider } from '@/components/ui/tooltip-provider';
import { hashRouteLocation } from '@/lib/hash-route-location';
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
 * /security-console) routed in the URL's hash (`#/admin`) — the app is served from app://ridgeline/index.html —
 * plus the app's screens for choosing the server.
 */
export function DesktopApp({ bridge, serverUrl }: DesktopAppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <Router hook={hashRouteLocation}>
          <Suspense fallback={<div className="min-h-svh bg-background" aria-busy="true" />}>
            <Switch>
              <Route path="/setup">
                <SetupPage bridge={bridge} currentUrl={serverUrl} />
              </Route>
              <Route>
                <ServerGate serverUrl={serverUrl}>
                  <Switch>
                    <Route path="/admin">
                      <AdminPage />
                    </Route>
                    {/* [compliance.house-sheet] */}
                    <Route path="/admin/house-sheet">
                      <AdminPage />
                    </Route>
                    <Route path="/security-console">
                      <SecurityConsolePage />
                    </Route>
                    <Route path="/">
                      <OpenWebsite serverUrl={serverUrl} />
                    </Route>
                    <Route>
                      <Redirect to="/admin" replace />
                    </Route>
                  </Switch>
                </ServerGate>
              </Route>
            </Switch>
          </Suspense>
        </Router>
        <DeferredToaster />
        <MemoryOnlyNotice />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
