import { calendarAuthNonce, calendarAuthState } from '@ridgeline/core';
import { consumeOAuthNonce, GoogleCalendarError, issueOAuthNonce } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';

/**
 * The state of a sign-in with Google ([google.oauth-state], RFC 6749 §10.12) over the nonce
 * store and the app's clock, and Google's refusals, for `google-calendar.routes.ts`.
 */

/** A fresh state `calendar_auth.<nonce>` bound to the admin session of `sessionToken`, single use, valid 10 minutes. */
export function issueCalendarAuthState(deps: Pick<AppDeps, 'db' | 'now'>, sessionToken: string): string {
  return calendarAuthState(issueOAuthNonce(deps.db, sessionToken, deps.now?.()));
}

/**
 * Uses up `state` if it was issued to the session of `sessionToken`, is unexpired and unused;
 * false otherwise (a malformed state too), nothing used up.
 */
export function consumeCalendarAuthState(deps: Pick<AppDeps, 'db' | 'now'>, state: string, sessionToken: string): boolean {
  const nonce = calendarAuthNonce(state);
  return Boolean(nonce && consumeOAuthNonce(deps.db, nonce, sessionToken, deps.now?.()));
}

/** `err` when it is Google's refusal or failure (`status` undefined when unreachable), undefined for anything else. */
export function asGoogleRefusal(err: unknown): GoogleCalendarError | undefined {
  return err instanceof GoogleCalendarError ? err : undefined;
}
