/**
 * Contracts of the Google Calendar connection ([google.status], [google.oauth],
 * [google.manual-token], [google.messages]) and the cleaning settings ([cleaning.settings]), all
 * admin. Browser-safe.
 */
import { z } from 'zod';
import type { CalendarStatus } from '../google-calendar/calendar-auth.js';
import type { CleaningSettings } from '../cleaning/cleaning.js';
import { successResponseSchema } from './common.js';

export { cleaningSettingsSchema } from '../cleaning/cleaning.js';

/** `GET /api/calendar/status`. */
export const calendarStatusSchema = z.object({
  configured: z.boolean(),
  connected: z.boolean(),
  lastError: z.string().optional(),
  lastCheckedAt: z.string().optional(),
}) satisfies z.ZodType<CalendarStatus>;

/** `POST /api/calendar/oauth-state`: a fresh single-use state and Google's consent page carrying it. */
export const oauthStateResponseSchema = z.object({ state: z.string(), authUrl: z.string() });
export type OauthStateResponse = z.infer<typeof oauthStateResponseSchema>;

/** `GET /api/calendar/auth-url`: the same, named as [google.oauth] names it. */
export const authUrlResponseSchema = z.object({ url: z.string(), state: z.string() });
export type AuthUrlResponse = z.infer<typeof authUrlResponseSchema>;

/** Body of `POST /api/calendar/exchange-code`: what Google sent back to `/calendar-auth`. */
export const exchangeCodeRequestSchema = z.object({
  code: z.string({ message: 'is required' }).trim().min(1, 'is required').max(2048, 'is too long'),
  state: z.string({ message: 'is required' }).trim().min(1, 'is required').max(200, 'is too long'),
});
export type ExchangeCodeRequest = z.infer<typeof exchangeCodeRequestSchema>;

/** `POST /api/calendar/exchange-code`. */
export const exchangeCodeResponseSchema = z.object({ success: z.literal(true), refreshToken: z.string(), message: z.string() });
export type ExchangeCodeResponse = z.infer<typeof exchangeCodeResponseSchema>;

/** Body of `POST /api/calendar/update-token` ([google.manual-token]). */
export const updateTokenRequestSchema = z.object({
  refreshToken: z.string({ message: 'Please enter a refresh token' }).trim().min(1, 'Please enter a refresh token').max(2048, 'is too long'),
});
export type UpdateTokenRequest = z.infer<typeof updateTokenRequestSchema>;

/** `POST /api/calendar/update-token`. */
export const updateTokenResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** `POST /api/calendar/disconnect`. */
export const disconnectResponseSchema = successResponseSchema;

/** The cleaning settings as stored (blank crew address until the owner sets one). */
export const cleaningSettingsRecordSchema = z.object({
  cleaningCrewEmail: z.string(),
  autoCreateEvents: z.boolean(),
  isActive: z.boolean(),
  eventTime: z.string(),
}) satisfies z.ZodType<CleaningSettings>;

/** `GET /api/cleaning-settings`. */
export const cleaningSettingsResponseSchema = z.object({ settings: cleaningSettingsRecordSchema });
export type CleaningSettingsResponse = z.infer<typeof cleaningSettingsResponseSchema>;

/** `POST /api/cleaning-settings`. */
export const cleaningSettingsSavedResponseSchema = z.object({ success: z.literal(true), settings: cleaningSettingsRecordSchema });
export type CleaningSettingsSavedResponse = z.infer<typeof cleaningSettingsSavedResponseSchema>;
