/**
 * The security console's session (SPEC §2 "Security console", §4 "Security console session is
 * separate"; DESIGN.md "Security model").
 *
 * The spec keeps the console's authenticated flag in session storage (`securityAuthenticated` =
 * "true", so it ends with the tab); we keep that flag so the console opens without a gate flash,
 * but the server decides:
 * - on load, a set flag is confirmed with `GET /api/security/session`;
 * - any console call (`/api/security/…`) answered 401 means the session is gone: the flag is
 *   cleared and the gate comes back;
 * - logout ends the server session, clears the flag and drops the console's cached data.
 * The admin dashboard's session is another one: neither opens the other.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { isUnauthorized, serverMessage } from '@/components/admin/api-error';
import { apiRequest } from '@/lib/query-client';

/** SPEC §2: the flag in session storage. */
export const SECURITY_FLAG_KEY = 'securityAuthenticated';
export const SECURITY_SESSION_QUERY_KEY = ['/api/security/session'] as const;
/** The login mutation's key: its 401 ("Incorrect security password") is not a lost session. */
const LOGIN_MUTATION_KEY = ['security-login'] as const;

export type SecuritySessionStatus = 'checking' | 'signed-out' | 'signed-in';

const flagListeners = new Set<() => void>();

function readFlag(): boolean {
  try {
    return window.sessionStorage.getItem(SECURITY_FLAG_KEY) === 'true';
  } catch {
    // Storage disabled (privacy mode): the session check alone decides.
    return false;
  }
}

function writeFlag(on: boolean): void {
  try {
    if (on) window.sessionStorage.setItem(SECURITY_FLAG_KEY, 'true');
    else window.sessionStorage.removeItem(SECURITY_FLAG_KEY);
  } catch {
    // See readFlag.
  }
  flagListeners.forEach((listener) => listener());
}

function subscribeFlag(listener: () => void): () => void {
  flagListeners.add(listener);
  return () => {
    flagListeners.delete(listener);
  };
}

/** True for a query or mutation key of the console's API (its session check aside). */
function isConsoleKey(key: QueryKey | undefined): boolean {
  const first = key?.[0];
  return typeof first === 'string' && first.startsWith('/api/security/') && first !== SECURITY_SESSION_QUERY_KEY[0];
}

/** Drops the console's cached data, so nothing of it outlives the session. */
function clearConsoleData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => isConsoleKey(query.queryKey) });
}

export interface SecuritySession {
  status: SecuritySessionStatus;
  /** True after the server ended a session this page was using (expired, logged out elsewhere). */
  sessionEnded: boolean;
  /** Signs in; resolves when signed in, rejects with the message to show (wrong password, 429). */
  login: (password: string) => Promise<void>;
  loggingIn: boolean;
  logout: () => Promise<void>;
  loggingOut: boolean;
}

/** Use once, in the console page: it owns the flag and listens for lost sessions. */
export function useSecuritySession(): SecuritySession {
  const queryClient = useQueryClient();
  const flag = useSyncExternalStore(subscribeFlag, readFlag, () => false);
  const [sessionEnded, setSessionEnded] = useState(false);

  // Confirmed on every visit of the page (staleTime 0), not only on a full reload.
  const session = useQuery<{ authenticated: boolean }>({
    queryKey: SECURITY_SESSION_QUERY_KEY,
    enabled: flag,
    staleTime: 0,
  });
  const confirmed = session.data?.authenticated === true;
  const status: SecuritySessionStatus = !flag
    ? 'signed-out'
    : session.isPending
      ? 'checking'
      : confirmed
        ? 'signed-in'
        : 'signed-out';

  // The server says there is no session (or cannot say): the stored flag is stale.
  useEffect(() => {
    if (flag && (session.data?.authenticated === false || session.isError)) writeFlag(false);
  }, [flag, session.data, session.isError]);

  // Leaving the console (logout, lost session) drops its cached data, after it has unmounted.
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (status === 'signed-in') wasSignedIn.current = true;
    else if (status === 'signed-out' && wasSignedIn.current) {
      wasSignedIn.current = false;
      clearConsoleData(queryClient);
    }
  }, [status, queryClient]);

  // Any console call answered 401: the session is gone.
  useEffect(() => {
    const onError = (error: unknown) => {
      if (!isUnauthorized(error) || !readFlag()) return;
      setSessionEnded(true);
      writeFlag(false);
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isConsoleKey(event.query.queryKey)) onError(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (!isConsoleKey(event.mutation?.options.mutationKey)) return;
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
      await apiRequest('POST', '/api/security/login', { password });
    },
    onSuccess: () => {
      queryClient.setQueryData(SECURITY_SESSION_QUERY_KEY, { authenticated: true });
      setSessionEnded(false);
      writeFlag(true);
    },
  });

  const logoutMutation = useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/security/logout');
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
      // Even if the server cannot be reached, this tab forgets the session.
    } finally {
      queryClient.setQueryData(SECURITY_SESSION_QUERY_KEY, { authenticated: false });
      setSessionEnded(false);
      writeFlag(false);
    }
  }, [logoutAsync, queryClient]);

  return {
    status,
    sessionEnded,
    login,
    loggingIn: loginMutation.isPending,
    logout,
    loggingOut: logoutMutation.isPending,
  };
}

/** The message a failed login shows: SPEC §2's "Incorrect security password", or the server's (429). */
function loginErrorMessage(error: unknown): string {
  if (isUnauthorized(error)) return 'Incorrect security password';
  return serverMessage(error) ?? 'Could not reach the server. Check your connection and try again.';
}
