/**
 * One password-protected area's session in the browser ([auth.areas], [auth.browser-flag]): the admin
 * dashboard and the security console each get a hook from `createPasswordSessionHook`.
 *
 * [auth.browser-flag] keeps a signed-in flag in browser storage; we keep it so the page opens without a
 * login flash, but the server decides:
 * - on load, a set flag is confirmed with the area's `GET …/session`;
 * - any of the area's queries or mutations answered 401 means the session is gone (expired,
 *   logged out elsewhere, cookies cleared): the flag is cleared and the login form comes back;
 * - logout ends the server session, clears the flag and drops the area's cached data.
 * Where the installed API transport carries bearer tokens (the desktop app, `signInClient()`),
 * sign-in asks for one (`client: "desktop"`) and hands it over with `keepSessionToken(area, …)`;
 * logout has the transport forget it, whatever the server answers.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { isTwoFactorRequired, isUnauthorized, serverMessage } from '@/components/admin/api-error';
import { loginResponseSchema, logoutResponseSchema, sessionResponseSchema, type LoginRequest, type LoginResponse } from '@ridgeline/core';
import { apiQuery, apiSend } from '@/lib/api';
import { forgetSessionToken, keepSessionToken, signInClient, type ApiArea } from '@/lib/api-client';
import { apiOf } from '@/lib/query-client';

export type PasswordSessionStatus = 'checking' | 'signed-out' | 'signed-in';

/** The second factor of a sign-in ([auth.two-factor]): a code from the app, or a recovery code. */
export interface SecondFactor {
  totp?: string;
  recoveryCode?: string;
}

/**
 * A refused sign-in: `message` is what to show; `twoFactorRequired` is true when the password
 * was right and the server wants (another) two-factor code.
 */
export class SignInError extends Error {
  constructor(
    message: string,
    readonly twoFactorRequired = false,
  ) {
    super(message);
    this.name = 'SignInError';
  }
}

export interface PasswordSession {
  status: PasswordSessionStatus;
  /** True after the server ended a session this page was using (expired, logged out elsewhere). */
  sessionEnded: boolean;
  /**
   * Signs in; resolves when signed in, rejects with a SignInError: the message to show (wrong
   * password or code, 429), and whether a two-factor code is wanted.
   */
  login: (password: string, factor?: SecondFactor) => Promise<void>;
  loggingIn: boolean;
  logout: () => Promise<void>;
  loggingOut: boolean;
}

export interface PasswordSessionOptions {
  /** The storage flag's key ([auth.browser-flag]). */
  flagKey: string;
  /** `local`: shared by every tab (and followed across tabs); `session`: ends with the tab. */
  storage: 'local' | 'session';
  /** Whose session: its endpoints (`/api/auth/…` or `/api/security/…`) and its credential. */
  area: ApiArea;
  /** The message for a wrong password ([admin.login], [security.console]). */
  incorrectPassword: string;
  /**
   * Which cached queries and mutations belong to the area: their 401s end the session and
   * they are dropped on sign-out. Unset: all of them (the page shows nothing else).
   */
  ownsKey?: (key: QueryKey | undefined) => boolean;
  /** Also sign out when the session check itself fails (e.g. the server cannot say). */
  signOutOnCheckError?: boolean;
}

/**
 * The token a desktop sign-in answers (`{ success: true, token, expiresIn }`, auth.routes.ts).
 * @throws SignInError when the server answered without one
 */
function issuedToken(answer: LoginResponse): string {
  if (!answer.token) throw new SignInError('The server did not issue a desktop session.');
  return answer.token;
}

