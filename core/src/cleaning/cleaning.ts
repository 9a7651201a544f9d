/**
 * Cleaning settings and the cleaning window ([cleaning.settings], [cleaning.window]: cleaning event at
 * 1:00 PM on checkout day; cleaning window 1:00-5:00 PM). Browser-safe: the admin panel and the
 * server validate with the same schema.
 */
import { z } from 'zod';
import { clockTimeText } from '../shared/dates.js';

export interface CleaningSettings {
  /** Who is invited to each cleaning (blank until the owner sets it). */
  cleaningCrewEmail: string;
  /** Create a cleaning event for each confirmed stay. */
  autoCreateEvents: boolean;
  /** Master switch of cleaning notifications. */
  isActive: boolean;
  /** Start of the cleaning window on check-out day, `HH:MM` in the property's zone. */
  eventTime: string;
}

/** [cleaning.settings] defaults: auto-create on, active, 13:00. */
export const DEFAULT_CLEANING_SETTINGS: CleaningSettings = {
  cleaningCrewEmail: '',
  autoCreateEvents: true,
  isActive: true,
  eventTime: '13:00',
};

/** [cleaning.window]: the window runs four hours (1:00-5:00 PM). */
export const CLEANING_WINDOW_HOURS = 4;

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Body of `POST /api/cleaning-settings`: every field, validated. */
export const cleaningSettingsSchema = z.object({
  cleaningCrewEmail: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(254, 'is too long')
    .pipe(z.email('must be an e-mail address')),
  autoCreateEvents: z.boolean({ message: 'must be true or false' }),
  isActive: z.boolean({ message: 'must be true or false' }),
  eventTime: z
    .string({ message: 'must be a time written HH:MM' })
    .regex(HH_MM, 'must be a time written HH:MM')
    // zod runs refinements after a failed regex too: a malformed time is already reported.
    .refine((t) => !HH_MM.test(t) || minutesOf(t) + CLEANING_WINDOW_HOURS * 60 <= 24 * 60, 'must leave the 4-hour window inside the day'),
});

function minutesOf(time: string): number {
  const m = HH_MM.exec(time);
  if (!m) throw new RangeError(`Not an HH:MM time: ${time}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The window starting at `eventTime` (`HH:MM`): `{ start: '13:00', end: '17:00' }`. */
export function cleaningWindow(eventTime: string): { start: string; end: string } {
  const start = minutesOf(eventTime);
  return { start: hhmm(start), end: hhmm(Math.min(start + CLEANING_WINDOW_HOURS * 60, 24 * 60 - 1)) };
}

/** The window as people write it: `1:00–5:00 PM`, or `11:00 AM–3:00 PM` across noon. */
export function cleaningWindowLabel(eventTime: string): string {
  const { start, end } = cleaningWindow(eventTime);
  const [from, to] = [clockTimeText(start), clockTimeText(end)];
  return from.slice(-2) === to.slice(-2) ? `${from.slice(0, -3)}–${to}` : `${from}–${to}`;
}
