/**
 * Contracts of the calendar sources and the export feed ([ical.sources], [ical.export],
 * [ical.legacy-status], [ical.panel]), all admin (the feed itself, `GET /api/calendar/feed.ics`,
 * is `text/calendar` opened by its token). Browser-safe.
 */
import { z } from 'zod';
import { successResponseSchema } from './common.js';

/** The platforms a source may come from, in the add form's order; the first is the default ([ical.sources]). */
export const PLATFORMS = ['airbnb', 'vrbo', 'booking', 'manual'] as const;
export type Platform = (typeof PLATFORMS)[number];
export const platformSchema = z.enum(PLATFORMS, { message: `must be one of ${PLATFORMS.join(', ')}` });

/** Path of `/api/calendar-sources/{id}…`. */
export const calendarSourceIdParamsSchema = z.object({
  id: z.coerce.number({ message: 'must be a source id' }).int('must be a source id').positive('must be a source id').max(Number.MAX_SAFE_INTEGER),
});

/** A feed address: http(s), or the webcal:// link calendar apps hand out for the same https feed (stored as https). */
const icalUrl = z
  .string({ message: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(2000, 'is too long')
  .refine((v) => {
    try {
      const u = new URL(v.replace(/^webcals?:\/\//i, 'https://'));
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http:// or https:// URL')
  .transform((v) => v.replace(/^webcals?:\/\//i, 'https://'));

/** Body of `POST /api/calendar-sources`. */
export const newCalendarSourceSchema = z.object({
  name: z.string({ message: 'is required' }).trim().min(1, 'is required').max(100, 'is too long'),
  icalUrl,
  platform: platformSchema.optional().default('airbnb'),
});
export type NewCalendarSourceRequest = z.input<typeof newCalendarSourceSchema>;
/** A parsed `POST /api/calendar-sources` body: trimmed, the URL as https, the platform defaulted. */
export type NewCalendarSource = z.output<typeof newCalendarSourceSchema>;

/** Body of `PATCH /api/calendar-sources/{id}`: at least one field. */
export const calendarSourcePatchSchema = z
  .object({
    autoSyncEnabled: z.boolean({ message: 'must be true or false' }).optional(),
    isActive: z.boolean({ message: 'must be true or false' }).optional(),
    name: z.string().trim().min(1, 'is required').max(100, 'is too long').optional(),
  })
  .refine((p) => p.autoSyncEnabled !== undefined || p.isActive !== undefined || p.name !== undefined, {
    message: 'give autoSyncEnabled, isActive or name',
    path: ['autoSyncEnabled'],
  });
export type CalendarSourcePatchRequest = z.input<typeof calendarSourcePatchSchema>;

export const syncStatusSchema = z.enum(['success', 'error', 'failed']);
export type SyncStatus = z.infer<typeof syncStatusSchema>;

/** One calendar source with what the owner needs to judge the feed's health. Times ISO 8601 UTC. */
export const calendarSourceSchema = z.object({
  id: z.number(),
  name: z.string(),
  icalUrl: z.string(),
  platform: platformSchema,
  isActive: z.boolean(),
  autoSyncEnabled: z.boolean(),
  /** The last attempt, good or not. */
  lastSyncTime: z.string().nullable(),
  lastSyncStatus: syncStatusSchema.nullable(),
  lastSyncMessage: z.string(),
  /** The last fetch that read the feed. */
  lastSuccessTime: z.string().nullable(),
  eventsProcessed: z.number(),
  bookingsCreated: z.number(),
  nextSyncAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CalendarSource = z.infer<typeof calendarSourceSchema>;

/** `GET /api/calendar-sources`. */
export const calendarSourcesResponseSchema = z.object({ success: z.literal(true), sources: z.array(calendarSourceSchema) });
export type CalendarSourcesResponse = z.infer<typeof calendarSourcesResponseSchema>;

/** `POST /api/calendar-sources` (201) and `PATCH /api/calendar-sources/{id}`. */
export const calendarSourceSavedResponseSchema = z.object({ success: z.literal(true), message: z.string(), source: calendarSourceSchema });
export type CalendarSourceSavedResponse = z.infer<typeof calendarSourceSavedResponseSchema>;

/** `DELETE /api/calendar-sources/{id}`. */
export const calendarSourceDeletedResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** `POST /api/calendar-sources/{id}/test`: the feed read once, nothing stored. */
export const connectionTestResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  connected: z.boolean(),
  eventsFound: z.number(),
  sampleEvents: z.array(z.object({ summary: z.string(), start: z.string(), end: z.string() })),
  error: z.string().nullable(),
});
export type ConnectionTestResponse = z.infer<typeof connectionTestResponseSchema>;

/** `POST /api/calendar-sources/{id}/sync` ([ical.replace]). */
export const syncResultResponseSchema = z.object({
  success: z.boolean(),
  eventsProcessed: z.number(),
  bookingsCreated: z.number(),
  message: z.string(),
});
export type SyncResultResponse = z.infer<typeof syncResultResponseSchema>;

/** `GET /api/ical/auto-sync/status` (the legacy status). */
export const autoSyncStatusResponseSchema = z.object({ autoSyncEnabled: z.boolean(), lastSyncTime: z.string().nullable() });
export type AutoSyncStatusResponse = z.infer<typeof autoSyncStatusResponseSchema>;

export const FEED_VARIANTS = ['platform', 'owner'] as const;
export type FeedVariant = (typeof FEED_VARIANTS)[number];

/** Body of `POST /api/calendar/feed/rotate`. */
export const feedRotateRequestSchema = z.object({ variant: z.enum(FEED_VARIANTS, { message: 'must be platform or owner' }) });
export type FeedRotateRequest = z.infer<typeof feedRotateRequestSchema>;

/** `GET /api/calendar/feed`: the two export feed addresses. */
export const feedUrlsResponseSchema = successResponseSchema.extend({ platformFeedUrl: z.string(), ownerFeedUrl: z.string() });
export type FeedUrlsResponse = z.infer<typeof feedUrlsResponseSchema>;

/** `POST /api/calendar/feed/rotate`: the new addresses, and what to do with them. */
export const feedRotatedResponseSchema = feedUrlsResponseSchema.extend({ message: z.string() });
export type FeedRotatedResponse = z.infer<typeof feedRotatedResponseSchema>;
