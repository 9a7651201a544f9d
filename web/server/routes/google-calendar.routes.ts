import { Router } from 'express';
import { z } from 'zod';
import { CALENDAR_AUTH_STATE } from '@ridgeline/core';
import { GoogleCalendarError, type GoogleCalendarClient } from '@ridgeline/core/node';
import { requireSession } from '../auth/sessions.js';
import type { AppDeps } from '../deps.js';
import { googleConnection } from '../google/google-connection.js';
import { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validate.js';

const NOT_CONFIGURED =
  'Google Calendar is not configured on this server: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (see README, "Google Calendar and cleaning notifications").';

const codeBody = z.object({
  code: z.string({ message: 'is required' }).trim().min(1, 'is required').max(2048, 'is too long'),
});
const tokenBody = z.object({
  refreshToken: z.string({ message: 'Please enter a refresh token' }).trim().min(1, 'Please enter a refresh token').max(2048, 'is too long'),
});

/** A failure of ours, with `success: false` as the page reads it (SPEC §7). */
const failure = (status: number, message: string) => new HttpError(status, message, { success: false });

/**
 * Connecting the owner's Google Calendar (SPEC §2 "Calendar authentication", §7, §8), admin
 * only. The refresh token is stored encrypted and never logged.
 * - `GET /api/calendar/status` → `{ configured, connected, lastError?, lastCheckedAt? }`
 * - `GET /api/calendar/auth-url` → `{ url }`: Google's consent page (calendar scope, offline
 *   access, forced consent, state "calendar_auth", redirect PUBLIC_URL/calendar-auth)
 * - `POST /api/calendar/exchange-code` `{ code }` → `{ success, refreshToken, message }`;
 *   400 "Failed to get refresh token: …" when Google refuses the code or sends no refresh token
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
  const reconcile = () => deps.cleaning?.reconcile().catch((err: unknown) => deps.logger.error('cleaning reconcile failed', { err }));
  const unreachable = (err: GoogleCalendarError) => err.status === undefined || err.status >= 500;

  router.get('/api/calendar/status', admin, (_req, res) => {
    res.set('Cache-Control', 'no-store').json(connection.status());
  });

  router.get('/api/calendar/auth-url', admin, (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ url: client().authUrl(CALENDAR_AUTH_STATE) });
  });

  router.post('/api/calendar/exchange-code', admin, async (req, res) => {
    const { code } = parseOr400(codeBody, req.body);
    const google = client();
    let refreshToken: string | null;
    try {
      ({ refreshToken } = await google.exchangeCode(code));
    } catch (err) {
      if (!(err instanceof GoogleCalendarError)) throw err;
      deps.logger.warn('Google refused an authorization code', { status: err.status, reason: err.reason });
      throw failure(unreachable(err) ? 502 : 400, `Failed to get refresh token: ${err.message}`);
    }
    if (!refreshToken) {
      throw failure(
        400,
        'Failed to get refresh token: Google sent none. Remove Ridgeline’s access at https://myaccount.google.com/permissions and connect again.',
      );
    }
    connection.save(refreshToken);
    deps.logger.info('Google Calendar connected (authorization code)');
    void reconcile();
    res.set('Cache-Control', 'no-store').json({ success: true, refreshToken, message: 'Google Calendar connected. Cleaning events will be created in your calendar.' });
  });

  router.post('/api/calendar/update-token', admin, async (req, res) => {
    const { refreshToken } = parseOr400(tokenBody, req.body);
    const google = client();
    try {
      await google.checkRefreshToken(refreshToken);
    } catch (err) {
      if (!(err instanceof GoogleCalendarError)) throw err;
      deps.logger.warn('Google refused a refresh token entered by hand', { status: err.status, reason: err.reason });
      if (unreachable(err)) throw failure(502, `Could not check the refresh token with Google: ${err.message}`);
      throw failure(400, `Invalid refresh token: ${err.message}`);
    }
    connection.save(refreshToken);
    deps.logger.info('Google Calendar connected (refresh token entered by hand)');
    void reconcile();
    res.json({ success: true, message: 'Refresh token saved. Google Calendar is connected.' });
  });

  router.post('/api/calendar/disconnect', admin, (_req, res) => {
    connection.disconnect();
    deps.logger.info('Google Calendar disconnected');
    res.json({ success: true });
  });

  return router;
}
