/**
 * The state of /calendar-auth ([google.auth-page]: idle, authenticating, connected with
 * the refresh token shown, or an error message) and its three actions: send the owner to
 * Google's consent page, exchange the code Google sends back (automatically, once), or set a
 * refresh token by hand.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CALENDAR_STATUS_QUERY_KEY } from '@/components/admin/google-calendar/calendar-queries';
import { exchangeCodeResponseSchema, oauthStateResponseSchema, updateTokenResponseSchema, type ExchangeCodeRequest } from '@ridgeline/core';
import { apiSend } from '@/lib/api';
import { useSearchParams } from '@/lib/navigation';
import { adminApi } from '@/lib/query-client';
import {
  AUTH_DENIED_MESSAGE,
  BLANK_TOKEN_MESSAGE,
  EXCHANGE_FAILED_MESSAGE,
  INVALID_TOKEN_MESSAGE,
  calendarAuthFailure,
  readGoogleReturn,
} from './calendar-auth-messages';

export type CalendarAuthState =
  | { phase: 'idle' }
  | { phase: 'authenticating' }
  | { phase: 'connected'; refreshToken: string }
  | { phase: 'error'; message: string };

type Outcome = Extract<CalendarAuthState, { phase: 'connected' | 'error' }>;

/** `ready`: the admin session is confirmed, so the code Google sent may be exchanged. */
export function useCalendarAuth(ready: boolean) {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const googleReturn = readGoogleReturn(params);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const refreshStatus = () => queryClient.invalidateQueries({ queryKey: CALENDAR_STATUS_QUERY_KEY });

  const exchange = useMutation({
    mutationFn: (grant: ExchangeCodeRequest) => apiSend('POST', '/api/calendar/exchange-code', exchangeCodeResponseSchema, grant, adminApi.area),
    onSuccess: (data) => setOutcome({ phase: 'connected', refreshToken: data.refreshToken }),
    onError: (error) => setOutcome({ phase: 'error', message: calendarAuthFailure(error, EXCHANGE_FAILED_MESSAGE) }),
    onSettled: refreshStatus,
  });

  const manual = useMutation({
    mutationFn: (refreshToken: string) => apiSend('POST', '/api/calendar/update-token', updateTokenResponseSchema, { refreshToken }, adminApi.area),
    onSuccess: (_res, refreshToken) => setOutcome({ phase: 'connected', refreshToken }),
    onError: (error) => setOutcome({ phase: 'error', message: calendarAuthFailure(error, INVALID_TOKEN_MESSAGE) }),
    onSettled: refreshStatus,
  });

  const authorize = useMutation({
    // A fresh state bound to this session ([google.oauth-state]); Google's consent URL carries it.
    mutationFn: async () => (await apiSend('POST', '/api/calendar/oauth-state', oauthStateResponseSchema, undefined, adminApi.area)).authUrl,
    onSuccess: (url) => {
      setRedirecting(true);
      // [google.oauth]: Google's consent page is reached by redirect; it sends the owner back here.
      window.location.assign(url);
    },
    onError: (error) => setOutcome({ phase: 'error', message: calendarAuthFailure(error, AUTH_DENIED_MESSAGE) }),
  });

  // The code Google sent back is exchanged once, as soon as the session is confirmed.
  const exchanged = useRef<string | null>(null);
  const { mutate: exchangeCode } = exchange;
  const code = googleReturn.kind === 'code' ? googleReturn.code : null;
  const returnedState = googleReturn.kind === 'code' ? googleReturn.state : null;
  useEffect(() => {
    if (!ready || code === null || returnedState === null || exchanged.current === code) return;
    exchanged.current = code;
    exchangeCode({ code, state: returnedState });
    // A code works once: out of the address bar, so a reload or a bookmark cannot replay it.
    setParams({}, { replace: true });
  }, [ready, code, returnedState, exchangeCode, setParams]);

  const startOAuth = useCallback(() => {
    setOutcome(null);
    authorize.mutate();
  }, [authorize]);

  const submitToken = useCallback(
    (token: string) => {
      const refreshToken = token.trim();
      if (!refreshToken) {
        setOutcome({ phase: 'error', message: BLANK_TOKEN_MESSAGE });
        return;
      }
      setOutcome(null);
      manual.mutate(refreshToken);
    },
    [manual],
  );

  const state: CalendarAuthState =
    exchange.isPending || manual.isPending || authorize.isPending || redirecting || (ready && code !== null)
      ? { phase: 'authenticating' }
      : (outcome ?? (googleReturn.kind === 'denied' ? { phase: 'error', message: AUTH_DENIED_MESSAGE } : { phase: 'idle' }));

  return { state, startOAuth, submitToken };
}
