import { Router, type Request } from 'express';
import {
  exchangeCodeRequestSchema,
  updateTokenRequestSchema,
  type AuthUrlResponse,
  type MessageResponse,
  type CalendarStatus,
  type ExchangeCodeResponse,
  type OauthStateResponse,
  type SuccessResponse,
} from '@ridgeline/core';
import type { GoogleCalendarClient, GoogleCalendarError } from '@ridgeline/core/node';
import { requireSession, sessionToken } from '../http/sessions.js';
import type { AppDeps } from '../deps.js';
import { googleConnection } from './google-connection.js';
import { asGoogleRefusal, consumeCalendarAuthState, issueCalendarAuthState } from './google-oauth.js';
import { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validate.js';
import { CLEANING_RECONCILE_JOB } from '../jobs/job-names.js';

const NOT_CONFIGURED =
  'Google Calendar is not configured on this server: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (see README, "Google Calendar and cleaning notifications").';

/** The words of [google.messages] for a refused consent, which the page shows as they are. */
const STATE_REFUSED =
  'Authorization denied or failed: this sign-in with Google was not started from this session, has expired (10 minutes) or was already used. Start again with “Authorize with Google”.';

/** A failure of ours, with `success: false` as the page reads it ([google.messages]). */
const failure = (status: number, message: string) => new HttpError(status, message, { success: false });

/**
 * Connecting the owner's Google Calendar ([google.status], [google.oauth], [google.manual-token], [google.messages]), admin
 * only; contracts in `core/src/api/google-calendar.ts`. The refresh token is stored encrypted and never logged.
 * - `GET /api/calendar/status` → `{ configured, connected, lastError?, lastCheckedAt? }`
 * - `POST /api/calendar/oauth-state` → `{ state, authUrl }`: a fresh state
 *   `calendar_auth.<nonce>` bound to this admin session, single use, valid 10 minutes
 *   ([google.oauth-state], RFC 6749 §10.12), and Google's consent page carrying it (calendar scope, offline access,
 *   forced consent, redirect PUBLIC_URL/calendar-auth). What the page calls before redirecting.
 * - `GET /api/calendar/auth-url` → `{ url, state }`: the same (the route of [google.oauth]), for API clients
 * - `POST /api/calendar/exchange-code` `{ code, state }` → `{ success, refreshToken, message }`;
 *   400 "Authorization denied or failed: …" (field `state`) unless `state` was issued to this
 *   session, unexpired and unused, checked before Google is called; 400 "Failed to get refresh
 *   token: …" when Google refuses the code or sends no refresh token
 * - `POST /api/calendar/update-token` `{ refreshToken }` → `{ success, message }`; 400
 *   "Invalid refresh token" when Google refuses it
 * - `POST /api/calendar/disconnect` → `{ success }`: forgets the token
 * Without GOOGLE_CLIENT_ID/SECRET every call but status answers 503; Google unreachable: 502.
 */
export function googleCalendarRoutes(deps: AppDeps): Router {
  const admin = requireSession(deps, 'admin');
  const connection = googleConnection(deps);
  const router = Router();
  const client = (): GoogleCalendarClient => {
    if (!deps.google) throw failure(503, NOT_CONFIGURED);
    return deps.google;
  };
  const reconcile = () => deps.jobs?.trigger(CLEANING_RECONCILE_JOB);
  const unreachable = (err: GoogleCalendarError) => err.status === undefined || err.status >= 500;

  router.get('/api/calendar/status', admin, (_req, res) => {
    res.set('Cache-Control', 'no-store').json(connection.status() satisfies CalendarStatus);
  });

  // `admin` ran first, so the request carries a live admin session token.
  const token = (req: Request) => sessionToken(req, 'admin') ?? '';
  const issueState = (req: Request): OauthStateResponse => {
    const google = client();
    const state = issueCalendarAuthState(deps, token(req));
    return { state, authUrl: google.authUrl(state) };
  };

  router.post('/api/calendar/oauth-state', admin, (req, res) => {
    res.set('Cache-Control', 'no-store').json(issueState(req));
  });

  router.get('/api/calendar/auth-url', admin, (req, res) => {
    const { state, authUrl } = issueState(req);
    res.set('Cache-Control', 'no-store').json({ url: authUrl, state } satisfies AuthUrlResponse);
  });

  router.post('/api/calendar/exchange-code', admin, async (req, res) => {
    const { code, state } = parseOr400(exchangeCodeRequestSchema, req.body);
    const google = client();
    if (!consumeCalendarAuthState(deps, state, token(req))) {
      deps.logger.warn('refused a Google authorization code: its state was not issued to this session, expired or used');
      throw new HttpError(400, STATE_REFUSED, { success: false, field: 'state' });
    }
    let refreshToken: string | null;
    try {
      ({ refreshToken } = await google.exchangeCode(code));
    } catch (err) {
      const refused = asGoogleRefusal(err);
      if (!refused) throw err;
      deps.logger.warn('Google refused an authorization code', { status: refused.status, reason: refused.reason });
      throw failure(unreachable(refused) ? 502 : 400, `Failed to get refresh token: ${refused.message}`);
    }
    if (!refreshToken) {
      throw failure(
        400,
        'Failed to get refresh token: Google sent none. Remove Ridgeline’s access at https://myaccount.google.com/permissions and connect again.',
      );
    }
    connection.save(refreshToken);
    deps.logger.info('Google Calendar connected (authorization code)');
    reconcile();
    res.set('Cache-Control', 'no-store').json({ success: true, refreshToken, message: 'Google Calendar connected. Cleaning events will be created in your calendar.' } satisfies ExchangeCodeResponse);
  });

  router.post('/api/calendar/update-token', admin, async (req, res) => {
    const { refreshToken } = parseOr400(updateTokenRequestSchema, req.body);
    const google = client();
    try {
      await google.checkRefreshToken(refreshToken);
    } catch (err) {
      const refused = asGoogleRefusal(err);
      if (!refused) throw err;
      deps.logger.warn('Google refused a refresh token entered by hand', { status: refused.status, reason: refused.reason });
      if (unreachable(refused)) throw failure(502, `Could not check the refresh token with Google: ${refused.message}`);
      throw failure(400, `Invalid refresh token: ${refused.message}`);
    }
    connection.save(refreshToken);
    deps.logger.info('Google Calendar connected (refresh token entered by hand)');
    reconcile();
    res.json({ success: true, message: 'Refresh token saved. Google Calendar is connected.' } satisfies MessageResponse);
  });

  router.post('/api/calendar/disconnect', admin, (_req, res) => {
    connection.disconnect();
    deps.logger.info('Google Calendar disconnected');
    res.json({ success: true } satisfies SuccessResponse);
  });

  return router;
}
