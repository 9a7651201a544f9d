import { auth, calendar, type calendar_v3 } from '@googleapis/calendar';

/**
 * Ridgeline's only door to Google (docs/architecture.md "Layers and their boundaries"): OAuth for the owner's calendar and the
 * few Calendar API v3 calls the cleaning notifications make, typed in and out. `apiBase` (the
 * SDK's `rootUrl`) and `oauthBase` (the OAuth2Client `endpoints`) point the SDK at a local
 * stand-in in tests; production leaves them at Google's.
 *
 * Errors leave as `GoogleCalendarError` carrying only Google's status and reason: the SDK's own
 * errors hold the request (client secret, refresh token) and must never reach a log.
 */

/** Full read/write access to the owner's calendars (Google's OAuth scopes for Calendar API v3). */
export const GOOGLE_CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar';

/** A date and wall-clock time in a named zone, as the Calendar API takes it. */
export interface CalendarEventTime {
  /** `YYYY-MM-DDTHH:MM:SS`, no offset: read in `timeZone`. */
  dateTime: string;
  /** IANA zone, e.g. America/New_York */
  timeZone: string;
}

export interface CalendarEventInput {
  summary: string;
  description: string;
  location?: string;
  start: CalendarEventTime;
  end: CalendarEventTime;
  /** Invited by e-mail (Google sends the invitations: `sendUpdates: 'all'`). */
  attendees: string[];
  /** Stored on the event, invisible to attendees (extendedProperties.private). */
  privateProperties?: Record<string, string>;
}

/** An error answered by Google (or no answer at all), without the request that caused it. */
export class GoogleCalendarError extends Error {
  constructor(
    message: string,
    /** HTTP status; undefined when Google could not be reached. */
    readonly status: number | undefined,
    /** OAuth `error` (invalid_grant, invalid_client…) or the API's first `errors[].reason`. */
    readonly reason: string | undefined,
  ) {
    super(message);
    this.name = 'GoogleCalendarError';
  }

  /** The refresh token or code is not (or no longer) accepted: the owner must connect again. */
  get isAuthError(): boolean {
    return this.reason === 'invalid_grant' || this.reason === 'unauthorized_client' || this.status === 401;
  }
}

export interface GoogleCalendarClient {
  /** Google's consent page for the calendar scope, offline access, forced consent and `state`. */
  authUrl(state: string): string;
  /**
   * Trades an authorization code for tokens (OAuth 2.0 authorization code grant).
   * @returns the refresh token, null when Google sent none (consent was not forced)
   * @throws GoogleCalendarError (`invalid_grant` for a used, expired or unknown code)
   */
  exchangeCode(code: string): Promise<{ refreshToken: string | null; scope: string | null }>;
  /**
   * Gets an access token with `refreshToken`, proving it works.
   * @throws GoogleCalendarError (`invalid_grant` when revoked or unknown)
   */
  checkRefreshToken(refreshToken: string): Promise<void>;
  /**
   * Inserts an event with our own `id` (5–1024 characters of 0-9 and a-v), so a retried insert
   * cannot make a second event: Google answers 409 `duplicate` instead.
   */
  insertEvent(refreshToken: string, calendarId: string, id: string, event: CalendarEventInput): Promise<{ id: string }>;
  /** Replaces the given fields of an event (and un-cancels it). */
  patchEvent(refreshToken: string, calendarId: string, eventId: string, event: CalendarEventInput): Promise<void>;
  /** Deletes an event; one already gone (404/410) counts as deleted. */
  deleteEvent(refreshToken: string, calendarId: string, eventId: string): Promise<void>;
}

export interface GoogleCalendarOptions {
  clientId: string;
  clientSecret: string;
  /** Where Google sends the owner back: PUBLIC_URL + /calendar-auth */
  redirectUri: string;
  /** Calendar API root URL; default Google's. */
  apiBase?: string | undefined;
  /** One origin for the consent page (`/o/oauth2/v2/auth`) and tokens (`/token`); default Google's. */
  oauthBase?: string | undefined;
  /** Per request, in ms (default 20 s). */
  timeoutMs?: number;
}

interface SdkError {
  status?: number;
  code?: string | number;
  response?: { status?: number; data?: unknown };
}

