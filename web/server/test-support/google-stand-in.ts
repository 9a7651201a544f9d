import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the parts of Google that Ridgeline uses, speaking Google's wire format,
 * so the real `@googleapis/calendar` SDK runs against it (GOOGLE_OAUTH_BASE and GOOGLE_API_BASE
 * set to `url`):
 *
 * - `GET /o/oauth2/v2/auth` — the consent page: redirects straight back to `redirect_uri` with a
 *   fresh `code` and the `state` (or `error=access_denied` after `denyNextConsent()`).
 * - `POST /token` — form-encoded `grant_type=authorization_code` (code, redirect_uri, client_id,
 *   client_secret) or `grant_type=refresh_token`; answers `{access_token, expires_in,
 *   refresh_token?, scope, token_type}` or 400 `{error: 'invalid_grant', error_description}`
 *   (401 `invalid_client` for a wrong client).
 * - Calendar API v3 with `Authorization: Bearer <access token>`:
 *   `POST /calendar/v3/calendars/{calendarId}/events` (409 `duplicate` for a known id),
 *   `PATCH …/events/{eventId}`, `DELETE …/events/{eventId}` (204; 410 `deleted` when already
 *   cancelled), `GET …/events/{eventId}`; errors as `{error: {code, message, errors: [{reason}]}}`.
 * Every request is recorded in `requests`.
 */

export const STAND_IN_CLIENT_ID = 'standin-client.apps.googleusercontent.com';
export const STAND_IN_CLIENT_SECRET = 'standin-client-secret';
export const STAND_IN_SCOPE = 'https://www.googleapis.com/auth/calendar';

export interface StandInEvent {
  kind: 'calendar#event';
  id: string;
  status: 'confirmed' | 'cancelled';
  calendarId: string;
  summary?: string;
  description?: string;
  location?: string;
  start?: { dateTime?: string; date?: string; timeZone?: string };
  end?: { dateTime?: string; date?: string; timeZone?: string };
  attendees?: { email: string; responseStatus?: string }[];
  extendedProperties?: { private?: Record<string, string> };
  created: string;
  updated: string;
  sequence: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  /** Parsed body: the form fields of /token, the JSON of the Calendar API. */
  body: Record<string, unknown>;
}

export interface GoogleStandIn {
  /** e.g. http://127.0.0.1:41234 — use as GOOGLE_OAUTH_BASE and GOOGLE_API_BASE */
  url: string;
  clientId: string;
  clientSecret: string;
  requests: RecordedRequest[];
  /** Events by id, cancelled ones included (as Google keeps them). */
  events: Map<string, StandInEvent>;
  /** An authorization code as the consent page would hand out, for `redirectUri`. */
  issueCode(redirectUri: string): string;
  /** A refresh token Google would accept. */
  issueRefreshToken(): string;
  /** Revokes a refresh token (the owner removed access): it then gets `invalid_grant`. */
  revoke(refreshToken: string): void;
  /** The next consent ends with `error=access_denied`. */
  denyNextConsent(): void;
  /** The next exchange of a code answers without a refresh_token (consent not forced). */
  omitNextRefreshToken(): void;
  /** Makes the next N Calendar API calls fail with 503 backendError. */
  failNextApiCalls(n: number): void;
  /** Requests to the Calendar API (not OAuth). */
  apiRequests(): RecordedRequest[];
  close(): Promise<void>;
}