/** Builds the `useXSession()` hook of one area; use the hook once, in that area's page. */
export function createPasswordSessionHook(options: PasswordSessionOptions) {
  const { flagKey, area } = options;
  const api = apiOf(area);
  const { basePath } = api;
  const sessionQuery = apiQuery(`${basePath}/session`, sessionResponseSchema, area);
  const sessionQueryKey = sessionQuery.queryKey;
  // The login mutation's 401 ("Incorrect password") is not a lost session.
  const loginMutationKey = [`${basePath}/login`] as const;
  const owns = (key: QueryKey | undefined) => key?.[0] !== sessionQueryKey[0] && key?.[0] !== loginMutationKey[0] && (options.ownsKey?.(key) ?? true);
  const storage = () => (options.storage === 'local' ? window.localStorage : window.sessionStorage);
  const listeners = new Set<() => void>();

  const readFlag = (): boolean => {
    try {
      return storage().getItem(flagKey) === 'true';
    } catch {
      // Storage disabled (privacy mode): the session check alone decides.
      return false;
    }
  };
  const writeFlag = (on: boolean): void => {
    try {
      if (on) storage().setItem(flagKey, 'true');
      else storage().removeItem(flagKey);
    } catch {
      // See readFlag.
    }
    listeners.forEach((listener) => listener());
  };
  const subscribeFlag = (listener: () => void) => {
    listeners.add(listener);
    // localStorage is shared by the browser's tabs: logging out in one logs out all.
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === flagKey) listener();
    };
    if (options.storage === 'local') window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  };
  const clearCachedData = (queryClient: QueryClient) => {
    if (!options.ownsKey) {
      queryClient.removeQueries();
      queryClient.getMutationCache().clear();
      return;
    }
    queryClient.removeQueries({ predicate: (query) => owns(query.queryKey) });
  };
  const loginError = (error: unknown): SignInError => {
    // The server's own words for the two-factor step ("Two-factor code required", "Incorrect two-factor code").
    if (isTwoFactorRequired(error)) return new SignInError(serverMessage(error) ?? 'Two-factor code required', true);
    if (error instanceof SignInError) return error;
    return new SignInError(
      isUnauthorized(error) ? options.incorrectPassword : (serverMessage(error) ?? 'Could not reach the server. Check your connection and try again.'),
    );
  };

  function usePasswordSession(): PasswordSession {
    const queryClient = useQueryClient();
    const flag = useSyncExternalStore(subscribeFlag, readFlag, () => false);
    const [sessionEnded, setSessionEnded] = useState(false);

    // Confirmed on every visit of the page (staleTime 0), not only on a full reload.
    const session = useQuery({ ...sessionQuery, enabled: flag, staleTime: 0 });
    const status: PasswordSessionStatus = !flag ? 'signed-out' : session.isPending ? 'checking' : session.data?.authenticated === true ? 'signed-in' : 'signed-out';

    // The server says there is no session (or, where asked, cannot say): the flag is stale.
    const checkFailed = options.signOutOnCheckError === true && session.isError;
    useEffect(() => {
      if (flag && (session.data?.authenticated === false || checkFailed)) writeFlag(false);
    }, [flag, session.data, checkFailed]);

    // Leaving the area (logout, lost session, another tab) drops its cached data. Done in an
    // effect, after its views have unmounted, so no mounted query refetches into a 401 loop.
    const wasSignedIn = useRef(false);
    useEffect(() => {
      if (status === 'signed-in') wasSignedIn.current = true;
      else if (status === 'signed-out' && wasSignedIn.current) {
        wasSignedIn.current = false;
        clearCachedData(queryClient);
      }
    }, [status, queryClient]);

    // Any of the area's calls answered 401: the session is gone.
    useEffect(() => {
      const onError = (error: unknown) => {
        if (!isUnauthorized(error) || !readFlag()) return;
        setSessionEnded(true);
        writeFlag(false);
      };
      const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'error' && owns(event.query.queryKey)) onError(event.action.error);
      });
      const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'error' && owns(event.mutation?.options.mutationKey)) onError(event.action.error);
      });
      return () => {
        unsubscribeQueries();
        unsubscribeMutations();
      };
    }, [queryClient]);

    const loginMutation = useMutation({
      mutationKey: loginMutationKey,
      mutationFn: async ({ password, factor }: { password: string; factor?: SecondFactor }) => {
        // Sign-in needs no credential; the desktop asks for a token instead of a cookie.
        const client = signInClient();
        const body: LoginRequest = { password, ...factor, ...(client ? { client } : {}) };
        const answer = await apiSend('POST', `${basePath}/login`, loginResponseSchema, body);
        if (client) await keepSessionToken(area, issuedToken(answer));
      },
      onSuccess: () => {
        queryClient.setQueryData(sessionQueryKey, { authenticated: true });
        setSessionEnded(false);
        writeFlag(true);
      },
    });
    const logoutMutation = useMutation({
      mutationFn: async () => {
        await apiSend('POST', `${basePath}/logout`, logoutResponseSchema, undefined, area);
      },
    });

    const { mutateAsync: loginAsync } = loginMutation;
    const login = useCallback(
      async (password: string, factor?: SecondFactor) => {
        try {
          await loginAsync({ password, ...(factor ? { factor } : {}) });
        } catch (error) {
          throw loginError(error);
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
        forgetSessionToken(area);
        queryClient.setQueryData(sessionQueryKey, { authenticated: false });
        setSessionEnded(false);
        writeFlag(false);
      }
    }, [logoutAsync, queryClient]);

    return { status, sessionEnded, login, loggingIn: loginMutation.isPending, logout, loggingOut: logoutMutation.isPending };
  }

  return { usePasswordSession, sessionQueryKey };
}