/** Google's answer, reduced to what is safe to show and log. */
function toGoogleError(err: unknown, action: string): GoogleCalendarError {
  if (err instanceof GoogleCalendarError) return err;
  const e = (err ?? {}) as SdkError;
  const status = e.response?.status ?? e.status;
  const data = e.response?.data as
    | { error?: string | { message?: string; errors?: { reason?: string }[] }; error_description?: string }
    | undefined;
  if (data && typeof data.error === 'string') {
    const detail = data.error_description ? `${data.error} (${data.error_description})` : data.error;
    return new GoogleCalendarError(`${action}: ${detail}`, status, data.error);
  }
  if (data && typeof data.error === 'object' && data.error) {
    const reason = data.error.errors?.[0]?.reason;
    return new GoogleCalendarError(`${action}: ${data.error.message ?? `HTTP ${status}`}`, status, reason);
  }
  if (status) return new GoogleCalendarError(`${action}: HTTP ${status}`, status, undefined);
  const code = typeof e.code === 'string' ? e.code : undefined;
  return new GoogleCalendarError(`${action}: could not reach Google${code ? ` (${code})` : ''}`, undefined, code ?? 'network');
}

async function wrap<T>(action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw toGoogleError(err, action);
  }
}

function eventBody(event: CalendarEventInput): calendar_v3.Schema$Event {
  return {
    summary: event.summary,
    description: event.description,
    ...(event.location ? { location: event.location } : {}),
    start: { dateTime: event.start.dateTime, timeZone: event.start.timeZone },
    end: { dateTime: event.end.dateTime, timeZone: event.end.timeZone },
    attendees: event.attendees.map((email) => ({ email })),
    ...(event.privateProperties ? { extendedProperties: { private: event.privateProperties } } : {}),
  };
}

/** Builds the client from configuration (GOOGLE_CLIENT_ID/SECRET, PUBLIC_URL, the bases). */
export function createGoogleCalendar(options: GoogleCalendarOptions): GoogleCalendarClient {
  const timeout = options.timeoutMs ?? 20_000;
  const oauthBase = options.oauthBase?.replace(/\/+$/, '');
  const newOAuthClient = () =>
    new auth.OAuth2({
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      redirectUri: options.redirectUri,
      ...(oauthBase
        ? {
            endpoints: {
              oauth2AuthBaseUrl: `${oauthBase}/o/oauth2/v2/auth`,
              oauth2TokenUrl: `${oauthBase}/token`,
              oauth2RevokeUrl: `${oauthBase}/revoke`,
              tokenInfoUrl: `${oauthBase}/tokeninfo`,
            },
          }
        : {}),
    });
  const rootUrl = options.apiBase ? `${options.apiBase.replace(/\/+$/, '')}/` : undefined;

  // One authorised Calendar client per refresh token: it keeps its access token until expiry.
  let cached: { refreshToken: string; api: calendar_v3.Calendar } | undefined;
  const api = (refreshToken: string): calendar_v3.Calendar => {
    if (cached?.refreshToken === refreshToken) return cached.api;
    const client = newOAuthClient();
    client.setCredentials({ refresh_token: refreshToken });
    const created = calendar({ version: 'v3', auth: client, timeout, ...(rootUrl ? { rootUrl } : {}) });
    cached = { refreshToken, api: created };
    return created;
  };

  return {
    authUrl(state) {
      return newOAuthClient().generateAuthUrl({
        access_type: 'offline',
        prompt: 'consent',
        scope: [GOOGLE_CALENDAR_SCOPE],
        state,
      });
    },
    exchangeCode: (code) =>
      wrap('Google refused the authorization code', async () => {
        const { tokens } = await newOAuthClient().getToken(code);
        return { refreshToken: tokens.refresh_token ?? null, scope: tokens.scope ?? null };
      }),
    checkRefreshToken: (refreshToken) =>
      wrap('Google refused the refresh token', async () => {
        const client = newOAuthClient();
        client.setCredentials({ refresh_token: refreshToken });
        const { token } = await client.getAccessToken();
        if (!token) throw new GoogleCalendarError('Google refused the refresh token: no access token', undefined, 'invalid_grant');
      }),
    insertEvent: (refreshToken, calendarId, id, event) =>
      wrap('Google Calendar did not create the event', async () => {
        const res = await api(refreshToken).events.insert({ calendarId, sendUpdates: 'all', requestBody: { id, ...eventBody(event) } });
        return { id: res.data.id ?? id };
      }),
    patchEvent: (refreshToken, calendarId, eventId, event) =>
      wrap('Google Calendar did not update the event', async () => {
        await api(refreshToken).events.patch({
          calendarId,
          eventId,
          sendUpdates: 'all',
          requestBody: { ...eventBody(event), status: 'confirmed' },
        });
      }),
    deleteEvent: (refreshToken, calendarId, eventId) =>
      wrap('Google Calendar did not delete the event', async () => {
        try {
          await api(refreshToken).events.delete({ calendarId, eventId, sendUpdates: 'all' });
        } catch (err) {
          const status = (err as SdkError).response?.status ?? (err as SdkError).status;
          if (status === 404 || status === 410) return;
          throw err;
        }
      }),
  };
}
