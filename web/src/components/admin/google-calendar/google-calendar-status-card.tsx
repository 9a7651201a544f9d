import CalendarCheck from 'lucide-react/icons/calendar-check';
import CalendarCog from 'lucide-react/icons/calendar-cog';
import CalendarX from 'lucide-react/icons/calendar-x';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { CALENDAR_AUTH_PATH, type CalendarStatus } from '@ridgeline/core';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/hooks/use-toast';
import { disconnectResponseSchema } from '@ridgeline/core';
import { apiSend } from '@/lib/api';
import { adminApi } from '@/lib/query-client';
import { serverMessage } from '../api-error';
import { formatTimestamp } from '../format';
import { CALENDAR_STATUS_QUERY_KEY, useCalendarStatus } from './calendar-queries';

/** What the card says for each state of the connection. */
function describe(status: CalendarStatus): { badge: string; variant: 'default' | 'secondary' | 'destructive'; text: string } {
  if (!status.configured) {
    return {
      badge: 'Not configured',
      variant: 'secondary',
      text: 'Google Calendar is not configured on this server: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET and restart. Until then the cleaning crew is told by e-mail, with a calendar file.',
    };
  }
  if (status.connected) {
    return {
      badge: 'Connected',
      variant: 'default',
      text: 'Sync is active: each cleaning is an event in your Google Calendar, and Google invites the crew.',
    };
  }
  return {
    badge: status.lastError ? 'Connection lost' : 'Not connected',
    variant: status.lastError ? 'destructive' : 'secondary',
    text: 'Google Calendar is not connected. Until it is, the cleaning crew is told by e-mail, with a calendar file.',
  };
}

/**
 * The Calendar tab's Google Calendar status ([google.status]: status plus a connect
 * element), from `GET /api/calendar/status`, never a made-up "active".
 */
export function GoogleCalendarStatusCard() {
  const queryClient = useQueryClient();
  const status = useCalendarStatus();
  const disconnect = useMutation({
    mutationFn: () => apiSend('POST', '/api/calendar/disconnect', disconnectResponseSchema, undefined, adminApi.area),
    onSuccess: () => toast({ title: 'Google Calendar disconnected', description: 'Cleaning notices now go to the crew by e-mail.' }),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Disconnect Failed', description: serverMessage(error) ?? 'Failed to disconnect Google Calendar' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CALENDAR_STATUS_QUERY_KEY }),
  });

  const body = () => {
    if (status.isPending) {
      return (
        <div aria-busy="true" aria-label="Loading the connection status" className="grid gap-3">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-4 w-full max-w-lg" />
        </div>
      );
    }
    if (status.isError) {
      return (
        <div role="alert" className="grid justify-items-start gap-3 text-sm text-red-900">
          <p>The connection status could not be loaded.{serverMessage(status.error) ? ` ${serverMessage(status.error)}` : ''}</p>
          <Button variant="outline" onClick={() => void status.refetch()}>
            Try again
          </Button>
        </div>
      );
    }
    const s = status.data;
    const view = describe(s);
    const Icon = s.connected ? CalendarCheck : CalendarX;
    return (
      <div className="grid gap-4">
        <div className="flex items-center gap-3">
          <Icon aria-hidden="true" className={s.connected ? 'size-6 text-forest-700' : 'size-6 text-muted-foreground'} />
          <span className="text-sm font-medium">Status:</span>
          <Badge variant={view.variant} data-testid="google-calendar-status">
            {view.badge}
          </Badge>
        </div>
        <p className="text-sm text-foreground">{view.text}</p>
        {s.lastError && <p className="text-sm text-red-900">Last error: {s.lastError}</p>}
        {s.connected && s.lastCheckedAt && (
          <p className="text-xs text-muted-foreground">Google last accepted the connection {formatTimestamp(s.lastCheckedAt)}.</p>
        )}
        {s.configured && (
          <div className="flex flex-wrap gap-2">
            <Button asChild variant={s.connected ? 'outline' : 'default'}>
              <Link to={CALENDAR_AUTH_PATH}>{s.connected ? 'Reconnect Google Calendar' : 'Connect Google Calendar'}</Link>
            </Button>
            {s.connected && (
              <Button variant="ghost" disabled={disconnect.isPending} onClick={() => disconnect.mutate()}>
                {disconnect.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
                Disconnect
              </Button>
            )}
          </div>
        )}
      </div>
    );
  };

  return (
    <Card role="region" aria-labelledby="google-calendar-title">
      <CardHeader className="pb-4">
        <CardTitle id="google-calendar-title" className="flex items-center gap-2">
          <CalendarCog aria-hidden="true" className="size-5 text-forest-700" />
          Google Calendar integration
        </CardTitle>
        <CardDescription>Cleaning events on each check-out day, in your Google Calendar.</CardDescription>
      </CardHeader>
      <CardContent>{body()}</CardContent>
    </Card>
  );
}
