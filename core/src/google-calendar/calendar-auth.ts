/**
 * The Google Calendar connection's fixed values ([google.auth-page], [google.oauth]), shared by
 * the server that builds the consent URL and the page Google sends the owner back to.
 */

/**
 * The fixed part of the OAuth `state` ([google.oauth-state]). The consent URL carries
 * `calendar_auth.<nonce>`: a fixed state would let a forged callback connect someone else's
 * Google account ([google.oauth-state]; RFC 6749 §10.12, RFC 9700 §4.7.1 "CSRF protection").
 */
export const CALENDAR_AUTH_STATE = 'calendar_auth';

/** How long an issued state may be used, in ms (the consent takes a person a minute or two). */
export const CALENDAR_AUTH_STATE_TTL_MS = 10 * 60 * 1000;

/** `calendar_auth.` then a nonce of 32 random bytes in base64url (43 characters). */
const STATE_FORMAT = /^calendar_auth\.([A-Za-z0-9_-]{43})$/;

/** The state for `nonce`: `calendar_auth.<nonce>`. */
export const calendarAuthState = (nonce: string) => `${CALENDAR_AUTH_STATE}.${nonce}`;

/** The nonce of a well-formed state, or undefined for anything else (the bare fixed value too, [google.oauth-state]). */
export function calendarAuthNonce(state: string | null | undefined): string | undefined {
  return state ? STATE_FORMAT.exec(state)?.[1] : undefined;
}

/** The page Google redirects back to: PUBLIC_URL + this path is the OAuth redirect URI. */
export const CALENDAR_AUTH_PATH = '/calendar-auth';

/** `GET /api/calendar/status` */
export interface CalendarStatus {
  /** GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set. */
  configured: boolean;
  /** A refresh token is stored and Google accepted it the last time it was used. */
  connected: boolean;
  /** Why the last use failed (a revoked token, Google unreachable). */
  lastError?: string;
  /** ISO 8601 UTC of the last time Google accepted the token. */
  lastCheckedAt?: string;
}
