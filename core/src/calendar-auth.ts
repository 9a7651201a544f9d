/**
 * The Google Calendar connection's fixed values (SPEC §2 "Calendar authentication"), shared by
 * the server that builds the consent URL and the page Google sends the owner back to.
 */

/** The OAuth `state` the consent URL carries and the return must echo. */
export const CALENDAR_AUTH_STATE = 'calendar_auth';

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
