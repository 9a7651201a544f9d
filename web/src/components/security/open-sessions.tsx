import LoaderCircle from 'lucide-react/icons/loader-circle';
import LogOut from 'lucide-react/icons/log-out';
import Monitor from 'lucide-react/icons/monitor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '@/components/admin/api-error';
import { formatTimestamp } from '@/components/admin/format';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { revokeAllResponseSchema, sessionRevokedResponseSchema, sessionsResponseSchema, type OpenSession } from '@ridgeline/core';
import { apiQuery, apiSend } from '@/lib/api';
import { securityApi } from '@/lib/query-client';
import { ConsoleListPanel, RefreshButton } from './console-panel';

export const SESSIONS_QUERY_KEY = ['/api/security/sessions'] as const;

const AREA: Record<OpenSession['area'], string> = { admin: 'Admin dashboard', security: 'Security console' };
const CLIENT: Record<OpenSession['client'], string> = { browser: 'Browser', desktop: 'Desktop app' };

/** A short name for a session, for its Revoke button: "Admin dashboard, Desktop app, 203.0.113.9". */
export function sessionLabel(s: Pick<OpenSession, 'area' | 'client' | 'ip'>): string {
  return `${AREA[s.area]}, ${CLIENT[s.client]}${s.ip ? `, ${s.ip}` : ''}`;
}

/**
 * The open sessions of both owner areas ([security.sessions]), each with Revoke, and "Sign out
 * everywhere", which ends every session but this console's own.
 */
export function OpenSessions() {
  const queryClient = useQueryClient();
  const sessions = useQuery({
    ...apiQuery(SESSIONS_QUERY_KEY[0], sessionsResponseSchema, securityApi.area),
    select: (data) => data.sessions,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
  const onError = (error: Error) =>
    toast({ variant: 'destructive', title: 'Could not sign the session out', description: serverMessage(error) ?? error.message });

  const revoke = useMutation({
    mutationKey: ['/api/security/sessions/revoke'],
    mutationFn: async (session: OpenSession) => {
      await apiSend('POST', `/api/security/sessions/${session.id}/revoke`, sessionRevokedResponseSchema, undefined, securityApi.area);
      return session;
    },
    onSuccess: (session) => {
      toast({ title: 'Session signed out', description: sessionLabel(session) });
      return refresh();
    },
    onError,
  });
  const revokeAll = useMutation({
    mutationKey: ['/api/security/sessions/revoke-all'],
    mutationFn: () => apiSend('POST', '/api/security/sessions/revoke-all', revokeAllResponseSchema, {}, securityApi.area),
    onSuccess: ({ ended }) => {
      toast({ title: 'Signed out everywhere', description: `${ended} ${ended === 1 ? 'session' : 'sessions'} ended. This console stays signed in.` });
      return refresh();
    },
    onError,
  });

  const others = sessions.data?.filter((s) => !(s.current && s.area === 'security')).length ?? 0;

  return (
    <ConsoleListPanel
      headingId="open-sessions-heading"
      title="Open sessions"
      description="Signed-in browsers and desktop apps of the admin dashboard and this console. A session ends 30 days after sign-in at the latest, and when its password changes."
      actions={
        <div className="flex flex-wrap gap-2">
          <RefreshButton query={sessions} />
          <Button variant="destructive" size="sm" onClick={() => revokeAll.mutate()} disabled={revokeAll.isPending || others === 0}>
            {revokeAll.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <LogOut aria-hidden="true" />}
            Sign out everywhere
          </Button>
        </div>
      }
      query={sessions}
      loadingLabel="Loading open sessions…"
      skeletons={['h-10']}
      errorTitle="Could not load the open sessions"
    >
      {(rows) => (
        <ul aria-label="Open sessions" className="divide-y">
          {rows.map((s) => (
            <li key={s.id} className="flex flex-col gap-2 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-medium text-navy-900">
                  <Monitor className="size-4 text-muted-foreground" aria-hidden="true" />
                  {AREA[s.area]} · {CLIENT[s.client]}
                  {s.current && <span className="rounded-full bg-forest-50 px-2 py-0.5 text-xs text-forest-700">This browser</span>}
                </p>
                <p className="mt-0.5 break-all text-muted-foreground">
                  <span className="font-mono">{s.ip || 'unknown IP'}</span> · {s.userAgent || 'unknown client'}
                </p>
                <p className="mt-0.5 text-muted-foreground">
                  Signed in <time dateTime={s.createdAt}>{formatTimestamp(s.createdAt)}</time> · last used{' '}
                  <time dateTime={s.lastUsedAt}>{formatTimestamp(s.lastUsedAt)}</time>
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                className="w-fit shrink-0"
                aria-label={`Revoke session ${sessionLabel(s)}${s.current ? ' (this browser)' : ''}`}
                onClick={() => revoke.mutate(s)}
                disabled={revoke.isPending && revoke.variables?.id === s.id}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </ConsoleListPanel>
  );
}
