/**
 * The owner's admin session (SPEC §2 "Admin login", §4 "Admin session"; DESIGN.md "Security
 * model").
 *
 * The spec keeps a logged-in flag in persistent browser storage (`adminAuthenticated` = "true");
 * we keep that flag so the dashboard opens without a login flash, but the server decides:
 * - on load, a set flag is confirmed with `GET /api/auth/session`;
 * - any admin query or mutation that fails with 401 means the session is gone (expired, logged
 *   out elsewhere, cookies cleared): the flag is cleared and the login form comes back;
 * - logout ends the server session, clears the flag and drops the cached admin data.
 * The flag is shared by every tab of the browser (the `storage` event), so logging out in one
 * logs out all.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { isUnauthorized, serverMessage } from '@/components/admin/api-error';
import { apiRequest } from '@/lib/query-client';

/** SPEC §2: the flag in persistent browser storage. */
export const ADMIN_FLAG_KEY = 'adminAuthenticated';
export const ADMIN_SESSION_QUERY_KEY = ['/api/auth/session'] as const;
/** The login mutation's key: its 401 ("Incorrect password") is not a lost session. */
const LOGIN_MUTATION_KEY = ['admin-login'] as const;

export type AdminSessionStatus = 'checking' | 'signed-out' | 'signed-in';

const flagListeners = new Set<() => void>();

function readFlag(): boolean {
  try {
    return window.localStorage.getItem(ADMIN_FLAG_KEY) === 'true';
  } catch {
    // Storage disabled (privacy mode): the session check alone decides.
    return false;
  }
}

function writeFlag(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(ADMIN_FLAG_KEY, 'true');
    else window.localStorage.removeItem(ADMIN_FLAG_KEY);
  } catch {
    // See readFlag.
  }
  flagListeners.forEach((listener) => listener());
}

function subscribeFlag(listener: () => void): () => void {
  flagListeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ADMIN_FLAG_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    flagListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Drops every cached query and mutation, so nothing of the owner's data outlives the session. */
function clearCachedData(queryClient: QueryClient): void {
  queryClient.removeQueries();
  queryClient.getMutationCache().clear();
}

export interface AdminSession {
  status: AdminSessionStatus;
  /** True after the server ended a session this page was using (expired, logged out elsewhere). */
  sessionEnded: boolean;
  /** Signs in; resolves when signed in, rejects with the message to show (wrong password, 429). */
  login: (password: string) => Promise<void>;
  loggingIn: boolean;
  logout: () => Promise<void>;
  loggingOut: boolean;
}

/** Use once, in the admin page: it owns the flag and listens for lost sessions. */
export function useAdminSession(): AdminSession {
  const queryClient = useQueryClient();
  const flag = useSyncExternalStore(subscribeFlag, readFlag, () => false);
  const [sessionEnded, setSessionEnded] = useState(false);

  // Confirmed on every visit of the page (staleTime 0), not only on a full reload.
  const session = useQuery<{ authenticated: boolean }>({
    queryKey: ADMIN_SESSION_QUERY_KEY,
    enabled: flag,
    staleTime: 0,
  });
  const confirmed = session.data?.authenticated === true;
  const status: AdminSessionStatus = !flag
    ? 'signed-out'
    : session.isPending
      ? 'checking'
      : confirmed
        ? 'signed-in'
        : 'signed-out';

  // The server says there is no session: the stored flag is stale.
  useEffect(() => {
    if (flag && session.data?.authenticated === false) writeFlag(false);
  }, [flag, session.data]);

  // Leaving the dashboard (logout, lost session, another tab) drops its cached data. Done in an
  // effect, after the dashboard has unmounted, so no mounted query refetches into a 401 loop.
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (status === 'signed-in') wasSignedIn.current = true;
    else if (status === 'signed-out' && wasSignedIn.current) {
      wasSignedIn.current = false;
      clearCachedData(queryClient);
    }
  }, [status, queryClient]);

  // Any admin call answered 401: the session is gone.
  useEffect(() => {
    const onError = (error: unknown) => {
      if (!isUnauthorized(error) || !readFlag()) return;
      setSessionEnded(true);
      writeFlag(false);
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (event.mutation?.options.mutationKey?.[0] === LOGIN_MUTATION_KEY[0]) return;
      onError(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);

  const loginMutation = useMutation({
    mutationKey: LOGIN_MUTATION_KEY,
    mutationFn: async (password: string) => {
      await apiRequest('POST', '/api/auth/login', { password });
    },
    onSuccess: () => {
      queryClient.setQueryData(ADMIN_SESSION_QUERY_KEY, { authenticated: true });
      setSessionEnded(false);
      writeFlag(true);
    },
  });

  const logoutMutation = useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/auth/logout');
    },
  });

  const { mutateAsync: loginAsync } = loginMutation;
  const login = useCallback(
    async (password: string) => {
      try {
        await loginAsync(password);
      } catch (error) {
        throw new Error(loginErrorMessage(error));
      }
    },
    [loginAsync],
  );

  const { mutateAsync: logoutAsync } = logoutMutation;
  const logout = useCallback(async () => {
    try {
      await logoutAsync();
    } catch {
      // Even if the server cannot be reached, this browser forgets the session.
    } finally {
      // The effect above drops the cached data once the dashboard is gone.
      setSessionEnded(false);
      writeFlag(false);
    }
  }, [logoutAsync]);

  return {
    status,
    sessionEnded,
    login,
    loggingIn: loginMutation.isPending,
    logout,
    loggingOut: logoutMutation.isPending,
  };
}

/** The message a failed login shows: the server's ("Incorrect password", the 429 text). */
function loginErrorMessage(error: unknown): string {
  if (isUnauthorized(error)) return 'Incorrect password';
  return serverMessage(error) ?? 'Could not reach the server. Check your connection and try again.';
}
