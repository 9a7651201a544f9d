/**
 * Validation of calendar-source bodies ([ical.sources]), shared by `POST /api/calendar-sources`
 * and the iCal Sync tab's add form. Browser-safe.
 */
import { z } from 'zod';

export type Platform = 'airbnb' | 'vrbo' | 'booking' | 'manual';
/** The platforms a source can name, in the add form's order; the first is the default. */
export const PLATFORMS: readonly Platform[] = ['airbnb', 'vrbo', 'booking', 'manual'];

/**
 * A feed address: http(s), at most 2000 characters after trimming. Calendar apps hand out
 * webcal:// (webcals://) links for the same https feed, so those are accepted and rewritten.
 */
export const icalUrlSchema = z
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

/** Body of `POST /api/calendar-sources` `{ name, icalUrl, platform? }` ([ical.sources]; platform defaults to airbnb). */
export const newCalendarSourceSchema = z.object({
  name: z.string({ message: 'is required' }).trim().min(1, 'is required').max(100, 'is too long'),
  icalUrl: icalUrlSchema,
  platform: z.enum(PLATFORMS as [Platform, ...Platform[]], { message: `must be one of ${PLATFORMS.join(', ')}` }).optional().default('airbnb'),
});

/** A parsed `POST /api/calendar-sources` body. */
export type NewCalendarSource = z.output<typeof newCalendarSourceSchema>;
