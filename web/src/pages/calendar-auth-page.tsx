import ArrowLeft from 'lucide-react/icons/arrow-left';
import CircleAlert from 'lucide-react/icons/circle-alert';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { isUnauthorized, serverMessage } from '@/components/admin/api-error';
import { useCalendarStatus } from '@/components/admin/google-calendar/calendar-queries';
import { ConnectedPanel } from '@/components/google-calendar-auth/connected-panel';
import { ManualTokenPanel } from '@/components/google-calendar-auth/manual-token-panel';
import { OAuthFlowPanel } from '@/components/google-calendar-auth/oauth-flow-panel';
import { useCalendarAuth } from '@/components/google-calendar-auth/use-calendar-auth';
import { BrandMark } from '@/components/layout/brand-mark';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

/**
 * /calendar-auth ([google.auth-page], [google.oauth], [google.manual-token], [google.messages]): connects the owner's Google
 * Calendar by Google's consent page (OAuth Flow) or a refresh token pasted by hand (Manual
 * Token). Google sends the owner back here with `?code=…&state=calendar_auth.<nonce>`, exchanged
 * automatically. Owner only: without an admin session the page asks to sign in first.
 */
export default function CalendarAuthPage() {
  const status = useCalendarStatus();
  const signedOut = status.isError && isUnauthorized(status.error);
  const ready = status.isSuccess || (status.isError && !signedOut);
  const { state, startOAuth, submitToken } = useCalendarAuth(ready);
  const busy = state.phase === 'authenticating';

  useEffect(() => {
    const previous = document.title;
    document.title = 'Google Calendar Authentication · Ridgeline';
    return () => {
      document.title = previous;
    };
  }, []);

  const content = () => {
    if (status.isPending) {
      return (
        <div role="status" aria-label="Checking your session" className="grid gap-3">
          <Skeleton className="h-10 w-64" />
          <Skeleton className="h-40 w-full" />
        </div>
      );
    }
    if (signedOut) {
      return (
        <div className="grid justify-items-start gap-4 rounded-xl border bg-card p-6 shadow-sm">
          <p className="text-base">Sign in to the admin dashboard first: only the owner can connect a Google Calendar.</p>
          <Button asChild>
            <Link to="/admin">Sign in to the admin dashboard</Link>
          </Button>
        </div>
      );
    }
    if (state.phase === 'connected') return <ConnectedPanel refreshToken={state.refreshToken} />;
    return (
      <div className="grid gap-5">
        {status.data && !status.data.configured && (
          <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
            Google Calendar is not configured on this server: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET and
            restart it. Until then, connecting cannot work.
          </p>
        )}
        {status.isError && (
          <p role="note" className="text-sm text-red-900">
            The connection status could not be loaded.{serverMessage(status.error) ? ` ${serverMessage(status.error)}` : ''}
          </p>
        )}
        {status.data?.connected && (
          <p className="text-sm text-muted-foreground">Google Calendar is connected. Connecting again replaces the stored token.</p>
        )}
        {busy && (
          <p role="status" className="flex items-center gap-2 text-sm font-medium text-navy-900">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            Connecting to Google Calendar…
          </p>
        )}
        {state.phase === 'error' && (
          <p role="alert" className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {state.message}
          </p>
        )}
        <Tabs defaultValue="oauth" className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
          <TabsList aria-label="Connection method">
            <TabsTrigger value="oauth">OAuth Flow</TabsTrigger>
            <TabsTrigger value="manual">Manual Token</TabsTrigger>
          </TabsList>
          <TabsContent value="oauth" className="mt-5">
            <OAuthFlowPanel busy={busy} onStart={startOAuth} />
          </TabsContent>
          <TabsContent value="manual" className="mt-5">
            <ManualTokenPanel busy={busy} onSubmit={submitToken} />
          </TabsContent>
        </Tabs>
      </div>
    );
  };

  return (
    <main id="main" tabIndex={-1} className="min-h-svh bg-gradient-to-b from-secondary/70 to-background px-4 py-12 focus:outline-none">
      <div className="mx-auto grid max-w-2xl gap-6">
        <div className="flex items-center gap-3">
          <BrandMark className="size-10" />
          <h1 className="font-display text-3xl font-semibold tracking-tight text-navy-900 sm:text-4xl">
            Google Calendar Authentication
          </h1>
        </div>
        <p className="text-base text-muted-foreground">
          Connect your Google Calendar so every check-out gets a cleaning event from 1:00 to 5:00 PM, with your cleaning
          crew invited.
        </p>
        {content()}
        <div>
          <Button asChild variant="ghost">
            <Link to="/admin?tab=calendar">
              <ArrowLeft aria-hidden="true" />
              Back to the admin dashboard
            </Link>
          </Button>
        </div>
      </div>
    </main>
  );
}
