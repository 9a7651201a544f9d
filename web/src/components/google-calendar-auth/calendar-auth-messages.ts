/**
 * The messages of /calendar-auth ([google.manual-token], [google.messages]) and how the page
 * reads Google's return. Pure: unit-tested beside it.
 */
import { calendarAuthNonce } from '@ridgeline/core';
import { serverMessage } from '@/components/admin/api-error';
import { ApiError, UnexpectedAnswerError } from '@/lib/api-error';

export const AUTH_DENIED_MESSAGE = 'Authorization denied or failed';
export const BLANK_TOKEN_MESSAGE = 'Please enter a refresh token';
export const EXCHANGE_FAILED_MESSAGE = 'Failed to get refresh token';
export const INVALID_TOKEN_MESSAGE = 'Invalid refresh token';

/** What Google's redirect back to /calendar-auth carries. */
export type GoogleReturn = { kind: 'none' } | { kind: 'code'; code: string; state: string } | { kind: 'denied' };

/**
 * `?code=…&state=calendar_auth.<nonce>` is a grant to exchange (the server then checks the
 * nonce is this session's: [google.oauth-state]); `?error=…` (access_denied…) or a code with any other
 * state (not a request of ours) is a denial.
 */
export function readGoogleReturn(params: URLSearchParams): GoogleReturn {
  const code = params.get('code');
  const state = params.get('state');
  if (params.has('error')) return { kind: 'denied' };
  if (code === null) return { kind: 'none' };
  return code && state && calendarAuthNonce(state) ? { kind: 'code', code, state } : { kind: 'denied' };
}

/**
 * The message for a failed call: the server's words (which start with `fallback` for Google's
 * refusals, or with "Authorization denied or failed" for a state that is not this session's),
 * `fallback` when it said nothing, or "Network error: …" when the server was not reached at all.
 */
export function calendarAuthFailure(error: unknown, fallback: string): string {
  // An answer off its contract did reach us: not a network error; the fallback says it failed.
  if (error instanceof UnexpectedAnswerError) return fallback;
  if (error instanceof Error && !(error instanceof ApiError)) return `Network error: ${error.message}`;
  const message = serverMessage(error);
  if (!message) return fallback;
  return message.startsWith(fallback) || message.startsWith(AUTH_DENIED_MESSAGE) ? message : `${fallback}: ${message}`;
}