export async function startGoogleStandIn(
  options: { clientId?: string; clientSecret?: string } = {},
): Promise<GoogleStandIn> {
  const clientId = options.clientId ?? STAND_IN_CLIENT_ID;
  const clientSecret = options.clientSecret ?? STAND_IN_CLIENT_SECRET;
  const codes = new Map<string, { redirectUri: string; used: boolean }>();
  const refreshTokens = new Set<string>();
  const accessTokens = new Set<string>();
  const events = new Map<string, StandInEvent>();
  const requests: RecordedRequest[] = [];
  let denyConsent = false;
  let omitRefresh = false;
  let apiFailures = 0;

  const token = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;
  const issueCode = (redirectUri: string) => {
    const code = token('4/0A');
    codes.set(code, { redirectUri, used: false });
    return code;
  };
  const issueRefreshToken = () => {
    const t = token('1//0g');
    refreshTokens.add(t);
    return t;
  };
  const issueAccessToken = () => {
    const t = token('ya29.');
    accessTokens.add(t);
    return t;
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  };
  const oauthError = (res: ServerResponse, status: number, error: string, description: string) =>
    json(res, status, { error, error_description: description });
  const apiError = (res: ServerResponse, code: number, reason: string, message: string) =>
    json(res, code, { error: { code, message, errors: [{ domain: 'global', reason, message }] } });

  const handleToken = (res: ServerResponse, form: Record<string, string>) => {
    if (form.client_id !== clientId || form.client_secret !== clientSecret) {
      return oauthError(res, 401, 'invalid_client', 'The OAuth client was not found.');
    }
    if (form.grant_type === 'authorization_code') {
      const issued = form.code ? codes.get(form.code) : undefined;
      if (!issued || issued.used) return oauthError(res, 400, 'invalid_grant', 'Malformed auth code.');
      if (issued.redirectUri !== form.redirect_uri) return oauthError(res, 400, 'redirect_uri_mismatch', 'Bad Request');
      issued.used = true;
      const omit = omitRefresh;
      omitRefresh = false;
      return json(res, 200, {
        access_token: issueAccessToken(),
        expires_in: 3599,
        ...(omit ? {} : { refresh_token: issueRefreshToken() }),
        scope: STAND_IN_SCOPE,
        token_type: 'Bearer',
      });
    }
    if (form.grant_type === 'refresh_token') {
      if (!form.refresh_token || !refreshTokens.has(form.refresh_token)) {
        return oauthError(res, 400, 'invalid_grant', 'Token has been expired or revoked.');
      }
      return json(res, 200, { access_token: issueAccessToken(), expires_in: 3599, scope: STAND_IN_SCOPE, token_type: 'Bearer' });
    }
    return oauthError(res, 400, 'unsupported_grant_type', `Invalid grant_type: ${form.grant_type ?? ''}`);
  };

  const handleCalendar = (req: IncomingMessage, res: ServerResponse, path: string, body: Record<string, unknown>) => {
    const match = /^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(path);
    if (!match) return apiError(res, 404, 'notFound', 'Not Found');
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('Bearer ') || !accessTokens.has(auth.slice(7))) {
      return apiError(res, 401, 'authError', 'Request had invalid authentication credentials. Expected OAuth 2 access token.');
    }
    if (apiFailures > 0) {
      apiFailures -= 1;
      return apiError(res, 503, 'backendError', 'The service is currently unavailable.');
    }
    const calendarId = decodeURIComponent(match[1] as string);
    const eventId = match[2] ? decodeURIComponent(match[2]) : undefined;
    const now = new Date().toISOString();
    if (!eventId && req.method === 'POST') {
      const id = typeof body.id === 'string' ? body.id : randomBytes(13).toString('hex');
      if (!/^[a-v0-9]{5,1024}$/.test(id)) return apiError(res, 400, 'invalid', 'Invalid resource id value.');
      if (events.has(id)) return apiError(res, 409, 'duplicate', 'The requested identifier already exists.');
      if (!body.start || !body.end) return apiError(res, 400, 'required', 'Missing end time.');
      const event: StandInEvent = {
        ...(body as Partial<StandInEvent>),
        kind: 'calendar#event',
        id,
        status: 'confirmed',
        calendarId,
        attendees: ((body.attendees as { email: string }[] | undefined) ?? []).map((a) => ({ email: a.email, responseStatus: 'needsAction' })),
        created: now,
        updated: now,
        sequence: 0,
      };
      events.set(id, event);
      return json(res, 200, event);
    }
    const event = eventId ? events.get(eventId) : undefined;
    if (!event || event.calendarId !== calendarId) return apiError(res, 404, 'notFound', 'Not Found');
    if (req.method === 'GET') return json(res, 200, event);
    if (req.method === 'PATCH') {
      Object.assign(event, body, { id: event.id, kind: event.kind, calendarId, updated: now, sequence: event.sequence + 1 });
      if (body.attendees) event.attendees = (body.attendees as { email: string }[]).map((a) => ({ email: a.email, responseStatus: 'needsAction' }));
      return json(res, 200, event);
    }
    if (req.method === 'DELETE') {
      if (event.status === 'cancelled') return apiError(res, 410, 'deleted', 'Resource has been deleted');
      event.status = 'cancelled';
      event.updated = now;
      res.writeHead(204);
      return res.end();
    }
    return apiError(res, 405, 'methodNotAllowed', 'Method not allowed');
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const type = req.headers['content-type'] ?? '';
    const body: Record<string, unknown> = type.includes('application/x-www-form-urlencoded')
      ? Object.fromEntries(new URLSearchParams(raw))
      : raw
        ? (JSON.parse(raw) as Record<string, unknown>)
        : {};
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization,
      body,
    });
    if (url.pathname === '/o/oauth2/v2/auth' && req.method === 'GET') {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      if (url.searchParams.get('client_id') !== clientId || !redirectUri) {
        res.writeHead(400, { 'Content-Type': 'text/plain' });
        return res.end('Error 400: invalid_request');
      }
      const back = new URL(redirectUri);
      if (denyConsent) {
        denyConsent = false;
        back.searchParams.set('error', 'access_denied');
      } else {
        back.searchParams.set('code', issueCode(redirectUri));
        back.searchParams.set('scope', url.searchParams.get('scope') ?? '');
      }
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { Location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') return handleToken(res, body as Record<string, string>);
    if (url.pathname.startsWith('/calendar/v3/')) return handleCalendar(req, res, url.pathname, body);
    return apiError(res, 404, 'notFound', 'Not Found');
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: Error) => apiError(res, 500, 'internalError', err.message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    requests,
    events,
    issueCode,
    issueRefreshToken,
    revoke: (t) => void refreshTokens.delete(t),
    denyNextConsent: () => void (denyConsent = true),
    omitNextRefreshToken: () => void (omitRefresh = true),
    failNextApiCalls: (n) => void (apiFailures = n),
    apiRequests: () => requests.filter((r) => r.path.startsWith('/calendar/')),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
