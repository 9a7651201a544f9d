import { createHash } from 'node:crypto';
import { ICalCalendar, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { cleaningWindow, cleaningWindowLabel } from '../../cleaning/cleaning.js';
import { PROPERTY } from '../../shared/property.js';
import type { StayToClean } from './cleaning-store.js';
import type { MailMessage } from '../platform/mailer.js';

/**
 * The cleaning crew's e-mails when Google Calendar is not connected: the date, the window
 * ([cleaning.window]: 1:00-5:00 PM on check-out day) and an `.ics` the crew's calendar can import, made
 * with ical-generator with TZID America/New_York. One stable UID per stay, so a moved or
 * cancelled cleaning replaces the one imported before.
 */

/**
 * Our id for a stay's cleaning event: `rlc` + 40 hex digits of SHA-256 of the stay key. Valid
 * as a Google Calendar event id (characters 0-9 and a-v, 5-1024 long) and as an iCalendar UID.
 */
export function cleaningEventId(stayKey: string): string {
  return `rlc${createHash('sha256').update(stayKey).digest('hex').slice(0, 40)}`;
}

/** `2026-12-12` → `Saturday, December 12, 2026` (a calendar date: no zone can shift it). */
export function formatCleaningDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

// The zone's rules since 2007 (tzdata America/New_York), so calendar apps need no lookup.
const NEW_YORK_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:America/New_York',
  'X-LIC-LOCATION:America/New_York',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'TZNAME:EDT',
  'DTSTART:19700308T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'TZNAME:EST',
  'DTSTART:19701101T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

export interface CleaningNotice {
  stay: StayToClean;
  /** Start of the window, `HH:MM` (cleaning settings' eventTime). */
  eventTime: string;
  kind: 'new' | 'moved' | 'cancelled';
  /** For `moved`: the check-out the crew was told before. */
  previousCheckout?: string;
  /** iCalendar SEQUENCE: higher for each change of the same cleaning. */
  sequence: number;
  now: Date;
}

/** The cleaning's `.ics` (one VEVENT, TZID America/New_York). */
export function cleaningIcs(notice: CleaningNotice): string {
  const { start, end } = cleaningWindow(notice.eventTime);
  const day = notice.stay.checkout;
  const calendar = new ICalCalendar({
    prodId: { company: PROPERTY.name, product: 'Cleaning', language: 'EN' },
    method: notice.kind === 'cancelled' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
    // No calendar-wide zone (DTSTAMP must stay UTC); the generator still adds a VTIMEZONE for
    // the zone of each event.
    timezone: { name: null, generator: (tz) => (tz === 'America/New_York' ? NEW_YORK_VTIMEZONE : null) },
  });
  calendar.createEvent({
    id: `${cleaningEventId(notice.stay.stayKey)}@ridgeline`,
    sequence: notice.sequence,
    // With a timezone set, ical-generator writes a string's wall-clock time (it parses it as
    // local time and reads it back with local getters): 13:00 stays 13:00 in any server zone.
    start: `${day}T${start}:00`,
    end: `${day}T${end}:00`,
    timezone: PROPERTY.timeZone,
    stamp: notice.now,
    summary: `Cleaning – ${PROPERTY.name}`,
    description: describeStay(notice.stay),
    location: `${PROPERTY.name}, ${PROPERTY.address.locality}, ${PROPERTY.address.region}`,
    status: notice.kind === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}

/** What the crew reads about the stay (no guest's personal data). */
export function describeStay(stay: StayToClean): string {
  if (!stay.checkin) return `Cleaning after the check-out of ${stay.checkout}.`;
  const guests = stay.guests ? `, ${stay.guests} guest${stay.guests === 1 ? '' : 's'}` : '';
  return `Cleaning after check-out. Stay ${stay.checkin} to ${stay.checkout}${guests} (${stay.source}).`;
}

/** The crew's e-mail for a new, moved or cancelled cleaning, with its `.ics`. */
export function cleaningEmail(notice: CleaningNotice & { to: string }): MailMessage {
  const date = formatCleaningDate(notice.stay.checkout);
  const window = cleaningWindowLabel(notice.eventTime);
  const subject =
    notice.kind === 'new'
      ? `Cleaning at ${PROPERTY.name}: ${date}, ${window}`
      : notice.kind === 'moved'
        ? `Cleaning moved: now ${date}, ${window}`
        : `Cleaning cancelled: ${date}`;
  const lead =
    notice.kind === 'new'
      ? `Please clean ${PROPERTY.name} on ${date} between ${window} (Eastern Time), after the guests check out.`
      : notice.kind === 'moved'
        ? `The check-out moved${notice.previousCheckout ? ` from ${formatCleaningDate(notice.previousCheckout)}` : ''}. Please clean ${PROPERTY.name} on ${date} between ${window} (Eastern Time) instead.`
        : `The stay was cancelled: the cleaning of ${PROPERTY.name} on ${date} (${window}) is no longer needed.`;
  const text = [
    'Hello,',
    '',
    lead,
    '',
    describeStay(notice.stay),
    '',
    notice.kind === 'cancelled'
      ? 'The attached calendar file removes the cleaning from your calendar.'
      : 'The attached calendar file adds the cleaning to your calendar.',
    '',
    `${PROPERTY.name}`,
  ].join('\n');
  const method = notice.kind === 'cancelled' ? 'CANCEL' : 'PUBLISH';
  return {
    to: notice.to,
    subject,
    text,
    attachments: [{ filename: 'cleaning.ics', content: cleaningIcs(notice), contentType: `text/calendar; charset=utf-8; method=${method}` }],
  };
}
