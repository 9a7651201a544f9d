import { CALENDAR_AUTH_PATH } from '@ridgeline/core';
import { createGoogleCalendar, type Config, type GoogleCalendarClient } from '@ridgeline/core/node';

/**
 * The Google Calendar client of this configuration; undefined (calendar disabled, the API
 * answers 503) unless GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are both set. Google sends the
 * owner back to PUBLIC_URL/calendar-auth, which must be an authorised redirect URI of the client.
 */
export function googleCalendarFromConfig(config: Config): GoogleCalendarClient | undefined {
  const { clientId, clientSecret, apiBase, oauthBase } = config.google;
  if (!clientId || !clientSecret) return undefined;
  return createGoogleCalendar({ clientId, clientSecret, redirectUri: `${config.publicUrl}${CALENDAR_AUTH_PATH}`, apiBase, oauthBase });
}
