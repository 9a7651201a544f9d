import { randomBytes, timingSafeEqual } from 'node:crypto';
import { OCCUPYING_BOOKING } from '../booking/occupying.js';
import ical from 'ical-generator';
import { addDays } from '../../shared/dates.js';
import { PROPERTY } from '../../shared/property.js';
import type { Db } from '../platform/database.js';
import { getSetting, setSetting } from '../platform/settings.js';

/**
 * The calendar Ridgeline publishes ([ical.export], RFC 5545): the nights Ridgeline closed
 * itself — owner blocks and confirmed paid bookings — as all-day events with stable UIDs.
 * Events imported from other platforms are never exported (no echo loops).
 *
 * Two variants, each behind its own unguessable, rotatable token:
 * - `platform`: for Airbnb/VRBO/Booking.com; no guest personal data ("Reserved").
 * - `owner`: for the owner's own calendar app; guest names and details ([ical.export]).
 */
export type FeedVariant = 'platform' | 'owner';

const tokenKey = (v: FeedVariant) => `feed_token.${v}`;

/** The feed token of `variant`, created on first use (32 random bytes, base64url). */
export function feedToken(db: Db, variant: FeedVariant): string {
  const existing = getSetting(db, tokenKey(variant));
  if (existing) return existing;
  const token = randomBytes(32).toString('base64url');
  setSetting(db, tokenKey(variant), token);
  return token;
}

/** Replaces the token of `variant`; the old URL stops working at once. */
export function rotateFeedToken(db: Db, variant: FeedVariant): string {
  const token = randomBytes(32).toString('base64url');
  setSetting(db, tokenKey(variant), token);
  return token;
}

/** Which variant `token` opens, compared in constant time; undefined for none. */
export function feedVariantForToken(db: Db, token: string): FeedVariant | undefined {
  const given = Buffer.from(token);
  for (const variant of ['platform', 'owner'] as const) {
    const expected = Buffer.from(feedToken(db, variant));
    if (given.length === expected.length && timingSafeEqual(given, expected)) return variant;
  }
  return undefined;
}

/** Consecutive dates merged into [start, endExclusive) ranges. */
function ranges(dates: string[]): { start: string; end: string }[] {
  const out: { start: string; end: string }[] = [];
  for (const date of [...dates].sort()) {
    const last = out[out.length - 1];
    if (last && last.end === date) last.end = addDays(date, 1);
    else out.push({ start: date, end: addDays(date, 1) });
  }
  return out;
}

/** ical-generator writes all-day dates from their UTC fields: give it UTC midnights. */
const utcMidnight = (date: string) => new Date(`${date}T00:00:00.000Z`);

/**
 * Builds the feed text.
 * @param host the site's host, used in UIDs (`booking-12@example.com`) so they stay stable
 */
export function buildFeed(db: Db, variant: FeedVariant, host: string, now: Date = new Date()): string {
  const calendar = ical({
    name: variant === 'owner' ? `${PROPERTY.name} bookings` : `${PROPERTY.name} availability`,
    prodId: { company: 'Ridgeline', product: 'Ridgeline Calendar', language: 'EN' },
    ttl: 60 * 60,
  });
  const from = addDays(now.toISOString().slice(0, 10), -30);
  const blocked = (
    db.prepare('SELECT date FROM availability WHERE date >= ? AND (is_blocked = 1 OR is_available = 0)').all(from) as { date: string }[]
  ).map((r) => r.date);
  for (const range of ranges(blocked)) {
    calendar.createEvent({
      id: `block-${range.start}@${host}`,
      start: utcMidnight(range.start),
      end: utcMidnight(range.end),
      allDay: true,
      summary: 'Not available',
      stamp: now,
    });
  }
  const bookings = db
    .prepare(`SELECT id, kind, first_name, last_name, email, phone, guests, checkin, checkout, message, special_requests FROM booking_inquiries WHERE ${OCCUPYING_BOOKING} AND checkout >= ? ORDER BY checkin`)
    .all(from) as { id: number; kind: string; first_name: string; last_name: string; email: string; phone: string; guests: number; checkin: string; checkout: string; message: string; special_requests: string }[];
  for (const b of bookings) {
    const owner = variant === 'owner';
    calendar.createEvent({
      id: `booking-${b.id}@${host}`,
      start: utcMidnight(b.checkin),
      end: utcMidnight(b.checkout),
      allDay: true,
      // The owner's own stay says so in the owner's feed ([bookings.kinds]); platforms only ever see "Reserved".
      summary: owner ? `${b.kind === 'owner' ? 'Owner stay' : 'Reserved'}: ${`${b.first_name} ${b.last_name}`.trim()} (${b.guests} guests)` : 'Reserved',
      ...(owner
        ? {
            description: [
              `Guest: ${b.first_name} ${b.last_name}`,
              `E-mail: ${b.email}`,
              `Phone: ${b.phone || 'Not provided'}`,
              `Guests: ${b.guests}`,
              ...(b.message ? [`Message: ${b.message}`] : []),
              ...(b.special_requests ? [`Special requests: ${b.special_requests}`] : []),
              `Booking: ${b.id}`,
            ].join('\n'),
          }
        : {}),
      stamp: now,
    });
  }
  return calendar.toString();
}
